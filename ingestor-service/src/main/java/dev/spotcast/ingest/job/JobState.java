package dev.spotcast.ingest.job;

/** Where a job stands. Only PUBLISHED moved the model's alias; the last four are final. */
public enum JobState {
  /** Accepted; its indices and chunks are being prepared. */
  QUEUED,
  /** Its chunks are on the work topic and being loaded by the instances. */
  LOADING,
  PUBLISHED,
  /**
   * Loaded completely and counted, but older than the run its model serves: it can be asked for by
   * run time, the model's alias stays on the newer run ({@link
   * dev.spotcast.ingestor.lifecycle.PublishPolicy}).
   */
  LOADED,
  FAILED,
  CANCELLED;

  public boolean terminal() {
    return this == PUBLISHED || this == LOADED || this == FAILED || this == CANCELLED;
  }
}
