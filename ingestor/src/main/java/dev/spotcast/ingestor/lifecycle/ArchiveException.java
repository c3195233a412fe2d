package dev.spotcast.ingestor.lifecycle;

/** Why a run could not be archived or restored, in words that say what to do. */
public final class ArchiveException extends RuntimeException {

  /** What went wrong, for an answer's status or a command's exit code. */
  public enum Kind {
    /** The catalog has no such run of the model. */
    UNKNOWN_RUN,
    /** The run exists but is not archived (nothing to restore), or cannot be archived now. */
    CONFLICT,
    /** Elasticsearch refused or failed the snapshot or the restore. */
    FAILED
  }

  private final Kind kind;

  public ArchiveException(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  public ArchiveException(Kind kind, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }
}
