package dev.spotcast.ingestor.source.file;

import java.util.concurrent.atomic.LongAdder;

/**
 * The values of an amount over one output interval, made when they are read from the accumulation
 * that ends there less the one that ends at the interval's start (or the first alone when it starts
 * there), times a scale (1 for amounts; one over the interval's seconds to turn J m-2 into a mean
 * flux in W m-2). A model's accumulation may decrease a little between steps (rounding, packing):
 * that gives 0, never a negative amount, and each such value is counted.
 */
record AmountSource(FieldRef minuend, FieldRef subtrahend, double scale, LongAdder negatives)
    implements FieldSource {

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
      double amount = earlier == null ? values[i] : (double) values[i] - earlier[i];
      if (amount < 0) {
        amount = 0;
        clamped++;
      }
      values[i] = (float) (amount * scale);
    }
    if (clamped > 0) {
      negatives.add(clamped);
    }
    return values;
  }

  @Override
  public double precision() throws ForecastFileException {
    double p = minuend.source().precision();
    if (subtrahend != null) {
      p += subtrahend.source().precision();
    }
    return p * scale;
  }
}
