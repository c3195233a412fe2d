package dev.spotcast.ingest.job;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Which job loads a run: one document per (model, run) in the jobs index, created with
 * {@code op_type=create} and taken over only with optimistic concurrency once its job has ended, so
 * the same run is never loaded by two jobs at once (a redelivered announcement, two instances'
 * daily ticks, a user's second POST).
 */
public record RunLock(String jobId, String model, String runId) {

  public static final String TYPE = "lock";

  public static String idOf(String model, String runId) {
    return "lock-" + model + "-" + runId;
  }

  @JsonProperty("type")
  public String type() {
    return TYPE;
  }
}
