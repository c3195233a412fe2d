package dev.spotcast.infra.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class NodeConfigFilesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void singleNodeListensOnLoopbackSecuredWithoutDiscovery() throws Exception {
    LocalElasticsearch.Config config = config(1);
    NodeLayout node = NodeLayout.of(config, 0);

    Map<String, JsonNode> settings =
        parse(NodeConfigFiles.elasticsearchYml(config, node, List.of(node)));

    assertThat(settings.get("cluster.name").asText()).isEqualTo("forecast-test");
    assertThat(settings.get("node.name").asText()).isEqualTo("node-0");
    assertThat(settings.get("network.host").asText()).isEqualTo("127.0.0.1");
    assertThat(settings.get("http.port").asInt()).isEqualTo(19200);
    assertThat(settings.get("transport.port").asInt()).isEqualTo(19300);
    assertThat(settings.get("path.data").asText())
        .isEqualTo("/srv/es base/clusters/forecast-test/node-0/data");
    assertThat(settings.get("path.logs").asText())
        .isEqualTo("/srv/es base/clusters/forecast-test/node-0/logs");
    // One snapshot directory for all the cluster's nodes: a filesystem repository is shared.
    assertThat(texts(settings.get("path.repo")))
        .containsExactly("/srv/es base/clusters/forecast-test/snapshots");
    assertThat(settings.get("xpack.security.enabled").asBoolean(false)).isTrue();
    for (String layer : List.of("http", "transport")) {
      String prefix = "xpack.security." + layer + ".ssl.";
      assertThat(settings.get(prefix + "enabled").asBoolean(false)).as(layer).isTrue();
      assertThat(settings.get(prefix + "key").asText()).isEqualTo("certs/node.key");
      assertThat(settings.get(prefix + "certificate").asText()).isEqualTo("certs/node.crt");
      assertThat(texts(settings.get(prefix + "certificate_authorities")))
          .containsExactly("certs/ca.crt");
    }
    assertThat(settings.get("xpack.security.transport.ssl.verification_mode").asText())
        .isEqualTo("full");
    assertThat(settings.get("discovery.type").asText()).isEqualTo("single-node");
    assertThat(settings).doesNotContainKeys("discovery.seed_hosts", "cluster.initial_master_nodes");
  }

  @Test
  void anOpenClusterTurnsSecurityOffAndNothingElse() throws Exception {
    LocalElasticsearch.Config config =
        LocalElasticsearch.Config.builder()
            .distribution(Path.of("/nowhere/elasticsearch.zip"))
            .baseDir(Path.of("/srv/es base"))
            .firstHttpPort(19200)
            .clusterName("forecast-test")
            .secured(false)
            .build();
    NodeLayout node = NodeLayout.of(config, 0);

    Map<String, JsonNode> settings =
        parse(NodeConfigFiles.elasticsearchYml(config, node, List.of(node)));

    assertThat(settings.get("xpack.security.enabled").asBoolean(true)).isFalse();
    assertThat(settings.keySet())
        .noneMatch(
            key ->
                key.startsWith("xpack.security.http")
                    || key.startsWith("xpack.security.transport"));
    assertThat(node.url()).isEqualTo("http://127.0.0.1:19200");
  }

  @Test
  void severalNodesFindEachOtherOnLoopbackTransportPorts() throws Exception {
    LocalElasticsearch.Config config = config(3);
    List<NodeLayout> cluster =
        IntStream.range(0, 3).mapToObj(index -> NodeLayout.of(config, index)).toList();

    Map<String, JsonNode> settings =
        parse(NodeConfigFiles.elasticsearchYml(config, cluster.get(2), cluster));

    assertThat(settings.get("node.name").asText()).isEqualTo("node-2");
    assertThat(settings.get("http.port").asInt()).isEqualTo(19202);
    assertThat(settings.get("transport.port").asInt()).isEqualTo(19302);
    assertThat(texts(settings.get("discovery.seed_hosts")))
        .containsExactly("127.0.0.1:19300", "127.0.0.1:19301", "127.0.0.1:19302");
    assertThat(texts(settings.get("cluster.initial_master_nodes")))
        .containsExactly("node-0", "node-1", "node-2");
    assertThat(settings).doesNotContainKey("discovery.type");
  }

  @Test
  void keepsDiskWatermarksOnButHigh() throws Exception {
    LocalElasticsearch.Config config = config(1);
    NodeLayout node = NodeLayout.of(config, 0);

    Map<String, JsonNode> settings =
        parse(NodeConfigFiles.elasticsearchYml(config, node, List.of(node)));

    assertThat(settings).doesNotContainKey("cluster.routing.allocation.disk.threshold_enabled");
    assertThat(settings.get("cluster.routing.allocation.disk.watermark.low").asText())
        .isEqualTo("97%");
    assertThat(settings.get("cluster.routing.allocation.disk.watermark.high").asText())
        .isEqualTo("98%");
    assertThat(settings.get("cluster.routing.allocation.disk.watermark.flood_stage").asText())
        .isEqualTo("99%");
  }

  @Test
  void fixesTheHeap() {
    assertThat(NodeConfigFiles.heapOptions("512m")).isEqualTo("-Xms512m\n-Xmx512m\n");
  }

  private static LocalElasticsearch.Config config(int nodes) {
    return LocalElasticsearch.Config.builder()
        .distribution(Path.of("/nowhere/elasticsearch.zip"))
        .baseDir(Path.of("/srv/es base"))
        .firstHttpPort(19200)
        .nodes(nodes)
        .clusterName("forecast-test")
        .build();
  }

  /** Each line is "key: value" with a JSON value, which YAML reads the same way. */
  private static Map<String, JsonNode> parse(String yml) throws Exception {
    Map<String, JsonNode> settings = new LinkedHashMap<>();
    for (String line : yml.lines().filter(line -> !line.startsWith("#")).toList()) {
      int colon = line.indexOf(": ");
      settings.put(line.substring(0, colon), JSON.readTree(line.substring(colon + 2)));
    }
    return settings;
  }

  private static List<String> texts(JsonNode array) {
    return array.valueStream().map(JsonNode::asText).toList();
  }
}
