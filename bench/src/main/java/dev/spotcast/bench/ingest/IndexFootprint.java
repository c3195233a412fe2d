package dev.spotcast.bench.ingest;

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
 * Size on disk and segment count of a run's indices (primaries), read from the index stats API
 * while a load runs: the scale benchmark reports them beside the rate, to show how the rate behaves
 * as the index grows and merges.
 * https://www.elastic.co/docs/api/doc/elasticsearch/operation/operation-indices-stats
 */
final class IndexFootprint {

  record Size(long bytes, long segments) {
    @Override
    public String toString() {
      return String.format("%,d MB in %d segments", bytes >> 20, segments);
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http;
  private final URI uri;

  IndexFootprint(HttpClient http, URI base, List<String> indices) {
    this.http = http;
    this.uri =
        base.resolve(
            "/"
                + String.join(",", indices)
                + "/_stats/store,segments?ignore_unavailable=true&filter_path=_all.primaries.store.size_in_bytes,_all.primaries.segments.count");
  }

  Size read() throws IOException, InterruptedException {
    HttpResponse<byte[]> response =
        http.send(
            HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).GET().build(),
            HttpResponse.BodyHandlers.ofByteArray());
    if (response.statusCode() != 200) {
      throw new IOException("index stats answered " + response.statusCode());
    }
    JsonNode primaries = JSON.readTree(response.body()).path("_all").path("primaries");
    return new Size(
        primaries.path("store").path("size_in_bytes").asLong(),
        primaries.path("segments").path("count").asLong());
  }
}
