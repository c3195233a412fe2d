package dev.spotcast.ingestor.lifecycle;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Whether a loaded run becomes the one its model serves. By default the served forecast never goes
 * back in time: a run older than the served one is loaded (and can be asked for by run time) but
 * the model's alias stays where it is. {@code always} is for putting an older run back on purpose,
 * e.g. after a newer run turned out to be wrong.
 */
public enum PublishPolicy {
  /** Publish only a run at least as new as the one the model serves (or the model's first run). */
  @JsonProperty("if-newer")
  IF_NEWER,
  /** Publish the run whatever its time. */
  @JsonProperty("always")
  ALWAYS;

  /**
   * Whether a run just loaded replaces the one its model serves. Run ids are {@code yyyyMMddHH} of
   * the run time (see {@link dev.spotcast.model.ForecastRun#runId()}), so their order is time
   * order.
   *
   * @param servedRunId the run the model serves now, or null if it serves none
   */
  public boolean publishes(String runId, String servedRunId) {
    return this == ALWAYS || servedRunId == null || runId.compareTo(servedRunId) >= 0;
  }
}
