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
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The whole fleet on this machine, as {@code ./spotcast fleet up} runs it (three secured
 * Elasticsearch nodes with replicas, Kafka, two ingestion and two query services behind HAProxy,
 * Prometheus), and the faults it survives, one after the other on the same fleet; after each,
 * {@code up} brings back what was lost, as an operator would. Every figure is printed: requests by
 * outcome and latency during each fault.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FleetFaultsIT {

  private static final PrintWriter OUT = new PrintWriter(System.out, true);

  /** The run the query faults are tried on: the demo's run at 4 degrees (414,000 documents). */
  private static final double QUERY_RUN_RESOLUTION = 4;

  /** The nice value the ingestion instances run at (the launcher's SPOTCAST_LOADER_NICE). */
  private static final int LOADER_NICE = 10;

  /**
   * The runs the ingestion faults are tried on: 4 degrees, 414,000 documents each, some 16 chunks
   * of several seconds' loading, long enough for a fault to strike one while it loads.
   */
  private static final double LOAD_RESOLUTION = 4;

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
        // What an earlier, interrupted run left: stopped, then removed, so every run starts from
        // nothing.
        new LocalFleet(FleetLayout.standard(home, FleetLayout.DEFAULT_BASE_PORT)).down();
        delete(home);
      }
    } else {
      // Beside the other tests' nodes, not inside the clone: the nodes run as an unprivileged user,
      // who must be able to enter every directory on the way, and a clone may sit in a private
      // folder (mode 700).
      Path parent =
          Files.isDirectory(Path.of("/var/tmp"))
              ? Path.of("/var/tmp")
              : Path.of(System.getProperty("java.io.tmpdir"));
      home =
          Files.createTempDirectory(
              parent,
              "spotcast-fleet-it-",
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
      ownHome = home;
    }
    layout = FleetLayout.standard(home, LoopbackPorts.freeBlock(310));
    Map<String, String> environment = new LinkedHashMap<>();
    // A dead instance's chunks are taken over after 10 s of silence instead of 30: the same code,
    // sooner.
    environment.put("SPOTCAST_JOBS_HEARTBEATINTERVAL", "1s");
    environment.put("SPOTCAST_JOBS_STALEAFTER", "10s");
    environment.put("SPOTCAST_JOBS_WATCHDOGINTERVAL", "2s");
    // A document per step (spotcast.sharding.steps-per-document=1), not whole series: the faults
    // below strike a run while its chunks load, and whole-series documents load the same run about
    // 20 times faster, in chunks of a fraction of a second.
    environment.put("SPOTCAST_SHARDING_STEPSPERDOCUMENT", "1");
    // The query services read Elasticsearch as they are asked (spotcast.query.cache.preload=false):
    // a run read whole into memory would answer the scenarios' queries without the nodes they
    // strike.
    environment.put("SPOTCAST_QUERY_CACHE_PRELOAD", "false");
    // A query service is ready after its 500 warm-up requests, not once its compiler is quiet too
    // (up to a minute more each start): the scenarios send 20-30 requests/s, which a service
    // answers while it compiles; only their length would change.
    environment.put("SPOTCAST_QUERY_WARMUP_COMPILERBUSY", "0");
    String eccodes = System.getenv("SPOTCAST_ECCODES_HOME");
    if (eccodes != null) {
      environment.put("SPOTCAST_ECCODES_HOME", eccodes);
    }
    fleet =
        new LocalFleet(
            new LocalFleet.Config(
                layout,
                ElasticsearchDistribution.defaultZip(),
                jar("spotcast.query-service.jar"),
                jar("spotcast.ingestor-service.jar"),
                Path.of(System.getProperty("java.home"), "bin", "java"),
                "768m",
                "384m",
                program("haproxy"),
                program("prometheus"),
                program("prometheus-elasticsearch-exporter"),
                environment,
                LOADER_NICE));
    fleet.up(OUT);
    api = fleet.api();
    fleet.loadDemo(QUERY_RUN_RESOLUTION, OUT);
    runTime = LocalDate.now(ZoneOffset.UTC).atStartOfDay().toInstant(ZoneOffset.UTC);
    assertThat(fleet.awaitGreen(Duration.ofMinutes(5))).isEqualTo("green");
  }

  /**
   * Every scenario starts from the whole fleet, green: a scenario that failed before bringing back
   * what it killed must not leave the next one a cluster without a quorum (one failure, not a
   * cascade of them).
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

  /** The nice value of process {@code pid}: the 19th field of /proc/PID/stat. */
  private static int nice(long pid) throws IOException {
    String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
    return Integer.parseInt(stat.substring(stat.lastIndexOf(") ") + 2).split(" ")[16]);
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }

  @Test
  @Order(1)
  void theFleetAnswersThroughTheBalancerAndPrometheusScrapesEveryService() throws Exception {
    assertThat(fleet.status())
        .allSatisfy(part -> assertThat(part.pid()).as(part.name()).isPresent());
    // The ingestion instances load behind the users: their JVM and their session at the loaders'
    // nice value; the query services at the default, 0.
    List<String> loaders = layout.ingestInstances().stream().map(i -> i.name()).toList();
    List<String> queries = layout.queryInstances().stream().map(i -> i.name()).toList();
    assertThat(fleet.status())
        .filteredOn(part -> loaders.contains(part.name()))
        .hasSize(loaders.size())
        .allSatisfy(
            part -> {
              long pid = part.pid().orElseThrow();
              assertThat(nice(pid)).as(part.name()).isEqualTo(LOADER_NICE);
              assertThat(Files.readString(Path.of("/proc", Long.toString(pid), "autogroup")))
                  .as(part.name() + "'s autogroup")
                  .endsWith(" nice " + LOADER_NICE + "\n");
            });
    assertThat(fleet.status())
        .filteredOn(part -> queries.contains(part.name()))
        .hasSize(queries.size())
        .allSatisfy(part -> assertThat(nice(part.pid().orElseThrow())).as(part.name()).isZero());
    assertThat(api.servedRun(FleetApi.DEMO_MODEL)).isPresent();
    SpotLoad load = SpotLoad.start(URI.create(layout.queryUrl()), FleetApi.DEMO_MODEL, runTime, 5);
    Thread.sleep(5_000);
    List<Outcome> outcomes = load.stop();
    OUT.println(SpotLoad.summary("through the balancer at 5 req/s", outcomes));
    // Answered; or, while the services are still cold, refused at their door with a time to come
    // back.
    assertThat(outcomes).anyMatch(Outcome::ok).allMatch(o -> o.ok() || o.refusedWithRetryAfter());

    // Every target up: both query services, both ingestion services (with the scrape key), the
    // Elasticsearch exporter, HAProxy, itself.
    JsonNode targets =
        Http.json(
            URI.create(layout.prometheusUrl() + "/api/v1/targets"),
            Duration.ofSeconds(60),
            body ->
                body.path("data").path("activeTargets").size() == 7
                    && body.path("data").path("activeTargets").findValuesAsText("health").stream()
                        .allMatch("up"::equals));
    assertThat(targets.path("data").path("activeTargets").findValuesAsText("scrapeUrl"))
        .anyMatch(
            url ->
                url.endsWith(layout.ingestInstances().getFirst().port() + "/actuator/prometheus"))
        .anyMatch(
            url -> url.endsWith(layout.queryInstances().getLast().port() + "/actuator/prometheus"));
    // The cluster as the exporter sees it with the monitoring user: three nodes, every shard
    // assigned (the cluster is green; the wait covers the scrape interval).
    assertThat(prometheusValue("elasticsearch_cluster_health_number_of_nodes", "3")).isEqualTo("3");
    assertThat(prometheusValue("elasticsearch_cluster_health_unassigned_shards", "0"))
        .isEqualTo("0");
  }

  @Test
  @Order(2)
  void aQueryServiceKilledUnderLoadCostsAtMostTheRequestsItHadInFlight() throws Exception {
    long[] killedAt = new long[1];
    SpotLoad load = SpotLoad.start(URI.create(layout.queryUrl()), FleetApi.DEMO_MODEL, runTime, 40);
    Thread.sleep(8_000);
    killedAt[0] = load.elapsedMillis();
    assertThat(fleet.kill("query-1")).isTrue();
    Thread.sleep(12_000);
    List<Outcome> outcomes = load.stop();

    long inFlightAtKill =
        outcomes.stream()
            .filter(
                o ->
                    o.startedMillis() <= killedAt[0]
                        && o.startedMillis() + o.latencyMillis() >= killedAt[0])
            .count();
    List<Outcome> serverErrors =
        outcomes.stream().filter(o -> o.status() >= 500 || o.status() == 0).toList();
    OUT.println(
        SpotLoad.summary("query-1 killed (SIGKILL) under 40 req/s", outcomes)
            + "; "
            + inFlightAtKill
            + " requests were in flight at the kill; 5xx or no answer: "
            + serverErrors);
    // The balancer retries a refused connection, or one closed without an answer, on the other
    // instance: a 5xx (or no answer) can reach a client only for a request already in flight on the
    // killed instance.
    assertThat(serverErrors).allMatch(o -> o.startedMillis() <= killedAt[0]);
    assertThat((long) serverErrors.size()).isLessThanOrEqualTo(inFlightAtKill);
    // The other instance takes the whole load: what it cannot take at once it refuses at its door,
    // saying when to come back (how many depends on the machine's speed); the balancer goes on
    // sending to it.
    assertThat(outcomes)
        .allMatch(o -> o.ok() || o.refusedWithRetryAfter() || serverErrors.contains(o));
    assertThat(outcomes.stream().filter(o -> o.startedMillis() > killedAt[0] + 5_000))
        .anyMatch(Outcome::ok);

    fleet.up(OUT);
    assertThat(fleet.status())
        .allSatisfy(part -> assertThat(part.pid()).as(part.name()).isPresent());
  }

  @Test
  @Order(3)
  void anElasticsearchNodeKilledWhileQueriesRunFailsNoRequestWithReplicas() throws Exception {
    SpotLoad load = SpotLoad.start(URI.create(layout.queryUrl()), FleetApi.DEMO_MODEL, runTime, 30);
    Thread.sleep(8_000);
    long killedAt = load.elapsedMillis();
    assertThat(fleet.killElasticsearchNode(2)).isTrue();
    Thread.sleep(20_000);
    List<Outcome> outcomes = load.stop();
    OUT.println(SpotLoad.summary("Elasticsearch node 2 killed (SIGKILL) under 30 req/s", outcomes));

    // With a replica of every shard, every request is answered, or refused with 503 and Retry-After
    // while a shard has no copy that answers (or 429 when the door is full on a slow machine);
    // never another error, never no answer; and once the cluster has let the node go, no shard is
    // without an answering copy.
    assertThat(outcomes)
        .allMatch(o -> o.ok() || o.unavailableWithRetryAfter() || o.refusedWithRetryAfter());
    assertThat(outcomes.stream().filter(o -> o.startedMillis() > killedAt + 15_000))
        .anyMatch(Outcome::ok)
        .noneMatch(Outcome::unavailableWithRetryAfter);

    fleet.up(OUT);
    assertThat(fleet.awaitGreen(Duration.ofMinutes(5))).isEqualTo("green");
  }

  @Test
  @Order(4)
  void anElasticsearchNodeKilledWhileARunLoadsLosesNoDocument() throws Exception {
    String model = "fault_node";
    String id =
        api.submit(FleetApi.syntheticSpec(model, LOAD_RESOLUTION, LocalDate.now(ZoneOffset.UTC)));
    awaitRunningChunkOwner(id, Duration.ofMinutes(3));
    OUT.println("Killing Elasticsearch node 1 (SIGKILL) while job " + id + " loads");
    assertThat(fleet.killElasticsearchNode(1)).isTrue();

    // The fleet loads with a replica of every shard (spotcast.ingest.loading-replicas=1): every
    // document Elasticsearch acknowledged is on a second node, and the bulk requests that failed
    // are sent again.
    awaitPublishedExact(id, model);

    fleet.up(OUT);
    assertThat(fleet.awaitGreen(Duration.ofMinutes(5))).isEqualTo("green");
  }

  @Test
  @Order(5)
  void anIngestionServiceKilledMidChunkLeavesTheRunToTheOtherExact() throws Exception {
    String model = "fault_ingest";
    String id =
        api.submit(FleetApi.syntheticSpec(model, LOAD_RESOLUTION, LocalDate.now(ZoneOffset.UTC)));
    String victim = awaitRunningChunkOwner(id, Duration.ofMinutes(3));
    OUT.println("Killing " + victim + " (SIGKILL) while it loads a chunk of job " + id);
    assertThat(fleet.kill(victim)).isTrue();

    awaitPublishedExact(id, model);

    fleet.up(OUT);
  }

  @Test
  @Order(6)
  void theKafkaBrokerRestartedMidRunLosesNothingAndLoadsNothingTwice() throws Exception {
    String model = "fault_kafka";
    String id =
        api.submit(FleetApi.syntheticSpec(model, LOAD_RESOLUTION, LocalDate.now(ZoneOffset.UTC)));
    awaitRunningChunkOwner(id, Duration.ofMinutes(3));
    OUT.println("Restarting the Kafka broker while job " + id + " loads");
    assertThat(LocalKafka.stopRunning(layout.home())).isPresent();
    Thread.sleep(3_000);
    fleet.up(OUT);

    awaitPublishedExact(id, model);
    int maxAttempt = chunkAttempts(id);
    OUT.println("Job " + id + ": most attempts of a chunk " + maxAttempt);
    // A chunk whose record came again after the restart was DONE already: skipped, not loaded
    // again.
    assertThat(maxAttempt).isEqualTo(1);
  }

  @Test
  @Order(7)
  void theElectedMasterRestartedWhileQueriesRunFailsNoRequest() throws Exception {
    // A rolling restart is this, node after node, each once the cluster is green again: the step is
    // run once here, on the node whose restart asks the most of the cluster (it elects another
    // master and then gives the restarted node its shards back). The whole procedure's time is this
    // step's times the nodes (docs/operations.md, "Faults").
    int master = electedMasterNode();
    SpotLoad load = SpotLoad.start(URI.create(layout.queryUrl()), FleetApi.DEMO_MODEL, runTime, 20);
    Thread.sleep(5_000);
    long from = load.elapsedMillis();
    assertThat(fleet.stopElasticsearchNode(master)).isTrue();
    fleet.up(OUT);
    assertThat(fleet.awaitGreen(Duration.ofMinutes(5))).isEqualTo("green");
    long to = load.elapsedMillis();
    Thread.sleep(5_000);
    long end = load.elapsedMillis();
    List<Outcome> outcomes = load.stop();
    OUT.println(
        SpotLoad.summary(
            "Elasticsearch node "
                + master
                + ", the elected master, stopped (SIGTERM), started and back to green under 20"
                + " req/s in "
                + (to - from) / 1000
                + " s (a rolling restart of "
                + layout.elasticsearchNodes()
                + " nodes: "
                + layout.elasticsearchNodes() * (to - from) / 1000
                + " s)",
            outcomes));
    // Answered, or refused with a time to come back (503 while a shard has no copy that answers,
    // 429 when the door is full); never another error, never no answer.
    assertThat(outcomes)
        .allMatch(o -> o.ok() || o.unavailableWithRetryAfter() || o.refusedWithRetryAfter());
    assertThat(outcomes.stream().filter(o -> o.startedMillis() > end - 4_000))
        .anyMatch(Outcome::ok)
        .noneMatch(Outcome::unavailableWithRetryAfter);
  }

  /** The index in the layout of the node the cluster elected its master. */
  private static int electedMasterNode() throws Exception {
    try (ClusterApi admin = new ClusterApi(fleet.elasticsearch(Role.ADMIN))) {
      JsonNode nodes =
          admin
              .require("GET", "/_nodes/_master/http?filter_path=nodes.*.http.publish_address", null)
              .path("nodes");
      String address = nodes.elements().next().path("http").path("publish_address").asText();
      String port = address.substring(address.lastIndexOf(':') + 1);
      List<String> urls = layout.elasticsearchUrls();
      for (int node = 0; node < urls.size(); node++) {
        if (URI.create(urls.get(node)).getPort() == Integer.parseInt(port)) {
          return node;
        }
      }
      throw new IllegalStateException("the elected master " + address + " is none of " + urls);
    }
  }

  @Test
  @Order(8)
  void aRollingRestartOfTheQueryServicesAnswersEveryRequest() throws Exception {
    SpotLoad load = SpotLoad.start(URI.create(layout.queryUrl()), FleetApi.DEMO_MODEL, runTime, 20);
    Thread.sleep(5_000);
    for (FleetLayout.Instance instance : layout.queryInstances()) {
      long from = load.elapsedMillis();
      // As a deployment does it: SIGTERM (the instance finishes what it has in progress), start it
      // again, and go on to the next once the balancer sends to it again (it is ready only when it
      // knows the runs it serves).
      assertThat(fleet.stop(instance.name())).isTrue();
      fleet.up(OUT);
      awaitBalancerSendsTo(instance.name(), Duration.ofMinutes(2));
      OUT.println(
          instance.name()
              + " restarted and back behind the balancer after "
              + (load.elapsedMillis() - from) / 1000
              + " s");
    }
    Thread.sleep(5_000);
    List<Outcome> outcomes = load.stop();
    OUT.println(
        SpotLoad.summary("Rolling restart of the 2 query services under 20 req/s", outcomes));
    assertThat(outcomes)
        .isNotEmpty()
        .allSatisfy(o -> assertThat(o.ok()).as("answered 200: %s", o).isTrue());
  }

  /**
   * Waits until HAProxy's statistics say the query backend's server {@code name} is UP (in
   * rotation).
   */
  private static void awaitBalancerSendsTo(String name, Duration timeout) throws Exception {
    URI csv = URI.create("http://127.0.0.1:" + layout.balancerStatsPort() + "/;csv");
    HttpClient client = HttpClient.newHttpClient();
    Instant deadline = Instant.now().plus(timeout);
    String last = "";
    while (Instant.now().isBefore(deadline)) {
      String body =
          client
              .send(HttpRequest.newBuilder(csv).build(), HttpResponse.BodyHandlers.ofString())
              .body();
      List<String> header =
          List.of(body.lines().findFirst().orElse("").replaceFirst("^# ", "").split(","));
      int status = header.indexOf("status");
      for (String line : body.lines().skip(1).toList()) {
        String[] fields = line.split(",", -1);
        if (fields.length > status && fields[0].equals("query") && fields[1].equals(name)) {
          last = fields[status];
          if (last.equals("UP")) {
            return;
          }
        }
      }
      Thread.sleep(200);
    }
    throw new AssertionError(
        "the balancer did not send to " + name + " again within " + timeout + " (" + last + ")");
  }

  /**
   * Follows the job to its end and checks that it was published with exactly the documents it was
   * to load, and that the query API serves the run.
   */
  private static void awaitPublishedExact(String id, String model) throws Exception {
    JsonNode job = api.awaitEnd(id, OUT, Duration.ofMinutes(10));
    OUT.println(
        "Job "
            + id
            + ": "
            + job.path("state").asText()
            + ", counted "
            + job.path("countedDocuments")
            + " of "
            + job.path("expectedDocuments")
            + ", chunks done by "
            + job.path("chunksDoneBy")
            + ", errors "
            + job.path("errors"));
    assertThat(job.path("state").asText()).isEqualTo("PUBLISHED");
    assertThat(job.path("countedDocuments").asLong())
        .isEqualTo(job.path("expectedDocuments").asLong());
    assertThat(api.awaitServed(model, Duration.ofSeconds(60))).isPresent();
  }

  /**
   * Waits until the job has a DONE chunk and a RUNNING one, and returns the instance that runs it:
   * the moment to break something with work both finished and in flight.
   */
  private static String awaitRunningChunkOwner(String jobId, Duration timeout) throws Exception {
    Instant deadline = Instant.now().plus(timeout);
    try (ClusterApi admin = new ClusterApi(fleet.elasticsearch(Role.ADMIN))) {
      while (Instant.now().isBefore(deadline)) {
        admin.require("POST", "/spotcast-jobs/_refresh", null);
        JsonNode hits =
            admin
                .require(
                    "POST",
                    "/spotcast-jobs/_search",
                    """
            {"size": 100, "query": {"bool": {"filter": [{"term": {"type": "chunk"}}, {"term": {"jobId": "%s"}}]}}}
            """
                        .formatted(jobId))
                .path("hits")
                .path("hits");
        boolean done = false;
        String running = null;
        for (JsonNode hit : hits) {
          JsonNode chunk = hit.path("_source");
          done |= chunk.path("state").asText().equals("DONE");
          if (chunk.path("state").asText().equals("RUNNING")) {
            running = chunk.path("owner").asText();
          }
        }
        if (done && running != null && !running.isEmpty()) {
          return running;
        }
        Thread.sleep(200);
      }
    }
    throw new AssertionError(
        "job " + jobId + " never had a chunk DONE and one RUNNING within " + timeout);
  }

  /** The most attempts any chunk of the job took. */
  private static int chunkAttempts(String jobId) throws Exception {
    try (ClusterApi admin = new ClusterApi(fleet.elasticsearch(Role.ADMIN))) {
      admin.require("POST", "/spotcast-jobs/_refresh", null);
      return admin
          .require(
              "POST",
              "/spotcast-jobs/_search",
              """
          {"size": 0, "query": {"bool": {"filter": [{"term": {"type": "chunk"}}, {"term": {"jobId": "%s"}}]}},
           "aggs": {"attempts": {"max": {"field": "attempt"}}}}
          """
                  .formatted(jobId))
          .path("aggregations")
          .path("attempts")
          .path("value")
          .asInt();
    }
  }

  private static Path jar(String property) {
    Path jar = Path.of(System.getProperty(property));
    assertThat(jar).as("built by the module's package phase").isRegularFile();
    return jar;
  }

  /**
   * The metric's single value in Prometheus once it is {@code expected}, or its last value after 60
   * s.
   */
  private static String prometheusValue(String metric, String expected)
      throws InterruptedException {
    URI query = URI.create(layout.prometheusUrl() + "/api/v1/query?query=" + metric);
    Function<JsonNode, String> value =
        body -> body.path("data").path("result").path(0).path("value").path(1).asText("(none)");
    try {
      return value.apply(
          Http.json(query, Duration.ofSeconds(60), body -> value.apply(body).equals(expected)));
    } catch (AssertionError e) {
      return value.apply(Http.json(query, Duration.ofSeconds(5), body -> true));
    }
  }

  private static Path program(String name) throws IOException {
    return Programs.installed(name)
        .orElseThrow(
            () ->
                new IOException(
                    name
                        + " is not installed: './spotcast test' installs the system package "
                        + name));
  }
}
