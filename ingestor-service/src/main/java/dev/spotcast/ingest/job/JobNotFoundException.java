package dev.spotcast.ingest.job;

/** No job has this id. */
public class JobNotFoundException extends RuntimeException {

  public JobNotFoundException(String id) {
    super("no ingestion job " + id);
  }
}
