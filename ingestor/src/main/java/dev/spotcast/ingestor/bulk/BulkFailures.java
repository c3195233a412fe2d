package dev.spotcast.ingestor.bulk;

/**
 * How a refused write is described in counts, logs and dead letters; what it is: {@link
 * FailureKind}.
 */
final class BulkFailures {

  private BulkFailures() {}

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
