package dev.spotcast.ingest.job;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.time.Instant;

/**
 * Which job loads a run: one document per (model, run) in the jobs index, created with {@code
 * op_type=create} and taken over only with optimistic concurrency once its job has ended, so the
 * same run is never loaded by two jobs at once (a redelivered announcement, two instances' daily
 * ticks, a user's second POST). While the indices an ended job left are being deleted, {@code
 * sweeping} says since when: no new job takes the run over meanwhile.
 *
 * <p>Before a feed's run has a job, the instance fetching its files holds the lock ({@code jobId}
 * null, {@code fetcher} that instance), beating {@code heartbeat} while it fetches: no other
 * instance fetches or loads the run meanwhile. A fetcher that stops beating (killed) lets go after
 * {@code spotcast.jobs.stale-after}; the fetcher's own job takes the lock over.
 */
public record RunLock(
    String jobId, String model, String runId, Instant sweeping, String fetcher, Instant heartbeat) {

  public static final String TYPE = "lock";

  /** How long a sweep holds the run at most; one whose sweeper died lets go after this. */
  public static final Duration SWEEP_HOLD = Duration.ofMinutes(1);

  public RunLock(String jobId, String model, String runId) {
    this(jobId, model, runId, null, null, null);
  }

  /** The lock of a run whose files an instance is fetching. */
  public static RunLock fetching(String model, String runId, String instance, Instant at) {
    return new RunLock(null, model, runId, null, instance, at);
  }

  public RunLock sweepingSince(Instant at) {
    return new RunLock(jobId, model, runId, at, fetcher, heartbeat);
  }

  /** The fetcher's lock with a new heartbeat, or let go (null). */
  public RunLock beating(Instant at) {
    return new RunLock(jobId, model, runId, sweeping, at == null ? null : fetcher, at);
  }

  /** True while an instance other than {@code instance} fetches the run and still beats. */
  public boolean fetchedByOther(String instance, Instant now, Duration staleAfter) {
    return jobId == null
        && fetcher != null
        && !fetcher.equals(instance)
        && heartbeat != null
        && heartbeat.plus(staleAfter).isAfter(now);
  }

  /** True while a sweep of the run's leftover indices holds it. */
  public boolean sweptAt(Instant now) {
    return sweeping != null && sweeping.plus(SWEEP_HOLD).isAfter(now);
  }

  public static String idOf(String model, String runId) {
    return "lock-" + model + "-" + runId;
  }

  @JsonProperty("type")
  public String type() {
    return TYPE;
  }
}
