package dev.spotcast.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.fleet.SpotLoad.Outcome;
import dev.spotcast.infra.elasticsearch.ClusterApi;
import dev.spotcast.infra.elasticsearch.ElasticsearchDistribution;
import dev.spotcast.infra.elasticsearch.LoopbackPorts;
import dev.spotcast.infra.fleet.FleetApi;
import dev.spotcast.infra.fleet.FleetLayout;
import dev.spotcast.infra.fleet.LocalFleet;
import dev.spotcast.infra.kafka.LocalKafka;
import dev.spotcast.infra.process.Programs;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The whole fleet on this machine, as {@code ./spotcast fleet up} runs it (three secured Elasticsearch nodes with
 * replicas, Kafka, two ingestion and two query services behind HAProxy, Prometheus), and the faults it survives,
 * one after the other on the same fleet; after each, {@code up} brings back what was lost, as an operator would.
 * Every figure is printed: requests by outcome and latency during each fault.
 */

class KillExperimentIT {

  private static final PrintWriter OUT = new PrintWriter(System.out, true);
  /** The run the query faults are tried on: the demo's run at 4 degrees (414,000 documents). */
  private static final double QUERY_RUN_RESOLUTION = 4;
  /** The runs the ingestion faults are tried on: 3 degrees, 732,000 documents each, some 16 chunks. */
  private static final double LOAD_RESOLUTION = 3;

  private static LocalFleet fleet;
  private static FleetLayout layout;
  /** The fleet's home this run made (and removes), when none was given with spotcast.fleet.home. */
  private static Path ownHome;
  private static FleetApi api;
  private static Instant runTime;

  @BeforeAll
  static void up() throws Exception {
    String given = System.getProperty("spotcast.fleet.home");
    Path home;
    if (given != null && !given.isBlank()) {
      home = Path.of(given);
      if (Files.exists(home)) {
        // What an earlier, interrupted run left: stopped, then removed, so every run starts from nothing.
        new LocalFleet(FleetLayout.standard(home, FleetLayout.DEFAULT_BASE_PORT)).down();
        delete(home);
      }
    } else {
      // Beside the other tests' nodes, not inside the clone: the nodes run as an unprivileged user, who must be
      // able to enter every directory on the way, and a clone may sit in a private folder (mode 700).
      Path parent = Files.isDirectory(Path.of("/var/tmp")) ? Path.of("/var/tmp") : Path.of(System.getProperty("java.io.tmpdir"));
      home = Files.createTempDirectory(parent, "spotcast-fleet-it-",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
      ownHome = home;
    }
    layout = FleetLayout.standard(home, LoopbackPorts.freeBlock(310));
    Map<String, String> environment = new LinkedHashMap<>();
    // A dead instance's chunks are taken over after 10 s of silence instead of 30: the same code, sooner.
    environment.put("SPOTCAST_JOBS_HEARTBEATINTERVAL", "1s");
    environment.put("SPOTCAST_JOBS_STALEAFTER", "10s");
    environment.put("SPOTCAST_JOBS_WATCHDOGINTERVAL", "2s");
    String eccodes = System.getenv("SPOTCAST_ECCODES_HOME");
    if (eccodes != null) {
      environment.put("SPOTCAST_ECCODES_HOME", eccodes);
    }
    fleet = new LocalFleet(new LocalFleet.Config(layout, ElasticsearchDistribution.defaultZip(),
        jar("spotcast.query-service.jar"), jar("spotcast.ingestor-service.jar"),
        Path.of(System.getProperty("java.home"), "bin", "java"), "768m", "384m", program("haproxy"),
        program("prometheus"), program("prometheus-elasticsearch-exporter"), environment));
    fleet.up(OUT);
    api = fleet.api();
    fleet.loadDemo(QUERY_RUN_RESOLUTION, OUT);
    runTime = LocalDate.now(ZoneOffset.UTC).atStartOfDay().toInstant(ZoneOffset.UTC);
    assertThat(fleet.awaitGreen(Duration.ofMinutes(5))).isEqualTo("green");
  }

  /**
   * Every scenario starts from the whole fleet, green: a scenario that failed before bringing back what it
   * killed must not leave the next one a cluster without a quorum (one failure, not a cascade of them).
   */
  @BeforeEach
  void wholeFleet() throws Exception {
    fleet.up(OUT);
    assertThat(fleet.awaitGreen(Duration.ofMinutes(5))).isEqualTo("green");
  }

  @AfterAll
  static void down() throws IOException {
    if (fleet != null) {
      OUT.println("Stopped: " + fleet.down());
    }
    if (ownHome != null) {
      delete(ownHome);
    }
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }


  private static Map<String, String> baseEnvironment() {
    Map<String, String> environment = new LinkedHashMap<>();
    environment.put("SPOTCAST_JOBS_HEARTBEATINTERVAL", "1s");
    environment.put("SPOTCAST_JOBS_STALEAFTER", "10s");
    environment.put("SPOTCAST_JOBS_WATCHDOGINTERVAL", "2s");
    String eccodes = System.getenv("SPOTCAST_ECCODES_HOME");
    if (eccodes != null) {
      environment.put("SPOTCAST_ECCODES_HOME", eccodes);
    }
    return environment;
  }

  @Test
  void killScenarioByConfiguration() throws Exception {
    String[][] configs = {
        {"shared reads on, door wait 0 (before)", "2", "0"},
        {"shared reads off, door wait 0", "0", "0"},
        {"shared reads on, door wait 100ms (now)", "2", "100ms"},
    };
    for (String[] config : configs) {
      Map<String, String> environment = baseEnvironment();
      environment.put("SPOTCAST_QUERY_SEARCHESINFLIGHT", config[1]);
      environment.put("RESILIENCE4J_BULKHEAD_INSTANCES_REQUESTS_MAXWAITDURATION", config[2]);
      LocalFleet configured = new LocalFleet(new LocalFleet.Config(layout, ElasticsearchDistribution.defaultZip(),
          jar("spotcast.query-service.jar"), jar("spotcast.ingestor-service.jar"),
          Path.of(System.getProperty("java.home"), "bin", "java"), "768m", "384m", program("haproxy"),
          program("prometheus"), program("prometheus-elasticsearch-exporter"), environment));
      for (int round = 0; round < 3; round++) {
        for (FleetLayout.Instance instance : layout.queryInstances()) {
          configured.stop(instance.name());
        }
        configured.up(OUT);
        Thread.sleep(6_000);
        long[] killedAt = new long[1];
        SpotLoad load = SpotLoad.start(URI.create(layout.queryUrl()), FleetApi.DEMO_MODEL, runTime, 40);
        Thread.sleep(8_000);
        killedAt[0] = load.elapsedMillis();
        configured.kill("query-1");
        Thread.sleep(12_000);
        List<Outcome> outcomes = load.stop();
        long inFlightAtKill = outcomes.stream()
            .filter(o -> o.startedMillis() <= killedAt[0] && o.startedMillis() + o.latencyMillis() >= killedAt[0]).count();
        long before = outcomes.stream().filter(o -> o.startedMillis() < killedAt[0] && !o.ok()).count();
        long after = outcomes.stream().filter(o -> o.startedMillis() >= killedAt[0] && !o.ok()).count();
        OUT.println("EXPERIMENT " + config[0] + " round " + round + ": " + SpotLoad.summary("kill", outcomes)
            + "; in flight at kill " + inFlightAtKill + "; not 200 before the kill " + before + ", after " + after);
        OUT.flush();
        configured.up(OUT);
      }
    }
  }
  private static Path jar(String property) {
    Path jar = Path.of(System.getProperty(property));
    assertThat(jar).as("built by the module's package phase").isRegularFile();
    return jar;
  }

  /** The metric's single value in Prometheus once it is {@code expected}, or its last value after 60 s. */
  private static String prometheusValue(String metric, String expected) throws InterruptedException {
    URI query = URI.create(layout.prometheusUrl() + "/api/v1/query?query=" + metric);
    java.util.function.Function<JsonNode, String> value =
        body -> body.path("data").path("result").path(0).path("value").path(1).asText("(none)");
    try {
      return value.apply(Http.json(query, Duration.ofSeconds(60), body -> value.apply(body).equals(expected)));
    } catch (AssertionError e) {
      return value.apply(Http.json(query, Duration.ofSeconds(5), body -> true));
    }
  }

  private static Path program(String name) throws IOException {
    return Programs.installed(name).orElseThrow(() -> new IOException(
        name + " is not installed: './spotcast test' installs the system package " + name));
  }
}
