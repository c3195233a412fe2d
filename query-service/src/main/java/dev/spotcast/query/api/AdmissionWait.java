package dev.spotcast.query.api;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Whether a request that finds the door full waits for a slot or is refused at once. It waits when
 * the slot is expected within the longest wait: with {@code waiting} requests ahead of it and
 * {@code limit} slots, each freed after a request's time in progress (a moving average of the
 * admitted requests'), its expected wait is {@code (waiting + 1) x time / limit}. Bursts shorter
 * than that (an open model's arrivals, the retries a balancer sends when an instance dies) are
 * absorbed; sustained overload is refused at once, as before, instead of piling up waits that would
 * be refused anyway.
 */
final class AdmissionWait {

  /** Weight of the newest request in the moving average of the time in progress. */
  static final double ALPHA = 0.05;

  private final AtomicInteger waiting = new AtomicInteger();
  private final AtomicLong averageNanos = new AtomicLong();

  /** The expected wait for a slot of one more waiting request, in nanoseconds. */
  long expectedWaitNanos(int limit) {
    return (waiting.get() + 1L) * averageNanos.get() / Math.max(1, limit);
  }

  /** Whether a request finding no free slot should wait up to {@code maxWaitNanos} for one. */
  boolean worthWaiting(int limit, long maxWaitNanos) {
    return maxWaitNanos > 0 && expectedWaitNanos(limit) <= maxWaitNanos;
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
