package dev.spotcast.infra.cli;

import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.infra.elasticsearch.ElasticsearchDistribution;
import dev.spotcast.infra.elasticsearch.LocalElasticsearch;
import dev.spotcast.infra.elasticsearch.NodeLayout;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code es start}: starts a cluster whose nodes keep running after the command exits. */
@Command(
    name = "start",
    mixinStandardHelpOptions = true,
    description =
        "Start a local Elasticsearch cluster that keeps running after this command exits. Data persists "
            + "under the home directory between starts.")
final class EsStartCommand extends HomeCommand {

  @Option(
      names = "--nodes",
      defaultValue = "1",
      description = "Number of nodes (default: ${DEFAULT-VALUE}).")
  private int nodes;

  @Option(
      names = "--port",
      defaultValue = "${env:SPOTCAST_ES_PORT:-9200}",
      description =
          "HTTP port of the first node; node i uses PORT+i, transport ports start at PORT+100 "
              + "(default: $SPOTCAST_ES_PORT, else 9200; now ${DEFAULT-VALUE}).")
  private int port;

  @Option(
      names = "--heap",
      defaultValue = "1g",
      description = "Heap of each node (default: ${DEFAULT-VALUE}).")
  private String heap;

  @Option(
      names = "--cluster-name",
      defaultValue = "spotcast",
      description =
          "Cluster name, also the cluster's directory under HOME/clusters (default: ${DEFAULT-VALUE}).")
  private String clusterName;

  @Option(
      names = "--timeout",
      defaultValue = "120",
      paramLabel = "SECONDS",
      description = "How long to wait for the cluster to be yellow (default: ${DEFAULT-VALUE}).")
  private int timeoutSeconds;

  @Option(
      names = {"-E", "--setting"},
      paramLabel = "KEY=VALUE",
      description =
          "An elasticsearch.yml setting of every node, repeatable, e.g. -E indices.memory.index_buffer_size=30%%"
              + " for bulk loading.")
  private Map<String, String> settings = new LinkedHashMap<>();

  @Option(
      names = "--insecure",
      description =
          "Run the nodes open, for experiments only: plain HTTP, no authentication, any local process is "
              + "cluster admin. Default: secured (TLS on HTTP and transport, credentials per role in HOME/credentials).")
  private boolean insecure;

  @Option(
      names = "--distribution",
      paramLabel = "ZIP",
      description =
          "The Elasticsearch distribution zip (default: -Dspotcast.es.distribution, else the one in the "
              + "local Maven repository).")
  private Path distribution;

  @Override
  public Integer call() {
    LocalElasticsearch.Config.Builder builder = LocalElasticsearch.Config.builder();
    settings.forEach(builder::setting);
    LocalElasticsearch.Config config =
        builder
            .distribution(
                distribution != null ? distribution : ElasticsearchDistribution.defaultZip())
            .baseDir(home())
            .firstHttpPort(port)
            .nodes(nodes)
            .heap(heap)
            .clusterName(clusterName)
            .startTimeout(Duration.ofSeconds(timeoutSeconds))
            .detached(true)
            .secured(!insecure)
            .credentialsDir(LocalCredentials.directory(home()))
            .build();
    Instant begin = Instant.now();
    LocalElasticsearch cluster = new LocalElasticsearch(config).start();
    double seconds = secondsSince(begin);

    PrintWriter out = out();
    out.printf(
        Locale.ROOT,
        "Elasticsearch %s is up at %s (%d node(s), started in %.1f s)%n",
        ElasticsearchDistribution.version(),
        cluster.url(),
        nodes,
        seconds);
    for (NodeLayout node : cluster.nodes()) {
      out.printf(
          "  %s  %s%n    data: %s%n    logs: %s%n",
          node.name(), node.url(), node.dataDir(), node.logsDir());
    }
    if (insecure) {
      out.println(
          "  OPEN: no TLS, no authentication; any process on this machine is cluster admin.");
    } else {
      ElasticsearchSettings admin = cluster.settings(Role.ADMIN);
      out.printf(
          "  secured: TLS with the CA %s (SHA-256 fingerprint %s), authentication required%n",
          admin.ca(), ElasticsearchSettings.sha256Fingerprint(admin.ca()));
      out.printf(
          "  credentials (mode 600, used by ./spotcast by themselves): %s/{admin,ingest,query,monitor,archive}.properties%n",
          config.credentialsDir());
    }
    printHowToStop(config.baseDir());
    return 0;
  }
}
