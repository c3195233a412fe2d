package dev.spotcast.bench.query;

import dev.spotcast.bench.stats.Percentiles;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * What one measured phase gave: completed requests in the measured window, their latencies, errors,
 * and the CPU picture of the window.
 *
 * @param ok requests answered with success inside the measured window
 * @param latency their latency distribution
 * @param firstError the first error seen, for the report (null when none)
 * @param search Elasticsearch's shard-level query and fetch phases in the window (null if unknown)
 * @param byKind when the phase mixed kinds of request (spot and series) and the generator tells
 *     them apart: each kind's own figures, in {@link RequestMix#KINDS} order; empty otherwise
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
    SearchStats.Delta search,
    Map<String, Kind> byKind) {

  /** A phase of one kind of request, or whose generator gives the mix's figures only. */
  QueryPhaseResult(
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
    this(
        phase,
        repeat,
        concurrency,
        seconds,
        ok,
        latency,
        errors,
        firstError,
        responseBytes,
        cpu,
        search,
        Map.of());
  }

  /** One kind of request in a mixed phase: answered with success, their latency, errors. */
  record Kind(long ok, Latency latency, long errors) {}

  /**
   * Each kind's figures from every answer's latency (microseconds) and kind ({@link
   * RequestMix#KINDS} index), the first {@code count} of them, and the errors counted per kind;
   * only the kinds with an answer or an error.
   */
  static Map<String, Kind> byKind(long[] micros, byte[] kinds, int count, long[] errorsByKind) {
    Map<String, Kind> out = new LinkedHashMap<>();
    List<String> names = RequestMix.KINDS;
    for (int k = 0; k < names.size(); k++) {
      int kind = k;
      long[] of =
          IntStream.range(0, count)
              .filter(i -> kinds[i] == kind)
              .mapToLong(i -> micros[i])
              .toArray();
      long errors = k < errorsByKind.length ? errorsByKind[k] : 0;
      if (of.length > 0 || errors > 0) {
        out.put(names.get(k), new Kind(of.length, Latency.ofMicros(of), errors));
      }
    }
    return out;
  }

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
