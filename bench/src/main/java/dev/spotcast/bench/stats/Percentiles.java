package dev.spotcast.bench.stats;

import org.HdrHistogram.Histogram;

/**
 * Latency percentiles of every benchmark and of the load test's result table, from HdrHistogram:
 * the nearest rank (the smallest recorded value such that at least p % of the values are at or
 * below it), exact below 2,048 units and within 0.1 % above.
 */
public final class Percentiles {

  /** Three significant digits: 0.1 % of a latency is far below run-to-run noise. */
  private static final int SIGNIFICANT_DIGITS = 3;

  private final Histogram histogram = new Histogram(SIGNIFICANT_DIGITS);

  /** A histogram of the given non-negative values. */
  public static Percentiles of(long[] values) {
    Percentiles p = new Percentiles();
    for (long v : values) {
      p.histogram.recordValue(v);
    }
    return p;
  }

  /** The value at percentile {@code p} (0-100); 0 when nothing was recorded. */
  public long at(double p) {
    return histogram.getTotalCount() == 0 ? 0 : histogram.getValueAtPercentile(p);
  }

  public long count() {
    return histogram.getTotalCount();
  }
}
