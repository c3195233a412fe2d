package dev.spotcast.ingestor.bulk;

import java.util.Set;

/**
 * What a refused write is, decided once from its HTTP status and Elasticsearch error type, and
 * carried with the failure to whoever decides what to do with it (the sender retries, the ingestion
 * service dead-letters). Follows the distinction Elasticsearch's bulk API makes:
 * https://www.elastic.co/docs/api/doc/elasticsearch/operation/operation-bulk
 */
public enum FailureKind {
  /**
   * The cluster is busy, recovering or unreachable (429, 502, 503, 504, thread-pool or
   * circuit-breaker rejections, no answer, other server errors): the same write may pass later, so
   * it is retried.
   */
  TRANSIENT,
  /**
   * The document itself is refused (a 4xx other than 429, e.g. a mapping error): it would fail
   * again.
   */
  PERMANENT,
  /**
   * An index or cluster block (flood-stage disk watermark, read-only index): neither busy nor
   * wrong, the write passes once an operator lifts the block, so the load waits without spending
   * retries.
   */
  BLOCKED;

  private static final Set<String> TRANSIENT_TYPES =
      Set.of(
          "es_rejected_execution_exception",
          "circuit_breaking_exception",
          "unavailable_shards_exception");

  /** A bulk item's failure; {@code errorType} may be null (an answer without an error object). */
  public static FailureKind ofItem(int status, String errorType) {
    if ("cluster_block_exception".equals(errorType)) {
      return BLOCKED;
    }
    if (errorType != null && TRANSIENT_TYPES.contains(errorType)) {
      return TRANSIENT;
    }
    return ofStatus(status);
  }

  /**
   * A whole request's failure: its HTTP status, or -1 when no answer came (connection lost,
   * timeout).
   */
  public static FailureKind ofRequest(int status) {
    return status == -1 ? TRANSIENT : ofStatus(status);
  }

  private static FailureKind ofStatus(int status) {
    return status >= 400 && status < 500 && status != 429 ? PERMANENT : TRANSIENT;
  }
}
