package dev.spotcast.infra.elasticsearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.elasticsearch.ElasticsearchHttpClient;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The few cluster-level HTTP endpoints that starting, securing and inspecting a local cluster
 * needs, over the TLS trust and with the credential of the given settings.
 */
public final class ClusterApi implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
  private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

  private final String url;
  private final HttpClient http;

  /**
   * @param settings the first URL is asked, e.g. {@code https://127.0.0.1:9200}, with their CA and
   *     credential
   */
  public ClusterApi(ElasticsearchSettings settings) {
    String first = settings.uris().getFirst().toString();
    this.url = first.endsWith("/") ? first.substring(0, first.length() - 1) : first;
    // Short: while a node boots, the start-up loop polls and should not hang on one attempt.
    this.http = ElasticsearchHttpClient.of(settings.withConnectTimeout(CONNECT_TIMEOUT));
  }

  /** An anonymous client of an open node, e.g. {@code http://127.0.0.1:9200}. */
  public ClusterApi(String url) {
    this(ElasticsearchSettings.of(url));
  }

  /**
   * Waits up to {@code wait} on the server side for a yellow or green cluster of {@code nodes}
   * nodes, and returns the health then (with {@code timedOut} set if it did not get there).
   *
   * @throws IOException if no node answers at the URL, e.g. while it is still starting
   */
  public ClusterHealth awaitHealth(int nodes, Duration wait)
      throws IOException, InterruptedException {
    JsonNode health =
        get(
            "/_cluster/health?wait_for_status=yellow&wait_for_nodes="
                + nodes
                + "&timeout="
                + wait.toMillis()
                + "ms",
            wait.plusSeconds(5));
    return new ClusterHealth(
        health.path("cluster_name").asText(),
        health.path("status").asText(),
        health.path("number_of_nodes").asInt(),
        health.path("timed_out").asBoolean());
  }

  /** Status, node count, index count and document count of the cluster. */
  public ClusterStats stats() throws IOException, InterruptedException {
    JsonNode stats = get("/_cluster/stats", Duration.ofSeconds(10));
    return new ClusterStats(
        stats.path("cluster_name").asText(),
        stats.path("status").asText(),
        stats.path("nodes").path("count").path("total").asInt(),
        stats.path("indices").path("count").asLong(),
        stats.path("indices").path("docs").path("count").asLong());
  }

  /**
   * Sends {@code method path} with a JSON {@code body} (or none) and returns the answer's status
   * and body, whatever the status: the caller decides what a 401, 403 or 404 means.
   */
  public Answer send(String method, String path, String body)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url + path))
            .timeout(CALL_TIMEOUT)
            .header("Content-Type", "application/json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    HttpResponse<String> response =
        http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    return new Answer(response.statusCode(), response.body());
  }

  /** {@link #send} that fails unless the answer is 2xx, and returns the body as JSON. */
  public JsonNode require(String method, String path, String body)
      throws IOException, InterruptedException {
    Answer answer = send(method, path, body);
    if (answer.status() / 100 != 2) {
      throw new IOException(
          method + " " + url + path + " answered " + answer.status() + ": " + answer.body());
    }
    return JSON.readTree(answer.body());
  }

  @Override
  public void close() {
    http.close();
  }

  private JsonNode get(String path, Duration timeout) throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url + path)).timeout(timeout).GET();
    HttpResponse<String> response =
        http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    // The health API answers 408 with a full body when its wait timed out; that body is still the
    // answer.
    if (response.statusCode() != 200 && response.statusCode() != 408) {
      throw new IOException(
          "GET " + url + path + " answered " + response.statusCode() + ": " + response.body());
    }
    return JSON.readTree(response.body());
  }

  /** An HTTP answer: status code and body. */
  public record Answer(int status, String body) {}
}
