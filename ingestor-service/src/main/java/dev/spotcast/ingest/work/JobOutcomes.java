package dev.spotcast.ingest.work;

import dev.spotcast.ingest.job.Job;

/**
 * Where the outcome of every job that ends is told (the outcome topic, {@code
 * announce.OutcomePublisher}).
 */
public interface JobOutcomes {

  /** Tells the outcome of a job that has ended. */
  void publish(Job ended);
}
