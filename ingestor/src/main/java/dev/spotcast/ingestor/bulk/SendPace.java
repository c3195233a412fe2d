package dev.spotcast.ingestor.bulk;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * How many bulk requests this process may have in flight at once, across every load it runs: the
 * lever by which loading yields to the users of the query services on the same cluster. A signal
 * from their side ({@link PressureWatch}) moves the limit: users hurting halves it, down to {@code
 * min}; every clear reading gives one back, up to {@code max}. Halving on a bad reading and adding
 * one on a good one (TCP's congestion control, AIMD) gives the users their latency back within one
 * or two readings, and lets the load climb back without hunting.
 *
 * <p>A bulk request takes a turn before each attempt it sends ({@link #acquire}) and gives it back
 * when answered. With fewer turns, fewer bulks are sent at once; the senders' queue fills and the
 * producers (decoding, the other half of a load's CPU) block on it, so the whole load slows, not
 * only its sending. The limit never falls below {@code min} (at least 1): a run is late, never
 * starved, while users keep the service busy.
 *
 * <p>Below {@code min} bulks the pace rests between turns: one bulk in flight still keeps one of
 * Elasticsearch's write threads busy all the time (measured on two cores: 0.6 cores of indexing at
 * one bulk, 0.8 at four; docs/benchmarks-journal.md, "Stop 48"). A signal still bad at {@code min}
 * makes each turn wait, after a bulk is answered, {@link #rest()} times as long as that bulk took
 * (1, then 2, 4, up to {@value #MOST_REST}: a ninth of the time); each clear reading halves the
 * rest before it gives a bulk back.
 *
 * <p>{@link #UNPACED} is the pace of a load that yields to nothing (the CLI's default): its turns
 * cost nothing.
 */
public final class SendPace {

  /** A pace that never waits. */
  public static final SendPace UNPACED = new SendPace(Integer.MAX_VALUE, Integer.MAX_VALUE);

  /** The longest rest: a turn waits at most this many times as long as the last bulk took. */
  public static final int MOST_REST = 8;

  private final int min;
  private final int max;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition turnFreed = lock.newCondition();
  private int limit;
  private int inFlight;
  private int mostInFlight;
  private long congestions;
  private int rest;
  private long nextTurnAt;
  private final LongSupplier clock;

  /**
   * @param min the fewest bulks in flight, however busy the users (at least 1)
   * @param max the most bulks in flight, with the users' signal clear; the pace starts there
   */
  public SendPace(int min, int max) {
    this(min, max, System::nanoTime);
  }

  /** As {@link #SendPace(int, int)}, its time read from {@code clock} (nanoseconds). */
  SendPace(int min, int max, LongSupplier clock) {
    this.clock = clock;
    if (min < 1 || max < min) {
      throw new IllegalArgumentException(
          "a send pace needs 1 <= min <= max, not min " + min + ", max " + max);
    }
    this.min = min;
    this.max = max;
    this.limit = max;
  }

  /**
   * Waits for a turn to send one bulk request.
   *
   * @return when the turn started (nanoseconds of this pace's clock), to be given back to {@link
   *     #release(long)}: with several bulks in flight, each turn's rest follows its own bulk
   */
  public long acquire() throws InterruptedException {
    if (this == UNPACED) {
      return 0;
    }
    lock.lockInterruptibly();
    try {
      while (true) {
        if (inFlight >= limit) {
          turnFreed.await();
          continue;
        }
        long resting = restNanosLocked();
        if (resting > 0) {
          turnFreed.awaitNanos(resting);
          continue;
        }
        break;
      }
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      return clock.getAsLong();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Gives back the turn of an answered bulk request.
   *
   * @param turnStartedAt what {@link #acquire()} returned for this turn
   */
  public void release(long turnStartedAt) {
    if (this == UNPACED) {
      return;
    }
    lock.lock();
    try {
      inFlight--;
      if (rest > 0) {
        long now = clock.getAsLong();
        // With several bulks in flight, the longest rest any of them asks for stands.
        nextTurnAt = Math.max(nextTurnAt, now + Math.max(0, now - turnStartedAt) * rest);
      }
      turnFreed.signal();
    } finally {
      lock.unlock();
    }
  }

  /** The users are hurting: halves the limit, not below {@code min}; at {@code min}, rests more. */
  public void congested() {
    if (this == UNPACED) {
      return;
    }
    lock.lock();
    try {
      if (limit == min) {
        rest = rest == 0 ? 1 : Math.min(MOST_REST, rest * 2);
      }
      limit = Math.max(min, limit / 2);
      congestions++;
    } finally {
      lock.unlock();
    }
  }

  /**
   * The users' signal is clear: half the rest, or else one more bulk in flight, up to {@code max}.
   */
  public void clear() {
    if (this == UNPACED) {
      return;
    }
    lock.lock();
    try {
      if (rest > 0) {
        rest /= 2;
        if (rest == 0) {
          nextTurnAt = clock.getAsLong();
        }
        turnFreed.signalAll();
      } else if (limit < max) {
        limit++;
        turnFreed.signal();
      }
    } finally {
      lock.unlock();
    }
  }

  /** The most bulks in flight now allowed. */
  public int limit() {
    lock.lock();
    try {
      return limit;
    } finally {
      lock.unlock();
    }
  }

  /**
   * How many times as long as its last bulk took a turn now waits after it (0: none; up to {@value
   * #MOST_REST}).
   */
  public int rest() {
    lock.lock();
    try {
      return rest;
    } finally {
      lock.unlock();
    }
  }

  /** How long the next turn would still rest now, in nanoseconds. */
  long restNanos() {
    lock.lock();
    try {
      return restNanosLocked();
    } finally {
      lock.unlock();
    }
  }

  private long restNanosLocked() {
    return rest == 0 ? 0 : Math.max(0, nextTurnAt - clock.getAsLong());
  }

  /** The bulks in flight now. */
  public int inFlight() {
    lock.lock();
    try {
      return inFlight;
    } finally {
      lock.unlock();
    }
  }

  /**
   * The most bulks that were in flight at once since the last call, then starts counting again from
   * those in flight now: what the limit let through over an interval.
   */
  public int takeMostInFlight() {
    lock.lock();
    try {
      int most = mostInFlight;
      mostInFlight = inFlight;
      return most;
    } finally {
      lock.unlock();
    }
  }

  /** How many times the users' signal halved the limit. */
  public long congestions() {
    lock.lock();
    try {
      return congestions;
    } finally {
      lock.unlock();
    }
  }

  public int min() {
    return min;
  }

  public int max() {
    return max;
  }
}
