package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class SharedReadsTest {

  /** Reads of "group:name" strings, answered "name!"; what was sent is recorded in order. */
  private static final class Backend {
    final List<List<String>> sent = Collections.synchronizedList(new ArrayList<>());
    final List<Integer> readers = Collections.synchronizedList(new ArrayList<>());
    /** A read of one of these waits for its latch before it answers. */
    final Map<String, CountDownLatch> hold = new ConcurrentHashMap<>();
    final CountDownLatch firstSending = new CountDownLatch(1);
    volatile RuntimeException failure;

    SharedReads<String, String> reads(int inFlight, int maxShared) {
      return new SharedReads<>(
          inFlight, maxShared, what -> what.substring(0, what.indexOf(':')),
          what -> answer(List.of(what)).getFirst(), this::answer, readers::add);
    }

    List<String> answer(List<String> what) {
      sent.add(List.copyOf(what));
      firstSending.countDown();
      for (String w : what) {
        CountDownLatch latch = hold.get(w);
        if (latch != null) {
          try {
            latch.await();
          } catch (InterruptedException e) {
            throw new IllegalStateException(e);
          }
        }
      }
      if (failure != null) {
        throw failure;
      }
      List<String> answers = new ArrayList<>();
      what.forEach(w -> answers.add(w.substring(w.indexOf(':') + 1) + "!"));
      return answers;
    }
  }

  /** Starts a reader thread that puts its answer, or its failure's message, in {@code into}. */
  private static Thread reader(SharedReads<String, String> reads, String what, Map<String, String> into) {
    return Thread.ofPlatform().start(() -> {
      try {
        into.put(what, reads.read(what));
      } catch (RuntimeException e) {
        into.put(what, "failed: " + e.getMessage());
      }
    });
  }

  private static void awaitWaiting(SharedReads<?, ?> reads, int n) throws InterruptedException {
    while (reads.waiting() < n) {
      Thread.sleep(1);
    }
  }

  @Test
  void aReadWhileNoneIsUnderWayIsSentAtOnceByItself() {
    Backend backend = new Backend();
    SharedReads<String, String> reads = backend.reads(2, 32);

    assertThat(reads.read("a:x")).isEqualTo("x!");
    assertThat(reads.read("a:y")).isEqualTo("y!");

    assertThat(backend.sent).containsExactly(List.of("a:x"), List.of("a:y"));
    assertThat(backend.readers).containsExactly(1, 1);
    assertThat(reads.sending()).isZero();
  }

  @Test
  void readsQueuedWhileTheSlotsAreTakenGoTogetherByGroupInTheirOrder() throws Exception {
    Backend backend = new Backend();
    CountDownLatch release = new CountDownLatch(1);
    backend.hold.put("a:first", release);
    SharedReads<String, String> reads = backend.reads(1, 32);
    Map<String, String> answers = new ConcurrentHashMap<>();

    Thread first = reader(reads, "a:first", answers);
    backend.firstSending.await();
    List<Thread> queued = new ArrayList<>();
    int waiting = 0;
    for (String what : List.of("a:p", "b:q", "a:r", "a:s")) {
      queued.add(reader(reads, what, answers));
      awaitWaiting(reads, ++waiting);
    }
    release.countDown();
    first.join();
    for (Thread t : queued) {
      t.join();
    }

    assertThat(backend.sent)
        .as("the first queued read takes the others of its group with it; the other group goes next")
        .containsExactly(List.of("a:first"), List.of("a:p", "a:r", "a:s"), List.of("b:q"));
    assertThat(backend.readers).containsExactly(1, 3, 1);
    assertThat(answers).containsExactlyInAnyOrderEntriesOf(
        Map.of("a:first", "first!", "a:p", "p!", "b:q", "q!", "a:r", "r!", "a:s", "s!"));
    assertThat(reads.sending()).isZero();
    assertThat(reads.waiting()).isZero();
  }

  @Test
  void noMoreThanMaxSharedReadersShareARead() throws Exception {
    Backend backend = new Backend();
    CountDownLatch release = new CountDownLatch(1);
    backend.hold.put("a:0", release);
    SharedReads<String, String> reads = backend.reads(1, 2);
    Map<String, String> answers = new ConcurrentHashMap<>();

    List<Thread> threads = new ArrayList<>();
    threads.add(reader(reads, "a:0", answers));
    backend.firstSending.await();
    for (int i = 1; i <= 5; i++) {
      threads.add(reader(reads, "a:" + i, answers));
      awaitWaiting(reads, i);
    }
    release.countDown();
    for (Thread t : threads) {
      t.join();
    }

    assertThat(backend.sent).containsExactly(List.of("a:0"), List.of("a:1", "a:2"), List.of("a:3", "a:4"), List.of("a:5"));
    assertThat(answers).hasSize(6).allSatisfy((what, answer) -> assertThat(answer).isEqualTo(what.substring(2) + "!"));
  }

  @Test
  void aFailedSharedReadIsEveryReadersFailureAndFreesItsSlot() throws Exception {
    Backend backend = new Backend();
    CountDownLatch release = new CountDownLatch(1);
    backend.hold.put("a:first", release);
    SharedReads<String, String> reads = backend.reads(1, 32);
    Map<String, String> answers = new ConcurrentHashMap<>();

    Thread first = reader(reads, "a:first", answers);
    backend.firstSending.await();
    Thread p = reader(reads, "a:p", answers);
    awaitWaiting(reads, 1);
    Thread q = reader(reads, "a:q", answers);
    awaitWaiting(reads, 2);
    backend.failure = new SearchUnavailableException("Elasticsearch is down", null);
    release.countDown();
    first.join();
    p.join();
    q.join();

    assertThat(answers).containsOnly(
        Map.entry("a:first", "failed: Elasticsearch is down"),
        Map.entry("a:p", "failed: Elasticsearch is down"),
        Map.entry("a:q", "failed: Elasticsearch is down"));
    assertThat(backend.sent).containsExactly(List.of("a:first"), List.of("a:p", "a:q"));
    assertThat(reads.sending()).as("the slot is free again").isZero();
    backend.failure = null;
    assertThat(reads.read("a:after")).isEqualTo("after!");
  }

  @Test
  void withNoReadsInFlightEveryReadIsSentByItself() throws Exception {
    Backend backend = new Backend();
    CountDownLatch release = new CountDownLatch(1);
    backend.hold.put("a:slow", release);
    SharedReads<String, String> reads = backend.reads(0, 32);
    Map<String, String> answers = new ConcurrentHashMap<>();

    Thread slow = reader(reads, "a:slow", answers);
    backend.firstSending.await();
    assertThat(reads.read("a:other")).as("not queued behind the slow read").isEqualTo("other!");
    release.countDown();
    slow.join();

    assertThat(backend.sent).containsExactly(List.of("a:slow"), List.of("a:other"));
    assertThat(answers).containsEntry("a:slow", "slow!");
  }

  @Test
  void aManyAnswerOfTheWrongSizeFailsItsReaders() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch sending = new CountDownLatch(1);
    Function<String, String> one = what -> {
      sending.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
      return "one";
    };
    SharedReads<String, String> reads =
        new SharedReads<>(1, 32, what -> "g", one, what -> List.of("only one"), n -> {});
    Map<String, String> answers = new ConcurrentHashMap<>();
    Thread first = reader(reads, "a", answers);
    sending.await();
    Thread b = reader(reads, "b", answers);
    awaitWaiting(reads, 1);
    Thread c = reader(reads, "c", answers);
    awaitWaiting(reads, 2);
    release.countDown();
    first.join();
    b.join();
    c.join();

    assertThat(answers).containsEntry("a", "one");
    assertThat(answers.get("b")).isEqualTo("failed: 1 answers to 2 shared reads");
    assertThat(answers.get("c")).isEqualTo("failed: 1 answers to 2 shared reads");
  }
}
