package dev.spotcast.ingest.announce;

/** An announcement that can never start a job: it goes to the dead-letter topic, not retried. */
public class InvalidAnnouncementException extends RuntimeException {

  public InvalidAnnouncementException(String message, Throwable cause) {
    super(message, cause);
  }
}
