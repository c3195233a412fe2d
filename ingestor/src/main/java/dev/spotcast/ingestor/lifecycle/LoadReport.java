package dev.spotcast.ingestor.lifecycle;

import dev.spotcast.model.ForecastRun;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The outcome of loading one run: what was produced, indexed and lost (with reasons), whether the
 * run was published, and why not when it was not; the older runs retention deleted after it.
 *
 * @param failure why the run failed (not published, not servable), or null
 * @param keptBecause why a complete run was not published but kept servable by its run time (it is
 *     older than the run its model serves), or null
 */
public record LoadReport(
    ForecastRun run,
    List<String> indices,
    long expected,
    long produced,
    long indexed,
    long counted,
    Map<String, Long> failuresByReason,
    Map<String, Long> retriesByCause,
    Map<String, Long> documentsPerShard,
    Duration took,
    boolean published,
    String failure,
    List<String> retiredRuns,
    String keptBecause) {

  /** Whether the run is complete: published, or kept servable behind a newer run. */
  public boolean complete() {
    return failure == null && (published || keptBecause != null);
  }

  public double docsPerSecond() {
    return took.toMillis() == 0 ? 0 : indexed * 1000.0 / took.toMillis();
  }

  public long failed() {
    return failuresByReason.values().stream().mapToLong(Long::longValue).sum();
  }
}
