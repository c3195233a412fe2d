package dev.spotcast.ingest.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorInstance;
import dev.spotcast.ingest.job.JobStore;
import dev.spotcast.ingest.job.RunLock;
import dev.spotcast.ingestor.feed.GfsLayout;
import dev.spotcast.ingestor.feed.RunTimes;
import dev.spotcast.testsupport.NginxServer;
import dev.spotcast.testsupport.NginxServer.Access;
import dev.spotcast.testsupport.PublishedTree;
import dev.spotcast.testsupport.PublishedTree.Message;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One feed, two instances of the service sharing a data root, Elasticsearch and Kafka; the one
 * fetching is killed mid-fetch (its poll thread interrupted, its context closed: it stops beating
 * the run's lock). The other leaves the run alone while the lock beats, then continues the fetch
 * where it stopped: the run is published once, complete, and no field checked by the killed
 * instance is downloaded again (nginx's access log).
 */
class FeedFleetIT {

  private static final Instant RUN = Instant.parse("2026-11-20T00:00:00Z");
  private static final GfsLayout GFS = new GfsLayout();

  @TempDir Path work;
  @TempDir Path root;

  @Test
  void anInstanceKilledMidFetchLeavesTheRunToTheOtherWithoutASecondDownload() throws Exception {
    Map<Integer, List<Message>> fields = FeedFields.write(work);
    String model = Fixtures.model("feed_fleet");
    String runId = RunTimes.run(RUN);
    try (NginxServer nginx = NginxServer.start(work.resolve("nginx"))) {
      Map<String, Object> properties = IngestorInstance.fleet(Fixtures.prefix("feedfleet"));
      properties.put("spotcast.files.roots", root.toString());
      properties.put("spotcast.feed-poll.interval", "0s"); // the test polls
      String p = "spotcast.feeds.fleet.";
      properties.put(p + "publisher", "gfs");
      // GFS data files under /dataflag/ answer 503 while the flag file exists.
      properties.put(p + "base-url", nginx.url("dataflag"));
      properties.put(p + "params", "TMP,DPT");
      properties.put(p + "levels", "2m");
      properties.put(p + "steps", "0-6/3");
      properties.put(p + "cycles", "0");
      properties.put(p + "expected-after", "1h");
      properties.put(p + "deadline", "6h");
      properties.put(p + "model", model);
      // Long enough retrying for the kill to land mid-fetch (about 20 s of 503s per range).
      properties.put(p + "attempts", "40");
      properties.put(p + "retry-wait", "500ms");
      properties.put(p + "max-retry-wait", "500ms");
      IngestorInstance b = IngestorInstance.start("feed-fleet-b", properties);
      try {
        IngestorInstance a = IngestorInstance.start("feed-fleet-a", properties);
        publish(nginx, fields, 0);

        FeedStatus first = a.bean(FeedPoller.class).poll("fleet", at("02:00"));
        assertThat(first.fieldsDone()).isEqualTo(2);

        publish(nginx, fields, 3);
        publish(nginx, fields, 6);
        Files.createFile(nginx.dataFlag());
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread fetching =
            Thread.ofPlatform()
                .start(
                    () -> {
                      try {
                        a.bean(FeedPoller.class).poll("fleet", at("02:10"));
                      } catch (Throwable e) {
                        ended.set(e);
                      }
                    });
        JobStore store = b.bean(JobStore.class);
        awaitCondition(
            "instance a fetching steps 3 and 6 (their data answering 503)",
            () ->
                lockedBy(store, model, runId, "feed-fleet-a")
                    && nginx.accesses("dataflag/").stream().anyMatch(x -> x.status() == 503));

        // Killed mid-fetch: its poll stops, its beats stop.
        fetching.interrupt();
        a.close();
        fetching.join(Duration.ofSeconds(30));
        assertThat(fetching.isAlive()).as("the killed instance's fetch stopped").isFalse();
        Files.delete(nginx.dataFlag());
        long dataBefore = successfulRanges(nginx).size();

        FeedPoller poller = b.bean(FeedPoller.class);
        AtomicReference<FeedStatus> seen = new AtomicReference<>();
        awaitCondition(
            "instance b taking the run over once a's lock goes stale (5 s)",
            () -> {
              FeedStatus status = poller.poll("fleet", at("02:20"));
              seen.set(status);
              return status.state() == FeedStatus.State.LOADING;
            });

        JsonNode job = b.awaitEnded(seen.get().jobId(), Duration.ofMinutes(2));
        assertThat(job.path("state").asText()).as(job.toPrettyString()).isEqualTo("PUBLISHED");
        // 6 grid points, the 3 steps in one document each (the default layout).
        assertThat(Fixtures.servedCount(model)).isEqualTo(6L);
        // Step 0's range once (by a), steps 3 and 6 once each (by b): nothing fetched twice.
        List<Access> ranges = successfulRanges(nginx);
        assertThat(dataBefore).isEqualTo(1);
        assertThat(ranges).extracting(Access::uri).doesNotHaveDuplicates().hasSize(3);
        long jobs = 0;
        for (JsonNode any :
            IngestorInstance.JSON.readTree(b.get("/v1/ingestions?limit=100").body())) {
          if (any.path("model").asText().equals(model)) {
            jobs++;
          }
        }
        assertThat(jobs).as("the run is loaded by one job").isEqualTo(1);
      } finally {
        b.close();
      }
    }
  }

  private static Instant at(String hhmm) {
    return Instant.parse("2026-11-20T" + hhmm + ":00Z");
  }

  /** The data ranges nginx answered with their bytes. */
  private static List<Access> successfulRanges(NginxServer nginx) throws Exception {
    return nginx.accesses("dataflag/").stream()
        .filter(x -> !x.range().isEmpty() && x.status() == 206)
        .toList();
  }

  private static boolean lockedBy(JobStore store, String model, String runId, String instance)
      throws Exception {
    Optional<RunLock> lock = store.lock(model, runId).map(v -> v.value());
    return lock.isPresent() && instance.equals(lock.get().fetcher());
  }

  /** One GFS step of the fields, in wgrib2's words. */
  private static void publish(NginxServer nginx, Map<Integer, List<Message>> fields, int step)
      throws Exception {
    List<Message> gfs =
        fields.get(step).stream()
            .map(
                m ->
                    new Message(
                        m.param().equals("2t") ? "TMP" : "DPT", "2 m above ground", m.bytes()))
            .toList();
    PublishedTree.gfs(
        nginx.root(), "dataflag/", GFS.dataUrl("", RUN, step), RunTimes.run(RUN), step, gfs);
  }

  @FunctionalInterface
  private interface Condition {
    boolean holds() throws Exception;
  }

  /** Checks the condition every 200 ms until it holds; fails after 60 s. */
  private static void awaitCondition(String what, Condition condition) throws Exception {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
    while (!condition.holds()) {
      assertThat(Instant.now()).as("still waiting for " + what).isBefore(deadline);
      Thread.sleep(200);
    }
  }
}
