package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class InFlightTest {

  /** Waits until the thread is parked (it joined the other caller's read). */
  private static void awaitWaiting(Thread thread) throws InterruptedException {
    while (thread.getState() != Thread.State.WAITING
        && thread.getState() != Thread.State.TIMED_WAITING) {
      assertThat(thread.isAlive()).as("the second caller waits for the first").isTrue();
      Thread.sleep(1);
    }
  }

  @Test
  void aSecondCallerWaitsForTheFirstReadInsteadOfReadingAgain() throws Exception {
    InFlight<String, String> inFlight = new InFlight<>();
    AtomicInteger reads = new AtomicInteger();
    CountDownLatch reading = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicReference<String> first = new AtomicReference<>();
    AtomicReference<String> second = new AtomicReference<>();
    Thread a =
        Thread.ofPlatform()
            .start(
                () ->
                    first.set(
                        inFlight.get(
                            "k",
                            () -> {
                              reads.incrementAndGet();
                              reading.countDown();
                              try {
                                release.await();
                              } catch (InterruptedException e) {
                                throw new IllegalStateException(e);
                              }
                              return "documents";
                            })));
    reading.await();
    Thread b =
        Thread.ofPlatform()
            .start(
                () ->
                    second.set(
                        inFlight.get(
                            "k",
                            () -> {
                              reads.incrementAndGet();
                              return "read again";
                            })));
    awaitWaiting(b);
    release.countDown();
    a.join();
    b.join();

    assertThat(reads).hasValue(1);
    assertThat(first.get()).isEqualTo("documents");
    assertThat(second.get()).isEqualTo("documents");
    assertThat(inFlight.size()).as("nothing kept once the read ends").isZero();
    assertThat(inFlight.get("k", () -> "a new read")).isEqualTo("a new read");
  }

  @Test
  void aFailedReadFailsEveryoneWaitingForItWithItsOwnException() throws Exception {
    InFlight<String, String> inFlight = new InFlight<>();
    CountDownLatch reading = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicReference<Throwable> waiterSaw = new AtomicReference<>();
    Thread a =
        Thread.ofPlatform()
            .start(
                () -> {
                  try {
                    inFlight.get(
                        "k",
                        () -> {
                          reading.countDown();
                          try {
                            release.await();
                          } catch (InterruptedException e) {
                            throw new IllegalStateException(e);
                          }
                          throw new SearchUnavailableException("Elasticsearch is down", null);
                        });
                  } catch (SearchUnavailableException expected) {
                    // the reader's own failure
                  }
                });
    reading.await();
    Thread b =
        Thread.ofPlatform()
            .start(
                () -> {
                  try {
                    inFlight.get("k", () -> "never");
                  } catch (RuntimeException e) {
                    waiterSaw.set(e);
                  }
                });
    awaitWaiting(b);
    release.countDown();
    a.join();
    b.join();

    assertThat(waiterSaw.get())
        .isInstanceOf(SearchUnavailableException.class)
        .hasMessage("Elasticsearch is down");
    assertThat(inFlight.size()).isZero();
    assertThatThrownBy(
            () ->
                inFlight.get(
                    "k",
                    () -> {
                      throw new IllegalStateException("again");
                    }))
        .hasMessage("again");
  }
}
