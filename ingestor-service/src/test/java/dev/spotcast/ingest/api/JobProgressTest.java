package dev.spotcast.ingest.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class JobProgressTest {

  private static final Instant START = Instant.parse("2026-01-01T06:00:00Z");

  @Test
  void countsTheRunningChunksAcknowledgedDocuments() {
    // 200,000 in DONE chunks + 50,000 so far in RUNNING ones, 100 s after the start:
    // 250,000 / 100 s = 2,500 docs/s; 750,000 left / 2,500 = 300 s.
    JobProgress p =
        JobProgress.of(1_000_000, 200_000, 50_000, START, START.plusSeconds(100), false);

    assertThat(p.acknowledgedDocuments()).isEqualTo(250_000);
    assertThat(p.progress()).isEqualTo(0.25);
    assertThat(p.docsPerSecond()).isCloseTo(2_500.0, within(1e-9));
    assertThat(p.eta()).isEqualTo(Duration.ofSeconds(300));
  }

  @Test
  void beforeAnyChunkIsDoneTheRunningOnesAloneGiveARateAndAnEta() {
    // 12,000 acknowledged in 8 s = 1,500 docs/s; 36,000 left / 1,500 = 24 s.
    JobProgress p = JobProgress.of(48_000, 0, 12_000, START, START.plusSeconds(8), false);

    assertThat(p.progress()).isEqualTo(0.25);
    assertThat(p.docsPerSecond()).isCloseTo(1_500.0, within(1e-9));
    assertThat(p.eta()).isEqualTo(Duration.ofSeconds(24));
  }

  @Test
  void aFractionalEtaIsRoundedToTheMillisecond() {
    // 1,000 in 3 s = 333.33 docs/s; 2,000 left take 6 s exactly.
    JobProgress p = JobProgress.of(3_000, 700, 300, START, START.plusSeconds(3), false);

    assertThat(p.docsPerSecond()).isCloseTo(333.333, within(0.001));
    assertThat(p.eta()).isEqualTo(Duration.ofSeconds(6));
  }

  @Test
  void noRateNorEtaBeforeLoadingStartsOrWhileNothingIsAcknowledged() {
    assertThat(JobProgress.of(1_000, 0, 0, null, START, false))
        .isEqualTo(new JobProgress(0, 0.0, 0.0, null));
    assertThat(JobProgress.of(1_000, 0, 0, START, START.plusSeconds(5), false).eta()).isNull();
  }

  @Test
  void anEndedJobHasItsMeanRateAndNoEta() {
    // 90,000 in 60 s = 1,500 docs/s.
    JobProgress p = JobProgress.of(90_000, 90_000, 0, START, START.plusSeconds(60), true);

    assertThat(p.progress()).isEqualTo(1.0);
    assertThat(p.docsPerSecond()).isCloseTo(1_500.0, within(1e-9));
    assertThat(p.eta()).isNull();
  }

  @Test
  void acknowledgedNeverExceedsTheExpectedDocuments() {
    // A heartbeat's count may be ahead of a chunk just done: never more than 100 %.
    JobProgress p = JobProgress.of(10_000, 9_000, 2_000, START, START.plusSeconds(10), false);

    assertThat(p.acknowledgedDocuments()).isEqualTo(10_000);
    assertThat(p.progress()).isEqualTo(1.0);
    assertThat(p.eta()).isEqualTo(Duration.ZERO);
  }

  @Test
  void anEmptyRunIsComplete() {
    assertThat(JobProgress.of(0, 0, 0, START, START.plusSeconds(1), false).progress())
        .isEqualTo(1.0);
  }
}
