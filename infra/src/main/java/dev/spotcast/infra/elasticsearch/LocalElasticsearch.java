package dev.spotcast.infra.elasticsearch;

import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.infra.process.LogTail;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Elasticsearch cluster of one or more nodes running as local processes, started from the
 * server distribution zip on Maven Central. Used by tests where Docker is not available, and by the
 * CLI for development.
 *
 * <pre>{@code
 * try (var es = new LocalElasticsearch(LocalElasticsearch.Config.builder().firstHttpPort(9250).build()).start()) {
 *   String url = es.url(); // http://127.0.0.1:9250
 * }
 * }</pre>
 */
public final class LocalElasticsearch implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LocalElasticsearch.class);

  private static final Duration STOP_GRACE = Duration.ofSeconds(30);
  private static final Duration HEALTH_WAIT = Duration.ofSeconds(5);
  private static final Duration RETRY_PAUSE = Duration.ofMillis(500);
  private static final int LOG_TAIL_LINES = 40;

  private final Config config;
  private final List<NodeLayout> nodes;
  private final List<NodeProcess> processes = new ArrayList<>();

  /**
   * The nodes this instance launched (all of {@link #processes} but those {@link #startMissing}
   * found running).
   */
  private final List<NodeProcess> launched = new ArrayList<>();

  /** The administrator's connection, known once {@link #start()} has prepared the nodes. */
  private ElasticsearchSettings admin;

  public LocalElasticsearch(Config config) {
    this.config = config;
    this.nodes =
        IntStream.range(0, config.nodes()).mapToObj(index -> NodeLayout.of(config, index)).toList();
  }

  /**
   * Unpacks the distribution if needed, writes each node's configuration, starts the nodes and
   * returns once the cluster is yellow or green with all of them. On failure, stops what it started
   * and throws an {@link IllegalStateException} whose message ends with the tail of the nodes'
   * console logs.
   */
  public synchronized LocalElasticsearch start() {
    return start(false);
  }

  /**
   * Starts the nodes of this cluster that do not run (killed, or stopped by hand), keeps those that
   * do, and returns once the cluster is yellow or green with all of them: how a node rejoins after
   * a failure. A node started again keeps its data, certificates and credentials. On failure, stops
   * only the nodes it started.
   */
  public synchronized LocalElasticsearch startMissing() {
    return start(true);
  }

  private LocalElasticsearch start(boolean keepRunning) {
    if (!processes.isEmpty()) {
      throw new IllegalStateException("Cluster '" + config.clusterName() + "' is already started");
    }
    NodeUser user = NodeUser.forThisProcess();
    Path javaHome = NodeProcess.javaHome(System.getenv(), Path.of(System.getProperty("java.home")));
    Instant begin = Instant.now();
    Map<NodeLayout, NodeProcess> kept = new HashMap<>();
    if (keepRunning) {
      for (NodeLayout node : nodes) {
        NodeProcess.find(node.dir()).ifPresent(process -> kept.put(node, process));
      }
    }
    try {
      requireNothingListening(kept.keySet());
      FileTrees.createTraversable(config.baseDir());
      user.requireTraversable(config.baseDir());
      Path home = ElasticsearchDistribution.unpackOnce(config.distribution(), config.baseDir());
      if (kept.isEmpty()) {
        prepareClusterDir();
      }
      log.info(
          "Starting {} of the {} node(s) of Elasticsearch cluster '{}' from {} as {} with the Java in {}, {}",
          nodes.size() - kept.size(),
          nodes.size(),
          config.clusterName(),
          home,
          user,
          javaHome,
          config.secured() ? "secured" : "open (no TLS, no authentication)");
      Path certs = null;
      Map<Role, ElasticsearchSettings> credentials = Map.of();
      Map<String, String> securityFiles = Map.of();
      if (config.secured()) {
        certs = ClusterSecurity.certificatesOnce(home, config.baseDir(), javaHome);
        credentials =
            ClusterSecurity.credentials(
                url(), certs.resolve(ClusterSecurity.CA_CERT), config.credentialsDir());
        securityFiles = ClusterSecurity.securityFiles(credentials);
        admin = credentials.get(Role.ADMIN);
      } else {
        admin = ElasticsearchSettings.of(url());
        // Credentials of an earlier secured start would point clients at TLS and keys this node
        // does not have.
        LocalCredentials.deleteAll(config.credentialsDir());
      }
      for (NodeLayout node : nodes) {
        if (!kept.containsKey(node)) {
          prepareNodeDir(node, home, user, certs, securityFiles);
        }
      }
      for (NodeLayout node : nodes) {
        NodeProcess process = kept.get(node);
        if (process == null) {
          process = NodeProcess.launch(node, home, javaHome, user, config.detached());
          launched.add(process);
        }
        processes.add(process);
      }
      ClusterHealth health = awaitCluster(begin.plus(config.startTimeout()));
      for (NodeProcess process : launched) {
        process.record();
      }
      if (config.secured()) {
        ClusterSecurity.writeCredentials(credentials, config.credentialsDir());
      }
      log.info(
          "Cluster '{}' is {} with {} node(s) at {} after {} ms",
          config.clusterName(),
          health.status(),
          health.numberOfNodes(),
          url(),
          Duration.between(begin, Instant.now()).toMillis());
      return this;
    } catch (IOException | RuntimeException e) {
      stopAfterFailedStart(e);
      throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stopAfterFailedStart(e);
      throw new IllegalStateException(
          "Interrupted while starting cluster '" + config.clusterName() + "'", e);
    }
  }

  /** The configuration this cluster was created with. */
  public Config config() {
    return config;
  }

  /** The HTTP base URL of the first node, e.g. {@code https://127.0.0.1:9200}. */
  public String url() {
    return nodes.getFirst().url();
  }

  /**
   * The connection of {@code role} to the started cluster: its CA and credential from the
   * credential files of a secured cluster; the anonymous URL for every role of an open one.
   */
  public ElasticsearchSettings settings(Role role) {
    if (!config.secured()) {
      return ElasticsearchSettings.of(url());
    }
    return LocalCredentials.read(config.credentialsDir(), role)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "No "
                        + role.id()
                        + " credential in "
                        + config.credentialsDir()
                        + "; is cluster '"
                        + config.clusterName()
                        + "' started?"));
  }

  /** Where each node lives and listens, first node first. */
  public List<NodeLayout> nodes() {
    return nodes;
  }

  /** The process ids of every running process of every node (launcher and server JVMs). */
  public synchronized List<Long> pids() {
    return processes.stream()
        .flatMap(process -> process.processes().stream())
        .map(ProcessHandle::pid)
        .toList();
  }

  /**
   * Stops the processes this instance started, the whole tree of each node, and waits until they
   * have exited. An ephemeral cluster's directories are deleted afterwards. Does nothing if nothing
   * runs.
   */
  public synchronized void stop() {
    stopNodes();
    if (config.ephemeral()) {
      try {
        FileTrees.delete(NodeLayout.clusterDir(config));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** Stops the cluster, unless it is detached: detached nodes outlive this JVM by design. */
  @Override
  public void close() {
    if (!config.detached()) {
      stop();
    }
  }

  /** The nodes under {@code baseDir} that some JVM started and that still run. */
  public static List<RunningNode> running(Path baseDir) {
    return recordedNodes(baseDir).map(NodeProcess::describe).toList();
  }

  /**
   * Stops every node under {@code baseDir} that some JVM started (detached or not) and returns
   * those it stopped.
   */
  public static List<RunningNode> stopRunning(Path baseDir) {
    return recordedNodes(baseDir)
        .map(
            process -> {
              RunningNode stopped = process.describe();
              process.stop(STOP_GRACE);
              return stopped;
            })
        .toList();
  }

  private static Stream<NodeProcess> recordedNodes(Path baseDir) {
    Path clusters = NodeLayout.clustersDir(baseDir);
    if (!Files.isDirectory(clusters)) {
      return Stream.empty();
    }
    try (Stream<Path> nodeDirs =
        Files.find(
            clusters,
            3,
            (path, attributes) -> path.getFileName().toString().equals(NodeProcess.RECORD_FILE))) {
      return nodeDirs.map(Path::getParent).sorted().toList().stream()
          .map(NodeProcess::find)
          .flatMap(Optional::stream);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void requireNothingListening(Set<NodeLayout> kept) {
    for (NodeLayout node : nodes) {
      if (kept.contains(node)) {
        continue;
      }
      Optional<NodeProcess> running = NodeProcess.find(node.dir());
      if (running.isPresent()) {
        throw new IllegalStateException(
            node.name()
                + " of cluster '"
                + config.clusterName()
                + "' is already running"
                + " (pids "
                + running.get().describe().pids()
                + ") from "
                + node.dir()
                + "; stop it first");
      }
      requireFree(node.httpPort(), "HTTP", node);
      requireFree(node.transportPort(), "transport", node);
    }
  }

  private void prepareClusterDir() throws IOException {
    Path clusterDir = NodeLayout.clusterDir(config);
    if (config.ephemeral()) {
      FileTrees.delete(clusterDir);
    }
    FileTrees.createTraversable(clusterDir);
  }

  private static void requireFree(int port, String purpose, NodeLayout node) {
    if (!LoopbackPorts.isFree(port)) {
      throw new IllegalStateException(
          "Port "
              + port
              + " on "
              + NodeLayout.HOST
              + " ("
              + purpose
              + " port of "
              + node.name()
              + ") is already in use; is another Elasticsearch running there?");
    }
  }

  /**
   * Writes the node's configuration; with {@code certs} (a secured cluster) its certificates and
   * file realm too.
   */
  private void prepareNodeDir(
      NodeLayout node, Path home, NodeUser user, Path certs, Map<String, String> securityFiles)
      throws IOException {
    // Scratch space of the previous run only; emptied so that it cannot grow over restarts.
    FileTrees.delete(node.tmpDir());
    for (Path dir : List.of(node.dataDir(), node.logsDir(), node.tmpDir())) {
      FileTrees.createTraversable(dir);
    }
    // Copied once, so that the keystore Elasticsearch creates there survives restarts of a
    // persistent cluster.
    if (!Files.isDirectory(node.configDir())) {
      copyTree(home.resolve("config"), node.configDir());
    }
    Files.writeString(
        node.configDir().resolve("elasticsearch.yml"),
        NodeConfigFiles.elasticsearchYml(config, node, nodes));
    Path jvmOptions = node.configDir().resolve("jvm.options.d");
    Files.createDirectories(jvmOptions);
    Files.writeString(
        jvmOptions.resolve("heap.options"), NodeConfigFiles.heapOptions(config.heap()));
    Files.writeString(
        jvmOptions.resolve(NodeConfigFiles.READ_ADVICE_FILE), NodeConfigFiles.readAdviceOptions());
    if (certs != null) {
      ClusterSecurity.installFiles(certs, securityFiles, node.configDir());
    }
    user.takeOwnership(node.dir(), node.dataDir());
    // Shared by the nodes; what Elasticsearch writes below it is its own already.
    FileTrees.createTraversable(node.repoDir());
    user.takeOwnership(node.repoDir(), node.repoDir());
  }

  private static void copyTree(Path source, Path target) throws IOException {
    try (Stream<Path> paths = Files.walk(source)) {
      for (Path path : paths.toList()) {
        Path copy = target.resolve(source.relativize(path).toString());
        if (Files.isDirectory(path)) {
          Files.createDirectories(copy);
        } else {
          Files.copy(path, copy);
        }
      }
    }
  }

  private ClusterHealth awaitCluster(Instant deadline) throws InterruptedException {
    String lastAnswer = "no answer yet";
    try (ClusterApi api = new ClusterApi(admin)) {
      while (true) {
        for (int index = 0; index < nodes.size(); index++) {
          if (!processes.get(index).isAlive()) {
            throw startFailure(
                nodes.get(index).name() + " exited during startup", List.of(nodes.get(index)));
          }
        }
        Duration remaining = Duration.between(Instant.now(), deadline);
        if (remaining.isNegative() || remaining.isZero()) {
          throw startFailure(
              "did not become yellow with "
                  + nodes.size()
                  + " node(s) within "
                  + config.startTimeout().toSeconds()
                  + " s (last health: "
                  + lastAnswer
                  + ")",
              nodes);
        }
        try {
          ClusterHealth health =
              api.awaitHealth(
                  nodes.size(), remaining.compareTo(HEALTH_WAIT) < 0 ? remaining : HEALTH_WAIT);
          if (!health.clusterName().equals(config.clusterName())) {
            throw startFailure(
                "found another cluster, '" + health.clusterName() + "', at " + url(), nodes);
          }
          // A node that just left may still be counted for a moment: every node must answer on its
          // own port too.
          if (!health.timedOut()
              && health.isUsable()
              && health.numberOfNodes() == nodes.size()
              && nodes.stream().allMatch(this::answers)) {
            return health;
          }
          lastAnswer = health.toString();
        } catch (IOException e) {
          // Not listening yet: the JVMs take a while to boot.
          lastAnswer = "none from " + url() + " (" + e.getClass().getSimpleName() + ")";
          Thread.sleep(RETRY_PAUSE);
        }
      }
    }
  }

  /** Whether {@code node} answers HTTP requests (as the administrator, on a secured cluster). */
  private boolean answers(NodeLayout node) {
    try (ClusterApi api = new ClusterApi(admin.withUris(List.of(URI.create(node.url()))))) {
      return api.send("GET", "/_cluster/health", null).status() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private IllegalStateException startFailure(String what, List<NodeLayout> nodesToShow) {
    StringBuilder message =
        new StringBuilder("Elasticsearch cluster '" + config.clusterName() + "' " + what);
    for (NodeLayout node : nodesToShow) {
      message
          .append("\n--- last ")
          .append(LOG_TAIL_LINES)
          .append(" lines of ")
          .append(node.consoleLog())
          .append(" ---\n")
          .append(LogTail.of(node.consoleLog(), LOG_TAIL_LINES));
    }
    return new IllegalStateException(message.toString());
  }

  private void stopAfterFailedStart(Exception cause) {
    try {
      for (NodeProcess process : launched.reversed()) {
        process.stop(STOP_GRACE);
      }
    } catch (RuntimeException e) {
      cause.addSuppressed(e);
    }
    processes.clear();
    launched.clear();
    // The node directories stay, even for an ephemeral cluster: their logs explain the failure.
  }

  /** Stops the nodes this instance started, last first, and forgets them. */
  private void stopNodes() {
    for (NodeProcess process : processes.reversed()) {
      process.stop(STOP_GRACE);
    }
    processes.clear();
    launched.clear();
  }

  /**
   * How to run a local cluster.
   *
   * @param distribution the server distribution zip
   * @param baseDir where the distribution is unpacked and the node directories live; when this
   *     process is root, every directory down to it must be traversable by nobody
   * @param firstHttpPort HTTP port of node 0; node i listens on firstHttpPort + i
   * @param firstTransportPort transport port of node 0; node i listens on firstTransportPort + i
   * @param nodes how many nodes, 1 or more
   * @param heap JVM heap of each node, e.g. "1g" or "512m"
   * @param clusterName cluster name, also the name of the cluster's directory under
   *     baseDir/clusters
   * @param startTimeout how long {@link #start()} waits for the cluster to be yellow with all nodes
   * @param detached whether the nodes should outlive this JVM ({@link #close()} then leaves them
   *     running)
   * @param ephemeral whether the cluster's directories are deleted before start and after stop
   *     (tests)
   * @param settings extra elasticsearch.yml settings of every node
   * @param secured whether the nodes run with security on: TLS on HTTP and transport under a CA
   *     made once per base directory, authentication required, Spotcast's roles with one credential
   *     each ({@link ClusterSecurity})
   * @param credentialsDir where a secured cluster's credential files go, one per role ({@code
   *     LocalCredentials})
   */
  public record Config(
      Path distribution,
      Path baseDir,
      int firstHttpPort,
      int firstTransportPort,
      int nodes,
      String heap,
      String clusterName,
      Duration startTimeout,
      boolean detached,
      boolean ephemeral,
      Map<String, String> settings,
      boolean secured,
      Path credentialsDir) {

    private static final Pattern HEAP = Pattern.compile("\\d+[kmgKMG]?");
    private static final Pattern CLUSTER_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");

    public Config {
      if (nodes < 1) {
        throw new IllegalArgumentException("nodes must be at least 1, was " + nodes);
      }
      requirePortRange(firstHttpPort, nodes, "firstHttpPort");
      requirePortRange(firstTransportPort, nodes, "firstTransportPort");
      if (firstHttpPort < firstTransportPort + nodes
          && firstTransportPort < firstHttpPort + nodes) {
        throw new IllegalArgumentException(
            "HTTP ports "
                + firstHttpPort
                + "+ and transport ports "
                + firstTransportPort
                + "+ overlap for "
                + nodes
                + " nodes");
      }
      if (!HEAP.matcher(heap).matches()) {
        throw new IllegalArgumentException("heap must look like 512m or 2g, was '" + heap + "'");
      }
      if (!CLUSTER_NAME.matcher(clusterName).matches()) {
        throw new IllegalArgumentException(
            "clusterName must be letters, digits, '.', '_' or '-', was '" + clusterName + "'");
      }
      if (detached && ephemeral) {
        throw new IllegalArgumentException(
            "a detached cluster outlives this JVM, so it cannot be ephemeral");
      }
      baseDir = baseDir.toAbsolutePath().normalize();
      settings = Map.copyOf(settings);
      credentialsDir =
          credentialsDir != null
              ? credentialsDir.toAbsolutePath().normalize()
              : NodeLayout.clustersDir(baseDir).resolve(clusterName).resolve("credentials");
    }

    private static void requirePortRange(int first, int nodes, String name) {
      if (first < 1 || first + nodes - 1 > 65535) {
        throw new IllegalArgumentException(
            name + " " + first + " leaves no room for " + nodes + " node(s)");
      }
    }

    public static Builder builder() {
      return new Builder();
    }

    /**
     * Builds a {@link Config}. Defaults: the distribution from {@link
     * ElasticsearchDistribution#defaultZip()}, base dir {@code java.io.tmpdir/spotcast-es}, ports
     * 9200 (HTTP) and HTTP + 100 (transport), 1 node, heap 1g, cluster "spotcast", start timeout
     * 120 s, attached, persistent, secured, credentials in the cluster's directory.
     */
    public static final class Builder {
      private Path distribution;
      private Path baseDir = Path.of(System.getProperty("java.io.tmpdir"), "spotcast-es");
      private int firstHttpPort = 9200;
      private Integer firstTransportPort;
      private int nodes = 1;
      private String heap = "1g";
      private String clusterName = "spotcast";
      private Duration startTimeout = Duration.ofSeconds(120);
      private boolean detached;
      private boolean ephemeral;
      private final Map<String, String> settings = new LinkedHashMap<>();
      private boolean secured = true;
      private Path credentialsDir;

      private Builder() {}

      public Builder distribution(Path distribution) {
        this.distribution = distribution;
        return this;
      }

      public Builder baseDir(Path baseDir) {
        this.baseDir = baseDir;
        return this;
      }

      public Builder firstHttpPort(int firstHttpPort) {
        this.firstHttpPort = firstHttpPort;
        return this;
      }

      public Builder firstTransportPort(int firstTransportPort) {
        this.firstTransportPort = firstTransportPort;
        return this;
      }

      public Builder nodes(int nodes) {
        this.nodes = nodes;
        return this;
      }

      public Builder heap(String heap) {
        this.heap = heap;
        return this;
      }

      public Builder clusterName(String clusterName) {
        this.clusterName = clusterName;
        return this;
      }

      public Builder startTimeout(Duration startTimeout) {
        this.startTimeout = startTimeout;
        return this;
      }

      public Builder detached(boolean detached) {
        this.detached = detached;
        return this;
      }

      public Builder ephemeral(boolean ephemeral) {
        this.ephemeral = ephemeral;
        return this;
      }

      public Config build() {
        return new Config(
            distribution != null ? distribution : ElasticsearchDistribution.defaultZip(),
            baseDir,
            firstHttpPort,
            firstTransportPort != null ? firstTransportPort : firstHttpPort + 100,
            nodes,
            heap,
            clusterName,
            startTimeout,
            detached,
            ephemeral,
            settings,
            secured,
            credentialsDir);
      }

      /** False runs the nodes open: plain HTTP, no authentication (experiments only). */
      public Builder secured(boolean secured) {
        this.secured = secured;
        return this;
      }

      /**
       * Where a secured cluster writes its credential files (default: {@code credentials/} in its
       * directory).
       */
      public Builder credentialsDir(Path credentialsDir) {
        this.credentialsDir = credentialsDir;
        return this;
      }

      /**
       * An extra elasticsearch.yml setting of every node, e.g. a tiny {@code
       * thread_pool.write.queue_size} to make the cluster answer 429 in a test.
       */
      public Builder setting(String key, String value) {
        settings.put(key, value);
        return this;
      }
    }
  }
}
