package dev.spotcast.ingestor.cli;

import dev.spotcast.index.DocumentIds;
import dev.spotcast.ingestor.source.file.FieldRef;
import dev.spotcast.ingestor.source.file.FileForecastSource;
import dev.spotcast.ingestor.source.file.FileInputs;
import dev.spotcast.ingestor.source.file.FileRuns;
import dev.spotcast.ingestor.source.file.ForecastFile;
import dev.spotcast.ingestor.source.file.ForecastFileException;
import dev.spotcast.ingestor.source.file.ForecastFiles;
import dev.spotcast.ingestor.source.file.SkippedField;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.Parameter;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code spotcast ingest PATH... --model ID}: loads the runs in GRIB1, GRIB2 or NetCDF files
 * through the same pipeline as the synthetic source. Every file is read before anything is loaded:
 * a file that cannot be read stops the whole command, so a run is never published without one of
 * its files.
 */
@Command(
    name = "ingest",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Load forecast runs from GRIB1, GRIB2 or NetCDF files into Elasticsearch and publish each run once complete.",
      "PATH is a file, a folder (every file under it) or a glob such as 'data/*.grib2'. Fields of the same"
          + " reference time form one run, across files; each ensemble member becomes model ID_mN.",
      "Exit codes: 0 every run published (or kept), 1 a file cannot be read or a run was not published,"
          + " 2 bad usage, 3 Elasticsearch unreachable."
    })
public final class IngestCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "PATH", description = "Files, folders or globs.")
  List<String> paths;

  @Option(
      names = "--model",
      required = true,
      description = "Model id the runs are published under, e.g. gfs or icon-eu.")
  String model;

  @Option(
      names = "--members",
      split = ",",
      description = "Ensemble members to load (default: all).")
  List<Integer> members;

  @Option(
      names = "--keep-published",
      description = "If a run is already published, keep it and go on instead of failing.")
  boolean keepPublished;

  @Mixin LoadOptions load;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<Path> files;
    try {
      files = FileInputs.expand(paths);
    } catch (IllegalArgumentException e) {
      err.println("spotcast: " + e.getMessage());
      err.flush();
      return 2;
    }
    List<ForecastFile> opened = new ArrayList<>();
    try {
      List<ForecastFileException> failures = new ArrayList<>();
      List<FieldRef> fields = new ArrayList<>();
      List<SkippedField> skipped = new ArrayList<>();
      for (Path file : files) {
        try {
          ForecastFile forecastFile = ForecastFiles.open(file);
          opened.add(forecastFile);
          fields.addAll(forecastFile.fields());
          skipped.addAll(forecastFile.skipped());
          out.printf(
              "  %s: %s, %d fields%s%n",
              file,
              forecastFile.format(),
              forecastFile.fields().size(),
              forecastFile.skipped().isEmpty()
                  ? ""
                  : ", " + forecastFile.skipped().size() + " skipped");
          for (SkippedField s : forecastFile.skipped()) {
            out.println("    skipped " + s);
          }
        } catch (ForecastFileException e) {
          failures.add(e);
        }
      }
      out.flush();
      if (!failures.isEmpty()) {
        for (ForecastFileException failure : failures) {
          err.println("spotcast: " + failure.getMessage());
        }
        err.printf(
            "spotcast: nothing loaded: %d of %d files cannot be read, and a run is never published without"
                + " one of its files. Fix or remove them and run again.%n",
            failures.size(), files.size());
        err.flush();
        return 1;
      }
      List<FileForecastSource> runs;
      try {
        Set<Integer> wanted = members == null ? Set.of() : new LinkedHashSet<>(members);
        runs = FileRuns.assemble(model, fields, wanted, load.sharding());
      } catch (IllegalArgumentException e) {
        err.println("spotcast: nothing loaded: " + e.getMessage());
        err.flush();
        return 1;
      }
      if (runs.isEmpty()) {
        err.println("spotcast: nothing to load: no field matches --members " + members);
        err.flush();
        return 1;
      }
      for (FileForecastSource source : runs) {
        ForecastRun run = source.run();
        out.printf(
            "Run %s of %s: %d fields, %,d grid points (%s), %s, steps %s: %,d documents%n",
            run.runTime(),
            run.model(),
            source.fieldCount(),
            run.grid().pointCount(),
            run.grid().kind(),
            run.axes().stream().map(IngestCommand::describe).collect(Collectors.joining("; ")),
            StepList.describe(run),
            run.documentCount());
        for (SkippedField s : source.dropped()) {
          out.println("    left out " + s);
        }
        for (Parameter p : run.parameters()) {
          if (p.aggregation().overInterval()) {
            out.printf(
                "    %s: %s over each step's interval (%s)%n",
                p.name(), p.aggregation().label(), p.unit());
          }
        }
      }
      if (!skipped.isEmpty()) {
        out.printf(
            "Skipped %d fields (not loaded): %s%n",
            skipped.size(),
            skipped.stream()
                .map(SkippedField::reason)
                .distinct()
                .collect(Collectors.joining("; ")));
      }
      out.flush();
      int status = Loads.load(spec, load, runs, keepPublished);
      for (FileForecastSource source : runs) {
        if (source.negativeAmounts() > 0) {
          out.printf(
              "%s: %,d amounts where the model's accumulation decreased were stored as 0%n",
              source.run().model(), source.negativeAmounts());
        }
      }
      out.flush();
      return status;
    } finally {
      for (ForecastFile file : opened) {
        file.close();
      }
    }
  }

  private static String describe(LevelAxis axis) {
    String unit = axis.type().unit().isEmpty() ? "" : " " + axis.type().unit();
    String levels =
        axis.type().singleLevel()
            ? ""
            : " "
                + axis.levels().stream().map(DocumentIds::level).collect(Collectors.joining(","))
                + unit;
    return axis.type().label()
        + levels
        + " ["
        + axis.parameters().stream().map(p -> p.name()).collect(Collectors.joining(","))
        + "]";
  }
}
