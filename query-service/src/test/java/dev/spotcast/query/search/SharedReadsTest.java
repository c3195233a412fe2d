package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.query.config.Timeouts;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SharedReadsTest {

  /** The timers of the longest wait, as the service's {@link ElasticsearchGuard#timeouts()}. */
  private static final Timeouts TIMEOUTS = new Timeouts();

  /**
   * Timers that run only when the test says so, in the order they were set (those cancelled
   * meanwhile not at all): which reader's wait ends first is the test's choice, not the clock's.
   */
  private static final class ManualTimeouts extends Timeouts {
    private final List<Map.Entry<Runnable, ScheduledFuture<?>>> set =
        Collections.synchronizedList(new ArrayList<>());

    @Override
    public ScheduledFuture<?> after(long nanos, Runnable task) {
      ScheduledFuture<?> never = super.after(TimeUnit.DAYS.toNanos(1), () -> {});
      set.add(Map.entry(task, never));
      return never;
    }

    /** The timers set so far. */
    int count() {
      return set.size();
    }

    /** Runs the k-th timer set (from 0), unless it was cancelled. */
    void fire(int k) {
      Map.Entry<Runnable, ScheduledFuture<?>> timer = set.get(k);
      if (!timer.getValue().isCancelled()) {
        timer.getKey().run();
      }
    }
  }

  /** Reads of "group:name" strings, answered "name!"; what was sent is recorded in order. */
  private static final class Backend implements SharedReads.Sender<String, String> {
    final List<List<String>> sent = Collections.synchronizedList(new ArrayList<>());
    final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    /** The readers of each read sent, as the shared reads record them. */
    final DistributionSummary readers = registry.summary("readers");

    /** The extra reads, as the shared reads count them. */
    final Counter extra = registry.counter("extra");

    /** A read of one of these waits for its latch before it answers. */
    final Map<String, CountDownLatch> hold = new ConcurrentHashMap<>();

    final CountDownLatch firstSending = new CountDownLatch(1);
    volatile RuntimeException failure;

    /** Whether a shared read answers one reader fewer than it was sent for. */
    volatile boolean answerOneTooFew;

    SharedReads<String, String> reads(int inFlight, int maxShared) {
      return reads(inFlight, maxShared, Duration.ofHours(1));
    }

    SharedReads<String, String> reads(int inFlight, int maxShared, Duration maxWait) {
      return reads(inFlight, maxShared, maxWait, TIMEOUTS);
    }

    SharedReads<String, String> reads(
        int inFlight, int maxShared, Duration maxWait, Timeouts timeouts) {
      return new SharedReads<>(
          inFlight, maxShared, maxWait, Duration.ZERO, timeouts, this, readers, extra);
    }

    @Override
    public Object group(String what) {
      return what.substring(0, what.indexOf(':'));
    }

    @Override
    public String one(String what) {
      return many(List.of(what)).getFirst();
    }

    @Override
    public List<String> many(List<String> what) {
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
      return answerOneTooFew && answers.size() > 1 ? answers.subList(1, answers.size()) : answers;
    }
  }

  /**
   * One read held under way (it answers when {@link #release} is called), then readers started one
   * by one, each seen queued behind it before the next starts: the order they queue in is known.
   */
  private static final class HeldRead {
    final Backend backend = new Backend();
    final SharedReads<String, String> reads;

    /** Every reader's answer, or "failed: " and its failure's message. */
    final Map<String, String> answers = new ConcurrentHashMap<>();

    private final CountDownLatch release = new CountDownLatch(1);
    private final Map<String, Thread> threads = new ConcurrentHashMap<>();

    /** The timers the readers set when the test fires them itself; null otherwise. */
    private final ManualTimeouts timers;

    HeldRead(int inFlight, int maxShared, String held) throws InterruptedException {
      this(inFlight, maxShared, Duration.ofHours(1), held);
    }

    HeldRead(int inFlight, int maxShared, Duration maxWait, String held)
        throws InterruptedException {
      this(inFlight, maxShared, maxWait, TIMEOUTS, held);
    }

    HeldRead(int inFlight, int maxShared, Duration maxWait, Timeouts timeouts, String held)
        throws InterruptedException {
      backend.hold.put(held, release);
      reads = backend.reads(inFlight, maxShared, maxWait, timeouts);
      this.timers = timeouts instanceof ManualTimeouts manual ? manual : null;
      start(held);
      backend.firstSending.await();
    }

    HeldRead queue(String... what) throws InterruptedException {
      for (String w : what) {
        int before = reads.waiting();
        int timersBefore = timers == null ? 0 : timers.count();
        start(w);
        // Queued, and with manual timers its timer set too (a reader sets it just after queueing):
        // the k-th timer is then the k-th reader's.
        while (reads.waiting() <= before || (timers != null && timers.count() <= timersBefore)) {
          Thread.sleep(1);
        }
      }
      return this;
    }

    /** Lets the held read answer and waits for every reader. */
    void release() throws InterruptedException {
      release.countDown();
      for (Thread t : threads.values()) {
        t.join();
      }
    }

    /** A read of {@code what} will wait for the latch returned before it answers. */
    CountDownLatch hold(String what) {
      CountDownLatch latch = new CountDownLatch(1);
      backend.hold.put(what, latch);
      return latch;
    }

    /** Fires the k-th timer set and waits until {@code reads} reads have been sent. */
    void fire(ManualTimeouts timers, int k, int reads) throws InterruptedException {
      timers.fire(k);
      while (backend.sent.size() < reads) {
        Thread.sleep(1);
      }
    }

    /** Waits for these readers' answers. */
    void await(String... what) throws InterruptedException {
      for (String w : what) {
        threads.get(w).join();
      }
    }

    private void start(String what) {
      threads.put(
          what,
          Thread.ofPlatform()
              .start(
                  () -> {
                    try {
                      answers.put(what, reads.read(what));
                    } catch (RuntimeException e) {
                      answers.put(what, "failed: " + e.getMessage());
                    }
                  }));
    }
  }

  @Test
  void aReadWhileNoneIsUnderWayIsSentAtOnceByItself() {
    Backend backend = new Backend();
    SharedReads<String, String> reads = backend.reads(2, 32);

    assertThat(reads.read("a:x")).isEqualTo("x!");
    assertThat(reads.read("a:y")).isEqualTo("y!");

    assertThat(backend.sent).containsExactly(List.of("a:x"), List.of("a:y"));
    assertThat(backend.readers.count()).as("two reads sent").isEqualTo(2);
    assertThat(backend.readers.totalAmount()).as("each by one reader").isEqualTo(2);
    assertThat(reads.sending()).isZero();
  }

  @Test
  void readsQueuedWhileTheSlotsAreTakenGoTogetherByGroupInTheirOrder() throws Exception {
    HeldRead held = new HeldRead(1, 32, "a:first").queue("a:p", "b:q", "a:r", "a:s");
    held.release();

    assertThat(held.backend.sent)
        .as(
            "the first queued read takes the others of its group with it; the other group goes next")
        .containsExactly(List.of("a:first"), List.of("a:p", "a:r", "a:s"), List.of("b:q"));
    assertThat(held.backend.readers.count()).as("three reads sent").isEqualTo(3);
    assertThat(held.backend.readers.totalAmount()).as("1 + 3 + 1 readers").isEqualTo(5);
    assertThat(held.backend.readers.max()).isEqualTo(3);
    assertThat(held.backend.extra.count()).as("no extra read").isZero();
    assertThat(held.answers)
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("a:first", "first!", "a:p", "p!", "b:q", "q!", "a:r", "r!", "a:s", "s!"));
    assertThat(held.reads.sending()).isZero();
    assertThat(held.reads.waiting()).isZero();
  }

  @Test
  void noMoreThanMaxSharedReadersShareARead() throws Exception {
    HeldRead held = new HeldRead(1, 2, "a:0").queue("a:1", "a:2", "a:3", "a:4", "a:5");
    held.release();

    assertThat(held.backend.sent)
        .containsExactly(
            List.of("a:0"), List.of("a:1", "a:2"), List.of("a:3", "a:4"), List.of("a:5"));
    assertThat(held.answers)
        .hasSize(6)
        .allSatisfy((what, answer) -> assertThat(answer).isEqualTo(what.substring(2) + "!"));
  }

  @Test
  void aFailedSharedReadIsEveryReadersFailureAndFreesItsSlot() throws Exception {
    HeldRead held = new HeldRead(1, 32, "a:first").queue("a:p", "a:q");
    held.backend.failure = new SearchUnavailableException("Elasticsearch is down", null);
    held.release();

    assertThat(held.answers)
        .containsOnly(
            Map.entry("a:first", "failed: Elasticsearch is down"),
            Map.entry("a:p", "failed: Elasticsearch is down"),
            Map.entry("a:q", "failed: Elasticsearch is down"));
    assertThat(held.backend.sent).containsExactly(List.of("a:first"), List.of("a:p", "a:q"));
    assertThat(held.reads.sending()).as("the slot is free again").isZero();
    held.backend.failure = null;
    assertThat(held.reads.read("a:after")).isEqualTo("after!");
  }

  @Test
  void aSharedReadAnsweringTheWrongNumberOfReadersFailsThem() throws Exception {
    HeldRead held = new HeldRead(1, 32, "a:first").queue("a:p", "a:q");
    held.backend.answerOneTooFew = true;
    held.release();

    assertThat(held.answers)
        .containsOnly(
            Map.entry("a:first", "first!"),
            Map.entry("a:p", "failed: 1 answers to 2 shared reads"),
            Map.entry("a:q", "failed: 1 answers to 2 shared reads"));
    assertThat(held.reads.sending()).isZero();
  }

  @Test
  void aReaderQueuedLongerThanTheLongestWaitStartsAnExtraReadBesideTheHangingRead()
      throws Exception {
    HeldRead held = new HeldRead(1, 32, Duration.ofMillis(20), "a:hanging");

    // The read under way answers only when released: this one's answer comes from another read.
    assertThat(held.reads.read("a:queued")).isEqualTo("queued!");
    assertThat(held.backend.extra.count()).isEqualTo(1);
    assertThat(held.reads.waiting()).as("it left the queue").isZero();
    assertThat(held.reads.sending()).as("the hanging read still holds its slot").isEqualTo(1);
    held.release();

    assertThat(held.backend.sent).containsExactly(List.of("a:hanging"), List.of("a:queued"));
    assertThat(held.answers).containsEntry("a:hanging", "hanging!");
    assertThat(held.reads.sending()).isZero();
  }

  @Test
  void theExtraReadTakesTheQueuedReadersOfItsGroupAndAtMostThreePerSlotAreUnderWay()
      throws Exception {
    ManualTimeouts timers = new ManualTimeouts();
    HeldRead held = new HeldRead(1, 32, Duration.ofHours(1), timers, "a:hanging");
    List<CountDownLatch> extraReads = List.of(held.hold("a:q"), held.hold("b:x"), held.hold("c:y"));
    held.queue("a:p", "b:x", "c:y", "d:z", "a:q");

    held.fire(timers, 0, 2); // p's wait ends: p starts an extra read with q, of its group
    held.fire(timers, 1, 3); // x's: a second extra read
    held.fire(timers, 2, 4); // y's: the third, the most for one read in flight
    timers.fire(3); // z's: three extra reads are under way, z stays queued
    timers.fire(4); // q's: q is in p's read, nothing happens

    assertThat(held.backend.sent)
        .containsExactlyInAnyOrder(
            List.of("a:hanging"), List.of("a:p", "a:q"), List.of("b:x"), List.of("c:y"));
    assertThat(SharedReads.EXTRA).isEqualTo(3);
    assertThat(held.reads.sending()).isEqualTo(4);
    assertThat(held.reads.waiting()).as("z").isEqualTo(1);

    extraReads.forEach(CountDownLatch::countDown);
    held.await("a:p", "a:q", "b:x", "c:y");
    assertThat(held.answers)
        .containsEntry("a:p", "p!")
        .containsEntry("a:q", "q!")
        .containsEntry("b:x", "x!")
        .containsEntry("c:y", "y!");
    assertThat(held.reads.sending())
        .as("the extra slots close: z has not waited the longest wait since the reads ended")
        .isEqualTo(1);
    assertThat(held.reads.waiting()).isEqualTo(1);

    held.release();
    assertThat(held.backend.sent).hasSize(5).contains(List.of("d:z"));
    assertThat(held.answers).containsEntry("d:z", "z!");
    assertThat(held.backend.extra.count()).isEqualTo(3);
    assertThat(held.reads.sending()).isZero();
  }

  @Test
  void anExtraSlotIsHandedOnToAReaderThatHasWaitedTheLongestWait() throws Exception {
    ManualTimeouts timers = new ManualTimeouts();
    HeldRead held = new HeldRead(1, 32, Duration.ofMillis(1), timers, "a:hanging");
    CountDownLatch extraRead = held.hold("b:e");
    held.queue("b:e", "a:y");

    held.fire(timers, 0, 2); // e's wait ends: an extra read for e alone (y is of another group)
    Thread.sleep(5); // y has waited more than the longest wait (1 ms) when e's read ends
    extraRead.countDown();
    held.await("b:e", "a:y");

    assertThat(held.backend.sent)
        .as("y's read follows e's in the extra slot, the hanging read still under way")
        .containsExactly(List.of("a:hanging"), List.of("b:e"), List.of("a:y"));
    assertThat(held.backend.extra.count()).as("two extra reads").isEqualTo(2);
    assertThat(held.reads.sending()).isEqualTo(1);
    held.release();
    assertThat(held.reads.sending()).isZero();
  }

  @Test
  void withNoLongestWaitAQueuedReaderStartsAnExtraReadAtOnce() throws Exception {
    HeldRead held = new HeldRead(1, 32, Duration.ZERO, "a:hanging");

    assertThat(held.reads.read("a:now")).isEqualTo("now!");
    assertThat(held.backend.extra.count()).isEqualTo(1);
    held.release();
    assertThat(held.reads.sending()).isZero();
  }

  @Test
  void aReadStartsNoSoonerThanTheLeastIntervalAfterThePreviousAndTakesTheReadersQueuedMeanwhile()
      throws Exception {
    Backend backend = new Backend();
    Duration interval = Duration.ofSeconds(1);
    SharedReads<String, String> reads =
        new SharedReads<>(
            1,
            32,
            Duration.ofHours(1),
            interval,
            TIMEOUTS,
            backend,
            backend.readers,
            backend.extra);

    assertThat(reads.read("a:first")).as("sent at once: no read before it").isEqualTo("first!");
    long firstEnded = System.nanoTime();
    Map<String, String> answers = new ConcurrentHashMap<>();
    Thread second =
        Thread.ofPlatform().start(() -> answers.put("a:second", reads.read("a:second")));
    while (reads.sending() == 0) {
      Thread.sleep(1);
    }
    // The second holds the slot and waits out the interval: the third queues behind it.
    Thread third = Thread.ofPlatform().start(() -> answers.put("a:third", reads.read("a:third")));
    while (reads.waiting() == 0 && third.isAlive()) {
      Thread.sleep(1);
    }
    assertThat(backend.sent).as("still waiting out the interval (1 s)").hasSize(1);
    second.join();
    third.join();

    assertThat(System.nanoTime() - firstEnded).isGreaterThanOrEqualTo(interval.toNanos() / 2);
    assertThat(backend.sent)
        .as("the third queued while the second waited, and went with it")
        .containsExactly(List.of("a:first"), List.of("a:second", "a:third"));
    assertThat(answers).containsEntry("a:second", "second!").containsEntry("a:third", "third!");
    assertThat(reads.sending()).isZero();
  }

  @Test
  void withNoReadsInFlightEveryReadIsSentByItself() throws Exception {
    HeldRead held = new HeldRead(0, 32, "a:slow");

    assertThat(held.reads.read("a:other"))
        .as("not queued behind the slow read")
        .isEqualTo("other!");
    held.release();

    assertThat(held.backend.sent).containsExactly(List.of("a:slow"), List.of("a:other"));
    assertThat(held.answers).containsEntry("a:slow", "slow!");
  }
}
