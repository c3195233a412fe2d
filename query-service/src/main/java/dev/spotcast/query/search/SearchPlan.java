package dev.spotcast.query.search;

import java.util.List;
import java.util.Map;

/**
 * The Elasticsearch request the service sends for a query: one routed search when every (level,
 * step) combination lives in one index, otherwise a multi-search with one routed search per index.
 * {@link NeighbourSearch#find} sends exactly this; benchmarks send it directly to Elasticsearch.
 *
 * @param searches the searches, one per index, in the order of the multi-search's items
 * @param request the HTTP request carrying them
 */
public record SearchPlan(List<OneSearch> searches, SearchWire.Request request) {

  static SearchPlan of(List<OneSearch> searches) {
    return new SearchPlan(List.copyOf(searches), SearchWire.request(searches));
  }

  public boolean multi() {
    return searches.size() > 1;
  }

  /** The routing of its searches (the same for each); null when documents are routed by _id. */
  public String routing() {
    return searches.getFirst().routing();
  }

  /** The indices searched, in the order of the searches. */
  public List<String> indices() {
    return searches.stream().map(OneSearch::index).toList();
  }

  /** The HTTP method and path, e.g. {@code POST /_msearch}. */
  public String method() {
    return SearchWire.Request.METHOD;
  }

  public String path() {
    return request.path();
  }

  /** The query parameters, not encoded. */
  public Map<String, String> params() {
    return request.params();
  }

  public String contentType() {
    return request.contentType().toString();
  }

  public byte[] body() {
    return request.body();
  }
}
