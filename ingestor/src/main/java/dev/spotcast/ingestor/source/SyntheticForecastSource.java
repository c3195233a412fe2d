package dev.spotcast.ingestor.source;

import dev.spotcast.index.ForecastDocument;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.Parameter;
import dev.spotcast.synthetic.SyntheticWeather;
import java.util.ArrayList;
import java.util.List;

/**
 * Generates a run from {@link SyntheticWeather}: deterministic for a seed, for load tests and for
 * checks that compare served values with the model's own. Levels are heights above ground in metres.
 */
public final class SyntheticForecastSource implements ForecastSource {

  /** Grid points per slice: small enough for balance, large enough to amortise bookkeeping. */
  static final int POINTS_PER_SLICE = 20_000;

  private final ForecastRun run;
  private final SyntheticWeather weather;
  private final String[] names;

  public SyntheticForecastSource(ForecastRun run, long seed) {
    if (!(run.grid() instanceof RegularLatLonGrid)) {
      throw new IllegalArgumentException("the synthetic model needs a regular lat/lon grid");
    }
    if (run.axes().size() != 1 || run.axes().getFirst().type() != LevelType.HEIGHT_ABOVE_GROUND) {
      throw new IllegalArgumentException("the synthetic model has one axis of heights above ground");
    }
    for (Parameter p : run.parameters()) {
      if (!SyntheticWeather.PARAMETERS.contains(p)) {
        throw new IllegalArgumentException("the synthetic model has no parameter " + p);
      }
    }
    this.run = run;
    this.weather = new SyntheticWeather(seed);
    this.names = run.parameters().stream().map(Parameter::name).toArray(String[]::new);
  }

  @Override
  public ForecastRun run() {
    return run;
  }

  @Override
  public List<Slice> slices() {
    int points = run.grid().pointCount();
    List<Slice> slices = new ArrayList<>();
    int levels = run.axes().getFirst().levels().size();
    for (int s = 0; s < run.steps().size(); s++) {
      for (int l = 0; l < levels; l++) {
        for (int from = 0; from < points; from += POINTS_PER_SLICE) {
          int to = Math.min(points, from + POINTS_PER_SLICE);
          slices.add(new Slice(0, l, s, from, to, to - from));
        }
      }
    }
    return slices;
  }

  @Override
  public void produce(Slice slice, DocumentSink sink) throws InterruptedException {
    RegularLatLonGrid grid = (RegularLatLonGrid) run.grid();
    double level = run.axes().getFirst().levels().get(slice.levelPosition());
    int step = run.steps().get(slice.stepPosition());
    long epochSeconds = run.validTime(step).getEpochSecond();
    for (int point = slice.fromPoint(); point < slice.toPoint(); point++) {
      double lat = grid.latitude(point);
      double lon = grid.longitude(point);
      float[] values = new float[names.length];
      for (int i = 0; i < names.length; i++) {
        values[i] = (float) weather.value(names[i], lat, lon, level, epochSeconds);
      }
      sink.accept(
          0,
          slice.levelPosition(),
          slice.stepPosition(),
          new ForecastDocument(point, lat, lon, level, step, names, values));
    }
  }
}
