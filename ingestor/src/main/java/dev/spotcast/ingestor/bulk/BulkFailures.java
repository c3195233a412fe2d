package dev.spotcast.ingestor.bulk;

import java.util.Set;

/**
 * Which failures are worth a retry. Rejections from a busy or recovering cluster (429, 503, thread
 * pool or circuit breaker rejections) and lost connections pass; a document the mapping refuses
 * (400) would fail again, so it is counted as lost with its reason instead.
 */
final class BulkFailures {

  private static final Set<String> TRANSIENT_TYPES =
      Set.of("es_rejected_execution_exception", "circuit_breaking_exception", "unavailable_shards_exception");

  private BulkFailures() {}

  /**
   * A write refused by an index or cluster block (flood-stage disk watermark, read-only index):
   * neither busy nor wrong, it passes when the block is lifted.
   */
  static boolean isWriteBlock(String errorType) {
    return "cluster_block_exception".equals(errorType);
  }

  static boolean isTransientItem(int status, String errorType) {
    return status == 429 || status == 503 || TRANSIENT_TYPES.contains(errorType);
  }

  /** A whole request that failed: its HTTP status, or -1 when no answer came (connection, timeout). */
  static boolean isTransientRequest(int status) {
    return status == -1 || status == 429 || status == 502 || status == 503 || status == 504;
  }

  /** A short, stable reason: status, error type and the first line of the error's reason. */
  static String describe(int status, String type, String reason) {
    if (type == null) {
      return "status " + status;
    }
    String text = reason == null ? "" : reason;
    int newline = text.indexOf('\n');
    if (newline >= 0) {
      text = text.substring(0, newline);
    }
    if (text.length() > 200) {
      text = text.substring(0, 200) + "...";
    }
    return status + " " + type + ": " + text;
  }
}
