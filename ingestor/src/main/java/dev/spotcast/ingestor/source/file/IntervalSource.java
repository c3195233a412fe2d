package dev.spotcast.ingestor.source.file;

import java.util.concurrent.atomic.LongAdder;

/**
 * The values of a statistic over one output interval, made when they are read from the field that
 * ends there and the one that ends at the interval's start with the same start (or the first
 * alone): {@code minuend * minuendWeight - subtrahend * subtrahendWeight}.
 *
 * <ul>
 *   <li>An amount from accumulations: both weights 1 (one over the interval's seconds to turn J m-2
 *       into a mean flux in W m-2). A model's accumulation may decrease a little between steps
 *       (rounding, packing): that gives 0, never a negative amount, and each such value is counted
 *       in {@code negatives}.
 *   <li>A mean from means over longer intervals with the same start (DWD's means since the start of
 *       the run, GFS's averages in windows that restart every 6 h): the mean over (a, c] from those
 *       over (s, c] and (s, a] is {@code (M_sc (c - s) - M_sa (a - s)) / (c - a)}. A mean may be
 *       negative (net thermal radiation): {@code negatives} is null and nothing is clamped.
 * </ul>
 *
 * @param negatives counts the values clamped to 0; null for a statistic that may be negative
 */
record IntervalSource(
    FieldRef minuend,
    FieldRef subtrahend,
    double minuendWeight,
    double subtrahendWeight,
    LongAdder negatives)
    implements FieldSource {

  /** An amount: the difference of two accumulations (or the first alone), times {@code scale}. */
  static IntervalSource amount(
      FieldRef minuend, FieldRef subtrahend, double scale, LongAdder negatives) {
    return new IntervalSource(minuend, subtrahend, scale, scale, negatives);
  }

  /**
   * The mean over {@code from..end} (minutes) from the mean over the minuend's interval and the
   * mean over the subtrahend's, both starting at the same time and the subtrahend ending at {@code
   * from}.
   */
  static IntervalSource mean(FieldRef minuend, FieldRef subtrahend, int from, int end) {
    double length = end - from;
    int start = minuend.startMinutes();
    return new IntervalSource(
        minuend, subtrahend, (end - start) / length, (from - start) / length, null);
  }

  @Override
  public float[] read() throws ForecastFileException {
    float[] values = minuend.read();
    float[] earlier = subtrahend == null ? null : subtrahend.read();
    if (earlier != null && earlier.length != values.length) {
      throw new IllegalStateException(
          FileRuns.describe(subtrahend)
              + " has "
              + earlier.length
              + " values, "
              + FileRuns.describe(minuend)
              + " "
              + values.length);
    }
    long clamped = 0;
    for (int i = 0; i < values.length; i++) {
      double value =
          earlier == null
              ? values[i] * minuendWeight
              : values[i] * minuendWeight - earlier[i] * subtrahendWeight;
      if (negatives != null && value < 0) {
        value = 0;
        clamped++;
      }
      values[i] = (float) value;
    }
    if (clamped > 0) {
      negatives.add(clamped);
    }
    return values;
  }

  @Override
  public double precision() throws ForecastFileException {
    double p = minuend.source().precision() * Math.abs(minuendWeight);
    if (subtrahend != null) {
      p += subtrahend.source().precision() * Math.abs(subtrahendWeight);
    }
    return p;
  }
}
