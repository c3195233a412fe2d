package dev.spotcast.query.spot;

/** Elasticsearch could not answer (unreachable, overloaded, shards failing): HTTP 503, retry later. */
public class SearchUnavailableException extends RuntimeException {

  public SearchUnavailableException(String detail, Throwable cause) {
    super(detail, cause);
  }
}
