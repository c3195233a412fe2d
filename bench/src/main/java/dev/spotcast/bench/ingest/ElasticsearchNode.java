package dev.spotcast.bench.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.elasticsearch.ElasticsearchHttpClient;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;

/**
 * What the benchmark reports about Elasticsearch: version, heap and processors from node info, and
 * the counters it compares before and after a phase (process CPU, write rejections) from node
 * stats. https://www.elastic.co/docs/api/doc/elasticsearch/operation/operation-nodes-stats
 */
final class ElasticsearchNode {

  record Info(int nodes, String version, long heapMaxBytes, String jvm, int processors) {}

  /** Sums over the nodes. */
  record Stats(long cpuMillis, long writeRejected, long heapMaxBytes) {}

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http;
  private final URI base;

  ElasticsearchNode(HttpClient http, URI base) {
    this.http = http;
    this.base = base;
  }

  /**
   * The first node of {@code settings}, through an HTTP/1.1 client of its own with their TLS trust
   * and credential (which the raw phases post with too).
   */
  static ElasticsearchNode at(ElasticsearchSettings settings) {
    return new ElasticsearchNode(ElasticsearchHttpClient.of(settings), settings.uris().getFirst());
  }

  HttpClient http() {
    return http;
  }

  Info info() throws IOException, InterruptedException {
    JsonNode nodes = get("/_nodes/jvm,os").path("nodes");
    Iterator<JsonNode> all = nodes.elements();
    if (!all.hasNext()) {
      throw new IOException("no nodes in " + base + "/_nodes");
    }
    JsonNode node = all.next();
    return new Info(
        nodes.size(),
        node.path("version").asText("?"),
        node.path("jvm").path("mem").path("heap_max_in_bytes").asLong(),
        node.path("jvm").path("vm_vendor").asText("")
            + " "
            + node.path("jvm").path("version").asText("?"),
        node.path("os").path("available_processors").asInt());
  }

  /** Node info, or null after telling on {@code err} how to start Elasticsearch. */
  Info infoOrExplain(PrintWriter err) throws InterruptedException {
    try {
      return info();
    } catch (IOException e) {
      err.printf(
          "spotcast: cannot reach Elasticsearch at %s (%s). Start it with './spotcast es start' or pass --es URL.%n",
          base, e.getMessage());
      return null;
    }
  }

  Stats stats() throws IOException, InterruptedException {
    long cpu = 0;
    long rejected = 0;
    long heap = 0;
    for (JsonNode node : get("/_nodes/stats/jvm,process,thread_pool").path("nodes")) {
      cpu += node.path("process").path("cpu").path("total_in_millis").asLong();
      rejected += node.path("thread_pool").path("write").path("rejected").asLong();
      heap += node.path("jvm").path("mem").path("heap_max_in_bytes").asLong();
    }
    return new Stats(cpu, rejected, heap);
  }

  private JsonNode get(String path) throws IOException, InterruptedException {
    HttpResponse<byte[]> response =
        http.send(
            HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofByteArray());
    if (response.statusCode() != 200) {
      throw new IOException("GET " + path + " answered " + response.statusCode());
    }
    return JSON.readTree(response.body());
  }
}
