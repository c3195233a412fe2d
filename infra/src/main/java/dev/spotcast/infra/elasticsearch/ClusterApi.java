package dev.spotcast.infra.elasticsearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The few cluster-level HTTP endpoints that starting and inspecting a local cluster needs. */
public final class ClusterApi implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

  private final String url;
  private final HttpClient http;

  /** @param url the base URL of any node, e.g. {@code http://127.0.0.1:9200} */
  public ClusterApi(String url) {
    this.url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    this.http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();
  }

  /**
   * Waits up to {@code wait} on the server side for a yellow or green cluster of {@code nodes} nodes, and
   * returns the health then (with {@code timedOut} set if it did not get there).
   *
   * @throws IOException if no node answers at the URL, e.g. while it is still starting
   */
  public ClusterHealth awaitHealth(int nodes, Duration wait) throws IOException, InterruptedException {
    JsonNode health = get("/_cluster/health?wait_for_status=yellow&wait_for_nodes=" + nodes
        + "&timeout=" + wait.toMillis() + "ms", wait.plusSeconds(5));
    return new ClusterHealth(health.path("cluster_name").asText(), health.path("status").asText(),
        health.path("number_of_nodes").asInt(), health.path("timed_out").asBoolean());
  }

  /** Status, node count, index count and document count of the cluster. */
  public ClusterStats stats() throws IOException, InterruptedException {
    JsonNode stats = get("/_cluster/stats", Duration.ofSeconds(10));
    return new ClusterStats(stats.path("cluster_name").asText(), stats.path("status").asText(),
        stats.path("nodes").path("count").path("total").asInt(),
        stats.path("indices").path("count").asLong(), stats.path("indices").path("docs").path("count").asLong());
  }

  @Override
  public void close() {
    http.close();
  }

  private JsonNode get(String path, Duration timeout) throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(URI.create(url + path)).timeout(timeout).GET().build();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    // The health API answers 408 with a full body when its wait timed out; that body is still the answer.
    if (response.statusCode() != 200 && response.statusCode() != 408) {
      throw new IOException("GET " + url + path + " answered " + response.statusCode() + ": " + response.body());
    }
    return JSON.readTree(response.body());
  }
}
