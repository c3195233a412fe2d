package dev.spotcast.ingest.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorInstance;
import dev.spotcast.ingest.job.JobStore;
import dev.spotcast.ingest.job.RunLock;
import dev.spotcast.ingest.job.Versioned;
import dev.spotcast.ingestor.feed.EcmwfLayout;
import dev.spotcast.ingestor.feed.RunTimes;
import dev.spotcast.testsupport.NginxServer;
import dev.spotcast.testsupport.NginxServer.Access;
import dev.spotcast.testsupport.PublishedTree;
import dev.spotcast.testsupport.PublishedTree.Message;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A feed of the service against a real nginx serving an ECMWF open-data tree (written by {@link
 * PublishedTree} from GRIB messages made by ecCodes: 2t and 2d on a 2 x 3 grid, run 2026-11-20 00
 * UTC, steps 0, 3 and 6), loading into the shared real Elasticsearch through the real Kafka. Polls
 * are driven by the test with the time they are to see ({@link FeedPoller#poll}); the service's own
 * timer is off, so nothing depends on timing.
 */
class FeedPollIT {

  private static final Instant RUN = Instant.parse("2026-11-20T00:00:00Z");
  private static final Instant RUN_06 = Instant.parse("2026-11-20T06:00:00Z");
  private static final List<Integer> STEPS = FeedFields.STEPS;
  private static final EcmwfLayout IFS = EcmwfLayout.ifs();

  @TempDir static Path work;
  @TempDir static Path root;

  private static NginxServer nginx;
  private static IngestorInstance instance;
  private static String stepsModel;
  private static String lateModel;
  private static String lockedModel;

  /** Per step, the messages of 2t and 2d. */
  private static Map<Integer, List<Message>> messages;

  @BeforeAll
  static void start() throws Exception {
    nginx = NginxServer.start(work.resolve("nginx"));
    messages = FeedFields.write(work);
    stepsModel = Fixtures.model("feed_steps");
    lateModel = Fixtures.model("feed_late");
    lockedModel = Fixtures.model("feed_locked");
    Map<String, Object> properties = IngestorInstance.fleet(Fixtures.prefix("feeds"));
    properties.put("spotcast.files.roots", root.toString());
    properties.put("spotcast.feed-poll.interval", "0s"); // the test polls
    feed(properties, "steps", stepsModel, "steps", "0");
    feed(properties, "late", lateModel, "late", "0,6");
    feed(properties, "locked", lockedModel, "locked", "0");
    instance = IngestorInstance.start("feeds-1", properties);
  }

  private static void feed(
      Map<String, Object> properties, String name, String model, String prefix, String cycles) {
    String p = "spotcast.feeds." + name + ".";
    properties.put(p + "publisher", "ecmwf");
    properties.put(p + "base-url", nginx.url(prefix));
    properties.put(p + "params", "2t,2d");
    properties.put(p + "levels", "sfc");
    properties.put(p + "steps", "0-6/3");
    properties.put(p + "cycles", cycles);
    properties.put(p + "expected-after", "1h");
    properties.put(p + "deadline", "4h");
    properties.put(p + "model", model);
    properties.put(p + "attempts", "3");
    properties.put(p + "retry-wait", "10ms");
    properties.put(p + "max-retry-wait", "20ms");
  }

  @AfterAll
  static void stop() throws Exception {
    if (instance != null) {
      instance.close();
    }
    if (nginx != null) {
      nginx.close();
    }
  }

  @Test
  void stepsPublishedOneByOneMakeOneCompleteRunPublishedOnce() throws Exception {
    FeedPoller poller = instance.bean(FeedPoller.class);
    publish("steps/", RUN, 0);

    FeedStatus first = poller.poll("steps", Instant.parse("2026-11-20T02:00:00Z"));

    assertThat(first.state()).isEqualTo(FeedStatus.State.FETCHING);
    assertThat(first.run()).isEqualTo("2026112000");
    assertThat(first.fieldsDone()).isEqualTo(2);
    assertThat(first.fieldsWanted()).isEqualTo(6);
    assertThat(Fixtures.published(stepsModel)).isEmpty();

    // Step 3 appears while the publisher answers 503 to everything: every request is tried three
    // times (two retries each), the three steps' indexes, and nothing is fetched.
    publish("steps/", RUN, 3);
    Files.createFile(nginx.flag());
    FeedStatus failing;
    try {
      failing = poller.poll("steps", Instant.parse("2026-11-20T02:10:00Z"));
    } finally {
      Files.delete(nginx.flag());
    }
    assertThat(failing.state()).isEqualTo(FeedStatus.State.FETCHING);
    assertThat(failing.fieldsDone()).as("the fields fetched before are still there").isEqualTo(2);
    assertThat(failing.retries()).isEqualTo(3 * 2);
    assertThat(retries("steps")).isEqualTo(3 * 2);

    FeedStatus second = poller.poll("steps", Instant.parse("2026-11-20T02:20:00Z"));

    assertThat(second.state()).isEqualTo(FeedStatus.State.FETCHING);
    assertThat(second.fieldsDone()).isEqualTo(4);
    assertThat(Fixtures.published(stepsModel)).as("nothing incomplete is published").isEmpty();

    publish("steps/", RUN, 6);
    FeedStatus third = poller.poll("steps", Instant.parse("2026-11-20T02:30:00Z"));

    assertThat(third.state()).as(third.toString()).isEqualTo(FeedStatus.State.LOADING);
    assertThat(third.fieldsDone()).isEqualTo(6);
    JsonNode job = instance.awaitEnded(third.jobId(), Duration.ofMinutes(2));
    assertThat(job.path("state").asText()).as(job.toPrettyString()).isEqualTo("PUBLISHED");
    assertThat(job.path("trigger").asText()).isEqualTo("FEED");
    // 6 grid points, the 3 steps in one document each (the default layout), 2t and 2d in each.
    assertThat(Fixtures.servedCount(stepsModel)).isEqualTo(6L);
    assertThat(job.path("expectedDocuments").asLong()).isEqualTo(6L);
    // Each field's range was asked for once only, over the three polls that fetched.
    List<Access> ranges =
        nginx.accesses("steps/").stream().filter(a -> !a.range().isEmpty()).toList();
    assertThat(ranges).hasSize(3).allMatch(a -> a.status() == 206);

    FeedStatus published = poller.poll("steps", Instant.parse("2026-11-20T02:40:00Z"));

    assertThat(published.state()).isEqualTo(FeedStatus.State.WAITING_FOR_CYCLE);
    assertThat(published.servedRun()).isEqualTo("2026112000");
    assertThat(published.nextExpected()).isEqualTo(Instant.parse("2026-11-21T01:00:00Z"));
    JsonNode feeds = IngestorInstance.JSON.readTree(instance.get("/v1/feeds").body());
    JsonNode steps = null;
    for (JsonNode feed : feeds) {
      if (feed.path("feed").asText().equals("steps")) {
        steps = feed;
      }
    }
    assertThat(steps).isNotNull();
    assertThat(steps.path("state").asText()).isEqualTo("WAITING_FOR_CYCLE");
    assertThat(steps.path("servedRun").asText()).isEqualTo("2026112000");
    assertThat(
            instance
                .send(java.net.http.HttpRequest.newBuilder(instance.uri("/v1/feeds")).GET())
                .statusCode())
        .as("the feeds need a key, as every read")
        .isEqualTo(401);
  }

  @Test
  void aRunPastItsDeadlineIsNotPublishedAndThePreviousStaysServed() throws Exception {
    FeedPoller poller = instance.bean(FeedPoller.class);
    for (int step : STEPS) {
      publish("late/", RUN, step);
    }
    FeedStatus loading = poller.poll("late", Instant.parse("2026-11-20T03:00:00Z"));
    assertThat(loading.state()).as(loading.toString()).isEqualTo(FeedStatus.State.LOADING);
    JsonNode job = instance.awaitEnded(loading.jobId(), Duration.ofMinutes(2));
    assertThat(job.path("state").asText()).as(job.toPrettyString()).isEqualTo("PUBLISHED");
    Set<String> served = Fixtures.published(lateModel);

    // The 06 run: only its step 0 ever appears.
    publish("late/", RUN_06, 0);
    FeedStatus partial = poller.poll("late", Instant.parse("2026-11-20T08:00:00Z"));
    assertThat(partial.state()).isEqualTo(FeedStatus.State.FETCHING);
    assertThat(partial.run()).isEqualTo("2026112006");
    assertThat(partial.fieldsDone()).isEqualTo(2);
    assertThat(partial.servedRun()).isEqualTo("2026112000");

    FeedStatus late = poller.poll("late", Instant.parse("2026-11-20T10:00:00Z"));

    assertThat(late.state()).isEqualTo(FeedStatus.State.FAILED);
    assertThat(late.late()).isTrue();
    assertThat(late.reason()).contains("missed its deadline").contains("2 of 6");
    assertThat(failures("late")).isEqualTo(1);
    assertThat(Fixtures.published(lateModel)).as("the 00 run stays served").isEqualTo(served);
    assertThat(Fixtures.servedCount(lateModel)).isEqualTo(6L);
    assertThat(gauge("spotcast.feed.late", "late")).isEqualTo(1.0);
    String scraped = instance.get("/actuator/prometheus").body();
    assertThat(scraped)
        .containsPattern("spotcast_feed_late\\{[^}]*feed=\"late\"[^}]*} 1\\.0")
        .containsPattern("spotcast_feed_failures_total\\{[^}]*feed=\"late\"[^}]*} 1\\.0")
        .containsPattern("spotcast_feed_served_age_seconds\\{[^}]*feed=\"late\"")
        .containsPattern("spotcast_feed_fields_fetched\\{[^}]*feed=\"late\"[^}]*} 2\\.0")
        .contains("spotcast_feed_fetched_bytes{", "spotcast_feed_run_seconds{");

    FeedStatus again = poller.poll("late", Instant.parse("2026-11-20T10:30:00Z"));

    assertThat(again.state()).isEqualTo(FeedStatus.State.FAILED);
    assertThat(failures("late")).as("a run is given up once").isEqualTo(1);
    assertThat(Fixtures.published(lateModel)).isEqualTo(served);
  }

  @Test
  void aRunAnotherInstanceFetchesIsLeftToItUntilItStopsBeating() throws Exception {
    FeedPoller poller = instance.bean(FeedPoller.class);
    JobStore store = instance.bean(JobStore.class);
    for (int step : STEPS) {
      publish("locked/", RUN, step);
    }
    store.ensureIndex();
    String lockId = RunLock.idOf(lockedModel, "2026112000");
    assertThat(
            store.create(
                lockId, RunLock.fetching(lockedModel, "2026112000", "feeds-2", Instant.now())))
        .isTrue();

    FeedStatus other = poller.poll("locked", Instant.parse("2026-11-20T02:00:00Z"));

    assertThat(other.state()).isEqualTo(FeedStatus.State.FETCHING);
    assertThat(other.reason()).isEqualTo("being fetched by instance feeds-2");
    assertThat(nginx.accesses("locked/")).as("nothing asked of the publisher").isEmpty();

    // feeds-2 was killed: its last beat is older than spotcast.jobs.stale-after (5 s here).
    Versioned<RunLock> held = store.lock(lockedModel, "2026112000").orElseThrow();
    store.update(lockId, held, held.value().beating(Instant.now().minusSeconds(60)), true);

    FeedStatus taken = poller.poll("locked", Instant.parse("2026-11-20T02:10:00Z"));

    assertThat(taken.state()).as(taken.toString()).isEqualTo(FeedStatus.State.LOADING);
    JsonNode job = instance.awaitEnded(taken.jobId(), Duration.ofMinutes(2));
    assertThat(job.path("state").asText()).as(job.toPrettyString()).isEqualTo("PUBLISHED");
    assertThat(Fixtures.servedCount(lockedModel)).isEqualTo(6L);
    assertThat(store.lock(lockedModel, "2026112000").orElseThrow().value().jobId())
        .as("the job took the lock over from the fetch")
        .isEqualTo(taken.jobId());
  }

  private static double retries(String feed) {
    return instance
        .bean(MeterRegistry.class)
        .counter("spotcast.feed.retries", "feed", feed)
        .count();
  }

  private static double failures(String feed) {
    return instance
        .bean(MeterRegistry.class)
        .counter("spotcast.feed.failures", "feed", feed)
        .count();
  }

  private static double gauge(String name, String feed) {
    return instance.bean(MeterRegistry.class).get(name).tag("feed", feed).gauge().value();
  }

  /** One step of a run, as ECMWF lays it out (the 00 run's messages, whatever the run). */
  private static void publish(String prefix, Instant run, int step) throws Exception {
    PublishedTree.ecmwf(
        nginx.root(),
        prefix,
        IFS.dataUrl("", run, step),
        RunTimes.day(run),
        RunTimes.hour(run),
        IFS.streamOf(run),
        step,
        messages.get(step),
        "");
  }
}
