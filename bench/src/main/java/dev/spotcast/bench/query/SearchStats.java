package dev.spotcast.bench.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/**
 * Elasticsearch's own search statistics of the indices a phase searches ({@code _stats/search}):
 * how many shard-level query and fetch phases ran and how long they took. The fetch phase is where
 * values are read back (from {@code _source} or doc values), so its time per shard search answers
 * the fields question more directly than end-to-end throughput on a shared machine. Every copy
 * counts (a search a replica answers is a shard search too).
 */
final class SearchStats {

  /** Counters at one moment; null fields when the stats could not be read. */
  record Snapshot(long queryTotal, long queryMillis, long fetchTotal, long fetchMillis) {}

  /** Shard-level phases between two snapshots: counts and mean milliseconds. */
  record Delta(long queries, double queryMillisEach, long fetches, double fetchMillisEach) {}

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http;
  private final URI uri;

  /**
   * @param http a client with the node's TLS trust and credential
   */
  SearchStats(String elasticsearch, List<String> indices, HttpClient http) {
    this.http = http;
    this.uri =
        URI.create(
            elasticsearch
                + "/"
                + String.join(",", indices)
                + "/_stats/search?filter_path=_all.total.search");
  }

  Snapshot snapshot() {
    try {
      HttpResponse<byte[]> response =
          http.send(
              HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
              HttpResponse.BodyHandlers.ofByteArray());
      JsonNode search = JSON.readTree(response.body()).path("_all").path("total").path("search");
      return new Snapshot(
          search.path("query_total").asLong(), search.path("query_time_in_millis").asLong(),
          search.path("fetch_total").asLong(), search.path("fetch_time_in_millis").asLong());
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  static Delta between(Snapshot a, Snapshot b) {
    if (a == null || b == null) {
      return null;
    }
    long queries = b.queryTotal() - a.queryTotal();
    long fetches = b.fetchTotal() - a.fetchTotal();
    return new Delta(
        queries, queries == 0 ? Double.NaN : (double) (b.queryMillis() - a.queryMillis()) / queries,
        fetches,
            fetches == 0 ? Double.NaN : (double) (b.fetchMillis() - a.fetchMillis()) / fetches);
  }
}
