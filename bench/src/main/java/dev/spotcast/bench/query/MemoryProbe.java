package dev.spotcast.bench.query;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * How fast this host copies memory now, on one thread: the JDK's array copy of 64 MiB, repeated for
 * about a third of a second. Hosts of the same type share their memory with their neighbours, and
 * on one box it was seen at 0.44 GB/s, at 1.6-1.9 a minute later and at 4.9-6.7 from then on, while
 * {@code openssl speed}, which stays in the core's cache, did not move (docs/benchmarks-journal.md,
 * "Stop 73"). Elasticsearch and the service copy documents all the time, so their CPU per request
 * rises with it. Taken at the start and after every measured window, it says which repeats ran on a
 * slower host.
 *
 * <p>A copy streams; a search chases pointers. {@link #randomReadNanos} reads 64 MiB in a random
 * order, each read waiting for the one before: a host that copied at 2.85-3.02 GB/s read so in
 * 355-363 ns, and there the same code ran 2.5-5 times slower than on a host copying at 6.8-7.9
 * (docs/benchmarks-journal.md, "Stop 77").
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

  /** Ints of the random-read probe: 64 MiB, past any core's cache. */
  private static final int CHASED = 16 << 20;

  /**
   * Nanoseconds per read of memory in a random order, one thread, each read waiting for the one
   * before (the next place is the value read), over {@link #CHASED} ints: what the host's memory
   * and its page tables cost a read that misses the cache.
   */
  static double randomReadNanos() {
    int[] next = cycle(CHASED, 77);
    int at = 0;
    for (int i = 0; i < CHASED / 4; i++) { // the pages touched once: faults are not measured
      at = next[at];
    }
    int reads = 4_000_000;
    long start = System.nanoTime();
    for (int i = 0; i < reads; i++) {
      at = next[at];
    }
    long elapsed = System.nanoTime() - start;
    if (at < 0) { // never: keeps the loop from being removed
      throw new IllegalStateException();
    }
    return elapsed / (double) reads;
  }

  /**
   * One cycle through all of {@code 0..n-1} in a random order (Sattolo's shuffle): {@code next[i]}
   * is the place after {@code i}, and from any place the cycle visits every other before it comes
   * back.
   */
  static int[] cycle(int n, long seed) {
    int[] next = new int[n];
    for (int i = 0; i < n; i++) {
      next[i] = i;
    }
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i); // j < i: one cycle, never a shorter one
      int swap = next[i];
      next[i] = next[j];
      next[j] = swap;
    }
    return next;
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
