package dev.spotcast.infra.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The low CPU priority a loader runs at beside the users (the launcher's {@code
 * SPOTCAST_LOADER_NICE}; docs/operations.md, "Loading yields to users"): a nice value for its
 * process, and the same for its session's autogroup. Linux shares the CPU equally between sessions
 * when {@code kernel.sched_autogroup_enabled} is on, and a process's nice only ranks it within its
 * session, so a loader started in a session of its own ({@link Programs#ownSession}) lowers both.
 */
public final class LoaderPriority {

  /** The highest nice value, the lowest priority. */
  public static final int LOWEST = 19;

  private LoaderPriority() {}

  /**
   * {@code nice} itself, or a one-line error naming the accepted values.
   *
   * @throws IllegalArgumentException outside 0-19
   */
  public static int checked(int nice) {
    if (nice < 0 || nice > LOWEST) {
      throw new IllegalArgumentException(
          "the loaders' nice value is from 0 (as the users) to " + LOWEST + ", not " + nice);
    }
    return nice;
  }

  /**
   * What to put before a loader's command ({@code nice -n N}): nothing for 0, or where {@code nice}
   * is missing.
   */
  public static List<String> prefix(int nice) {
    if (checked(nice) == 0) {
      return List.of();
    }
    return Programs.onPath("nice")
        .map(program -> List.of(program.toString(), "-n", Integer.toString(nice)))
        .orElse(List.of());
  }

  /**
   * Sets the autogroup nice of {@code process}'s session to {@code nice}, once the process leads a
   * session of its own ({@code setsid} may not have run yet when it is called). Nothing where the
   * kernel has no autogroups, or the process does not lead its session: the session would then be
   * its starter's. The kernel takes one such change per tenth of a second, machine-wide: a few
   * tries.
   *
   * @return whether the session's nice is now {@code nice}
   */
  public static boolean lowerSession(ProcessHandle process, int nice) throws InterruptedException {
    if (checked(nice) == 0) {
      return false;
    }
    Path proc = Path.of("/proc", Long.toString(process.pid()));
    Path autogroup = proc.resolve("autogroup");
    for (int wait = 0; wait < 50 && process.isAlive(); wait++) {
      if (leadsSession(proc.resolve("stat"), process.pid())) {
        for (int attempt = 0; attempt < 5; attempt++) {
          try {
            Files.writeString(autogroup, nice + "\n", StandardCharsets.US_ASCII);
            return true;
          } catch (IOException refusedOrAbsent) {
            if (!Files.exists(autogroup)) {
              return false;
            }
            Thread.sleep(100);
          }
        }
        return false;
      }
      Thread.sleep(20);
    }
    return false;
  }

  /** Whether the process of this {@code /proc/PID/stat} leads its session (session id = pid). */
  static boolean leadsSession(Path stat, long pid) {
    try {
      return sessionOf(Files.readString(stat, StandardCharsets.US_ASCII)) == pid;
    } catch (IOException | RuntimeException gone) {
      return false;
    }
  }

  /**
   * The session id in a {@code /proc/PID/stat} line: the sixth field, the fourth after the command
   * name in parentheses (which may itself hold spaces and parentheses).
   */
  static long sessionOf(String stat) {
    String[] fields = stat.substring(stat.lastIndexOf(") ") + 2).trim().split(" ");
    return Long.parseLong(fields[3]);
  }
}
