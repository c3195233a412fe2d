package dev.spotcast.infra.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Helper programs the processes are started through, found on the PATH as a shell would find them.
 */
public final class Programs {

  private Programs() {}

  /**
   * The first executable {@code program} in a directory of PATH ({@code /usr/bin:/bin} if PATH is
   * not set).
   */
  public static Optional<Path> onPath(String program) {
    String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
    return Stream.of(path.split(File.pathSeparator))
        .filter(entry -> !entry.isBlank())
        .map(entry -> Path.of(entry, program))
        .filter(Files::isExecutable)
        .findFirst();
  }

  /**
   * A program installed from the system's packages: on the PATH, else in the administrator's
   * directories ({@code /usr/sbin}, {@code /sbin}: HAProxy lives there, and a user's PATH may not
   * name them).
   */
  public static Optional<Path> installed(String program) {
    return onPath(program)
        .or(
            () ->
                Stream.of("/usr/local/sbin", "/usr/sbin", "/sbin")
                    .map(dir -> Path.of(dir, program))
                    .filter(Files::isExecutable)
                    .findFirst());
  }

  /**
   * What to put before a command so that it runs in a session of its own ({@code setsid}), and
   * closing the terminal that started a detached process does not hang it up; nothing where setsid
   * is missing, and the process then shares the terminal's session.
   */
  public static List<String> ownSession() {
    return onPath("setsid").map(setsid -> List.of(setsid.toString())).orElse(List.of());
  }
}
