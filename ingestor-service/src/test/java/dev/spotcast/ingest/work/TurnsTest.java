package dev.spotcast.ingest.work;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingest.job.JobState;
import dev.spotcast.ingest.job.Trigger;
import dev.spotcast.ingest.job.Versioned;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The order in which turns take the unfinished jobs' chunks, worked out by hand. */
class TurnsTest {

  /** Every job with as many chunks left as the others. */
  private static final Turns.ChunksLeft SAME_LEFT = job -> 32;

  @Test
  void twoRunsArrivingTogetherLoadFirstComeFirstServed() throws Exception {
    var gfs = job("gfs-06", "gfs", "2026-11-29T06:00:00Z", "2026-11-29T09:40:00Z");
    var ecmwf = job("ecmwf-06", "ecmwf", "2026-11-29T06:00:00Z", "2026-11-29T09:50:00Z");

    assertThat(ids(Turns.order(List.of(ecmwf, gfs), SAME_LEFT)))
        .containsExactly("gfs-06", "ecmwf-06");
  }

  @Test
  void aRunGoesLastWhileANewerRunOfItsModelIsLoading() throws Exception {
    // A backfill of two past GFS runs submitted first, today's ECMWF, then today's GFS: the past
    // GFS runs wait for both of today's; between themselves, first come first served.
    var pastGfs00 = job("gfs-00-past", "gfs", "2026-11-20T00:00:00Z", "2026-11-29T08:00:00Z");
    var pastGfs12 = job("gfs-12-past", "gfs", "2026-11-19T12:00:00Z", "2026-11-29T08:01:00Z");
    var ecmwf = job("ecmwf-06", "ecmwf", "2026-11-29T06:00:00Z", "2026-11-29T09:50:00Z");
    var gfs = job("gfs-06", "gfs", "2026-11-29T06:00:00Z", "2026-11-29T09:55:00Z");

    assertThat(ids(Turns.order(List.of(gfs, pastGfs12, ecmwf, pastGfs00), SAME_LEFT)))
        .containsExactly("ecmwf-06", "gfs-06", "gfs-00-past", "gfs-12-past");
  }

  @Test
  void aRunWithFewerThanHalfTheNewestsChunksLeftIsFinishedFirst() throws Exception {
    // Stop 62's day: ECMWF 06 UTC's last chunk of 32 left when 12 UTC's 32 arrived.
    var ecmwf06 = job("ecmwf-06", "ecmwf", "2026-11-28T06:00:00Z", "2026-11-30T13:57:54Z");
    var ecmwf12 = job("ecmwf-12", "ecmwf", "2026-11-28T12:00:00Z", "2026-11-30T14:30:45Z");
    var gfs12 = job("gfs-12", "gfs", "2026-11-28T12:00:00Z", "2026-11-30T14:20:00Z");
    Map<String, Long> left = new HashMap<>(Map.of("ecmwf-06", 1L, "ecmwf-12", 32L, "gfs-12", 36L));
    Turns.ChunksLeft chunksLeft = job -> left.get(job.id());

    assertThat(ids(Turns.order(List.of(ecmwf12, gfs12, ecmwf06), chunksLeft)))
        .containsExactly("ecmwf-06", "gfs-12", "ecmwf-12");
    // 15 of 32 left: 2 x 15 < 32, still first; 16: half, the newest goes first.
    left.put("ecmwf-06", 15L);
    assertThat(ids(Turns.order(List.of(ecmwf12, ecmwf06), chunksLeft)))
        .containsExactly("ecmwf-06", "ecmwf-12");
    left.put("ecmwf-06", 16L);
    assertThat(ids(Turns.order(List.of(ecmwf12, ecmwf06), chunksLeft)))
        .containsExactly("ecmwf-12", "ecmwf-06");
  }

  @Test
  void chunksLeftAreAskedOnlyOfModelsWithTwoRunsLoading() throws Exception {
    var gfs = job("gfs-06", "gfs", "2026-11-29T06:00:00Z", "2026-11-29T09:40:00Z");
    var ecmwf = job("ecmwf-06", "ecmwf", "2026-11-29T06:00:00Z", "2026-11-29T09:50:00Z");
    List<String> asked = new ArrayList<>();

    Turns.order(
        List.of(gfs, ecmwf),
        job -> {
          asked.add(job.id());
          return 1;
        });
    assertThat(asked).isEmpty();
  }

  @Test
  void jobsWithoutARunTimeOrCreationStillHaveAPlace() throws Exception {
    var noRunTime = job("a", "demo", null, "2026-11-29T10:00:00Z");
    var noCreation = job("b", "demo", "2026-11-29T06:00:00Z", null);
    var older = job("c", "demo", "2026-11-29T00:00:00Z", "2026-11-29T09:00:00Z");

    // c is superseded by b (same model, older run); a has no run time, so nothing supersedes it;
    // b was never stamped, so it comes after every stamped job that is not superseded.
    assertThat(ids(Turns.order(List.of(older, noCreation, noRunTime), SAME_LEFT)))
        .containsExactly("a", "b", "c");
  }

  private static Versioned<Job> job(String id, String model, String runTime, String created) {
    Job job =
        new Job(
            id,
            JobState.LOADING,
            Trigger.FEED,
            null,
            null,
            null,
            model,
            id,
            runTime == null ? null : Instant.parse(runTime),
            List.of(),
            0,
            0,
            "test",
            created == null ? null : Instant.parse(created),
            null,
            null,
            null,
            null,
            0,
            null);
    return new Versioned<>(job, 1, 1);
  }

  private static List<String> ids(List<Versioned<Job>> jobs) {
    return jobs.stream().map(read -> read.value().id()).toList();
  }
}
