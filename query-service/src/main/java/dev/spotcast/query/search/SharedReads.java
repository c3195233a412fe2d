package dev.spotcast.query.search;

import dev.spotcast.query.config.Timeouts;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Reads that arrive while others are under way go together ("natural batching"): at most {@code
 * inFlight} reads are sent at once; a read that comes when that many are under way queues, and when
 * one of them ends, the first queued read and up to {@code maxShared - 1} more of the same group
 * (the same run) are sent as one. Nothing waits for a batch to fill: a read that arrives while
 * fewer than {@code inFlight} are under way is sent at once, by itself, exactly as without
 * batching. Under load a round trip to Elasticsearch, its TLS records, the HTTP client's hand-offs
 * and Elasticsearch's per-search work are shared by several requests.
 *
 * <p>A reader that has waited {@code maxWait} in the queue starts one more read (an extra read),
 * beside the reads under way, for itself and the readers of its group queued with it: a read that
 * hangs (a node going down) holds back no reader longer than {@code maxWait}, and a slow node (one
 * just started, its code not yet compiled) gets larger reads, not single ones. At most {@link
 * #EXTRA} x {@code inFlight} extra reads are under way at once; a slot beyond {@code inFlight} is
 * handed on when its read ends only to a reader that has waited {@code maxWait}, else it closes.
 * Until 2026-12-01 such a reader read alone: after a restart of Elasticsearch thousands of single
 * reads, each paying the whole per-search cost on a node that was slow already, refused 9-17 % of
 * the first minute's requests against 2-6 % now (docs/benchmarks-journal.md, "Stop 69"). The timer
 * of {@code maxWait} is removed when the reader's turn or answer comes first; the reader waits
 * without a deadline ({@link Timeouts}).
 *
 * <p>With a {@code minInterval}, a read (not an extra one) starts no sooner than that after the
 * previous one started: the reader whose turn it is waits out the rest, then takes the readers of
 * its group that queued meanwhile. Under moderate load the reads are fewer and larger, for a few
 * milliseconds more; a request that comes after a quiet interval is sent at once.
 *
 * <p>This class only decides which reads go together, and who sends them when; how a read is sent
 * is its {@link Sender} (for spot requests {@link IdsSender}), a collaborator of its own: nothing
 * here calls back into the class that reads through it ({@link DocumentReads}) or the one that
 * built it ({@link NeighbourSearch}). It records, in the meters it is given, the readers of each
 * read sent and the extra reads.
 *
 * <p>No thread of its own: a read is sent by the request thread that queued first; the others wait
 * for their answers. A failure of a shared read is every one of its readers' failure; readers of
 * one group read the same indices, so they would have met it alone as well.
 *
 * @param <P> what is read (a spot request's ids-path read)
 * @param <R> its answer
 */
final class SharedReads<P, R> {

  /** How reads are sent: one by itself, or several of one group as one. */
  interface Sender<P, R> {

    /** Which reads may be sent as one: those of equal groups. */
    Object group(P what);

    /** Sends one read. */
    R one(P what);

    /** Sends several reads of one group as one; their answers in their order. */
    List<R> many(List<P> what);
  }

  /**
   * The most extra reads per read in flight. One starved a new run's first minute, whose reads wait
   * on the disk (98.3 and 97.1 % of 1,000 then 2,000 spots/s answered from publication); three
   * answered 99.9 and 99.2 %, and the same as one after a restart (docs/benchmarks-journal.md,
   * "Stop 69").
   */
  static final int EXTRA = 3;

  private final int inFlight;
  private final int maxShared;
  private final long maxWaitNanos;
  private final long minIntervalNanos;
  private final Timeouts timeouts;
  private final Sender<P, R> sender;
  private final DistributionSummary readers;
  private final Counter extra;
  private final ReentrantLock lock = new ReentrantLock();

  /**
   * Readers waiting for a read to end, in the order they came; never empty unless fewer than {@code
   * inFlight} are under way.
   */
  private final ArrayDeque<Reader<P, R>> queue = new ArrayDeque<>();

  private int sending;

  /** When the last read (not an extra one) started, by {@link System#nanoTime()}. */
  private long lastStart;

  /**
   * @param inFlight the most reads under way at once; 0: none shared, each read is sent by itself
   * @param maxShared the most readers of one shared read
   * @param maxWait how long a reader waits in the queue before it starts an extra read (when fewer
   *     than {@link #EXTRA} x {@code inFlight} extra reads are under way), so that reads that hang
   *     (a node going down) hold back no one longer; 0: at once
   * @param minInterval the least time between the starts of two reads (extra reads aside); 0: none
   * @param timeouts runs the timers of {@code maxWait}
   * @param sender sends the reads
   * @param readers records the number of readers of each read sent
   * @param extra counts the extra reads sent
   */
  SharedReads(
      int inFlight,
      int maxShared,
      Duration maxWait,
      Duration minInterval,
      Timeouts timeouts,
      Sender<P, R> sender,
      DistributionSummary readers,
      Counter extra) {
    if (inFlight < 0 || maxShared < 1 || maxWait.isNegative() || minInterval.isNegative()) {
      throw new IllegalArgumentException(
          "inFlight must be >= 0, maxShared >= 1, maxWait and minInterval >= 0");
    }
    this.inFlight = inFlight;
    this.maxShared = maxShared;
    this.maxWaitNanos = maxWait.toNanos();
    this.minIntervalNanos = minInterval.toNanos();
    this.lastStart = System.nanoTime() - minIntervalNanos;
    this.timeouts = Objects.requireNonNull(timeouts);
    this.sender = sender;
    this.readers = readers;
    this.extra = extra;
  }

  /** The answer of {@code what}, read alone or together with reads queued beside it. */
  R read(P what) {
    if (inFlight == 0) {
      return alone(what);
    }
    Reader<P, R> me = new Reader<>(what);
    boolean now;
    lock.lock();
    try {
      now = sending < inFlight;
      if (now) {
        sending++;
      } else {
        queue.add(me);
      }
    } finally {
      lock.unlock();
    }
    if (now) {
      lead(me);
    } else {
      // Whichever comes first (a failed answer included): the answer, or the turn to send (a read
      // ending, or the timer after maxWait starting an extra read).
      CompletableFuture<Object> ready =
          CompletableFuture.anyOf(me.answer, me.turn).handle((any, failure) -> null);
      ScheduledFuture<?> limit =
          maxWaitNanos == 0 ? null : timeouts.after(maxWaitNanos, () -> overdue(me));
      if (limit == null) {
        overdue(me);
      }
      ready.join();
      if (limit != null) {
        limit.cancel(false);
      }
      if (!me.answer.isDone()) {
        List<Reader<P, R>> turn = me.turn.join();
        if (turn.isEmpty()) {
          lead(me);
        } else {
          send(turn);
        }
      }
    }
    try {
      return me.answer.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException failure) {
        throw failure;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw e;
    }
  }

  private R alone(P what) {
    readers.record(1);
    return sender.one(what);
  }

  /**
   * A reader has waited {@code maxWait}: when it is still queued and fewer than {@link #EXTRA} x
   * {@code inFlight} extra reads are under way, it starts one, for itself and the readers of its
   * group queued with it. Else it stays queued, first in line for the next read that ends.
   */
  private void overdue(Reader<P, R> me) {
    List<Reader<P, R>> together;
    lock.lock();
    try {
      if (sending >= (1 + EXTRA) * inFlight || !queue.remove(me)) {
        return;
      }
      sending++;
      together = new ArrayList<>();
      together.add(me);
      takeGroup(together);
    } finally {
      lock.unlock();
    }
    extra.increment();
    me.turn.complete(together);
  }

  /**
   * Starts a read (not an extra one) led by {@code me}, which holds a slot: no sooner than {@code
   * minInterval} after the previous one started, with the readers of its group queued by then.
   */
  private void lead(Reader<P, R> me) {
    long until;
    lock.lock();
    try {
      until = lastStart + minIntervalNanos;
    } finally {
      lock.unlock();
    }
    // One timed wait per read, not per request (the scheduler's wake-ups: Timeouts).
    for (long rest; (rest = until - System.nanoTime()) > 0; ) {
      LockSupport.parkNanos(rest);
    }
    List<Reader<P, R>> together = new ArrayList<>();
    together.add(me);
    lock.lock();
    try {
      lastStart = System.nanoTime();
      takeGroup(together);
    } finally {
      lock.unlock();
    }
    send(together);
  }

  /** Moves the queued readers of the first's group to {@code together}, up to maxShared in all. */
  private void takeGroup(List<Reader<P, R>> together) {
    Object group = sender.group(together.getFirst().what);
    for (Iterator<Reader<P, R>> it = queue.iterator();
        it.hasNext() && together.size() < maxShared; ) {
      Reader<P, R> r = it.next();
      if (Objects.equals(sender.group(r.what), group)) {
        it.remove();
        together.add(r);
      }
    }
  }

  /** Reads under way now (for tests). */
  int sending() {
    lock.lock();
    try {
      return sending;
    } finally {
      lock.unlock();
    }
  }

  /** Readers queued now (for tests). */
  int waiting() {
    lock.lock();
    try {
      return queue.size();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Sends one read for {@code together} (the reader whose thread sends it among them), answers
   * each, then starts the next.
   */
  private void send(List<Reader<P, R>> together) {
    try {
      readers.record(together.size());
      if (together.size() == 1) {
        together.getFirst().answer.complete(sender.one(together.getFirst().what));
      } else {
        List<P> all = new ArrayList<>(together.size());
        together.forEach(r -> all.add(r.what));
        List<R> answers = sender.many(all);
        if (answers.size() != together.size()) {
          throw new IllegalStateException(
              answers.size() + " answers to " + together.size() + " shared reads");
        }
        for (int i = 0; i < together.size(); i++) {
          together.get(i).answer.complete(answers.get(i));
        }
      }
    } catch (Throwable failure) {
      together.forEach(r -> r.answer.completeExceptionally(failure));
    } finally {
      next();
    }
  }

  /**
   * Hands the next read to the first queued reader; frees the slot when none waits, or when it is
   * an extra slot and the first has not waited {@code maxWait} (the reads are quick again).
   */
  private void next() {
    Reader<P, R> first;
    List<Reader<P, R>> together = new ArrayList<>();
    boolean extraSlot;
    lock.lock();
    try {
      first = queue.peek();
      extraSlot = sending > inFlight;
      if (first == null || (extraSlot && System.nanoTime() - first.queued < maxWaitNanos)) {
        sending--;
        return;
      }
      queue.poll();
      if (extraSlot) {
        together.add(first);
        takeGroup(together);
      }
    } finally {
      lock.unlock();
    }
    if (extraSlot) {
      extra.increment();
    }
    // An empty turn: the first leads the next read, taking its group when it starts.
    first.turn.complete(together);
  }

  private static final class Reader<P, R> {
    final P what;
    final long queued = System.nanoTime();
    final CompletableFuture<R> answer = new CompletableFuture<>();

    /**
     * Completed when this reader is to send the next read: for these readers (itself first), or,
     * when empty, for itself and the readers of its group queued when it starts.
     */
    final CompletableFuture<List<Reader<P, R>>> turn = new CompletableFuture<>();

    Reader(P what) {
      this.what = what;
    }
  }
}
