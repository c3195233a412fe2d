package dev.spotcast.ingest.job;

/** Where a job stands. Only PUBLISHED moved the model's alias; the last three are final. */
public enum JobState {
  /** Accepted; its indices and chunks are being prepared. */
  QUEUED,
  /** Its chunks are on the work topic and being loaded by the instances. */
  LOADING,
  PUBLISHED,
  FAILED,
  CANCELLED;

  public boolean terminal() {
    return this == PUBLISHED || this == FAILED || this == CANCELLED;
  }
}
