package dev.spotcast.query.search;

/**
 * Too many requests are already waiting for Elasticsearch (the bulkhead is full): HTTP 429, retry
 * after a short delay. Nothing was sent to Elasticsearch.
 */
public class SearchSaturatedException extends RuntimeException {

  public SearchSaturatedException(String detail) {
    super(detail, null, false, false);
  }
}
