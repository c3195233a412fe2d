package dev.spotcast.ingestor.source.file;

import dev.spotcast.index.ForecastDocument;
import dev.spotcast.ingestor.source.DocumentSink;
import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.Parameter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * A run read from forecast files. A slice is one level of one level type at one step over the whole
 * grid (or a part of a very large grid): producing it decodes the fields of that level and step
 * (one per parameter) and writes one document per grid point. Decoding a whole field per slice
 * costs a few per cent of producing its documents; cutting grids into smaller slices would decode
 * every field several times. A parameter without a field there, or a missing value (bitmap, fill
 * value), is left out of the document, never stored as a number.
 */
public final class FileForecastSource implements ForecastSource {

  /**
   * Grids larger than this are cut into several slices, to bound the decoded values held per
   * thread.
   */
  static final int MAX_POINTS_PER_SLICE = 1 << 21;

  private final ForecastRun run;
  private final FieldGrid grid;
  private final Map<FileRuns.FieldKey, FieldRef> fields;
  private final List<SkippedField> dropped;
  private final LongAdder negativeAmounts;

  FileForecastSource(
      ForecastRun run,
      FieldGrid grid,
      Map<FileRuns.FieldKey, FieldRef> fields,
      List<SkippedField> dropped,
      LongAdder negativeAmounts) {
    this.run = run;
    this.grid = grid;
    this.fields = fields;
    this.dropped = List.copyOf(dropped);
    this.negativeAmounts = negativeAmounts;
  }

  /**
   * Fields of the files that the run leaves out, with why: an accumulation that no amount can be
   * made from (its earlier part is missing).
   */
  public List<SkippedField> dropped() {
    return dropped;
  }

  /**
   * Values so far where a model's accumulation decreased between two steps (rounding, packing):
   * each was stored as an amount of 0, never negative.
   */
  public long negativeAmounts() {
    return negativeAmounts.sum();
  }

  @Override
  public ForecastRun run() {
    return run;
  }

  /** How many fields (GRIB messages or NetCDF slices) the run is made of. */
  public int fieldCount() {
    return fields.size();
  }

  @Override
  public List<Slice> slices() {
    List<Slice> slices = new ArrayList<>();
    int points = grid.pointCount();
    for (int s = 0; s < run.steps().size(); s++) {
      for (int a = 0; a < run.axes().size(); a++) {
        for (int l = 0; l < run.axes().get(a).levels().size(); l++) {
          for (int from = 0; from < points; from += MAX_POINTS_PER_SLICE) {
            int to = Math.min(points, from + MAX_POINTS_PER_SLICE);
            slices.add(new Slice(a, l, s, from, to, to - from));
          }
        }
      }
    }
    return slices;
  }

  @Override
  public void produce(Slice slice, DocumentSink sink) throws Exception {
    LevelAxis axis = run.axes().get(slice.axisPosition());
    double level = axis.levels().get(slice.levelPosition());
    int step = run.steps().get(slice.stepPosition());
    // Parameters of the whole run, so every document of the run names its values alike; the ones
    // this axis does not have stay NaN and are left out.
    List<Parameter> parameters = run.parameters();
    String[] names = parameters.stream().map(Parameter::name).toArray(String[]::new);
    float[][] columns = new float[names.length][];
    for (int i = 0; i < names.length; i++) {
      FieldRef field = fields.get(new FileRuns.FieldKey(axis.type(), level, step, names[i]));
      if (field != null) {
        columns[i] = field.read();
        if (columns[i].length != grid.pointCount()) {
          throw new IllegalStateException(
              FileRuns.describe(field)
                  + " decoded "
                  + columns[i].length
                  + " values for "
                  + grid.pointCount()
                  + " points");
        }
      }
    }
    for (int point = slice.fromPoint(); point < slice.toPoint(); point++) {
      float[] values = new float[names.length];
      Arrays.fill(values, Float.NaN);
      for (int i = 0; i < names.length; i++) {
        if (columns[i] != null) {
          values[i] = columns[i][point];
        }
      }
      sink.accept(
          slice.axisPosition(),
          slice.levelPosition(),
          slice.stepPosition(),
          new ForecastDocument(
              point, grid.latitude(point), grid.longitude(point), level, step, names, values));
    }
  }
}
