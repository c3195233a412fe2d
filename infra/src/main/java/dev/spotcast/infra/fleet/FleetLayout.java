package dev.spotcast.infra.fleet;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Where each part of a local fleet lives and listens. Everything is under one home directory of its
 * own (default {@code $SPOTCAST_HOME/fleet}: credentials, certificates, node data, broker data,
 * logs and process records, so a fleet never touches what {@code es start} or {@code kafka start}
 * keep in {@code $SPOTCAST_HOME}) and on loopback ports counted from one base port {@code P}:
 *
 * <pre>
 *   P+80          load balancer: the query services      P+90          Prometheus
 *   P+81          load balancer: the ingestion services  P+70          load balancer statistics and metrics
 *   P+100+i       query-service instance i (1..9)        P+92, P+93    Kafka broker and its controller
 *   P+94          Elasticsearch metrics exporter
 *   P+110+i       ingestion-service instance i (1..9)    P+200+n       Elasticsearch node n's HTTP (P+300+n transport)
 * </pre>
 *
 * How many nodes and instances of each service are docker/compose.yaml's ({@link #standard}); which
 * Compose address is which port here is {@link LocalMapping}'s.
 */
public record FleetLayout(
    Path home, int basePort, int elasticsearchNodes, int queryServices, int ingestServices) {

  /**
   * The ports' default base: 19000 (19080 the query API, 19081 the ingestion API, 19090
   * Prometheus).
   */
  public static final int DEFAULT_BASE_PORT = 19000;

  public FleetLayout {
    home = home.toAbsolutePath().normalize();
    if (basePort < 1024 || basePort + 300 + elasticsearchNodes > 65535) {
      throw new IllegalArgumentException(
          "the base port must be between 1024 and "
              + (65535 - 300 - elasticsearchNodes)
              + ", was "
              + basePort);
    }
    if (elasticsearchNodes < 1 || elasticsearchNodes > 9) {
      throw new IllegalArgumentException("1 to 9 Elasticsearch nodes, was " + elasticsearchNodes);
    }
    if (queryServices < 1 || queryServices > 9 || ingestServices < 1 || ingestServices > 9) {
      throw new IllegalArgumentException(
          "1 to 9 instances of each service, were "
              + queryServices
              + " query and "
              + ingestServices
              + " ingestion");
    }
  }

  /**
   * The fleet docker/compose.yaml describes: its Elasticsearch nodes, its instances of each
   * service.
   */
  public static FleetLayout standard(Path home, int basePort) {
    return LocalMapping.layout(ComposeFleet.bundled(), home, basePort);
  }

  public int queryBalancerPort() {
    return basePort + 80;
  }

  public int ingestBalancerPort() {
    return basePort + 81;
  }

  public int balancerStatsPort() {
    return basePort + 70;
  }

  public int prometheusPort() {
    return basePort + 90;
  }

  /** The Elasticsearch exporter's metrics (cluster health, node statistics) for Prometheus. */
  public int elasticsearchExporterPort() {
    return basePort + 94;
  }

  public int kafkaPort() {
    return basePort + 92;
  }

  public int kafkaControllerPort() {
    return basePort + 93;
  }

  public int elasticsearchHttpPort() {
    return basePort + 200;
  }

  public int elasticsearchTransportPort() {
    return basePort + 300;
  }

  /** The HTTP base URL of every Elasticsearch node, first node first. */
  public List<String> elasticsearchUrls() {
    return IntStream.range(0, elasticsearchNodes)
        .mapToObj(i -> "https://127.0.0.1:" + (elasticsearchHttpPort() + i))
        .toList();
  }

  /** The query-service instances, {@code query-1} first. */
  public List<Instance> queryInstances() {
    return IntStream.rangeClosed(1, queryServices)
        .mapToObj(i -> new Instance("query-" + i, basePort + 100 + i))
        .toList();
  }

  /** The ingestion-service instances, {@code ingest-1} first. */
  public List<Instance> ingestInstances() {
    return IntStream.rangeClosed(1, ingestServices)
        .mapToObj(i -> new Instance("ingest-" + i, basePort + 110 + i))
        .toList();
  }

  public String kafkaBootstrap() {
    return "127.0.0.1:" + kafkaPort();
  }

  public String queryUrl() {
    return "http://127.0.0.1:" + queryBalancerPort();
  }

  public String ingestUrl() {
    return "http://127.0.0.1:" + ingestBalancerPort();
  }

  public String prometheusUrl() {
    return "http://127.0.0.1:" + prometheusPort();
  }

  /** Logs, process records and the configuration written for the balancer and Prometheus. */
  public Path partsDir() {
    return home.resolve("parts");
  }

  /**
   * The operator's API key of the ingestion services (mode 600), written by the first {@code fleet
   * up}.
   */
  public Path operatorKeyFile() {
    return partsDir().resolve("ingest-operator.key");
  }

  /** The read-only API key with which Prometheus scrapes the ingestion services (mode 600). */
  public Path scrapeKeyFile() {
    return partsDir().resolve("ingest-scrape.key");
  }

  public Path balancerConfig() {
    return partsDir().resolve("haproxy.cfg");
  }

  public Path prometheusConfig() {
    return partsDir().resolve("prometheus.yml");
  }

  /** Prometheus' alerting rules (Compose's {@code /etc/prometheus/rules}), written at start. */
  public Path prometheusRules() {
    return partsDir().resolve("prometheus-rules");
  }

  /**
   * The folder the ingestion services' file jobs may read (Compose's {@code /data}), made by {@code
   * fleet up}.
   */
  public Path filesDir() {
    return home.resolve("files");
  }

  public Path prometheusData() {
    return partsDir().resolve("prometheus-data");
  }

  /** A service instance, the load balancer or Prometheus: its log. */
  public Path log(String part) {
    return partsDir().resolve(part + ".log");
  }

  /** A service instance, the load balancer or Prometheus: its process record. */
  public Path record(String part) {
    return partsDir().resolve(part + ".running.properties");
  }

  /** One instance of a service: its name ({@code query-1}) and port. */
  public record Instance(String name, int port) {
    public String url() {
      return "http://127.0.0.1:" + port;
    }
  }
}
