package dev.spotcast.ingest.work;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Bulk failure reasons as the ingestor reports them ({@code "400 document_parsing_exception: failed
 * to parse field [v.pres] ... in document with id '1000_1_12' ..."}) name the document, so there
 * are as many as refused documents. For messages and metric tags they are grouped by their kind,
 * the status and error type before the colon.
 */
final class FailureReasons {

  private static final int EXAMPLE_LENGTH = 160;

  private FailureReasons() {}

  /** The kind of a reason: {@code "400 document_parsing_exception"}. */
  static String kind(String reason) {
    int colon = reason.indexOf(':');
    return colon < 0 ? reason : reason.substring(0, colon);
  }

  /** Counts per kind, each with one full reason as an example. */
  static String summary(Map<String, Long> failuresByReason) {
    Map<String, Long> counts = new TreeMap<>();
    Map<String, String> examples = new TreeMap<>();
    failuresByReason.forEach(
        (reason, n) -> {
          counts.merge(kind(reason), n, Long::sum);
          examples.putIfAbsent(kind(reason), reason);
        });
    return counts.entrySet().stream()
        .map(
            e ->
                e.getValue()
                    + " x "
                    + e.getKey()
                    + " (e.g. "
                    + shorten(examples.get(e.getKey()))
                    + ")")
        .collect(Collectors.joining("; "));
  }

  private static String shorten(String text) {
    return text.length() <= EXAMPLE_LENGTH ? text : text.substring(0, EXAMPLE_LENGTH) + "...";
  }
}
