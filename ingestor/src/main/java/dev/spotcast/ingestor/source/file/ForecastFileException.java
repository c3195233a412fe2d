package dev.spotcast.ingestor.source.file;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A forecast file that cannot be read, or a field of it that cannot be decoded. The message is
 * always {@code "FILE: reason"} so that a log line or an operator report names the file without
 * needing the stack trace; failures of the decoding library are wrapped with the reason, never
 * passed on raw.
 */
public final class ForecastFileException extends Exception {

  private final transient Path file;
  private final String reason;

  public ForecastFileException(Path file, String reason) {
    this(file, reason, null);
  }

  public ForecastFileException(Path file, String reason, Throwable cause) {
    super(file + ": " + reason, cause);
    this.file = Objects.requireNonNull(file, "file");
    this.reason = Objects.requireNonNull(reason, "reason");
  }

  /** The file that failed. */
  public Path file() {
    return file;
  }

  /** Why it failed, without the file name. */
  public String reason() {
    return reason;
  }
}
