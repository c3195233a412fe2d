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
import java.util.concurrent.locks.ReentrantLock;

/**
 * Reads that arrive while others are under way go together ("natural batching"): at most {@code
 * inFlight} reads are sent at once; a read that comes when that many are under way queues, and when
 * one of them ends, the first queued read and up to {@code maxShared - 1} more of the same group
 * (the same run) are sent as one. Nothing waits for a batch to fill: a read that arrives while
 * fewer than {@code inFlight} are under way is sent at once, by itself, exactly as without
 * batching. Under load a round trip to Elasticsearch, its TLS records, the HTTP client's hand-offs
 * and Elasticsearch's per-search work are shared by several requests. A reader waits in the queue
 * for at most {@code maxWait}; then it leaves and reads alone, so that a read that hangs (a node
 * going down) holds back no more requests than it would without sharing. That limit is a timer,
 * removed when the reader's turn or answer comes first; the reader waits without a deadline ({@link
 * Timeouts}).
 *
 * <p>This class only decides which reads go together, and who sends them when; how a read is sent
 * is its {@link Sender} (for spot requests {@link IdsSender}), a collaborator of its own: nothing
 * here calls back into the class that reads through it ({@link DocumentReads}) or the one that
 * built it ({@link NeighbourSearch}). It records, in the meters it is given, the readers of each
 * read sent and the readers that gave up waiting.
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

  private final int inFlight;
  private final int maxShared;
  private final long maxWaitNanos;
  private final Timeouts timeouts;
  private final Sender<P, R> sender;
  private final DistributionSummary readers;
  private final Counter gaveUp;
  private final ReentrantLock lock = new ReentrantLock();

  /**
   * Readers waiting for a read to end; never empty unless fewer than {@code inFlight} are under
   * way.
   */
  private final ArrayDeque<Reader<P, R>> queue = new ArrayDeque<>();

  private int sending;

  /**
   * @param inFlight the most reads under way at once; 0: none shared, each read is sent by itself
   * @param maxShared the most readers of one shared read
   * @param maxWait the longest a reader waits in the queue; then it leaves it and reads alone, so
   *     that reads that hang (a node going down) hold back no more than they would without sharing
   * @param timeouts runs the timers of {@code maxWait}
   * @param sender sends the reads
   * @param readers records the number of readers of each read sent
   * @param gaveUp counts the readers that left the queue after {@code maxWait}
   */
  SharedReads(
      int inFlight,
      int maxShared,
      Duration maxWait,
      Timeouts timeouts,
      Sender<P, R> sender,
      DistributionSummary readers,
      Counter gaveUp) {
    if (inFlight < 0 || maxShared < 1 || maxWait.isNegative()) {
      throw new IllegalArgumentException("inFlight must be >= 0, maxShared >= 1 and maxWait >= 0");
    }
    this.inFlight = inFlight;
    this.maxShared = maxShared;
    this.maxWaitNanos = maxWait.toNanos();
    this.timeouts = Objects.requireNonNull(timeouts);
    this.sender = sender;
    this.readers = readers;
    this.gaveUp = gaveUp;
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
      send(List.of(me));
    } else {
      // Whichever comes first (a failed answer included): the answer, the turn to send, or the
      // timer's empty turn after maxWait (the reads under way are slow: this one goes alone).
      CompletableFuture<Object> ready =
          CompletableFuture.anyOf(me.answer, me.turn).handle((any, failure) -> null);
      ScheduledFuture<?> limit =
          maxWaitNanos == 0 ? null : timeouts.after(maxWaitNanos, () -> giveUp(me));
      if (limit == null && !ready.isDone()) {
        giveUp(me);
      }
      ready.join();
      if (limit != null) {
        limit.cancel(false);
      }
      if (!me.answer.isDone()) {
        List<Reader<P, R>> turn = me.turn.join();
        if (turn.isEmpty()) {
          gaveUp.increment();
          return alone(what);
        }
        send(turn);
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
   * Takes a reader that waited {@code maxWait} out of the queue and gives it an empty turn (to read
   * alone); nothing when a read has taken it already (it waits for that one).
   */
  private void giveUp(Reader<P, R> me) {
    boolean left;
    lock.lock();
    try {
      left = queue.remove(me);
    } finally {
      lock.unlock();
    }
    if (left) {
      me.turn.complete(List.of());
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

  /** Hands the next read to the first queued reader, or frees the slot when none waits. */
  private void next() {
    Reader<P, R> first;
    List<Reader<P, R>> together = new ArrayList<>();
    lock.lock();
    try {
      first = queue.poll();
      if (first == null) {
        sending--;
        return;
      }
      together.add(first);
      Object firstGroup = sender.group(first.what);
      for (Iterator<Reader<P, R>> it = queue.iterator();
          it.hasNext() && together.size() < maxShared; ) {
        Reader<P, R> r = it.next();
        if (Objects.equals(sender.group(r.what), firstGroup)) {
          it.remove();
          together.add(r);
        }
      }
    } finally {
      lock.unlock();
    }
    first.turn.complete(together);
  }

  private static final class Reader<P, R> {
    final P what;
    final CompletableFuture<R> answer = new CompletableFuture<>();

    /**
     * Completed when this reader is to send the next read, for these readers (itself first); empty
     * when it gave up waiting and reads alone.
     */
    final CompletableFuture<List<Reader<P, R>>> turn = new CompletableFuture<>();

    Reader(P what) {
      this.what = what;
    }
  }
}
