package dev.spotcast.infra.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.infra.elasticsearch.ClusterApi;
import dev.spotcast.infra.elasticsearch.ClusterStats;
import dev.spotcast.infra.elasticsearch.LocalElasticsearch;
import dev.spotcast.infra.elasticsearch.RunningNode;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;

/**
 * {@code es status}: a JSON summary of the cluster running from the home directory; exit code 1 if
 * none runs.
 */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description =
        "Print a JSON summary (status, nodes, indices, docs) of the cluster running from the home "
            + "directory. Exit code 1 if none runs.")
final class EsStatusCommand extends HomeCommand {

  @Override
  public Integer call() throws IOException, InterruptedException {
    List<RunningNode> running = LocalElasticsearch.running(home());
    if (running.isEmpty()) {
      return notRunning("Elasticsearch node");
    }
    String url = running.getFirst().url();
    // A secured node answers its administrator only.
    ElasticsearchSettings admin =
        LocalCredentials.orLocal(
            ElasticsearchSettings.of(url), Role.ADMIN, LocalCredentials.directory(home()));
    ClusterStats stats;
    try (ClusterApi api = new ClusterApi(admin)) {
      stats = api.stats();
    }
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("url", url);
    summary.put("cluster", stats.clusterName());
    summary.put("status", stats.status());
    summary.put("nodes", stats.nodes());
    summary.put("indices", stats.indices());
    summary.put("docs", stats.docs());
    summary.put(
        "processes",
        running.stream().map(node -> new NodeProcesses(node.name(), node.pids())).toList());
    out()
        .println(
            new ObjectMapper()
                .enable(SerializationFeature.INDENT_OUTPUT)
                .writeValueAsString(summary));
    return 0;
  }

  private record NodeProcesses(String node, List<Long> pids) {}
}
