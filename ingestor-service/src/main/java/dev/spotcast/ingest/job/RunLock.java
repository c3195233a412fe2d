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
 */
public record RunLock(String jobId, String model, String runId, Instant sweeping) {

  public static final String TYPE = "lock";

  /** How long a sweep holds the run at most; one whose sweeper died lets go after this. */
  public static final Duration SWEEP_HOLD = Duration.ofMinutes(1);

  public RunLock(String jobId, String model, String runId) {
    this(jobId, model, runId, null);
  }

  public RunLock sweepingSince(Instant at) {
    return new RunLock(jobId, model, runId, at);
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
