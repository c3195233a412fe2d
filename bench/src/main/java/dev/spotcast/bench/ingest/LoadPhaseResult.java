package dev.spotcast.bench.ingest;

/**
 * One timed phase.
 *
 * @param phase {@code raw-source} (raw bulk into the leanest layout), {@code raw} (raw bulk into
 *     Spotcast's layout), {@code sender} or {@code spotcast}
 * @param indexed documents Elasticsearch acknowledged
 * @param counted documents counted after the refresh
 * @param seconds the timed part: raw, posting every body; spotcast, the whole {@code load()} call
 *     (index creation, bulk, settings restore, refresh, count check and alias switch)
 * @param streamSeconds spotcast only: first document produced to last bulk acknowledged, estimated
 *     from 50 ms progress samples; null for raw
 * @param failure why the phase does not count (lost documents, count mismatch), or null
 */
record LoadPhaseResult(
    String phase,
    int repeat,
    long expected,
    long indexed,
    long counted,
    double seconds,
    Double streamSeconds,
    CpuUsage cpu,
    String failure) {

  double docsPerSecond() {
    return indexed / seconds;
  }

  Double streamDocsPerSecond() {
    return streamSeconds == null || streamSeconds <= 0 ? null : indexed / streamSeconds;
  }

  /** See {@link CpuUsage#cpuBoundDocsPerSecond}. */
  double cpuBoundDocsPerSecond() {
    return cpu.cpuBoundDocsPerSecond(indexed);
  }

  /** Elasticsearch's CPU per indexed document, in microseconds. */
  double elasticsearchMicrosPerDocument() {
    return cpu.elasticsearchSeconds() * 1e6 / Math.max(1, indexed);
  }

  boolean ok() {
    return failure == null;
  }
}
