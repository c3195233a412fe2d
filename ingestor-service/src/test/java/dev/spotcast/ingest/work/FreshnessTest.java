package dev.spotcast.ingest.work;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.ingest.settings.KafkaTopics;
import dev.spotcast.ingest.settings.YieldProperties;
import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.bulk.PressureWatch.Reading;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The floor under the yielding: a run behind the schedule of its deadline keeps the loading from
 * yielding; back on schedule, the users' reading decides again. Hand-computed cases; the pace is
 * moved by readings given here, not by a clock.
 */
class FreshnessTest {

  private static final Instant T0 = Instant.parse("2026-11-29T12:00:00Z");
  private static final Duration TEN_MINUTES = Duration.ofMinutes(10);

  @Test
  void aRunIsBehindWhenLessOfItIsIndexedThanOfItsTimeIsGone() {
    Instant now = T0.plus(Duration.ofMinutes(4)); // 40 % of the ten minutes gone
    Freshness.Load onSchedule = new Freshness.Load("gfs 06", T0, 1_000, 400); // 40 %: not behind
    Freshness.Load behind = new Freshness.Load("ecmwf 06", T0, 1_000, 399);
    assertThat(Freshness.behind(List.of(onSchedule), TEN_MINUTES, now)).isEmpty();
    assertThat(Freshness.behind(List.of(onSchedule, behind), TEN_MINUTES, now)).contains(behind);
  }

  @Test
  void aRunPastItsDeadlineIsBehindUntilDoneAndAFinishedOneNever() {
    Instant late = T0.plus(Duration.ofMinutes(25));
    assertThat(
            Freshness.behind(
                List.of(new Freshness.Load("gfs 06", T0, 1_000, 999)), TEN_MINUTES, late))
        .isPresent();
    assertThat(
            Freshness.behind(
                List.of(new Freshness.Load("gfs 06", T0, 1_000, 1_000)), TEN_MINUTES, late))
        .isEmpty();
  }

  @Test
  void noFloorAndRunsWithoutDocumentsAreNeverBehind() {
    Instant now = T0.plus(Duration.ofMinutes(9));
    Freshness.Load nothingYet = new Freshness.Load("gfs 06", T0, 1_000, 0);
    assertThat(Freshness.behind(List.of(nothingYet), Duration.ZERO, now)).isEmpty();
    assertThat(Freshness.behind(List.of(new Freshness.Load("new", T0, 0, 0)), TEN_MINUTES, now))
        .isEmpty();
    // A job created in the future of this instance's clock (clocks of two hosts): no time gone.
    assertThat(
            Freshness.behind(
                List.of(new Freshness.Load("skewed", now.plusSeconds(5), 1_000, 0)),
                TEN_MINUTES,
                now))
        .isEmpty();
  }

  @Test
  void usersHurtingSlowTheLoadingUnlessARunIsBehindThenItClimbsBack() {
    Instant now = T0.plus(Duration.ofMinutes(5)); // half the time gone
    Yielding yielding = yielding(TEN_MINUTES, now);
    var pace = yielding.pace();
    assertThat(pace.limit()).as("every sender of every worker: 2 x 2").isEqualTo(4);

    Freshness.Load onSchedule = new Freshness.Load("gfs 06", T0, 1_000, 600);
    yielding.step(Reading.BUSY, List.of(onSchedule));
    assertThat(pace.limit()).as("users hurting, the run ahead: it yields").isEqualTo(2);
    assertThat(yielding.behind()).isEmpty();

    Freshness.Load behind = new Freshness.Load("gfs 06", T0, 1_000, 300);
    yielding.step(Reading.BUSY, List.of(behind));
    assertThat(pace.limit()).as("users hurting, the run behind: it climbs back").isEqualTo(3);
    assertThat(yielding.behind()).contains(behind);
    yielding.step(Reading.BUSY, List.of(behind));
    assertThat(pace.limit()).isEqualTo(4);

    yielding.step(Reading.BUSY, List.of(new Freshness.Load("gfs 06", T0, 1_000, 500)));
    assertThat(pace.limit()).as("back on schedule: it yields again").isEqualTo(2);
    assertThat(yielding.behind()).isEmpty();
  }

  @Test
  void withoutAFloorTheUsersAloneDecide() {
    Yielding yielding = yielding(Duration.ZERO, T0.plus(Duration.ofHours(1)));
    var pace = yielding.pace();
    Freshness.Load late = new Freshness.Load("gfs 06", T0, 1_000, 1);
    yielding.step(Reading.BUSY, List.of(late)); // 4 -> 2
    yielding.step(Reading.BUSY, List.of(late)); // 2 -> 1
    assertThat(pace.limit()).isEqualTo(1);
    assertThat(pace.rest()).isZero();
    yielding.step(Reading.BUSY, List.of(late));
    assertThat(pace.rest()).as("at one bulk, a rest between turns").isEqualTo(1);
    yielding.step(Reading.CLEAR, List.of());
    assertThat(pace.rest()).isZero();
    yielding.step(Reading.CLEAR, List.of());
    assertThat(pace.limit()).isEqualTo(2);
  }

  private static Yielding yielding(Duration serveWithin, Instant now) {
    YieldProperties properties =
        new YieldProperties(
            List.of(URI.create("http://127.0.0.1:1")),
            Duration.ofSeconds(1),
            Duration.ofSeconds(1),
            1,
            serveWithin);
    KafkaTopics topics =
        new KafkaTopics(
            "work",
            "workers",
            2,
            "announced",
            "announcements",
            "outcomes",
            "dlt",
            false,
            12,
            (short) 1,
            true);
    return new Yielding(
        properties,
        LoaderSettings.defaults().withThreads(1, 2),
        topics,
        null,
        new SimpleMeterRegistry(),
        Clock.fixed(now, ZoneOffset.UTC));
  }
}
