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

  /** The most values a slice of blocks of steps holds while it is produced (64 MiB of floats). */
  static final long MAX_BLOCK_VALUES = 1L << 24;

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
    int perSlice = pointsPerSlice(run.parameters().size(), run.stepsPerDocument());
    for (int s = 0; s < run.steps().size(); s += run.stepsPerDocument()) {
      for (int a = 0; a < run.axes().size(); a++) {
        for (int l = 0; l < run.axes().get(a).levels().size(); l++) {
          for (int from = 0; from < points; from += perSlice) {
            int to = Math.min(points, from + perSlice);
            slices.add(new Slice(a, l, s, from, to, to - from));
          }
        }
      }
    }
    return slices;
  }

  /**
   * Grid points per slice: {@link #MAX_POINTS_PER_SLICE}, or fewer when a document carries a block
   * of steps, so that the values a slice holds (points x parameters x steps) stay within {@link
   * #MAX_BLOCK_VALUES}. A grid cut into several slices has each of its fields decoded once per
   * slice: blocks of many steps on a fine grid trade decoding time for memory.
   */
  static int pointsPerSlice(int parameters, int stepsPerDocument) {
    if (stepsPerDocument == 1) {
      return MAX_POINTS_PER_SLICE;
    }
    long perPoint = (long) Math.max(1, parameters) * stepsPerDocument;
    return (int) Math.max(1, Math.min(MAX_POINTS_PER_SLICE, MAX_BLOCK_VALUES / perPoint));
  }

  @Override
  public void produce(Slice slice, DocumentSink sink) throws Exception {
    if (run.stepsPerDocument() > 1) {
      produceBlocks(slice, sink);
      return;
    }
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
        columns[i] = decode(field);
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

  /**
   * A slice of documents that carry a block of steps: every field of the block's steps is decoded
   * once, and the slice's points' values copied out of it, so that only one decoded field is held
   * besides the slice's own values.
   */
  private void produceBlocks(Slice slice, DocumentSink sink) throws Exception {
    LevelAxis axis = run.axes().get(slice.axisPosition());
    double level = axis.levels().get(slice.levelPosition());
    int first = slice.stepPosition();
    int steps = run.blockLength(first);
    int from = slice.fromPoint();
    int count = slice.toPoint() - from;
    List<Parameter> parameters = run.parameters();
    String[] names = parameters.stream().map(Parameter::name).toArray(String[]::new);
    // Per parameter, point by point, the block's steps: [(point - from) * steps + k].
    float[][] block = new float[names.length][];
    for (int i = 0; i < names.length; i++) {
      for (int k = 0; k < steps; k++) {
        int step = run.steps().get(first + k);
        FieldRef field = fields.get(new FileRuns.FieldKey(axis.type(), level, step, names[i]));
        if (field == null) {
          continue;
        }
        if (block[i] == null) {
          block[i] = new float[count * steps];
          Arrays.fill(block[i], Float.NaN);
        }
        float[] decoded = decode(field);
        for (int p = 0; p < count; p++) {
          block[i][p * steps + k] = decoded[from + p];
        }
      }
    }
    int firstStep = run.steps().get(first);
    for (int p = 0; p < count; p++) {
      float[] values = new float[names.length * steps];
      for (int i = 0; i < names.length; i++) {
        if (block[i] == null) {
          Arrays.fill(values, i * steps, (i + 1) * steps, Float.NaN);
        } else {
          System.arraycopy(block[i], p * steps, values, i * steps, steps);
        }
      }
      int point = from + p;
      sink.accept(
          slice.axisPosition(),
          slice.levelPosition(),
          first,
          new ForecastDocument(
              point,
              grid.latitude(point),
              grid.longitude(point),
              level,
              firstStep,
              names,
              values,
              steps,
              run.valueBits(),
              run.oneColumn()));
    }
  }

  /** A field's values at every grid point. */
  private float[] decode(FieldRef field) throws Exception {
    float[] values = field.read();
    if (values.length != grid.pointCount()) {
      throw new IllegalStateException(
          FileRuns.describe(field)
              + " decoded "
              + values.length
              + " values for "
              + grid.pointCount()
              + " points");
    }
    return values;
  }
}
