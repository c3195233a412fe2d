package dev.spotcast.ingest.work;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorApplication;
import dev.spotcast.ingest.IngestorInstance;
import dev.spotcast.ingest.job.Chunk;
import dev.spotcast.ingest.job.ChunkState;
import dev.spotcast.ingest.job.JobStore;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A real kill -9: the service runs as a separate JVM, is SIGKILLed while it has chunks DONE and
 * chunks RUNNING (no shutdown hook, no release: its RUNNING chunks just stop beating), and another
 * instance finishes the run. The count is exact, the DONE chunks are not redone, the RUNNING ones
 * are redone once (re-queued by the watchdog after {@code stale-after}, or taken over on redelivery
 * of their uncommitted record).
 */
class KillNineIT {

  private static final Path CHILD_LOG = Path.of("target", "kill-nine-child.log");
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String CHILD = "kill-child";
  private static final String SURVIVOR = "kill-survivor";

  @Test
  void aKilledInstancesRunningChunksAreRedoneByAnotherAndItsDoneChunksAreNot() throws Throwable {
    Map<String, Object> fleet = IngestorInstance.fleet(Fixtures.prefix("kill"));
    // A document per step: chunks that take seconds, so that the kill finds one early in its load
    // (whole-series documents load the same run about 20 times faster).
    fleet.put("spotcast.sharding.steps-per-document", "1");
    String model = Fixtures.model("killed");
    // 91 x 180 points x 3 levels x 6 steps = 294,840 documents, in 6 chunks of 3 slices (49,140
    // documents, a few seconds each): tens of seconds for one JVM.
    long expected = 91L * 180 * 3 * 6;
    JobStore store = new JobStore(Fixtures.client());
    Process child = null;
    try {
      int port = freePort();
      child = startChild(fleet, port);
      awaitUp(child, port, Duration.ofMinutes(3));

      HttpResponse<String> accepted =
          HTTP.send(
              IngestorInstance.authorized(
                      HttpRequest.newBuilder(
                          URI.create("http://127.0.0.1:" + port + "/v1/ingestions")))
                  .header("Content-Type", "application/json")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          Fixtures.synthetic(
                              model,
                              "2026-08-01T00:00:00Z",
                              2,
                              "0, 1000, 3000",
                              "0, 1, 2, 3, 4, 5")))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
      String id = IngestorInstance.JSON.readTree(accepted.body()).path("id").asText();

      // Kill it once it has finished some chunks and is early in another.
      Process owner = child;
      Fixtures.awaitDoneAndEarlyRunning(
          store,
          id,
          2,
          Duration.ofMinutes(3),
          () -> assertThat(owner.isAlive()).as("the child died on its own").isTrue());
      child.destroyForcibly();
      assertThat(child.waitFor(Duration.ofSeconds(30).toMillis(), TimeUnit.MILLISECONDS)).isTrue();
      assertThat(child.exitValue()).as("killed by SIGKILL (128 + 9)").isEqualTo(137);
      String log = Files.readString(CHILD_LOG, StandardCharsets.UTF_8);
      assertThat(log)
          .as("no shutdown hook ran")
          .doesNotContain("Commencing graceful shutdown")
          .doesNotContain("instance stopping");

      // What the dead instance left: nobody else works on the job, so this is the state at the kill
      // (after a moment for a request it had already sent to be applied).
      Thread.sleep(1000);
      Fixtures.client().indices().refresh(r -> r.index(JobStore.INDEX));
      Map<Integer, Chunk> atKill =
          store.chunks(id).stream().collect(Collectors.toMap(Chunk::number, Function.identity()));
      List<Chunk> doneAtKill =
          atKill.values().stream().filter(c -> c.state() == ChunkState.DONE).toList();
      List<Chunk> runningAtKill =
          atKill.values().stream().filter(c -> c.state() == ChunkState.RUNNING).toList();
      assertThat(doneAtKill)
          .isNotEmpty()
          .allMatch(c -> c.owner().equals(CHILD) && c.attempt() == 1);
      assertThat(runningAtKill)
          .as("a killed owner does not let go")
          .isNotEmpty()
          .allMatch(c -> c.owner().equals(CHILD) && c.attempt() == 1);
      assertThat(Fixtures.published(model)).isEmpty();

      try (IngestorInstance survivor = IngestorInstance.start(SURVIVOR, fleet)) {
        JsonNode job = survivor.awaitEnded(id, Duration.ofMinutes(4));

        assertThat(job.path("state").asText()).as(job.toPrettyString()).isEqualTo("PUBLISHED");
        assertThat(job.path("countedDocuments").asLong()).isEqualTo(expected);
        // Deterministic ids: a redone chunk overwrites its documents, so exactly the run's count,
        // no duplicates.
        assertThat(Fixtures.servedCount(model)).isEqualTo(expected);
        List<String> indices = new ArrayList<>();
        job.path("indices").forEach(n -> indices.add(n.asText()));
        assertThat(Fixtures.client().count(c -> c.index(indices)).count()).isEqualTo(expected);

        Map<Integer, Chunk> after =
            store.chunks(id).stream().collect(Collectors.toMap(Chunk::number, Function.identity()));
        assertThat(after.values())
            .hasSize(job.path("chunkCount").asInt())
            .allMatch(c -> c.state() == ChunkState.DONE);
        assertThat(after.values().stream().mapToLong(Chunk::indexed).sum()).isEqualTo(expected);
        for (Chunk done : doneAtKill) {
          Chunk now = after.get(done.number());
          assertThat(now.owner())
              .as("chunk %d, DONE before the kill, is not redone", done.number())
              .isEqualTo(CHILD);
          assertThat(now.attempt()).isEqualTo(1);
          assertThat(now.finishedAt()).isEqualTo(done.finishedAt());
        }
        for (Chunk running : runningAtKill) {
          Chunk now = after.get(running.number());
          assertThat(now.owner())
              .as("chunk %d, RUNNING at the kill, is redone", running.number())
              .isEqualTo(SURVIVOR);
          assertThat(now.attempt()).as("chunk %d redone once", running.number()).isEqualTo(2);
        }
        assertThat(after.values())
            .filteredOn(
                c ->
                    !atKill.get(c.number()).state().equals(ChunkState.DONE)
                        && !atKill.get(c.number()).state().equals(ChunkState.RUNNING))
            .as("chunks not started before the kill are loaded once, by the survivor")
            .allMatch(c -> c.owner().equals(SURVIVOR) && c.attempt() == 1);
      }
    } catch (Throwable failure) {
      throw new AssertionError(
          failure.getMessage()
              + "\n--- last lines of "
              + CHILD_LOG.toAbsolutePath()
              + " ---\n"
              + tail(CHILD_LOG, 60),
          failure);
    } finally {
      if (child != null && child.isAlive()) {
        child.destroyForcibly();
      }
    }
  }

  /** The service in a JVM of its own, on the test's classpath, its output in {@link #CHILD_LOG}. */
  private static Process startChild(Map<String, Object> fleet, int port) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElseThrow());
    command.add("-Xmx768m");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(IngestorApplication.class.getName());
    Map<String, Object> properties = new LinkedHashMap<>(fleet);
    properties.put("server.port", port);
    properties.put("spotcast.jobs.instance-id", CHILD);
    // Chunks of a few seconds (see the kill above): the child plans the job, so its setting counts.
    properties.put("spotcast.jobs.min-chunks", "6");
    // A dead consumer leaves the group after its session timeout; the broker's minimum keeps the
    // test short.
    properties.put("spring.kafka.consumer.properties.session.timeout.ms", "6000");
    properties.put("spring.kafka.consumer.properties.heartbeat.interval.ms", "1000");
    // An argument given twice would be bound as a list ("0,43199"): each once.
    properties.forEach((key, value) -> command.add("--" + key + "=" + value));
    Files.createDirectories(CHILD_LOG.getParent());
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(CHILD_LOG.toFile())
        .start();
  }

  private static void awaitUp(Process child, int port, Duration timeout) throws Exception {
    Instant deadline = Instant.now().plus(timeout);
    HttpRequest health =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/health"))
            .timeout(Duration.ofSeconds(5))
            .GET()
            .build();
    while (true) {
      assertThat(child.isAlive())
          .as("the child exited with %s", child.isAlive() ? "" : child.exitValue())
          .isTrue();
      assertThat(Instant.now())
          .as("the child did not answer within %s", timeout)
          .isBefore(deadline);
      try {
        if (HTTP.send(health, HttpResponse.BodyHandlers.ofString()).statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(250);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static String tail(Path file, int lines) {
    try {
      List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException | RuntimeException e) {
      return "(no log: " + e + ")";
    }
  }
}
