package dev.spotcast.ingest.job;

/** A job spec (or announcement) that cannot become a job; the message says what to fix. */
public class InvalidJobException extends RuntimeException {

  public InvalidJobException(String message) {
    super(message);
  }

  public InvalidJobException(String message, Throwable cause) {
    super(message, cause);
  }
}
