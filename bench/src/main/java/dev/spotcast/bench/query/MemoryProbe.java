package dev.spotcast.bench.query;

import java.util.Arrays;
import java.util.Locale;

/**
 * How fast this host copies memory now, on one thread: the JDK's array copy of 64 MiB, repeated for
 * about a third of a second. Hosts of the same type share their memory with their neighbours, and
 * on one box it was seen at 0.44 GB/s, at 1.6-1.9 a minute later and at 4.9-6.7 from then on, while
 * {@code openssl speed}, which stays in the core's cache, did not move (docs/benchmarks-journal.md,
 * "Stop 73"). Elasticsearch and the service copy documents all the time, so their CPU per request
 * rises with it. Taken at the start and after every measured window, it says which repeats ran on a
 * slower host.
 */
final class MemoryProbe {

  private static final int BYTES = 64 << 20;

  /** A repeat whose probe falls below this share of the start's is flagged. */
  static final double SLOWER = 0.75;

  private MemoryProbe() {}

  /** GB (10^9 bytes) copied per second, one thread, now. */
  static double copyGigabytesPerSecond() {
    byte[] from = new byte[BYTES];
    byte[] to = new byte[BYTES];
    Arrays.fill(from, (byte) 1);
    Arrays.fill(to, (byte) 2); // both touched: page faults are not what is measured
    long copied = 0;
    long start = System.nanoTime();
    long elapsed;
    do {
      System.arraycopy(from, 0, to, 0, BYTES);
      copied += BYTES;
      elapsed = System.nanoTime() - start;
    } while (elapsed < 300_000_000L);
    return copied / (double) elapsed;
  }

  /**
   * What a probe after a window says beside the start's: its rate, its share of the start's, and a
   * warning when it fell below {@link #SLOWER} of it.
   */
  static String after(double start, double now) {
    double share = now / start;
    String line =
        String.format(
            Locale.ROOT,
            "memory copy %.2f GB/s after the window (%.0f%% of the start's)",
            now,
            100 * share);
    return share < SLOWER
        ? line + "; the host's memory was slower than at the start: compare this repeat with care"
        : line;
  }
}
