package dev.spotcast.ingestor.feed;

import java.time.Duration;

/**
 * A snapshot of a running fetch, for progress lines and (later) a feed's gauges.
 *
 * @param fieldsTotal the wanted fields known so far (grows as each step's index is read)
 * @param fieldsDone fields fetched or found checked
 * @param fieldsFailed fields that will not be there at the end of this fetch
 * @param bytes bytes received so far (whole files included when a server ignores ranges)
 */
public record FetchProgress(
    int fieldsTotal, int fieldsDone, int fieldsFailed, long bytes, long retries, Duration elapsed) {

  public double bytesPerSecond() {
    double seconds = elapsed.toMillis() / 1000.0;
    return seconds <= 0 ? 0 : bytes / seconds;
  }

  /** At the mean rate of fields so far; null before the first one. */
  public Duration eta() {
    if (fieldsDone + fieldsFailed == 0 || elapsed.isZero()) {
      return null;
    }
    double perField = (double) elapsed.toMillis() / (fieldsDone + fieldsFailed);
    int left = Math.max(0, fieldsTotal - fieldsDone - fieldsFailed);
    return Duration.ofMillis((long) (perField * left));
  }

  /** e.g. {@code 12 / 40 fields 3.2 MB 1.1 MB/s ETA 25s retries 2}. */
  public String line() {
    Duration eta = eta();
    return String.format(
        "%d / %d fields  %s  %s/s  ETA %s%s%s",
        fieldsDone,
        fieldsTotal,
        megabytes(bytes),
        megabytes((long) bytesPerSecond()),
        eta == null ? "-" : format(eta),
        retries > 0 ? "  retries " + retries : "",
        fieldsFailed > 0 ? "  MISSING " + fieldsFailed : "");
  }

  static String megabytes(long bytes) {
    return String.format("%.1f MB", bytes / 1e6);
  }

  static String format(Duration d) {
    long s = d.toSeconds();
    return s >= 3600
        ? String.format("%dh%02dm", s / 3600, (s % 3600) / 60)
        : s >= 60 ? String.format("%dm%02ds", s / 60, s % 60) : s + "s";
  }
}
