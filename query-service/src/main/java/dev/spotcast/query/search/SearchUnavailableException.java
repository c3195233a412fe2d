package dev.spotcast.query.search;

import java.time.Duration;

/**
 * Elasticsearch could not answer (unreachable, overloaded, timed out, shards failing, circuit
 * open): HTTP 503, retry later.
 */
public class SearchUnavailableException extends RuntimeException {

  private final Duration retryAfter;

  public SearchUnavailableException(String detail, Throwable cause) {
    this(detail, cause, null);
  }

  /**
   * @param retryAfter when a retry makes sense, or null for the service's default
   */
  public SearchUnavailableException(String detail, Throwable cause, Duration retryAfter) {
    super(detail, cause);
    this.retryAfter = retryAfter;
  }

  /** When a retry makes sense, or null for the service's default. */
  public Duration retryAfter() {
    return retryAfter;
  }
}
