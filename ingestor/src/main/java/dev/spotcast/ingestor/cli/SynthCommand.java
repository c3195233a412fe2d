package dev.spotcast.ingestor.cli;

import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.synthetic.SyntheticWeather;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code spotcast synth}: generates a synthetic run and loads it, with progress and a summary. */
@Command(
    name = "synth",
    mixinStandardHelpOptions = true,
    description = "Generate a deterministic synthetic forecast run and load it into Elasticsearch.")
public final class SynthCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--model",
      defaultValue = "synth",
      description = "Model id (default: ${DEFAULT-VALUE}).")
  String model;

  @Option(names = "--run", description = "Run time, ISO-8601 (default: today 00Z).")
  Instant runTime;

  @Option(
      names = "--region",
      defaultValue = "-90,-180,90,180",
      description = "south,west,north,east in degrees (default: ${DEFAULT-VALUE}).")
  String region;

  @Option(
      names = "--resolution",
      defaultValue = "1.0",
      description = "Grid spacing in degrees (default: ${DEFAULT-VALUE}).")
  double resolution;

  @Option(
      names = "--levels",
      defaultValue = "0,500,1000,2000,3000,5000",
      description = "Heights above ground in m, comma-separated (default: ${DEFAULT-VALUE}).")
  String levels;

  @Option(
      names = "--steps",
      defaultValue = "0-24",
      description =
          "Forecast steps in hours: 'a-b', 'a-b/every' or a comma list of them, e.g. ECMWF's"
              + " ladder '0-90,93-144/3,150-240/6'; a part ending in 'min' is in minutes, e.g."
              + " '0-360/15min' (default: ${DEFAULT-VALUE}).")
  String steps;

  @Option(
      names = "--seed",
      defaultValue = "42",
      description = "Seed of the synthetic weather (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--terrain",
      description =
          "Also load the synthetic terrain: orography (orog, m) and land-sea mask (lsm) as surface fields,"
              + " with the weather standing on it (for elevation= and cell_selection= in the query service).")
  boolean terrain;

  @Option(
      names = "--members",
      defaultValue = "0",
      description =
          "Load an ensemble of this many members (models MODEL_m0, the control, to MODEL_m<N-1>),"
              + " each the seed's weather slightly shifted; the query service answers them as one model"
              + " (member=, ensemble=). 0: one deterministic run (default).")
  int members;

  @Mixin LoadOptions load;

  @Option(
      names = "--keep-published",
      description = "If this run is already published, keep it and exit 0 instead of failing.")
  boolean keepPublished;

  @Override
  public Integer call() throws Exception {
    if (members < 0 || members > 100) {
      throw new ParameterException(
          spec.commandLine(), "--members must be in [0, 100], got " + members);
    }
    if (members > 0) {
      List<ForecastSource> sources = new ArrayList<>();
      for (int m = 0; m < members; m++) {
        sources.add(new SyntheticForecastSource(run(model + "_m" + m), seed, m));
      }
      ForecastRun first = sources.getFirst().run();
      PrintWriter out = spec.commandLine().getOut();
      out.printf(
          "Loading an ensemble of %d members (%s_m0 .. %s_m%d) run %s: %,d documents each into %s%n",
          members,
          model,
          model,
          members - 1,
          first.runTime(),
          first.documentCount(),
          load.elasticsearch);
      out.flush();
      return Loads.load(spec, load, sources, keepPublished);
    }
    ForecastRun run = run(model);
    PrintWriter out = spec.commandLine().getOut();
    out.printf(
        "Loading %s run %s: %,d points x %d levels%s x %d steps%s = %,d documents into %s%n",
        run.model(),
        run.runTime(),
        run.grid().pointCount(),
        run.axes().getFirst().levels().size(),
        terrain ? " (and the terrain's surface)" : "",
        run.steps().size(),
        run.stepsPerDocument() > 1 ? " in blocks of " + run.stepsPerDocument() : "",
        run.documentCount(),
        load.elasticsearch);
    out.flush();
    return Loads.load(spec, load, List.of(new SyntheticForecastSource(run, seed)), keepPublished);
  }

  private ForecastRun run(String model) {
    String[] box = region.split(",");
    if (box.length != 4) {
      throw new ParameterException(
          spec.commandLine(), "--region needs south,west,north,east, got " + region);
    }
    RegularLatLonGrid grid;
    try {
      grid =
          RegularLatLonGrid.covering(
              Double.parseDouble(box[0]),
              Double.parseDouble(box[1]),
              Double.parseDouble(box[2]),
              Double.parseDouble(box[3]),
              resolution);
      Instant time =
          runTime != null
              ? runTime
              : LocalDate.now(ZoneOffset.UTC).atStartOfDay().toInstant(ZoneOffset.UTC);
      StepList.Steps ladder = StepList.Steps.of(steps);
      if (terrain) {
        return SyntheticForecastSource.withTerrain(
                model,
                time,
                grid,
                StepList.parseLevels(levels),
                ladder.steps(),
                SyntheticWeather.PARAMETERS,
                load.sharding())
            .withStepUnit(ladder.unitMinutes());
      }
      return ForecastRun.of(
              model,
              time,
              grid,
              LevelType.HEIGHT_ABOVE_GROUND,
              StepList.parseLevels(levels),
              ladder.steps(),
              SyntheticWeather.PARAMETERS,
              load.sharding())
          .withStepUnit(ladder.unitMinutes());
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }
}
