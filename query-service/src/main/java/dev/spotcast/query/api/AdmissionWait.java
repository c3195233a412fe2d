package dev.spotcast.query.api;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How long a request that finds the door full may wait for a slot, and whether it waits at all.
 *
 * <p><b>Bursts wait, overload does not.</b> Requests arrive on their users' schedule, so even far
 * below capacity a burst finds every slot taken for a moment; those requests wait up to the full
 * bound (the bulkhead's max-wait-duration) and are answered a few milliseconds later. A door that
 * has stayed full for longer than {@code overloadInterval} (no arriving request found a free slot
 * in that time) is not meeting a burst but more work than the service can do: then a request that
 * finds it full is refused at once, and the slots go to the requests that arrive as they free
 * (under overload one arrives every fraction of a millisecond), instead of a standing queue that
 * would add the full bound to every answer without answering one more. This is the controlled-delay
 * idea (CoDel) applied to a server's queue, as large services run it: a queue that empties now and
 * then is absorbing bursts; one that never empties is only adding latency.
 *
 * <p><b>No wait that cannot end in a slot.</b> With {@code waiting} requests ahead and {@code
 * limit} slots, each freed after a request's time in progress (a moving average of the admitted
 * requests'), a request expects to wait {@code (waiting + 1) x time / limit}; beyond the longest
 * wait allowed now it is refused at once.
 *
 * <p>Times are {@link System#nanoTime()} values passed in, so that the rules are tested without a
 * clock.
 */
final class AdmissionWait {

  /** Weight of the newest request in the moving average of the time in progress. */
  static final double ALPHA = 0.05;

  private final long overloadIntervalNanos;
  private final AtomicInteger waiting = new AtomicInteger();
  private final AtomicLong averageNanos = new AtomicLong();
  private final AtomicLong lastFreeNanos;

  /**
   * @param overloadIntervalNanos how long the door must have been full before it counts as
   *     overloaded
   * @param nowNanos the time it is created (counts as a free door)
   */
  AdmissionWait(long overloadIntervalNanos, long nowNanos) {
    this.overloadIntervalNanos = overloadIntervalNanos;
    this.lastFreeNanos = new AtomicLong(nowNanos);
  }

  /** An arriving request found a free slot. */
  void foundFree(long nowNanos) {
    lastFreeNanos.set(nowNanos);
  }

  /** Whether no arriving request has found a free slot for longer than the interval. */
  boolean overloaded(long nowNanos) {
    return nowNanos - lastFreeNanos.get() > overloadIntervalNanos;
  }

  /** The longest a request finding the door full may wait now: the bound, or 0 when overloaded. */
  long maxWaitNanos(long nowNanos, long boundNanos) {
    return overloaded(nowNanos) ? 0 : boundNanos;
  }

  /** The expected wait for a slot of one more waiting request, in nanoseconds. */
  long expectedWaitNanos(int limit) {
    return (waiting.get() + 1L) * averageNanos.get() / Math.max(1, limit);
  }

  /**
   * Whether a request finding no free slot should wait for one, up to {@code boundNanos}: not when
   * the door is overloaded, no wait is configured, or no slot is expected within the bound.
   */
  boolean worthWaiting(int limit, long nowNanos, long boundNanos) {
    return maxWaitNanos(nowNanos, boundNanos) > 0 && expectedWaitNanos(limit) <= boundNanos;
  }

  /** A request starts to wait. */
  void enter() {
    waiting.incrementAndGet();
  }

  /** A request stops waiting (admitted or refused). */
  void leave() {
    waiting.decrementAndGet();
  }

  int waiting() {
    return waiting.get();
  }

  /** An admitted request's time in progress, into the moving average. */
  void completed(long nanos) {
    averageNanos.accumulateAndGet(
        nanos,
        (average, sample) ->
            average == 0 ? sample : Math.round(average + ALPHA * (sample - average)));
  }

  long averageNanos() {
    return averageNanos.get();
  }
}
