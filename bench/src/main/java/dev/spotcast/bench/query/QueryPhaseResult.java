package dev.spotcast.bench.query;

import dev.spotcast.bench.stats.Percentiles;
import java.util.Arrays;

/**
 * What one measured phase gave: completed requests in the measured window, their latencies, errors,
 * and the CPU picture of the window.
 *
 * @param latenciesMicros latencies of successful requests, sorted
 * @param firstError the first error seen, for the report (null when none)
 * @param search Elasticsearch's shard-level query and fetch phases in the window (null if unknown)
 */
record QueryPhaseResult(
    String phase,
    int repeat,
    int concurrency,
    double seconds,
    long[] latenciesMicros,
    long errors,
    String firstError,
    long responseBytes,
    CpuWatch.Usage cpu,
    SearchStats.Delta search) {

  /** Other processes took more than a tenth of the machine: the phase's rate is not comparable. */
  boolean disturbed() {
    return cpu.others() > 0.1 * cpu.cores();
  }

  long ok() {
    return latenciesMicros.length;
  }

  double requestsPerSecond() {
    return ok() / seconds;
  }

  /** Latency percentile in milliseconds (nearest rank, {@link Percentiles}). */
  double percentileMillis(double p) {
    return latenciesMicros.length == 0 ? Double.NaN : Percentiles.of(latenciesMicros).at(p) / 1000.0;
  }

  double meanMillis() {
    return Arrays.stream(latenciesMicros).average().orElse(Double.NaN) / 1000.0;
  }

  double meanResponseBytes() {
    return ok() == 0 ? Double.NaN : (double) responseBytes / ok();
  }

  /** CPU milliseconds per completed request of a process (or the load generator), from cores x seconds. */
  double cpuMillisPerRequest(double cores) {
    return ok() == 0 ? Double.NaN : cores * seconds * 1000 / ok();
  }
}
