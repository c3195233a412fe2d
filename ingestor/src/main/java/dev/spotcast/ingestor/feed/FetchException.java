package dev.spotcast.ingestor.feed;

/**
 * A request to a publisher that did not give what was asked, with what kind of failure it is: the
 * kind decides whether it is retried ({@link #retryable()}) and what a fetch reports for the field.
 */
public final class FetchException extends Exception {

  /** What went wrong. */
  public enum Kind {
    /** 404: not published (yet). Not retried: the caller polls again later. */
    NOT_FOUND(false),
    /** 416: the index lists a field beyond the end of the file. Not retried. */
    BEYOND_END(false),
    /** The file is shorter than its index says, or the body stopped early. Retried. */
    SHORT(true),
    /** 429 or 5xx. Retried. */
    SERVER(true),
    /** The connection failed or timed out. Retried. */
    NETWORK(true),
    /** A wrong content type (an HTML error page), Content-Range or length. Retried. */
    BAD_RESPONSE(true),
    /** Another 4xx: the request itself is wrong (or forbidden). Not retried. */
    CLIENT(false),
    /** The bytes arrived but are not what the index promised (not a GRIB message). Not retried. */
    BAD_CONTENT(false),
    /** The thread was interrupted or the target directory could not be written. Not retried. */
    LOCAL(false);

    private final boolean retryable;

    Kind(boolean retryable) {
      this.retryable = retryable;
    }
  }

  private final Kind kind;
  private final String url;

  public FetchException(Kind kind, String url, String message) {
    this(kind, url, message, null);
  }

  public FetchException(Kind kind, String url, String message, Throwable cause) {
    super(message + " (" + url + ")", cause);
    this.kind = kind;
    this.url = url;
  }

  public Kind kind() {
    return kind;
  }

  public String url() {
    return url;
  }

  public boolean retryable() {
    return kind.retryable;
  }
}
