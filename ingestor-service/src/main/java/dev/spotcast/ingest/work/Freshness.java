package dev.spotcast.ingest.work;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The floor under the yielding ({@code spotcast.ingest.yield.serve-within}): a run that must be
 * served within a stated time of its job's creation is behind when the share of its documents
 * indexed is smaller than the share of that time gone. While a run is behind, loading does not
 * yield to the users: it yields only what the runs' deadlines can spare.
 *
 * <p>The schedule is straight: at a third of the time, a third of the documents. A load that keeps
 * to it is served in time; one that falls behind catches up at the full pace and yields again once
 * it is back on the line. Measured on the day's benchmark (docs/benchmarks.md, "A day in
 * production"): yielding without a floor kept the users' p99 and left every run of the day late.
 */
final class Freshness {

  private Freshness() {}

  /**
   * A run being loaded.
   *
   * @param run what the log names it by (model and run)
   * @param since when its job was created: the run's clock starts there
   * @param expected the documents it will have
   * @param indexed the documents indexed so far
   */
  record Load(String run, Instant since, long expected, long indexed) {}

  /**
   * The first load behind its schedule, if any.
   *
   * @param serveWithin the time a run has from its job's creation; zero: no floor, never behind
   */
  static Optional<Load> behind(List<Load> loads, Duration serveWithin, Instant now) {
    if (serveWithin.isZero() || serveWithin.isNegative()) {
      return Optional.empty();
    }
    double allowed = serveWithin.toMillis();
    for (Load load : loads) {
      if (load.expected() <= 0) {
        continue;
      }
      double timeGone = Math.max(0, Duration.between(load.since(), now).toMillis()) / allowed;
      double done = Math.min(1.0, (double) load.indexed() / load.expected());
      if (done < 1.0 && done < timeGone) {
        return Optional.of(load);
      }
    }
    return Optional.empty();
  }
}
