package dev.spotcast.ingest.job;

/** A request that contradicts a job's or a run's state (already published, being loaded, ended). */
public class JobConflictException extends RuntimeException {

  public JobConflictException(String message) {
    super(message);
  }
}
