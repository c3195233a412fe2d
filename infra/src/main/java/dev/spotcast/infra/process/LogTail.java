package dev.spotcast.infra.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The last lines of a process's log, for the message of a failed start: why a broker or node did
 * not come up is nearly always in its last few lines, and the user should not have to go looking
 * for the file.
 */
public final class LogTail {

  private LogTail() {}

  /**
   * The last {@code lines} lines of {@code log}, joined by newlines; a note instead if it cannot be
   * read, since it is only ever shown while reporting another failure, which must not be lost to
   * this one.
   */
  public static String of(Path log, int lines) {
    try (Stream<String> all = Files.lines(log)) {
      List<String> read = all.toList();
      return String.join("\n", read.subList(Math.max(0, read.size() - lines), read.size()));
    } catch (IOException | UncheckedIOException e) {
      return "(cannot read: " + e + ")";
    }
  }
}
