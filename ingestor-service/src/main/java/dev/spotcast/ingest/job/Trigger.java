package dev.spotcast.ingest.job;

/** What started a job; carried into its outcome. */
public enum Trigger {
  REST,
  ANNOUNCEMENT,
  SCHEDULE,
  /** A feed fetched the run from its publisher (spotcast.feeds.*). */
  FEED
}
