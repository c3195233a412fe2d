package dev.spotcast.ingestor.source;

import dev.spotcast.index.ForecastDocument;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.synthetic.SyntheticWeather;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Generates a run from {@link SyntheticWeather}: deterministic for a seed, for load tests and for
 * checks that compare served values with the model's own. Levels are heights above ground in
 * metres. A run with a second, surface axis of {@link SyntheticWeather#TERRAIN} fields ({@link
 * #withTerrain}) carries the terrain, and its weather stands on it ({@link
 * SyntheticWeather#valueOverTerrain}).
 */
public final class SyntheticForecastSource implements ForecastSource {

  /** Grid points per slice: small enough for balance, large enough to amortise bookkeeping. */
  static final int POINTS_PER_SLICE = 20_000;

  private final ForecastRun run;
  private final SyntheticWeather weather;

  /** Per axis, its parameters' names. */
  private final String[][] names;

  private final boolean terrain;

  public SyntheticForecastSource(ForecastRun run, long seed) {
    this(run, seed, 0);
  }

  /**
   * A member of a synthetic ensemble ({@link SyntheticWeather#SyntheticWeather(long, int)}); 0: the
   * control.
   */
  public SyntheticForecastSource(ForecastRun run, long seed, int member) {
    if (!(run.grid() instanceof RegularLatLonGrid)) {
      throw new IllegalArgumentException("the synthetic model needs a regular lat/lon grid");
    }
    List<LevelAxis> axes = run.axes();
    if (axes.getFirst().type() != LevelType.HEIGHT_ABOVE_GROUND) {
      throw new IllegalArgumentException(
          "the synthetic model's first axis is of heights above ground");
    }
    for (Parameter p : axes.getFirst().parameters()) {
      if (!SyntheticWeather.PARAMETERS.contains(p)) {
        throw new IllegalArgumentException("the synthetic model has no parameter " + p);
      }
    }
    this.terrain = axes.size() > 1;
    if (axes.size() > 2 || terrain && !isTerrain(axes.get(1))) {
      throw new IllegalArgumentException(
          "the synthetic model has one axis of heights above ground and optionally the terrain's surface axis");
    }
    this.run = run;
    this.weather = new SyntheticWeather(seed, member);
    this.names =
        axes.stream()
            .map(axis -> axis.parameters().stream().map(Parameter::name).toArray(String[]::new))
            .toArray(String[][]::new);
  }

  private static boolean isTerrain(LevelAxis axis) {
    return axis.type() == LevelType.SURFACE
        && axis.levels().equals(List.of(0.0))
        && SyntheticWeather.TERRAIN.containsAll(axis.parameters());
  }

  /**
   * A synthetic run of heights above ground with the terrain: its parameters on {@code levels}, and
   * {@link SyntheticWeather#TERRAIN} on the surface at every step (static fields, as model files
   * carry them).
   */
  public static ForecastRun withTerrain(
      String model,
      Instant runTime,
      RegularLatLonGrid grid,
      List<Double> levels,
      List<Integer> steps,
      List<Parameter> parameters,
      ShardingSpec sharding) {
    return new ForecastRun(
        model,
        runTime,
        grid,
        List.of(
            new LevelAxis(LevelType.HEIGHT_ABOVE_GROUND, levels, parameters),
            new LevelAxis(LevelType.SURFACE, List.of(0.0), SyntheticWeather.TERRAIN)),
        steps,
        sharding);
  }

  @Override
  public ForecastRun run() {
    return run;
  }

  @Override
  public List<Slice> slices() {
    int points = run.grid().pointCount();
    // About as many values per slice whatever the steps per document.
    int perSlice = Math.max(1_000, POINTS_PER_SLICE / run.stepsPerDocument());
    List<Slice> slices = new ArrayList<>();
    for (int s = 0; s < run.steps().size(); s += run.stepsPerDocument()) {
      for (int a = 0; a < run.axes().size(); a++) {
        int levels = run.axes().get(a).levels().size();
        for (int l = 0; l < levels; l++) {
          for (int from = 0; from < points; from += perSlice) {
            int to = Math.min(points, from + perSlice);
            slices.add(new Slice(a, l, s, from, to, to - from));
          }
        }
      }
    }
    return slices;
  }

  @Override
  public void produce(Slice slice, DocumentSink sink) throws InterruptedException {
    RegularLatLonGrid grid = (RegularLatLonGrid) run.grid();
    int axis = slice.axisPosition();
    double level = run.axes().get(axis).levels().get(slice.levelPosition());
    int first = slice.stepPosition();
    int steps = run.blockLength(first);
    long[] epochSeconds = new long[steps];
    for (int k = 0; k < steps; k++) {
      epochSeconds[k] = run.validTime(run.steps().get(first + k)).getEpochSecond();
    }
    String[] axisNames = names[axis];
    for (int point = slice.fromPoint(); point < slice.toPoint(); point++) {
      double lat = grid.latitude(point);
      double lon = grid.longitude(point);
      // Parameter by parameter, each at the block's steps (one step: one value each).
      float[] values = new float[axisNames.length * steps];
      for (int i = 0; i < axisNames.length; i++) {
        for (int k = 0; k < steps; k++) {
          values[i * steps + k] =
              (float)
                  (axis == 1
                      ? SyntheticWeather.terrain(axisNames[i], lat, lon)
                      : terrain
                          ? weather.valueOverTerrain(axisNames[i], lat, lon, level, epochSeconds[k])
                          : weather.value(axisNames[i], lat, lon, level, epochSeconds[k]));
        }
      }
      sink.accept(
          axis,
          slice.levelPosition(),
          first,
          new ForecastDocument(
              point,
              lat,
              lon,
              level,
              run.steps().get(first),
              axisNames,
              values,
              run.stepsPerDocument() > 1 ? steps : 0,
              run.valueBits(),
              run.oneColumn()));
    }
  }
}
