package dev.spotcast.ingestor.lifecycle;

import java.time.Duration;

/**
 * A snapshot of a running load, for progress lines and job status.
 *
 * @param docsPerSecond mean rate since the load started
 * @param paceLimit bulks the load may have in flight now, as it yields to the users; 0 for a load
 *     that yields to none
 * @param paceMax bulks in flight with the users' signal clear; 0 for a load that yields to none
 */
public record LoadProgress(
    long expected,
    long produced,
    long indexed,
    long failed,
    Duration elapsed,
    double docsPerSecond,
    int paceLimit,
    int paceMax) {

  /** A load that yields to no one. */
  public LoadProgress(
      long expected,
      long produced,
      long indexed,
      long failed,
      Duration elapsed,
      double docsPerSecond) {
    this(expected, produced, indexed, failed, elapsed, docsPerSecond, 0, 0);
  }

  /** Remaining time at the current mean rate; null before the first acknowledged document. */
  public Duration eta() {
    if (docsPerSecond <= 0) {
      return null;
    }
    return Duration.ofMillis((long) ((expected - indexed - failed) / docsPerSecond * 1000));
  }

  public double fraction() {
    return expected == 0 ? 1 : (double) (indexed + failed) / expected;
  }

  /**
   * e.g. {@code 1,234,567 / 6,480,000 docs (19.1%) 74,512 docs/s ETA 1m10s}, and for a load that
   * yields to the users the bulks it may send at once: {@code bulks 1 of 4 (yielding to users)}.
   */
  public String line() {
    Duration eta = eta();
    return String.format(
        "%,d / %,d docs (%.1f%%)  %,.0f docs/s  ETA %s%s%s",
        indexed,
        expected,
        100 * fraction(),
        docsPerSecond,
        eta == null ? "-" : format(eta),
        paceMax == 0
            ? ""
            : String.format(
                "  bulks %d of %d%s",
                paceLimit, paceMax, paceLimit < paceMax ? " (yielding to users)" : ""),
        failed > 0 ? String.format("  FAILED %,d", failed) : "");
  }

  static String format(Duration d) {
    long s = d.toSeconds();
    return s >= 3600
        ? String.format("%dh%02dm", s / 3600, (s % 3600) / 60)
        : s >= 60 ? String.format("%dm%02ds", s / 60, s % 60) : s + "s";
  }
}
