package dev.spotcast.query.api;

import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Whether this service's users are hurting now: over the last {@code window}, were more than {@code
 * slowShare} of the forecast requests slower than the latency target (their p99 above it, with the
 * default share), or was any refused at the door, or did some task on this host wait for a core
 * more than {@code cpuStallLimit} of the time ({@link HostCpuStall})? Read by loaders ({@code
 * /actuator/pressure}) that yield to users: they send fewer bulks while it says busy.
 *
 * <p>Counted at the door ({@link AdmissionControl}), from a request's arrival to its answer, waits
 * included; refusals are requests the users did not get. The window is a ring of slots of a tenth
 * of it each; a slot is cleared when time comes back round to it, so a reading covers the last nine
 * to ten tenths.
 *
 * <p>Times are {@link System#nanoTime()} values passed in, so that the rule is tested without a
 * clock.
 */
public final class UserPressure {

  /** What the door saw over the window, and whether that counts as busy. */
  public record Reading(
      boolean busy,
      long requests,
      long slow,
      long refused,
      long windowMillis,
      long latencyTargetMillis,
      double slowShare,
      Double hostCpuStall,
      double hostCpuStallLimit) {}

  private static final int SLOTS = 10;
  private static final int REQUESTS = 0;
  private static final int SLOW = 1;
  private static final int REFUSED = 2;

  private final long slotNanos;
  private final long targetNanos;
  private final double slowShare;
  private final double cpuStallLimit;

  /** Per slot: the slot's number in time (now / slot length), then its three counts. */
  private final AtomicLongArray slots = new AtomicLongArray(SLOTS * 4);

  /**
   * @param windowNanos how far back a reading looks
   * @param targetNanos a request slower than this is slow
   * @param slowShare the share of slow requests above which the users count as hurting
   * @param cpuStallLimit the share of time some task of the host waited for a core above which the
   *     users count as hurting; 1 never
   */
  UserPressure(long windowNanos, long targetNanos, double slowShare, double cpuStallLimit) {
    this.slotNanos = Math.max(1, windowNanos / SLOTS);
    this.targetNanos = targetNanos;
    this.slowShare = slowShare;
    this.cpuStallLimit = cpuStallLimit;
    for (int i = 0; i < SLOTS; i++) {
      slots.set(i * 4, -1);
    }
  }

  /** A forecast request was answered {@code nanos} after it arrived at the door. */
  void answered(long nowNanos, long nanos) {
    int base = slot(nowNanos);
    slots.incrementAndGet(base + 1 + REQUESTS);
    if (nanos > targetNanos) {
      slots.incrementAndGet(base + 1 + SLOW);
    }
  }

  /** A forecast request was refused at the door. */
  void refused(long nowNanos) {
    int base = slot(nowNanos);
    slots.incrementAndGet(base + 1 + REQUESTS);
    slots.incrementAndGet(base + 1 + REFUSED);
  }

  /**
   * The last window's counts, and the host's CPU stall share now ({@link HostCpuStall}; empty where
   * the host does not say).
   */
  Reading read(long nowNanos, OptionalDouble hostCpuStall) {
    long current = Math.floorDiv(nowNanos, slotNanos);
    long requests = 0;
    long slow = 0;
    long refused = 0;
    for (int i = 0; i < SLOTS; i++) {
      long number = slots.get(i * 4);
      if (number > current - SLOTS && number <= current) {
        requests += slots.get(i * 4 + 1 + REQUESTS);
        slow += slots.get(i * 4 + 1 + SLOW);
        refused += slots.get(i * 4 + 1 + REFUSED);
      }
    }
    boolean stalled = hostCpuStall.isPresent() && hostCpuStall.getAsDouble() > cpuStallLimit;
    boolean busy = refused > 0 || slow > slowShare * requests || stalled;
    return new Reading(
        busy,
        requests,
        slow,
        refused,
        slotNanos * SLOTS / 1_000_000,
        targetNanos / 1_000_000,
        slowShare,
        hostCpuStall.isPresent() ? hostCpuStall.getAsDouble() : null,
        cpuStallLimit);
  }

  /**
   * The base index of the slot for {@code nowNanos}, cleared first when it last held an older
   * tenth. Two threads that find it old at once both clear it; a count made between the two is
   * lost, which a reading over thousands of requests does not feel.
   */
  private int slot(long nowNanos) {
    long number = Math.floorDiv(nowNanos, slotNanos);
    int base = (int) Math.floorMod(number, (long) SLOTS) * 4;
    long held = slots.get(base);
    if (held != number && slots.compareAndSet(base, held, number)) {
      slots.set(base + 1 + REQUESTS, 0);
      slots.set(base + 1 + SLOW, 0);
      slots.set(base + 1 + REFUSED, 0);
    }
    return base;
  }
}
