package dev.spotcast.ingest.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.ingest.settings.FeedProperties;
import dev.spotcast.ingest.settings.FeedProperties.Feed;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

/** Which run of a feed is due when, and which feed settings are refused. */
class FeedCyclesTest {

  private static Feed feed(List<Integer> cycles, Duration expectedAfter, Duration deadline) {
    return feed("gfs", "0-6/3", cycles, expectedAfter, deadline, null);
  }

  private static Feed feed(String publisher, String steps, DataSize minBodyRate) {
    return feed(publisher, steps, null, null, null, minBodyRate);
  }

  private static Feed feed(
      String publisher,
      String steps,
      List<Integer> cycles,
      Duration expectedAfter,
      Duration deadline,
      DataSize minBodyRate) {
    return new Feed(
        null,
        publisher,
        null,
        List.of("TMP"),
        null,
        steps,
        null,
        cycles,
        expectedAfter,
        deadline,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        minBodyRate,
        null);
  }

  @Test
  void theNewestDueRunIsTheNewestCycleAtLeastExpectedAfterOld() {
    Feed gfs = feed(List.of(), Duration.ofHours(5), Duration.ofHours(9));

    assertThat(FeedPoller.newestDue(gfs, Instant.parse("2026-11-26T04:59:00Z")))
        .isEqualTo(Instant.parse("2026-11-25T18:00:00Z"));
    assertThat(FeedPoller.newestDue(gfs, Instant.parse("2026-11-26T05:00:00Z")))
        .isEqualTo(Instant.parse("2026-11-26T00:00:00Z"));
    assertThat(FeedPoller.newestDue(gfs, Instant.parse("2026-11-26T23:30:00Z")))
        .isEqualTo(Instant.parse("2026-11-26T18:00:00Z"));
    assertThat(FeedPoller.nextCycle(gfs, Instant.parse("2026-11-26T18:00:00Z")))
        .isEqualTo(Instant.parse("2026-11-27T00:00:00Z"));
  }

  @Test
  void onlyTheConfiguredCyclesAreLoaded() {
    Feed twice = feed(List.of(12, 0), Duration.ofHours(5), Duration.ofHours(9));

    assertThat(FeedPoller.newestDue(twice, Instant.parse("2026-11-26T16:00:00Z")))
        .isEqualTo(Instant.parse("2026-11-26T00:00:00Z"));
    assertThat(FeedPoller.newestDue(twice, Instant.parse("2026-11-26T17:00:00Z")))
        .isEqualTo(Instant.parse("2026-11-26T12:00:00Z"));
    assertThat(FeedPoller.nextCycle(twice, Instant.parse("2026-11-26T00:00:00Z")))
        .isEqualTo(Instant.parse("2026-11-26T12:00:00Z"));
  }

  @Test
  void defaultsAreDocumented() {
    Feed gfs = feed(List.of(), null, null);

    assertThat(gfs.enabled()).isTrue();
    assertThat(gfs.expectedAfter()).isEqualTo(Duration.ofHours(5));
    assertThat(gfs.deadline()).isEqualTo(Duration.ofHours(9));
    assertThat(gfs.keepRuns()).isEqualTo(2);
    assertThat(gfs.modelOr("gfs")).isEqualTo("gfs");
    assertThat(gfs.runHours()).containsExactly(0, 6, 12, 18);
    assertThat(gfs.settings().parallelPerHost()).isEqualTo(4);
    assertThat(gfs.settings().attempts()).isEqualTo(5);
  }

  @Test
  void badSettingsAreRefusedWithTheReason() {
    assertThatThrownBy(() -> feed(List.of(3), null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no run at 3 UTC");
    assertThatThrownBy(() -> feed(List.of(), Duration.ofHours(6), Duration.ofHours(5)))
        .hasMessageContaining("deadline");
    assertThatThrownBy(() -> feed("noaa", "0", null))
        .hasMessageContaining("unknown publisher 'noaa'");
    assertThatThrownBy(() -> feed("gfs", "0-x", null)).hasMessageContaining("steps must look like");
    assertThatThrownBy(() -> feed("gfs", "0", DataSize.ofBytes(-1)))
        .hasMessageContaining("floor of a body's rate must be >= 0");
  }

  @Test
  void aBodyRateFloorOfZeroTurnsTheCheckOffAndTheDefaultIsOneKibibyte() {
    assertThat(feed("gfs", "0", null).settings().minBodyRate()).isEqualTo(1024);
    assertThat(feed("gfs", "0", DataSize.ofKilobytes(8)).settings().minBodyRate()).isEqualTo(8192);
    assertThat(feed("gfs", "0", DataSize.ofBytes(0)).settings().minBodyRate()).isZero();
  }

  @Test
  void aRehearsalClockStartsWhereToldAndRunsAtItsPace() {
    Instant started = Instant.parse("2026-11-28T10:00:00Z");
    FeedProperties.Poll wall = new FeedProperties.Poll(Duration.ofSeconds(2), null, 1);
    assertThat(wall.feedTime(started, started.plusSeconds(90))).isEqualTo(started.plusSeconds(90));
    // 24 times the wall clock: a 6-hour cycle in 15 minutes.
    FeedProperties.Poll rehearsal =
        new FeedProperties.Poll(Duration.ofSeconds(2), Instant.parse("2026-11-27T00:00:00Z"), 24);
    assertThat(rehearsal.feedTime(started, started)).isEqualTo("2026-11-27T00:00:00Z");
    assertThat(rehearsal.feedTime(started, started.plus(Duration.ofMinutes(15))))
        .isEqualTo("2026-11-27T06:00:00Z");
    assertThat(rehearsal.feedTime(started, started.plusMillis(1500)))
        .isEqualTo("2026-11-27T00:00:36Z");
    // With the rehearsal's clock, the run due is that of its own time.
    Feed gfs = feed(List.of(), Duration.ofHours(4), Duration.ofHours(9));
    assertThat(FeedPoller.newestDue(gfs, rehearsal.feedTime(started, started.plusSeconds(40 * 60))))
        .as("16:00 on the rehearsal's clock: the 12 UTC run is 4 hours old")
        .isEqualTo("2026-11-27T12:00:00Z");
  }

  @Test
  void aRehearsalNeedsItsStartAndAPaceAboveZero() {
    assertThatThrownBy(() -> new FeedProperties.Poll(Duration.ofSeconds(1), null, 24))
        .hasMessageContaining("needs rehearsal-start");
    assertThatThrownBy(() -> new FeedProperties.Poll(Duration.ofSeconds(1), Instant.EPOCH, 0))
        .hasMessageContaining("above 0");
  }
}
