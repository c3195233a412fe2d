package dev.spotcast.infra.elasticsearch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The configuration files written for one node of a local cluster on every start. */
final class NodeConfigFiles {

  // A JSON value is a valid YAML flow value, so JSON-quoting every value keeps paths and names
  // safe.
  private static final ObjectMapper JSON = new ObjectMapper();

  private NodeConfigFiles() {}

  /**
   * config/elasticsearch.yml: loopback only, security on (TLS, authentication; {@link
   * ClusterSecurity}) unless the cluster is configured open, discovery for one or several nodes.
   */
  static String elasticsearchYml(
      LocalElasticsearch.Config config, NodeLayout node, List<NodeLayout> cluster) {
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("cluster.name", config.clusterName());
    settings.put("node.name", node.name());
    settings.put("network.host", NodeLayout.HOST);
    settings.put("http.port", node.httpPort());
    settings.put("transport.port", node.transportPort());
    settings.put("path.data", node.dataDir().toString());
    settings.put("path.logs", node.logsDir().toString());
    // Where filesystem snapshot repositories may be registered (the archive of old runs).
    settings.put("path.repo", List.of(node.repoDir().toString()));
    if (config.secured()) {
      settings.putAll(ClusterSecurity.nodeSettings());
    } else {
      settings.put("xpack.security.enabled", false);
    }
    if (cluster.size() == 1) {
      settings.put("discovery.type", "single-node");
    } else {
      settings.put(
          "discovery.seed_hosts", cluster.stream().map(NodeLayout::transportAddress).toList());
      settings.put("cluster.initial_master_nodes", cluster.stream().map(NodeLayout::name).toList());
    }
    // Watermarks stay on because fault tests fill disks on purpose; set high so that a nearly full
    // developer disk does not turn every index read-only.
    settings.put("cluster.routing.allocation.disk.watermark.low", "97%");
    settings.put("cluster.routing.allocation.disk.watermark.high", "98%");
    settings.put("cluster.routing.allocation.disk.watermark.flood_stage", "99%");
    settings.putAll(config.settings());

    StringBuilder yml =
        new StringBuilder("# Written by spotcast-infra LocalElasticsearch on every start.\n");
    settings.forEach((key, value) -> yml.append(key).append(": ").append(json(value)).append('\n'));
    return yml.toString();
  }

  /**
   * config/jvm.options.d/heap.options: that fixes the heap, minimum equal to maximum as
   * Elasticsearch recommends.
   */
  static String heapOptions(String heap) {
    return "-Xms" + heap + "\n-Xmx" + heap + "\n";
  }

  /** The file of {@link #readAdviceOptions()} in config/jvm.options.d. */
  static final String READ_ADVICE_FILE = "read-advice.options";

  /**
   * config/jvm.options.d/read-advice.options: Lucene's files mapped with random read advice, where
   * Elasticsearch 9.2 asks for normal. A forecast document is read at a random place of a run far
   * larger than memory; with normal advice each page fault reads the device's whole readahead
   * window around it (8 MiB on this box's virtual disk), which filled the page cache with pages no
   * request needs: 1,454 KiB read from the disk per spot answered over a 977 M run, 69 KiB with
   * random advice (docs/benchmarks-journal.md, "Stop 45: where a spot over a billion goes"). Merges
   * keep reading sequentially (Lucene gives them their own advice). Options files are read after
   * Elasticsearch's own, so this one wins.
   */
  static String readAdviceOptions() {
    return "-Dorg.apache.lucene.store.defaultReadAdvice=random\n";
  }

  private static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(e);
    }
  }
}
