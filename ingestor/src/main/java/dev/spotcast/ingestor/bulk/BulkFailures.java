package dev.spotcast.ingestor.bulk;

import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch._types.ErrorCause;
import co.elastic.clients.transport.TransportException;
import java.io.IOException;
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

  static boolean isTransient(int status, ErrorCause error) {
    return status == 429
        || status == 503
        || (error != null && TRANSIENT_TYPES.contains(error.type()));
  }

  static boolean isTransient(Exception requestFailure) {
    if (requestFailure instanceof ElasticsearchException e) {
      return e.status() == 429 || e.status() == 502 || e.status() == 503 || e.status() == 504;
    }
    return requestFailure instanceof IOException || requestFailure instanceof TransportException;
  }

  /** A short, stable reason: the error type and the first line of its reason. */
  static String describe(int status, ErrorCause error) {
    if (error == null) {
      return "status " + status;
    }
    String reason = error.reason() == null ? "" : error.reason();
    int newline = reason.indexOf('\n');
    if (newline >= 0) {
      reason = reason.substring(0, newline);
    }
    if (reason.length() > 200) {
      reason = reason.substring(0, 200) + "...";
    }
    return status + " " + error.type() + ": " + reason;
  }

  static String describe(Exception requestFailure) {
    if (requestFailure instanceof ElasticsearchException e) {
      return "request " + e.status() + " " + e.error().type();
    }
    return "request " + requestFailure.getClass().getSimpleName();
  }
}
