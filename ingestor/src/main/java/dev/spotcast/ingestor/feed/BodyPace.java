package dev.spotcast.ingestor.feed;

import java.util.ArrayDeque;

/**
 * Whether a body's bytes come fast enough: a body must bring at least {@code minBytesPerWindow}
 * bytes in every span of {@code windowNanos} (on average, the floor's rate over a request timeout),
 * from its first byte's wait on. A publisher that trickles (a few bytes a second) never goes a
 * request timeout without a byte, so the idle check alone would wait for it for hours.
 *
 * <p>Fed by the fetch's watchdog with the time and the bytes read so far, at a steady period; not
 * shared between bodies.
 */
final class BodyPace {

  private final long windowNanos;
  private final long minBytesPerWindow;

  /** Readings {time, bytes so far}: the newest at or before a window ago, and all after it. */
  private final ArrayDeque<long[]> readings = new ArrayDeque<>();

  BodyPace(long startNanos, long windowNanos, long minBytesPerWindow) {
    this.windowNanos = windowNanos;
    this.minBytesPerWindow = minBytesPerWindow;
    readings.add(new long[] {startNanos, 0});
  }

  /**
   * Records that {@code bytes} had come by {@code now}; returns the bytes of the last window when a
   * whole window has passed with fewer than the floor, else -1.
   */
  synchronized long tooSlow(long now, long bytes) {
    readings.addLast(new long[] {now, bytes});
    while (readings.size() > 1 && secondOldestTime() <= now - windowNanos) {
      readings.removeFirst();
    }
    long[] oldest = readings.getFirst();
    long brought = bytes - oldest[1];
    if (minBytesPerWindow > 0 && now - oldest[0] >= windowNanos && brought < minBytesPerWindow) {
      return brought;
    }
    return -1;
  }

  private long secondOldestTime() {
    var it = readings.iterator();
    it.next();
    return it.next()[0];
  }
}
