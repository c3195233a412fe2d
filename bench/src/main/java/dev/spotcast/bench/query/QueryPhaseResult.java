package dev.spotcast.bench.query;

import dev.spotcast.bench.stats.Percentiles;
import java.util.Arrays;

/**
 * What one measured phase gave: completed requests in the measured window, their latencies, errors,
 * and the CPU picture of the window.
 *
 * @param ok requests answered with success inside the measured window
 * @param latency their latency distribution
 * @param firstError the first error seen, for the report (null when none)
 * @param search Elasticsearch's shard-level query and fetch phases in the window (null if unknown)
 */
record QueryPhaseResult(
    String phase,
    int repeat,
    int concurrency,
    double seconds,
    long ok,
    Latency latency,
    long errors,
    String firstError,
    long responseBytes,
    CpuWatch.Usage cpu,
    SearchStats.Delta search) {

  /** Other processes took more than a tenth of the machine: the phase's rate is not comparable. */
  boolean disturbed() {
    return cpu.others() > 0.1 * cpu.cores();
  }

  double requestsPerSecond() {
    return ok() / seconds;
  }

  /**
   * Latency of successful requests in milliseconds: nearest-rank percentiles and the mean (NaN when
   * none succeeded).
   */
  record Latency(double p50, double p95, double p99, double mean) {

    /** From every latency in microseconds ({@link Percentiles}: nearest rank). */
    static Latency ofMicros(long[] micros) {
      if (micros.length == 0) {
        return new Latency(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
      }
      Percentiles p = Percentiles.of(micros);
      return new Latency(
          p.at(50) / 1000.0,
          p.at(95) / 1000.0,
          p.at(99) / 1000.0,
          Arrays.stream(micros).average().orElse(Double.NaN) / 1000.0);
    }
  }

  double meanResponseBytes() {
    return ok() == 0 ? Double.NaN : (double) responseBytes / ok();
  }

  /**
   * CPU milliseconds per completed request of a process (or the load generator), from cores x
   * seconds.
   */
  double cpuMillisPerRequest(double cores) {
    return ok() == 0 ? Double.NaN : cores * seconds * 1000 / ok();
  }
}
