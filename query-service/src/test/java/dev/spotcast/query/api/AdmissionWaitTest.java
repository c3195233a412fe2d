package dev.spotcast.query.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AdmissionWaitTest {

  private static final long MS = 1_000_000;

  /** Overloaded after 100 ms of a full door; created at t = 1,000 ms. */
  private static AdmissionWait door() {
    return new AdmissionWait(100 * MS, 1_000 * MS);
  }

  @Test
  void theFirstRequestsAlwaysWaitUpToTheBound() {
    AdmissionWait wait = door();
    // nothing measured yet: expected 0
    assertThat(wait.worthWaiting(16, 1_000 * MS, 100 * MS)).isTrue();
    assertThat(wait.worthWaiting(16, 1_000 * MS, 0)).as("no wait configured").isFalse();
  }

  @Test
  void theExpectedWaitIsTheQueueAheadTimesTheTimeInProgressOverTheSlots() {
    AdmissionWait wait = door();
    long now = 1_050 * MS;
    wait.completed(40 * MS); // the first sample is the average
    assertThat(wait.averageNanos()).isEqualTo(40 * MS);
    // alone: 1 x 40 / 16 = 2.5 ms
    assertThat(wait.expectedWaitNanos(16)).isEqualTo(2_500_000);
    for (int i = 0; i < 39; i++) {
      wait.enter();
    }
    // 39 ahead: 40 x 40 / 16 = 100 ms, just within a 100 ms bound; one more is not
    assertThat(wait.expectedWaitNanos(16)).isEqualTo(100 * MS);
    assertThat(wait.worthWaiting(16, now, 100 * MS)).isTrue();
    wait.enter();
    assertThat(wait.worthWaiting(16, now, 100 * MS)).isFalse();
    wait.leave();
    assertThat(wait.waiting()).isEqualTo(39);
  }

  @Test
  void aDoorFullForLongerThanTheIntervalIsOverloadedAndNobodyWaits() {
    AdmissionWait wait = door();
    // Created at 1,000 ms: full since then, a burst until 1,100 ms, overload after it.
    assertThat(wait.overloaded(1_100 * MS)).isFalse();
    assertThat(wait.worthWaiting(16, 1_100 * MS, 100 * MS)).isTrue();
    assertThat(wait.overloaded(1_100 * MS + 1)).isTrue();
    assertThat(wait.maxWaitNanos(1_100 * MS + 1, 100 * MS)).isZero();
    assertThat(wait.worthWaiting(16, 1_100 * MS + 1, 100 * MS)).isFalse();
    // A request that finds a free slot at 1,500 ms ends it: bursts wait again for 100 ms.
    wait.foundFree(1_500 * MS);
    assertThat(wait.overloaded(1_550 * MS)).isFalse();
    assertThat(wait.maxWaitNanos(1_550 * MS, 100 * MS)).isEqualTo(100 * MS);
    assertThat(wait.overloaded(1_601 * MS)).isTrue();
  }

  @Test
  void theAverageFollowsTheNewestRequestsByFivePercent() {
    AdmissionWait wait = door();
    wait.completed(100 * MS);
    wait.completed(200 * MS); // 100 + 0.05 x (200 - 100) = 105
    assertThat(wait.averageNanos()).isEqualTo(105 * MS);
    wait.completed(5 * MS); // 105 + 0.05 x (5 - 105) = 100
    assertThat(wait.averageNanos()).isEqualTo(100 * MS);
  }
}
