package dev.spotcast.infra.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Starts real Elasticsearch nodes from the distribution zip that the build resolved. */
class LocalElasticsearchIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void singleNodeIndexesAndGetsADocumentThenStopsItsWholeProcessTree() throws Exception {
    int firstPort = LoopbackPorts.freeBlock(2);
    LocalElasticsearch.Config config =
        LocalElasticsearch.Config.builder()
            .firstHttpPort(firstPort)
            .firstTransportPort(firstPort + 1)
            .clusterName("it-single-" + firstPort)
            .ephemeral(true)
            .build();
    LocalElasticsearch cluster = new LocalElasticsearch(config);
    List<Long> pids;
    try {
      Instant begin = Instant.now();
      cluster.start();
      System.out.printf(
          "single node up in %d ms%n", Duration.between(begin, Instant.now()).toMillis());

      ElasticsearchSettings admin = cluster.settings(Role.ADMIN);
      assertThat(cluster.url()).startsWith("https://");
      try (ClusterApi api = new ClusterApi(admin)) {
        ClusterHealth health = api.awaitHealth(1, Duration.ofSeconds(1));
        assertThat(health.isUsable()).isTrue();
        assertThat(health.clusterName()).isEqualTo(config.clusterName());
      }
      // Secured by default: nothing without a credential, nothing over plain HTTP.
      try (ClusterApi anonymous = new ClusterApi(admin.withoutCredentials())) {
        assertThat(anonymous.send("GET", "/_cluster/health", null).status()).isEqualTo(401);
      }
      try (ClusterApi plain = new ClusterApi(cluster.url().replace("https://", "http://"))) {
        assertThatIOException().isThrownBy(() -> plain.send("GET", "/_cluster/health", null));
      }
      assertThat(
              send(
                      admin,
                      "PUT",
                      cluster.url() + "/spots/_doc/oslo?refresh=true",
                      "{\"name\":\"Oslo\",\"temp\":4.5}")
                  .path("result")
                  .asText())
          .isEqualTo("created");
      JsonNode document = send(admin, "GET", cluster.url() + "/spots/_doc/oslo", null);
      // The node maps Lucene's files with random read advice: the last of the JVM's arguments
      // that sets it (Elasticsearch's own says normal) is ours.
      JsonNode jvm = send(admin, "GET", cluster.url() + "/_nodes/_local/jvm", null).path("nodes");
      List<String> advice = new ArrayList<>();
      jvm.elements()
          .next()
          .path("jvm")
          .path("input_arguments")
          .forEach(
              a -> {
                if (a.asText().startsWith("-Dorg.apache.lucene.store.defaultReadAdvice=")) {
                  advice.add(a.asText());
                }
              });
      assertThat(advice).last().isEqualTo("-Dorg.apache.lucene.store.defaultReadAdvice=random");
      assertThat(document.path("found").asBoolean()).isTrue();
      assertThat(document.path("_source").path("temp").asDouble()).isEqualTo(4.5);

      pids = cluster.pids();
      assertThat(pids).as("launcher and server JVM").hasSizeGreaterThanOrEqualTo(2);
    } finally {
      cluster.stop();
    }

    assertThat(pids)
        .allSatisfy(
            pid -> assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty());
    assertThat(NodeLayout.clusterDir(config)).doesNotExist();
    assertThat(LoopbackPorts.isFree(firstPort)).isTrue();
  }

  @Test
  void detachedTwoNodeClusterIsFoundAndStoppedFromItsBaseDirectory() throws Exception {
    // A base directory of its own, because stopRunning stops every node under it.
    Path baseDir =
        Path.of(
            System.getProperty("java.io.tmpdir"),
            "spotcast-es-it-detached-" + ProcessHandle.current().pid());
    int firstPort = LoopbackPorts.freeBlock(4);
    LocalElasticsearch.Config config =
        LocalElasticsearch.Config.builder()
            .baseDir(baseDir)
            .firstHttpPort(firstPort)
            .firstTransportPort(firstPort + 2)
            .nodes(2)
            .heap("512m")
            .clusterName("it-pair")
            .detached(true)
            .build();
    try {
      Instant begin = Instant.now();
      LocalElasticsearch cluster = new LocalElasticsearch(config).start();
      System.out.printf(
          "two nodes up in %d ms%n", Duration.between(begin, Instant.now()).toMillis());
      cluster.close(); // detached: leaves the nodes running, as the CLI's JVM does when it exits

      // Both nodes speak TLS to clients and to each other, and trust the one CA.
      ElasticsearchSettings admin = cluster.settings(Role.ADMIN);
      send(
          admin,
          "PUT",
          cluster.url() + "/pairs",
          "{\"settings\":{\"number_of_shards\":2,\"number_of_replicas\":1}}");
      JsonNode health =
          send(
              admin,
              "GET",
              cluster.nodes().get(1).url()
                  + "/_cluster/health/pairs?wait_for_status=green&timeout=60s",
              null);
      assertThat(health.path("status").asText())
          .as("replicas need the second node")
          .isEqualTo("green");
      assertThat(health.path("number_of_nodes").asInt()).isEqualTo(2);

      List<RunningNode> running = LocalElasticsearch.running(baseDir);
      assertThat(running).extracting(RunningNode::name).containsExactly("node-0", "node-1");
      List<Long> pids = running.stream().flatMap(node -> node.pids().stream()).toList();

      assertThat(LocalElasticsearch.stopRunning(baseDir)).hasSize(2);

      assertThat(pids)
          .allSatisfy(
              pid -> assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty());
      assertThat(LocalElasticsearch.running(baseDir)).isEmpty();
    } finally {
      LocalElasticsearch.stopRunning(baseDir);
      FileTrees.delete(baseDir);
    }
  }

  @Test
  void refusesAPortInUseWithoutStartingAnything() throws IOException {
    int port = LoopbackPorts.freeBlock(2);
    try (ServerSocket taken = new ServerSocket()) {
      taken.bind(new InetSocketAddress(NodeLayout.HOST, port));
      LocalElasticsearch cluster =
          new LocalElasticsearch(
              LocalElasticsearch.Config.builder()
                  .firstHttpPort(port)
                  .firstTransportPort(port + 1)
                  .clusterName("it-busy-" + port)
                  .ephemeral(true)
                  .build());

      assertThatIllegalStateException()
          .isThrownBy(cluster::start)
          .withMessageContaining("Port " + port)
          .withMessageContaining("already in use");
      assertThat(cluster.pids()).isEmpty();
    }
  }

  /**
   * Sends a request to the node of {@code url} with the CA and credential of {@code as}; expects
   * 2xx.
   */
  private static JsonNode send(ElasticsearchSettings as, String method, String url, String body)
      throws IOException, InterruptedException {
    URI uri = URI.create(url);
    String path = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    try (ClusterApi api =
        new ClusterApi(
            as.withUris(List.of(URI.create(uri.getScheme() + "://" + uri.getAuthority()))))) {
      ClusterApi.Answer answer = api.send(method, path, body);
      assertThat(answer.status()).as(method + " " + url + ": " + answer.body()).isBetween(200, 299);
      return JSON.readTree(answer.body());
    }
  }
}
