package dev.spotcast.ingestor.bulk;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

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
 * <p>{@link #UNPACED} is the pace of a load that yields to nothing (the CLI's default): its turns
 * cost nothing.
 */
public final class SendPace {

  /** A pace that never waits. */
  public static final SendPace UNPACED = new SendPace(Integer.MAX_VALUE, Integer.MAX_VALUE);

  private final int min;
  private final int max;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition turnFreed = lock.newCondition();
  private int limit;
  private int inFlight;
  private int mostInFlight;
  private long congestions;

  /**
   * @param min the fewest bulks in flight, however busy the users (at least 1)
   * @param max the most bulks in flight, with the users' signal clear; the pace starts there
   */
  public SendPace(int min, int max) {
    if (min < 1 || max < min) {
      throw new IllegalArgumentException(
          "a send pace needs 1 <= min <= max, not min " + min + ", max " + max);
    }
    this.min = min;
    this.max = max;
    this.limit = max;
  }

  /** Waits for a turn to send one bulk request. */
  public void acquire() throws InterruptedException {
    if (this == UNPACED) {
      return;
    }
    lock.lockInterruptibly();
    try {
      while (inFlight >= limit) {
        turnFreed.await();
      }
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
    } finally {
      lock.unlock();
    }
  }

  /** Gives back the turn of an answered bulk request. */
  public void release() {
    if (this == UNPACED) {
      return;
    }
    lock.lock();
    try {
      inFlight--;
      turnFreed.signal();
    } finally {
      lock.unlock();
    }
  }

  /** The users are hurting: halves the limit, not below {@code min}. */
  public void congested() {
    if (this == UNPACED) {
      return;
    }
    lock.lock();
    try {
      limit = Math.max(min, limit / 2);
      congestions++;
    } finally {
      lock.unlock();
    }
  }

  /** The users' signal is clear: one more bulk in flight, up to {@code max}. */
  public void clear() {
    if (this == UNPACED) {
      return;
    }
    lock.lock();
    try {
      if (limit < max) {
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
