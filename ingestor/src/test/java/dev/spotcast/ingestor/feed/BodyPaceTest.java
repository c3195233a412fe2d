package dev.spotcast.ingestor.feed;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BodyPaceTest {

  private static final long S = 1_000_000_000L;

  @Test
  void aBodyIsJudgedOnlyOnceAWholeWindowHasPassed() {
    // A window of 10 s, a floor of 1,000 bytes in it: nothing at 5 s is no verdict yet.
    BodyPace pace = new BodyPace(0, 10 * S, 1_000);
    assertThat(pace.tooSlow(5 * S, 0)).isEqualTo(-1);
    // At 10 s, 999 bytes in the window: too slow, by its count.
    assertThat(pace.tooSlow(10 * S, 999)).isEqualTo(999);
  }

  @Test
  void aTrickleIsCaughtWhereTheIdleCheckWouldWaitForever() {
    // One byte a second, read every 2.5 s: never 10 s without a byte, but 10 bytes per 10 s.
    BodyPace pace = new BodyPace(0, 10 * S, 1_000);
    long verdict = -1;
    for (int i = 1; i <= 4 && verdict < 0; i++) {
      verdict = pace.tooSlow(i * 5 * S / 2, i * 5 / 2);
    }
    assertThat(verdict).isEqualTo(10); // at 10 s: 10 bytes since the start
  }

  @Test
  void theWindowSlidesSoASlowStretchAfterAFastStartIsCaught() {
    BodyPace pace = new BodyPace(0, 10 * S, 1_000);
    assertThat(pace.tooSlow(5 * S, 1_000_000)).isEqualTo(-1); // 1 MB in the first 5 s
    assertThat(pace.tooSlow(10 * S, 1_000_100)).isEqualTo(-1); // 1,000,100 since 0
    // At 15 s the window starts at the reading of 5 s: 200 bytes since then.
    assertThat(pace.tooSlow(15 * S, 1_000_200)).isEqualTo(200);
  }

  @Test
  void theFloorOverARequestTimeoutIsItsRateTimesTheTimeout() {
    assertThat(HttpFetcher.minBytesPerTimeout(1024, java.time.Duration.ofSeconds(60)))
        .isEqualTo(61_440);
    assertThat(HttpFetcher.minBytesPerTimeout(1, java.time.Duration.ofMillis(200))).isEqualTo(1);
    assertThat(HttpFetcher.minBytesPerTimeout(0, java.time.Duration.ofSeconds(60))).isZero();
    assertThat(HttpFetcher.minBytesPerTimeout(Long.MAX_VALUE, java.time.Duration.ofSeconds(2)))
        .isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void aBodyAtTheFloorPassesAndNoFloorNeverJudges() {
    BodyPace pace = new BodyPace(0, 10 * S, 1_000);
    assertThat(pace.tooSlow(10 * S, 1_000)).isEqualTo(-1);
    assertThat(pace.tooSlow(20 * S, 2_000)).isEqualTo(-1);
    BodyPace none = new BodyPace(0, 10 * S, 0);
    assertThat(none.tooSlow(60 * S, 0)).isEqualTo(-1);
  }
}
