package dev.spotcast.query.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AdmissionWaitTest {

  private static final long MS = 1_000_000;

  @Test
  void theFirstRequestsAlwaysWaitUpToTheBound() {
    AdmissionWait wait = new AdmissionWait();
    assertThat(wait.worthWaiting(16, 100 * MS)).isTrue(); // nothing measured yet: expected 0
    assertThat(wait.worthWaiting(16, 0)).as("no wait configured").isFalse();
  }

  @Test
  void theExpectedWaitIsTheQueueAheadTimesTheTimeInProgressOverTheSlots() {
    AdmissionWait wait = new AdmissionWait();
    wait.completed(40 * MS); // the first sample is the average
    assertThat(wait.averageNanos()).isEqualTo(40 * MS);
    // alone: 1 x 40 / 16 = 2.5 ms
    assertThat(wait.expectedWaitNanos(16)).isEqualTo(2_500_000);
    for (int i = 0; i < 39; i++) {
      wait.enter();
    }
    // 39 ahead: 40 x 40 / 16 = 100 ms, just within a 100 ms bound; one more is not
    assertThat(wait.expectedWaitNanos(16)).isEqualTo(100 * MS);
    assertThat(wait.worthWaiting(16, 100 * MS)).isTrue();
    wait.enter();
    assertThat(wait.worthWaiting(16, 100 * MS)).isFalse();
    wait.leave();
    assertThat(wait.waiting()).isEqualTo(39);
  }

  @Test
  void theAverageFollowsTheNewestRequestsByFivePercent() {
    AdmissionWait wait = new AdmissionWait();
    wait.completed(100 * MS);
    wait.completed(200 * MS); // 100 + 0.05 x (200 - 100) = 105
    assertThat(wait.averageNanos()).isEqualTo(105 * MS);
    wait.completed(5 * MS); // 105 + 0.05 x (5 - 105) = 100
    assertThat(wait.averageNanos()).isEqualTo(100 * MS);
  }
}
