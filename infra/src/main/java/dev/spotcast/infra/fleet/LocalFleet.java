package dev.spotcast.infra.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.infra.elasticsearch.ClusterApi;
import dev.spotcast.infra.elasticsearch.ClusterHealth;
import dev.spotcast.infra.elasticsearch.LocalElasticsearch;
import dev.spotcast.infra.elasticsearch.RunningNode;
import dev.spotcast.infra.fleet.FleetLayout.Instance;
import dev.spotcast.infra.kafka.LocalKafka;
import dev.spotcast.infra.kafka.RunningBroker;
import dev.spotcast.infra.process.LoaderPriority;
import dev.spotcast.launch.JvmOptionsFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The whole Spotcast fleet as local processes on one machine: a secured Elasticsearch cluster of
 * three nodes, a Kafka broker (KRaft), two ingestion-service and two query-service instances,
 * HAProxy in front of each service, and Prometheus scraping them (docs/operations.md, "Local
 * fleet"). It is made from the fleet {@code docker/compose.yaml} describes ({@link ComposeFleet}):
 * its nodes and instances, each service's settings, the balancer's and Prometheus' configuration,
 * every container's address and path made local by {@link LocalMapping}. Every part runs detached,
 * in a session of its own, and is recorded under the fleet's home, so {@link #status} and {@link
 * #down} find exactly what {@link #up} started and nothing else.
 *
 * <p>Each service holds only the rights it needs: the ingestion services connect to Elasticsearch
 * with the ingest credential, the query services with the query credential; the ingestion API takes
 * the operator's key (submit and read) and Prometheus scrapes it with a read-only key, both made at
 * the first start and kept (mode 600) beside the fleet.
 */
public final class LocalFleet {

  /** The Elasticsearch exporter's part name (and its Debian package's program). */
  static final String EXPORTER = "prometheus-elasticsearch-exporter";

  /**
   * How long a service instance, the load balancer or Prometheus may take to answer once started.
   */
  private static final Duration SERVICE_START = Duration.ofSeconds(180);

  private static final Duration STOP_GRACE = Duration.ofSeconds(30);
  private static final String READINESS = "/actuator/health/readiness";

  private final Config config;
  private final FleetLayout layout;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  /** A fleet to start ({@link #up}), or to look at, fault and stop. */
  public LocalFleet(Config config) {
    this.config = config;
    this.layout = config.layout();
  }

  /** A fleet that runs (or not) in {@code layout}: to look at, fault and stop; not to start. */
  public LocalFleet(FleetLayout layout) {
    this.config = null;
    this.layout = layout;
  }

  public FleetLayout layout() {
    return layout;
  }

  /**
   * Starts every part that does not run yet, in order (Elasticsearch, Kafka, the ingestion
   * services, the query services, the load balancer, Prometheus), each once the one before answers,
   * and returns once all answer. A part that does not come up stops the start with the tail of its
   * log; what runs stays up, for {@code status} and {@code down}.
   */
  public void up(PrintWriter out) throws IOException, InterruptedException {
    if (config == null) {
      throw new IllegalStateException("this fleet was opened to be looked at, not started");
    }
    Instant begin = Instant.now();
    ComposeFleet compose = ComposeFleet.bundled();
    LocalMapping.check(compose, layout);
    Files.createDirectories(layout.partsDir());
    Files.createDirectories(layout.filesDir());
    elasticsearchUp(out);
    kafkaUp(out);
    LocalMapping mapping =
        new LocalMapping(
            compose,
            layout,
            elasticsearch(Role.ADMIN).ca(),
            keyOnce(layout.operatorKeyFile()),
            keyOnce(layout.scrapeKeyFile()));
    for (Instance instance : layout.ingestInstances()) {
      serviceUp(
          out,
          instance,
          config.ingestServiceJar(),
          serviceEnvironment(mapping, instance, Role.INGEST),
          config.loaderNice());
    }
    for (Instance instance : layout.queryInstances()) {
      serviceUp(
          out,
          instance,
          config.queryServiceJar(),
          serviceEnvironment(mapping, instance, Role.QUERY),
          0);
    }
    for (Instance instance : allInstances()) {
      awaitReady(instance.name(), URI.create(instance.url() + READINESS));
    }
    balancerUp(out, mapping);
    exporterUp(out, mapping);
    prometheusUp(out, mapping);
    out.printf(
        Locale.ROOT,
        "The fleet is up after %.1f s.%n",
        Duration.between(begin, Instant.now()).toMillis() / 1e3);
    out.flush();
  }

  /**
   * Loads the demo run (model {@code demo}) through the ingestion API behind the load balancer with
   * the operator's key, printing its progress, unless the query API serves it already.
   */
  public void loadDemo(double resolution, PrintWriter out)
      throws IOException, InterruptedException {
    FleetApi api = api();
    Optional<String> served = api.servedRun(FleetApi.DEMO_MODEL);
    if (served.isPresent()) {
      out.printf("The demo run %s is already served%n", served.get());
      out.flush();
      return;
    }
    String id =
        api.submit(
            FleetApi.syntheticSpec(FleetApi.DEMO_MODEL, resolution, LocalDate.now(ZoneOffset.UTC)));
    out.printf(
        "Loading the demo run through the ingestion API: job %s (%s/v1/ingestions/%s)%n",
        id, layout.ingestUrl(), id);
    out.flush();
    JsonNode job = api.awaitEnd(id, out, Duration.ofMinutes(30));
    if (!job.path("state").asText().equals("PUBLISHED")) {
      throw new IllegalStateException(
          "the demo run ended "
              + job.path("state").asText()
              + ": "
              + job.path("reason").asText()
              + " "
              + job.path("errors"));
    }
    out.printf(
        "The demo run %s is published and served through the load balancer at %s%n",
        api.awaitServed(FleetApi.DEMO_MODEL, Duration.ofSeconds(60))
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "the demo run is published but the query services do not serve it after 60 s")),
        layout.queryUrl());
    out.flush();
  }

  /** The fleet's ingestion and query APIs, with the operator's key. */
  public FleetApi api() throws IOException {
    return new FleetApi(layout, operatorKey());
  }

  /** Every part: whether it runs and answers, and where. */
  public List<PartStatus> status() {
    List<PartStatus> parts = new ArrayList<>();
    List<RunningNode> nodes = LocalElasticsearch.running(layout.home());
    List<String> urls = layout.elasticsearchUrls();
    for (int i = 0; i < urls.size(); i++) {
      String url = urls.get(i);
      Optional<RunningNode> node = nodes.stream().filter(n -> n.url().equals(url)).findFirst();
      parts.add(
          new PartStatus(
              "elasticsearch-" + i,
              url,
              node.map(n -> n.pids().getFirst()),
              node.isPresent() ? elasticsearchHealth(url) : "not running"));
    }
    Optional<RunningBroker> broker = LocalKafka.running(layout.home());
    parts.add(
        new PartStatus(
            "kafka",
            layout.kafkaBootstrap(),
            broker.map(RunningBroker::pid),
            broker.isPresent() ? "running" : "not running"));
    for (Instance instance : allInstances()) {
      Optional<FleetProcess> process = FleetProcess.find(layout, instance.name());
      parts.add(
          new PartStatus(
              instance.name(),
              instance.url(),
              process.map(FleetProcess::pid),
              process.isPresent()
                  ? answer(URI.create(instance.url() + READINESS))
                  : "not running"));
    }
    Optional<FleetProcess> balancer = FleetProcess.find(layout, "haproxy");
    parts.add(
        new PartStatus(
            "haproxy",
            layout.queryUrl()
                + "/ (queries, forecast explorer), "
                + layout.ingestUrl()
                + "/console/ (ingestion, console)",
            balancer.map(FleetProcess::pid),
            balancer.isPresent()
                ? answer(URI.create(layout.queryUrl() + READINESS))
                : "not running"));
    Optional<FleetProcess> exporter = FleetProcess.find(layout, EXPORTER);
    parts.add(
        new PartStatus(
            EXPORTER,
            exporterUrl(),
            exporter.map(FleetProcess::pid),
            exporter.isPresent() ? answer(URI.create(exporterUrl())) : "not running"));
    Optional<FleetProcess> prometheus = FleetProcess.find(layout, "prometheus");
    parts.add(
        new PartStatus(
            "prometheus",
            layout.prometheusUrl(),
            prometheus.map(FleetProcess::pid),
            prometheus.isPresent()
                ? answer(URI.create(layout.prometheusUrl() + "/-/ready"))
                : "not running"));
    return parts;
  }

  /**
   * Stops what {@link #up} started, in reverse order: Prometheus, the load balancer, the query
   * services, the ingestion services (each given 30 s to finish its work and let go of its chunks),
   * Kafka, Elasticsearch. Returns the names of the parts it stopped.
   */
  public List<String> down() {
    List<String> stopped = new ArrayList<>();
    List<String> names = new ArrayList<>(List.of("prometheus", EXPORTER, "haproxy"));
    layout.queryInstances().forEach(instance -> names.add(instance.name()));
    layout.ingestInstances().forEach(instance -> names.add(instance.name()));
    for (String name : names) {
      FleetProcess.find(layout, name)
          .ifPresent(
              process -> {
                process.stop(STOP_GRACE);
                stopped.add(name);
              });
    }
    LocalKafka.stopRunning(layout.home()).ifPresent(broker -> stopped.add("kafka"));
    for (RunningNode node : LocalElasticsearch.stopRunning(layout.home())) {
      stopped.add("elasticsearch " + node.url());
    }
    return stopped;
  }

  /**
   * Kills a service instance, the load balancer or Prometheus with SIGKILL (a fault); false if it
   * did not run.
   */
  public boolean kill(String part) {
    Optional<FleetProcess> process = FleetProcess.find(layout, part);
    process.ifPresent(FleetProcess::kill);
    return process.isPresent();
  }

  /**
   * Stops a service instance cleanly (SIGTERM, SIGKILL after 60 s), as a rolling restart or a
   * deployment does: it finishes what it has in progress; {@link #up} starts it again. False if it
   * did not run.
   */
  public boolean stop(String part) {
    Optional<FleetProcess> process = FleetProcess.find(layout, part);
    process.ifPresent(running -> running.stop(Duration.ofSeconds(60)));
    return process.isPresent();
  }

  /** The operator's API key of the ingestion services. */
  public String operatorKey() throws IOException {
    return Files.readString(layout.operatorKeyFile()).strip();
  }

  /**
   * The administrator's connection to the fleet's Elasticsearch (for tests and operators' checks).
   */
  public ElasticsearchSettings elasticsearch(Role role) {
    ElasticsearchSettings local =
        LocalCredentials.read(LocalCredentials.directory(layout.home()), role)
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "no "
                            + role.id()
                            + " credential under "
                            + layout.home()
                            + ": is the fleet up?"));
    return local.withUris(layout.elasticsearchUrls().stream().map(URI::create).toList());
  }

  private List<Instance> allInstances() {
    List<Instance> all = new ArrayList<>(layout.ingestInstances());
    all.addAll(layout.queryInstances());
    return all;
  }

  private void elasticsearchUp(PrintWriter out) {
    List<RunningNode> running = LocalElasticsearch.running(layout.home());
    if (running.size() == layout.elasticsearchNodes()) {
      out.printf("Elasticsearch: %d nodes already run%n", running.size());
      return;
    }
    out.printf(
        "Elasticsearch: starting %d of %d secured nodes (%s heap each) at %s...%n",
        layout.elasticsearchNodes() - running.size(),
        layout.elasticsearchNodes(),
        config.elasticsearchHeap(),
        String.join(", ", layout.elasticsearchUrls()));
    out.flush();
    // The nodes that run stay; those that do not (first start, or killed) start and join them.
    new LocalElasticsearch(
            LocalElasticsearch.Config.builder()
                .distribution(config.distribution())
                .baseDir(layout.home())
                .firstHttpPort(layout.elasticsearchHttpPort())
                .firstTransportPort(layout.elasticsearchTransportPort())
                .nodes(layout.elasticsearchNodes())
                .heap(config.elasticsearchHeap())
                .clusterName("fleet")
                .startTimeout(Duration.ofSeconds(300))
                .detached(true)
                .secured(true)
                .credentialsDir(LocalCredentials.directory(layout.home()))
                .build())
        .startMissing();
  }

  /**
   * Stops Elasticsearch node {@code index} cleanly (SIGTERM, SIGKILL after 60 s), as a rolling
   * restart does; {@link #up} starts it again. False if it did not run.
   */
  public boolean stopElasticsearchNode(int index) {
    Optional<RunningNode> node = runningNode(index);
    node.ifPresent(
        running -> {
          List<ProcessHandle> handles =
              running.pids().stream().map(ProcessHandle::of).flatMap(Optional::stream).toList();
          handles.forEach(ProcessHandle::destroy);
          for (ProcessHandle handle : handles) {
            try {
              handle.onExit().get(60, TimeUnit.SECONDS);
            } catch (TimeoutException | ExecutionException e) {
              handle.destroyForcibly();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              return;
            }
          }
        });
    return node.isPresent();
  }

  /**
   * Waits until every node is in the cluster and every copy of every shard is started (green), at
   * most {@code limit}; returns the cluster's status then (green, or what it was when the limit
   * came).
   */
  public String awaitGreen(Duration limit) throws IOException, InterruptedException {
    try (ClusterApi api = new ClusterApi(elasticsearch(Role.ADMIN))) {
      Instant deadline = Instant.now().plus(limit);
      String status = "unknown";
      while (Instant.now().isBefore(deadline)) {
        try {
          JsonNode health =
              api.require(
                  "GET",
                  "/_cluster/health?wait_for_status=green&wait_for_nodes="
                      + layout.elasticsearchNodes()
                      + "&timeout=10s",
                  null);
          status =
              health.path("number_of_nodes").asInt() == layout.elasticsearchNodes()
                  ? health.path("status").asText()
                  : health.path("number_of_nodes").asInt() + " nodes";
        } catch (IOException notAnswering) {
          status = "no answer (" + notAnswering.getMessage() + ")";
          Thread.sleep(1000);
        }
        if (status.equals("green")) {
          break;
        }
      }
      return status;
    }
  }

  private Optional<RunningNode> runningNode(int index) {
    String url = layout.elasticsearchUrls().get(index);
    return LocalElasticsearch.running(layout.home()).stream()
        .filter(running -> running.url().equals(url))
        .findFirst();
  }

  /**
   * Kills Elasticsearch node {@code index} (its launcher and server JVM) with SIGKILL: a fault, no
   * clean shutdown. {@link #up} starts it again. False if it did not run.
   */
  public boolean killElasticsearchNode(int index) {
    Optional<RunningNode> node = runningNode(index);
    node.ifPresent(
        running ->
            running
                .pids()
                .forEach(
                    pid ->
                        ProcessHandle.of(pid)
                            .ifPresent(
                                handle -> {
                                  handle.destroyForcibly();
                                  handle.onExit().join();
                                })));
    return node.isPresent();
  }

  private void kafkaUp(PrintWriter out) {
    if (LocalKafka.running(layout.home()).isPresent()) {
      out.println("Kafka: already runs");
      return;
    }
    out.printf("Kafka: starting the broker at %s...%n", layout.kafkaBootstrap());
    out.flush();
    new LocalKafka(
            LocalKafka.Config.builder()
                .home(layout.home())
                .port(layout.kafkaPort())
                .controllerPort(layout.kafkaControllerPort())
                .detached(true)
                .build())
        .start();
  }

  private void serviceUp(
      PrintWriter out, Instance instance, Path jar, Map<String, String> environment, int nice)
      throws IOException {
    if (FleetProcess.find(layout, instance.name()).isPresent()) {
      out.printf("%s: already runs%n", instance.name());
      return;
    }
    out.printf(
        "%s: starting on %s (log %s)%n",
        instance.name(), instance.url(), layout.log(instance.name()));
    out.flush();
    List<String> command = new ArrayList<>();
    command.add(config.java().toString());
    command.addAll(JvmOptionsFile.argumentsFor(jar, List.of()));
    command.addAll(
        List.of(
            "-Xms" + config.serviceHeap(),
            "-Xmx" + config.serviceHeap(),
            "--enable-native-access=ALL-UNNAMED",
            "-jar",
            jar.toString()));
    FleetProcess.start(layout, instance.name(), instance.url(), command, environment, nice);
  }

  /**
   * An instance's environment: what Compose gives the service of the same name, made local ({@link
   * LocalMapping}: the cluster's nodes and CA, Kafka, the API keys, where it listens...), and the
   * role's credential.
   */
  private Map<String, String> serviceEnvironment(
      LocalMapping mapping, Instance instance, Role role) {
    ElasticsearchSettings credential = elasticsearch(role);
    Map<String, String> environment = new LinkedHashMap<>(config.serviceEnvironment());
    environment.putAll(mapping.environment(instance.name()));
    environment.put("SPOTCAST_HOME", layout.home().toString());
    // The services read no credential file: the role's credential goes in the environment, not on
    // the command line (/proc/PID/environ is readable by its owner only). The nodes and the CA come
    // from Compose, mapped.
    environment.put("SPOTCAST_ELASTICSEARCH_USERNAME", credential.username());
    environment.put("SPOTCAST_ELASTICSEARCH_PASSWORD", credential.password());
    return environment;
  }

  private void balancerUp(PrintWriter out, LocalMapping mapping)
      throws IOException, InterruptedException {
    Files.writeString(layout.balancerConfig(), FleetConfigFiles.haproxy(mapping));
    if (FleetProcess.find(layout, "haproxy").isEmpty()) {
      out.printf(
          "haproxy: queries and the forecast explorer at %s/, ingestion and its console at %s/console/,"
              + " statistics at http://127.0.0.1:%d/%n",
          layout.queryUrl(), layout.ingestUrl(), layout.balancerStatsPort());
      out.flush();
      FleetProcess.start(
          layout,
          "haproxy",
          layout.queryUrl(),
          List.of(config.haproxy().toString(), "-db", "-f", layout.balancerConfig().toString()),
          Map.of(),
          0);
    }
    awaitReady("haproxy", URI.create(layout.queryUrl() + READINESS));
  }

  private String exporterUrl() {
    return "http://127.0.0.1:" + layout.elasticsearchExporterPort() + "/metrics";
  }

  /**
   * The Elasticsearch exporter (prometheus-elasticsearch-exporter) with Compose's arguments, made
   * local: cluster health, every node's statistics, as the monitoring user, who can read no
   * document. Its credential in its environment, never on its command line.
   */
  private void exporterUp(PrintWriter out, LocalMapping mapping)
      throws IOException, InterruptedException {
    if (FleetProcess.find(layout, EXPORTER).isEmpty()) {
      ElasticsearchSettings monitor = elasticsearch(Role.MONITOR);
      out.printf("%s: %s%n", EXPORTER, exporterUrl());
      out.flush();
      List<String> command = new ArrayList<>(List.of(config.elasticsearchExporter().toString()));
      command.addAll(mapping.command(mapping.service(LocalMapping.Part.EXPORTER)));
      command.add(
          "--web.listen-address=" + LocalMapping.loopback(layout.elasticsearchExporterPort()));
      FleetProcess.start(
          layout,
          EXPORTER,
          exporterUrl(),
          command,
          Map.of("ES_USERNAME", monitor.username(), "ES_PASSWORD", monitor.password()),
          0);
    }
    awaitReady(EXPORTER, URI.create(exporterUrl()));
  }

  private void prometheusUp(PrintWriter out, LocalMapping mapping)
      throws IOException, InterruptedException {
    Files.writeString(layout.prometheusConfig(), FleetConfigFiles.prometheus(mapping));
    Files.createDirectories(layout.prometheusRules());
    Files.writeString(
        layout.prometheusRules().resolve("spotcast.yml"), ComposeFleet.bundledPrometheusRules());
    if (FleetProcess.find(layout, "prometheus").isEmpty()) {
      out.printf("prometheus: %s%n", layout.prometheusUrl());
      out.flush();
      Files.createDirectories(layout.prometheusData());
      FleetProcess.start(
          layout,
          "prometheus",
          layout.prometheusUrl(),
          List.of(
              config.prometheus().toString(),
              "--config.file=" + layout.prometheusConfig(),
              "--storage.tsdb.path=" + layout.prometheusData(),
              "--storage.tsdb.retention.time=2d",
              "--web.listen-address=127.0.0.1:" + layout.prometheusPort()),
          Map.of(),
          0);
    }
    awaitReady("prometheus", URI.create(layout.prometheusUrl() + "/-/ready"));
  }

  /**
   * Waits until {@code uri} answers 200; fails with the tail of the part's log when it exits or
   * takes too long.
   */
  private void awaitReady(String part, URI uri) throws IOException, InterruptedException {
    Instant deadline = Instant.now().plus(SERVICE_START);
    String last = "no answer";
    while (Instant.now().isBefore(deadline)) {
      if (FleetProcess.find(layout, part).isEmpty()) {
        throw new IllegalStateException(
            part
                + " exited while starting; the end of "
                + layout.log(part)
                + ":\n"
                + tail(layout.log(part)));
      }
      last = answer(uri);
      if (last.equals("ready")) {
        return;
      }
      Thread.sleep(500);
    }
    throw new IllegalStateException(
        part
            + " did not answer at "
            + uri
            + " within "
            + SERVICE_START.toSeconds()
            + " s ("
            + last
            + "); the end of "
            + layout.log(part)
            + ":\n"
            + tail(layout.log(part)));
  }

  private String answer(URI uri) {
    try {
      HttpResponse<Void> response =
          http.send(
              HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
              HttpResponse.BodyHandlers.discarding());
      return response.statusCode() == 200 ? "ready" : "answers " + response.statusCode();
    } catch (IOException e) {
      return "does not answer (" + e.getClass().getSimpleName() + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  /** The cluster's health as the node at {@code url} sees it. */
  private String elasticsearchHealth(String url) {
    ElasticsearchSettings admin = elasticsearch(Role.ADMIN).withUris(List.of(URI.create(url)));
    try (ClusterApi api = new ClusterApi(admin)) {
      ClusterHealth health = api.awaitHealth(1, Duration.ZERO);
      return "cluster " + health.status() + ", " + health.numberOfNodes() + " nodes";
    } catch (IOException e) {
      return "does not answer (" + e.getMessage() + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  /** A random API key, made once and kept (mode 600) in {@code file}. */
  private static String keyOnce(Path file) throws IOException {
    if (Files.isRegularFile(file)) {
      return Files.readString(file).strip();
    }
    byte[] random = new byte[32];
    new SecureRandom().nextBytes(random);
    String key = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    Path staging = file.resolveSibling(file.getFileName() + ".tmp");
    Files.deleteIfExists(staging);
    Files.createFile(
        staging,
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Files.writeString(staging, key + "\n");
    Files.move(staging, file);
    return key;
  }

  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(cannot read " + log + ": " + e.getMessage() + ")";
    }
  }

  /**
   * One part of the fleet: its name, where it answers, its pid while it runs, and what it answers.
   */
  public record PartStatus(String name, String url, Optional<Long> pid, String state) {}

  /**
   * What a fleet is made of: its layout, the Elasticsearch distribution, the services' jars, the
   * Java they run on, the heaps, the load balancer's and Prometheus' programs, environment
   * variables every service gets (e.g. {@code SPOTCAST_ECCODES_HOME}), and the nice value the
   * ingestion instances run at, behind the query services and the nodes ({@link LoaderPriority}; 0:
   * beside them).
   */
  public record Config(
      FleetLayout layout,
      Path distribution,
      Path queryServiceJar,
      Path ingestServiceJar,
      Path java,
      String elasticsearchHeap,
      String serviceHeap,
      Path haproxy,
      Path prometheus,
      Path elasticsearchExporter,
      Map<String, String> serviceEnvironment,
      int loaderNice) {
    public Config {
      serviceEnvironment = Map.copyOf(serviceEnvironment);
      LoaderPriority.checked(loaderNice);
    }
  }
}
