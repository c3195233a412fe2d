package dev.spotcast.infra.kafka;

import dev.spotcast.infra.elasticsearch.LoopbackPorts;
import dev.spotcast.infra.process.LogTail;
import dev.spotcast.infra.process.Programs;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.common.Uuid;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real single-node Kafka broker (KRaft: one JVM is both broker and controller, no ZooKeeper)
 * running as a local process from the {@code kafka_2.13} jars on Maven Central, for demos, manual
 * use and integration tests on machines without Docker. The broker is a separate JVM, so its Scala
 * and server dependencies never meet the caller's classpath, and it can outlive the JVM that
 * started it ({@code kafka start} in the CLI).
 *
 * <p>Everything lives under {@code HOME/kafka}: {@code server.properties}, the data in {@code
 * data/}, the broker's output in {@code broker.log} and the pid file. Data persists between starts.
 *
 * <pre>{@code
 * try (var kafka = new LocalKafka(LocalKafka.Config.builder().home(dir).port(29092).build()).start()) {
 *   String bootstrap = kafka.bootstrapServers(); // 127.0.0.1:29092
 * }
 * }</pre>
 */
public final class LocalKafka implements AutoCloseable {

  /**
   * Where the broker listens: loopback only, so a demo broker is never reachable from the network.
   */
  public static final String HOST = "127.0.0.1";

  private static final Logger log = LoggerFactory.getLogger(LocalKafka.class);

  private static final String MAIN_CLASS = "kafka.Kafka";
  private static final String STORAGE_TOOL = "kafka.tools.StorageTool";
  private static final Duration FORMAT_TIMEOUT = Duration.ofSeconds(120);
  private static final Duration STOP_GRACE = Duration.ofSeconds(30);
  private static final Duration POLL_PAUSE = Duration.ofMillis(200);
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(3);
  private static final int LOG_TAIL_LINES = 40;

  private final Config config;
  private BrokerProcess process;

  public LocalKafka(Config config) {
    this.config = config;
  }

  /**
   * Formats the storage on first use, writes {@code server.properties}, starts the broker and
   * returns once it answers an AdminClient's describeCluster with the cluster id it was formatted
   * with. On failure, stops what it started and throws an {@link IllegalStateException} whose
   * message ends with the tail of {@code broker.log}.
   */
  public synchronized LocalKafka start() {
    if (process != null) {
      throw new IllegalStateException("This broker is already started at " + bootstrapServers());
    }
    Instant begin = Instant.now();
    try {
      requireNotRunning();
      Files.createDirectories(config.dataDir());
      Files.writeString(config.serverProperties(), serverProperties(config));
      // The log shows this start only: format output (if any), then the broker's.
      Files.writeString(config.log(), "");
      String clusterId = formatOnce();
      List<String> command = new ArrayList<>();
      if (config.detached()) {
        // Its own session, so that closing the terminal that ran `kafka start` does not hang the
        // broker up.
        command.addAll(Programs.ownSession());
      }
      command.addAll(javaCommand(config.heap()));
      command.add(MAIN_CLASS);
      command.add(config.serverProperties().toString());
      log.info(
          "Starting Kafka broker at {} (controller port {}) in {}",
          bootstrapServers(),
          config.controllerPort(),
          config.dir());
      process = BrokerProcess.launch(command, config.dir(), config.log(), bootstrapServers());
      awaitBroker(clusterId, begin.plus(config.startTimeout()));
      log.info(
          "Kafka broker is up at {} (pid {}) after {} ms",
          bootstrapServers(),
          process.pid(),
          Duration.between(begin, Instant.now()).toMillis());
      return this;
    } catch (IOException e) {
      stopAfterFailedStart(e);
      throw new UncheckedIOException(e);
    } catch (RuntimeException e) {
      stopAfterFailedStart(e);
      throw e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stopAfterFailedStart(e);
      throw new IllegalStateException("Interrupted while starting the Kafka broker", e);
    }
  }

  /** Where clients connect, e.g. {@code 127.0.0.1:9092}. */
  public String bootstrapServers() {
    return HOST + ":" + config.port();
  }

  /** The configuration this broker was created with. */
  public Config config() {
    return config;
  }

  /** The broker JVM's process id, while this instance has it running. */
  public synchronized Optional<Long> pid() {
    return process != null && process.isAlive() ? Optional.of(process.pid()) : Optional.empty();
  }

  /**
   * Stops the broker this instance started and waits until its process has exited. Does nothing if
   * none runs.
   */
  public synchronized void stop() {
    if (process == null) {
      return;
    }
    process.stop(STOP_GRACE);
    process = null;
  }

  /** Stops the broker, unless it is detached: a detached broker outlives this JVM by design. */
  @Override
  public void close() {
    if (!config.detached()) {
      stop();
    }
  }

  /** The broker started from {@code home} by any JVM, if it still runs. */
  public static Optional<RunningBroker> running(Path home) {
    return BrokerProcess.find(Config.brokerDir(home)).map(BrokerProcess::describe);
  }

  /**
   * Stops the broker started from {@code home} by any JVM, if one runs, and returns what it
   * stopped.
   */
  public static Optional<RunningBroker> stopRunning(Path home) {
    return BrokerProcess.find(Config.brokerDir(home))
        .map(
            broker -> {
              RunningBroker stopped = broker.describe();
              broker.stop(STOP_GRACE);
              return stopped;
            });
  }

  /**
   * The broker's server.properties: one KRaft node in both roles, loopback listeners, replication
   * factor 1.
   */
  static String serverProperties(Config config) {
    String controller = HOST + ":" + config.controllerPort();
    return String.join(
        "\n",
        "# Written by spotcast-infra on every start; edits are lost.",
        "process.roles=broker,controller",
        "node.id=1",
        "controller.quorum.voters=1@" + controller,
        "listeners=PLAINTEXT://" + HOST + ":" + config.port() + ",CONTROLLER://" + controller,
        "advertised.listeners=PLAINTEXT://" + HOST + ":" + config.port(),
        "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
        "controller.listener.names=CONTROLLER",
        "inter.broker.listener.name=PLAINTEXT",
        "log.dirs=" + config.dataDir(),
        // Topics are created on purpose, with their partitions and settings, never by a typo in a
        // producer.
        "auto.create.topics.enable=false",
        "num.partitions=1",
        "default.replication.factor=1",
        "min.insync.replicas=1",
        "offsets.topic.replication.factor=1",
        "transaction.state.log.replication.factor=1",
        "transaction.state.log.min.isr=1",
        // A lone consumer should not wait 3 s for others to join its group.
        "group.initial.rebalance.delay.ms=0",
        "");
  }

  private void requireNotRunning() {
    Optional<BrokerProcess> running = BrokerProcess.find(config.dir());
    if (running.isPresent()) {
      throw new IllegalStateException(
          "A Kafka broker already runs from "
              + config.dir()
              + " (pid "
              + running.get().pid()
              + ", "
              + running.get().describe().bootstrapServers()
              + "); stop it first");
    }
    requireFree(config.port(), "PLAINTEXT");
    requireFree(config.controllerPort(), "CONTROLLER");
  }

  private static void requireFree(int port, String listener) {
    if (!LoopbackPorts.isFree(port)) {
      throw new IllegalStateException(
          "Port "
              + port
              + " on "
              + HOST
              + " (for the "
              + listener
              + " listener) is "
              + "already in use; is another Kafka running there? Choose another with --port");
    }
  }

  /** Formats the data directory unless it was formatted before, and returns its cluster id. */
  private String formatOnce() throws IOException, InterruptedException {
    Path meta = config.dataDir().resolve("meta.properties");
    if (!Files.isRegularFile(meta)) {
      String clusterId = Uuid.randomUuid().toString();
      List<String> command = new ArrayList<>(javaCommand("256m"));
      command.addAll(
          List.of(
              STORAGE_TOOL,
              "format",
              "--cluster-id",
              clusterId,
              "--config",
              config.serverProperties().toString(),
              "--ignore-formatted"));
      Process format =
          new ProcessBuilder(command)
              .directory(config.dir().toFile())
              .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(config.log().toFile()))
              .start();
      if (!format.waitFor(FORMAT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        format.destroyForcibly();
        throw failure(
            "formatting the storage did not finish within " + FORMAT_TIMEOUT.toSeconds() + " s");
      }
      if (format.exitValue() != 0 || !Files.isRegularFile(meta)) {
        throw failure("formatting the storage failed (exit code " + format.exitValue() + ")");
      }
    }
    Properties properties = new Properties();
    try (InputStream in = Files.newInputStream(meta)) {
      properties.load(in);
    }
    String clusterId = properties.getProperty("cluster.id");
    if (clusterId == null) {
      throw failure(meta + " names no cluster.id; delete " + config.dataDir() + " to start afresh");
    }
    return clusterId;
  }

  private List<String> javaCommand(String heap) {
    return List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xms" + heap,
        "-Xmx" + heap,
        "-XX:+ExitOnOutOfMemoryError",
        "-Djava.awt.headless=true",
        // The broker logs through SLF4J; slf4j-simple writes to its standard error, which is
        // broker.log.
        "-Dorg.slf4j.simpleLogger.showDateTime=true",
        "-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSS",
        "-cp",
        BrokerClasspath.asArgument());
  }

  /**
   * Waits for the port to accept connections (so that the AdminClient does not log a warning per
   * refused attempt), then for describeCluster to answer with our cluster id and one node.
   */
  private void awaitBroker(String clusterId, Instant deadline) throws InterruptedException {
    String lastAnswer = "no answer yet";
    while (!accepts(config.port())) {
      requireAliveBefore(deadline, lastAnswer);
      Thread.sleep(POLL_PAUSE);
    }
    int timeoutMillis = (int) REQUEST_TIMEOUT.toMillis();
    try (Admin admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                timeoutMillis,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                timeoutMillis,
                AdminClientConfig.RETRY_BACKOFF_MS_CONFIG,
                (int) POLL_PAUSE.toMillis()))) {
      while (true) {
        requireAliveBefore(deadline, lastAnswer);
        try {
          DescribeClusterResult cluster = admin.describeCluster();
          String answeredId =
              cluster.clusterId().get(REQUEST_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
          int nodes = cluster.nodes().get(REQUEST_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).size();
          if (!clusterId.equals(answeredId)) {
            throw failure(
                "another Kafka cluster (" + answeredId + ") answers at " + bootstrapServers());
          }
          if (nodes == 1) {
            return;
          }
          lastAnswer = nodes + " nodes";
        } catch (ExecutionException | TimeoutException e) {
          lastAnswer = String.valueOf(e.getCause() != null ? e.getCause() : e);
        }
        Thread.sleep(POLL_PAUSE);
      }
    }
  }

  private void requireAliveBefore(Instant deadline, String lastAnswer) {
    if (!process.isAlive()) {
      throw failure("the broker exited during startup");
    }
    if (!Instant.now().isBefore(deadline)) {
      throw failure(
          "the broker did not answer at "
              + bootstrapServers()
              + " within "
              + config.startTimeout().toSeconds()
              + " s (last answer: "
              + lastAnswer
              + ")");
    }
  }

  private static boolean accepts(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(HOST, port), (int) POLL_PAUSE.toMillis());
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private IllegalStateException failure(String what) {
    return new IllegalStateException(
        "Kafka broker in "
            + config.dir()
            + ": "
            + what
            + ". Last lines of "
            + config.log()
            + ":\n"
            + LogTail.of(config.log(), LOG_TAIL_LINES));
  }

  private void stopAfterFailedStart(Exception cause) {
    if (process != null) {
      try {
        process.stop(STOP_GRACE);
      } catch (RuntimeException e) {
        cause.addSuppressed(e);
      }
      process = null;
    }
  }

  /**
   * How to run the broker.
   *
   * @param home the Spotcast home; the broker lives in {@code home/kafka}
   * @param port the PLAINTEXT port clients connect to
   * @param controllerPort the KRaft controller's port
   * @param heap the broker JVM's heap, e.g. "512m"
   * @param startTimeout how long {@link #start()} waits for the broker to answer
   * @param detached whether the broker outlives this JVM ({@link #close()} then leaves it running)
   */
  public record Config(
      Path home,
      int port,
      int controllerPort,
      String heap,
      Duration startTimeout,
      boolean detached) {

    private static final Pattern HEAP = Pattern.compile("\\d+[kmgKMG]?");

    public Config {
      requirePort(port, "port");
      requirePort(controllerPort, "controllerPort");
      if (port == controllerPort) {
        throw new IllegalArgumentException("port and controllerPort must differ, both are " + port);
      }
      if (!HEAP.matcher(heap).matches()) {
        throw new IllegalArgumentException("heap must look like 512m or 1g, was '" + heap + "'");
      }
      home = home.toAbsolutePath().normalize();
    }

    private static void requirePort(int port, String name) {
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException(name + " must be between 1 and 65535, was " + port);
      }
    }

    static Path brokerDir(Path home) {
      return home.toAbsolutePath().normalize().resolve("kafka");
    }

    /** The broker's directory, {@code home/kafka}. */
    public Path dir() {
      return brokerDir(home);
    }

    /** Where the broker keeps its topics and metadata log. */
    public Path dataDir() {
      return dir().resolve("data");
    }

    /** The broker's output (and the storage format's) of the latest start. */
    public Path log() {
      return dir().resolve("broker.log");
    }

    Path serverProperties() {
      return dir().resolve("server.properties");
    }

    public static Builder builder() {
      return new Builder();
    }

    /**
     * Builds a {@link Config}. Defaults: home {@code java.io.tmpdir/spotcast}, port 9092,
     * controller port = port + 1, heap 512m, start timeout 120 s, attached.
     */
    public static final class Builder {
      private Path home = Path.of(System.getProperty("java.io.tmpdir"), "spotcast");
      private int port = 9092;
      private Integer controllerPort;
      private String heap = "512m";
      private Duration startTimeout = Duration.ofSeconds(120);
      private boolean detached;

      private Builder() {}

      public Builder home(Path home) {
        this.home = home;
        return this;
      }

      public Builder port(int port) {
        this.port = port;
        return this;
      }

      public Builder controllerPort(int controllerPort) {
        this.controllerPort = controllerPort;
        return this;
      }

      public Builder heap(String heap) {
        this.heap = heap;
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

      public Config build() {
        return new Config(
            home,
            port,
            controllerPort != null ? controllerPort : port + 1,
            heap,
            startTimeout,
            detached);
      }
    }
  }
}
