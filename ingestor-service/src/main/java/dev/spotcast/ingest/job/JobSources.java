package dev.spotcast.ingest.job;

import dev.spotcast.ingest.settings.SyntheticLimits;
import dev.spotcast.ingestor.cli.StepList;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.ingestor.source.file.FieldRef;
import dev.spotcast.ingestor.source.file.FileForecastSource;
import dev.spotcast.ingestor.source.file.FileRuns;
import dev.spotcast.ingestor.source.file.ForecastFile;
import dev.spotcast.ingestor.source.file.ForecastFileException;
import dev.spotcast.ingestor.source.file.ForecastFiles;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Turns a job spec into the ingestor's {@link dev.spotcast.ingestor.source.ForecastSource}. Every
 * instance calls it with the same spec and sharding and so gets the same run and the same slices:
 * that is what lets a chunk name its slices and any instance produce them. Files are read only
 * inside the {@link DataRoots}; synthetic runs are bounded by {@link SyntheticLimits}.
 */
public final class JobSources {

  private final DataRoots roots;
  private final SyntheticLimits limits;

  public JobSources(DataRoots roots, SyntheticLimits limits) {
    this.roots = roots;
    this.limits = limits;
  }

  /**
   * @throws InvalidJobException saying what is wrong with the spec or its files
   */
  public OpenedSource open(JobSpec spec, ShardingSpec sharding) {
    if (spec == null || (spec.synthetic() == null) == (spec.files() == null)) {
      throw new InvalidJobException("give exactly one of 'synthetic' or 'files'");
    }
    return spec.synthetic() != null
        ? synthetic(spec.synthetic(), sharding)
        : files(spec.files(), sharding);
  }

  private OpenedSource synthetic(JobSpec.Synthetic s, ShardingSpec sharding) {
    require(s.model() != null, "synthetic.model is required");
    require(
        s.runTime() != null, "synthetic.runTime is required (ISO-8601, e.g. 2026-01-01T00:00:00Z)");
    List<Double> region = s.region() == null ? List.of(-90.0, -180.0, 90.0, 180.0) : s.region();
    require(
        region.size() == 4 && region.stream().allMatch(v -> v != null),
        "synthetic.region must be [south, west, north, east] in degrees");
    double resolution = s.resolution() == null ? 1.0 : s.resolution();
    require(resolution > 0 && resolution <= 90, "synthetic.resolution must be in (0, 90] degrees");
    require(
        region.get(0) < region.get(2)
            && region.get(1) < region.get(3)
            && region.get(0) >= -90
            && region.get(2) <= 90,
        "synthetic.region must have south < north within [-90, 90] and west < east");
    List<Double> levels =
        s.levels() == null ? List.of(0.0, 500.0, 1000.0, 2000.0, 3000.0, 5000.0) : s.levels();
    require(
        s.steps() == null || s.stepList() == null,
        "give synthetic.steps (hours) or synthetic.stepList (e.g. 0-120/15min), not both");
    List<Integer> steps = s.steps() == null ? List.of(0, 1, 2, 3, 6, 12, 24) : s.steps();
    int unitMinutes = 60;
    if (s.stepList() != null) {
      try {
        StepList.Steps ladder = StepList.Steps.of(s.stepList());
        steps = ladder.steps();
        unitMinutes = ladder.unitMinutes();
      } catch (IllegalArgumentException e) {
        throw new InvalidJobException("synthetic.stepList: " + e.getMessage(), e);
      }
    }
    require(
        !levels.isEmpty() && levels.stream().allMatch(v -> v != null),
        "synthetic.levels must not be empty");
    require(
        !steps.isEmpty() && steps.stream().allMatch(v -> v != null && v >= 0),
        "synthetic.steps must be hours >= 0");
    require(
        levels.size() <= limits.maxLevels(),
        "synthetic.levels: "
            + levels.size()
            + " levels, at most "
            + limits.maxLevels()
            + " allowed");
    require(
        steps.size() <= limits.maxSteps(),
        "synthetic.steps: " + steps.size() + " steps, at most " + limits.maxSteps() + " allowed");
    int unit = unitMinutes;
    require(
        steps.stream().allMatch(v -> (long) v * unit <= 60L * limits.maxStepHours()),
        "synthetic.steps: at most " + limits.maxStepHours() + " hours allowed");
    // Counted in floating point before the grid is built: a tiny resolution would overflow its int
    // sizes.
    double points =
        (Math.round((region.get(2) - region.get(0)) / resolution) + 1.0)
            * (Math.round((region.get(3) - region.get(1)) / resolution) + 1.0);
    boolean terrain = Boolean.TRUE.equals(s.terrain());
    // Counted as documents of one step whatever the steps per document: the values to make and
    // load are the work this bounds, and a document of a block of steps carries each of them.
    double documents = points * (levels.size() + (terrain ? 1 : 0)) * steps.size();
    require(
        documents <= limits.maxDocuments(),
        "synthetic: about "
            + String.format("%.3g", documents)
            + " documents (points x levels x steps), at most "
            + limits.maxDocuments()
            + " allowed");
    try {
      RegularLatLonGrid grid =
          RegularLatLonGrid.covering(
              region.get(0), region.get(1), region.get(2), region.get(3), resolution);
      ForecastRun hourly =
          terrain
              ? SyntheticForecastSource.withTerrain(
                  s.model(),
                  s.runTime(),
                  grid,
                  levels,
                  steps,
                  SyntheticWeather.PARAMETERS,
                  sharding)
              : ForecastRun.of(
                  s.model(),
                  s.runTime(),
                  grid,
                  LevelType.HEIGHT_ABOVE_GROUND,
                  levels,
                  steps,
                  SyntheticWeather.PARAMETERS,
                  sharding);
      ForecastRun run = unitMinutes == 60 ? hourly : hourly.withStepUnit(unitMinutes);
      SyntheticForecastSource source =
          new SyntheticForecastSource(run, s.seed() == null ? 42 : s.seed());
      return new OpenedSource(source, new ShardingStrategy(run), () -> {});
    } catch (IllegalArgumentException e) {
      throw new InvalidJobException("synthetic: " + e.getMessage(), e);
    }
  }

  private OpenedSource files(JobSpec.Files f, ShardingSpec sharding) {
    require(f.model() != null, "files.model is required");
    require(
        f.paths() != null && !f.paths().isEmpty(),
        "files.paths must name at least one file, folder or glob");
    List<Path> paths;
    try {
      paths = roots.expand(f.paths());
    } catch (InvalidJobException e) {
      throw new InvalidJobException("files.paths: " + e.getMessage(), e);
    }
    List<ForecastFile> opened = new ArrayList<>();
    AutoCloseable closeAll = () -> opened.forEach(ForecastFile::close);
    try {
      List<FieldRef> fields = new ArrayList<>();
      for (Path path : paths) {
        ForecastFile file = ForecastFiles.open(path);
        opened.add(file);
        fields.addAll(file.fields());
      }
      Set<Integer> members = f.members() == null ? Set.of() : new LinkedHashSet<>(f.members());
      List<FileForecastSource> runs = FileRuns.assemble(f.model(), fields, members, sharding);
      if (runs.isEmpty()) {
        throw new InvalidJobException("files: no field matches members " + f.members());
      }
      if (runs.size() > 1) {
        throw new InvalidJobException(
            "files hold "
                + runs.size()
                + " runs ("
                + runs.stream().map(r -> r.run().model() + " " + r.run().runId()).toList()
                + "); a job loads one run: name its files, or its member with 'members'");
      }
      FileForecastSource source = runs.getFirst();
      return new OpenedSource(source, new ShardingStrategy(source.run()), closeAll);
    } catch (ForecastFileException e) {
      closeQuietly(closeAll);
      throw new InvalidJobException("files: " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      closeQuietly(closeAll);
      throw new InvalidJobException("files: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      closeQuietly(closeAll);
      throw e;
    }
  }

  private static void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception ignored) {
      // already failing with a better reason
    }
  }

  private static void require(boolean condition, String message) {
    if (!condition) {
      throw new InvalidJobException(message);
    }
  }
}
