package dev.spotcast.ingestor.bulk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SendPaceTest {

  @Test
  void busyUsersHalveTheLimitDownToTheLeastAndClearReadingsGiveOneBackAtATime() {
    SendPace pace = new SendPace(1, 8);
    assertThat(pace.limit()).isEqualTo(8);
    pace.congested();
    assertThat(pace.limit()).isEqualTo(4);
    pace.congested();
    pace.congested();
    assertThat(pace.limit()).isEqualTo(1);
    pace.congested();
    assertThat(pace.limit()).as("never below min").isEqualTo(1);
    assertThat(pace.congestions()).isEqualTo(4);
    assertThat(pace.rest()).as("still busy at the least: it rests").isEqualTo(1);
    pace.clear();
    assertThat(pace.rest()).as("the first clear reading ends the rest").isZero();
    assertThat(pace.limit()).isEqualTo(1);
    pace.clear();
    pace.clear();
    assertThat(pace.limit()).isEqualTo(3);
    for (int i = 0; i < 10; i++) {
      pace.clear();
    }
    assertThat(pace.limit()).as("never above max").isEqualTo(8);
  }

  @Test
  void busyAtTheLeastATurnRestsAsLongAsTheLastBulkTookTimesTheRest() throws Exception {
    long[] now = {0};
    SendPace pace = new SendPace(1, 2, () -> now[0]);
    pace.congested(); // 1 bulk
    assertThat(pace.rest()).isZero();
    pace.congested(); // still busy at one bulk: rest 1
    assertThat(pace.rest()).isEqualTo(1);
    long first = pace.acquire();
    now[0] = 100;
    pace.release(first); // the bulk took 100 ns: the next turn waits 100 ns more
    assertThat(pace.restNanos()).isEqualTo(100);
    now[0] = 150;
    assertThat(pace.restNanos()).isEqualTo(50);
    pace.congested();
    pace.congested();
    pace.congested();
    pace.congested();
    assertThat(pace.rest()).as("1, 2, 4, 8, then no more").isEqualTo(SendPace.MOST_REST);
    now[0] = 200;
    long second = pace.acquire(); // the rest computed at the release (200) is over: no wait
    now[0] = 230;
    pace.release(second); // took 30 ns, rest 8: the next turn at 230 + 240
    assertThat(pace.restNanos()).isEqualTo(240);
    pace.clear();
    assertThat(pace.rest()).isEqualTo(4);
    assertThat(pace.restNanos()).as("a rest already set stands").isEqualTo(240);
    pace.clear();
    pace.clear();
    pace.clear();
    assertThat(pace.rest()).isZero();
    assertThat(pace.restNanos()).as("no rest: no wait").isZero();
    assertThat(pace.limit()).isEqualTo(1);
    pace.clear();
    assertThat(pace.limit()).isEqualTo(2);
  }

  @Test
  void withTwoBulksInFlightEachRestFollowsItsOwnBulkAndTheLongestStands() throws Exception {
    long[] now = {0};
    SendPace pace = new SendPace(2, 2, () -> now[0]);
    pace.congested(); // at the least already: rest 1
    assertThat(pace.rest()).isEqualTo(1);
    long a = pace.acquire(); // at 0
    now[0] = 50;
    long b = pace.acquire(); // at 50
    now[0] = 100;
    pace.release(a); // a took 100 ns: no turn before 200
    assertThat(pace.restNanos()).isEqualTo(100);
    now[0] = 110;
    pace.release(b); // b took 60 ns: 170, earlier than a's 200, which stands
    assertThat(pace.restNanos()).as("200 - 110").isEqualTo(90);
  }

  @Test
  void aLeastAboveOneIsKept() {
    SendPace pace = new SendPace(3, 8);
    pace.congested(); // 4
    pace.congested(); // 2, raised to 3
    assertThat(pace.limit()).isEqualTo(3);
    pace.congested();
    assertThat(pace.limit()).isEqualTo(3);
  }

  @Test
  void aSendWaitsWhileTheLimitIsInFlightAndGoesWhenATurnIsFreed() throws Exception {
    SendPace pace = new SendPace(1, 2);
    pace.congested(); // 1 at once
    long first = pace.acquire();
    CountDownLatch sent = waitingSend(pace);
    assertThat(sent.getCount()).as("the second waits while one is in flight").isEqualTo(1);
    assertThat(pace.inFlight()).isEqualTo(1);
    pace.release(first);
    assertThat(sent.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(pace.inFlight()).isEqualTo(1);
    pace.release(0);
    assertThat(pace.takeMostInFlight()).isEqualTo(1);
  }

  @Test
  void aClearReadingLetsAWaitingSendGo() throws Exception {
    SendPace pace = new SendPace(1, 2);
    pace.congested();
    pace.acquire();
    CountDownLatch sent = waitingSend(pace);
    pace.clear();
    assertThat(sent.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(pace.inFlight()).isEqualTo(2);
    assertThat(pace.takeMostInFlight()).isEqualTo(2);
    pace.release(0);
    assertThat(pace.takeMostInFlight()).as("counts again from the two in flight").isEqualTo(2);
    assertThat(pace.takeMostInFlight()).as("then from the one left").isEqualTo(1);
  }

  @Test
  void theUnpacedPaceNeverWaits() throws Exception {
    for (int i = 0; i < 1000; i++) {
      SendPace.UNPACED.acquire();
    }
    SendPace.UNPACED.congested();
    assertThat(SendPace.UNPACED.limit()).isEqualTo(Integer.MAX_VALUE);
  }

  @Test
  void aPaceNeedsOneAtLeast() {
    assertThatThrownBy(() -> new SendPace(0, 4)).hasMessageContaining("1 <= min <= max");
    assertThatThrownBy(() -> new SendPace(5, 4)).hasMessageContaining("1 <= min <= max");
  }

  /**
   * A send on a thread of its own that waits for a turn; returns once it waits. The latch opens
   * when it has its turn.
   */
  private static CountDownLatch waitingSend(SendPace pace) throws InterruptedException {
    CountDownLatch sent = new CountDownLatch(1);
    Thread send =
        Thread.ofPlatform()
            .start(
                () -> {
                  try {
                    pace.acquire();
                    sent.countDown();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                });
    awaitWaiting(send);
    return sent;
  }

  /** Waits until the thread is parked in acquire: no sleep that could be too short. */
  private static void awaitWaiting(Thread thread) throws InterruptedException {
    while (thread.getState() != Thread.State.WAITING) {
      assertThat(thread.isAlive()).as("the thread waits rather than ends").isTrue();
      Thread.onSpinWait();
    }
  }
}
