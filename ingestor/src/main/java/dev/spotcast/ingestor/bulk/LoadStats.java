package dev.spotcast.ingestor.bulk;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The counts of one load, updated from every thread: every produced document ends up indexed or
 * failed with a reason; retries are counted by cause, and documents per shard show the balance.
 */
public final class LoadStats {

  private final LongAdder produced = new LongAdder();
  private final LongAdder indexed = new LongAdder();
  private final LongAdder bulks = new LongAdder();
  private final LongAdder bulkNanos = new LongAdder();
  private final Map<String, LongAdder> failed = new ConcurrentHashMap<>();
  private final Map<FailureKind, LongAdder> failedByKind = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> retried = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> perShard = new ConcurrentHashMap<>();

  void produced(int documents) {
    produced.add(documents);
  }

  void indexed(String index, int shard, int documents) {
    indexed.add(documents);
    perShard.computeIfAbsent(index + "/" + shard, k -> new LongAdder()).add(documents);
  }

  void failed(FailureKind kind, String reason, int documents) {
    failed.computeIfAbsent(reason, k -> new LongAdder()).add(documents);
    failedByKind.computeIfAbsent(kind, k -> new LongAdder()).add(documents);
  }

  /** Documents given up whose failure was of this kind. */
  public long failed(FailureKind kind) {
    LongAdder n = failedByKind.get(kind);
    return n == null ? 0 : n.sum();
  }

  void retried(String cause, int documents) {
    retried.computeIfAbsent(cause, k -> new LongAdder()).add(documents);
  }

  void bulkDone(long nanos) {
    bulks.increment();
    bulkNanos.add(nanos);
  }

  public long produced() {
    return produced.sum();
  }

  public long indexed() {
    return indexed.sum();
  }

  public long failed() {
    return failed.values().stream().mapToLong(LongAdder::sum).sum();
  }

  public long bulks() {
    return bulks.sum();
  }

  /** Mean bulk request latency in milliseconds, retries included. */
  public double meanBulkMillis() {
    long count = bulks.sum();
    return count == 0 ? 0 : bulkNanos.sum() / 1e6 / count;
  }

  public Map<String, Long> failuresByReason() {
    return snapshot(failed);
  }

  public Map<String, Long> retriesByCause() {
    return snapshot(retried);
  }

  public Map<String, Long> documentsPerShard() {
    return snapshot(perShard);
  }

  private static Map<String, Long> snapshot(Map<String, LongAdder> counters) {
    Map<String, Long> copy = new TreeMap<>();
    counters.forEach((k, v) -> copy.put(k, v.sum()));
    return copy;
  }
}
