package dev.spotcast.infra.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The loaders' low priority, on real processes of this machine ({@code setsid}, {@code nice},
 * {@code sleep}) where /proc has autogroups.
 */
class LoaderPriorityTest {

  private static final Path SELF_AUTOGROUP = Path.of("/proc/self/autogroup");

  @Test
  void readsTheSessionAfterACommandNameWithSpacesAndParentheses() {
    // pid (comm) state ppid pgrp session ...
    assertThat(LoaderPriority.sessionOf("4242 (a (b) c) S 1 4242 4243 0 -1 4194560 99 0"))
        .isEqualTo(4243);
  }

  @Test
  void acceptsZeroToNineteenAndRefusesTheRestInOneLine() {
    assertThat(LoaderPriority.checked(0)).isZero();
    assertThat(LoaderPriority.checked(19)).isEqualTo(19);
    assertThatThrownBy(() -> LoaderPriority.checked(20))
        .hasMessage("the loaders' nice value is from 0 (as the users) to 19, not 20");
    assertThatThrownBy(() -> LoaderPriority.checked(-1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(LoaderPriority.prefix(0)).isEmpty();
  }

  @Test
  void aLoaderInItsOwnSessionRunsAtTheNiceValueAndSoDoesItsSession() throws Exception {
    assumeThat(Files.exists(SELF_AUTOGROUP)).as("a kernel with autogroups").isTrue();
    String before = Files.readString(SELF_AUTOGROUP);
    List<String> command = new ArrayList<>(Programs.ownSession());
    assertThat(command).as("setsid on the PATH").isNotEmpty();
    command.addAll(LoaderPriority.prefix(10));
    command.addAll(List.of("sleep", "30"));
    Process loader = new ProcessBuilder(command).start();
    try {
      assertThat(LoaderPriority.lowerSession(loader.toHandle(), 10)).isTrue();
      assertThat(autogroup(loader.pid())).endsWith(" nice 10");
      // setsid, then nice, then sleep run in turn in the one process: its nice value is set once
      // it runs sleep (read before that, it is setsid's 0).
      assertThat(runs(loader, "sleep")).as("the loader reaches sleep").isTrue();
      assertThat(nice(loader.pid())).isEqualTo(10);
      // Its session is its own: this JVM's is as it was.
      assertThat(Files.readString(SELF_AUTOGROUP)).isEqualTo(before);
    } finally {
      loader.destroyForcibly().waitFor();
    }
  }

  @Test
  void aProcessInItsStartersSessionLeavesThatSessionAlone() throws Exception {
    assumeThat(Files.exists(SELF_AUTOGROUP)).as("a kernel with autogroups").isTrue();
    String before = Files.readString(SELF_AUTOGROUP);
    Process child = new ProcessBuilder("sleep", "30").start();
    try {
      assertThat(LoaderPriority.lowerSession(child.toHandle(), 10)).isFalse();
      assertThat(Files.readString(SELF_AUTOGROUP)).isEqualTo(before);
    } finally {
      child.destroyForcibly().waitFor();
    }
  }

  private static String autogroup(long pid) throws IOException {
    return Files.readString(Path.of("/proc", Long.toString(pid), "autogroup")).strip();
  }

  /** Whether the process comes to run {@code program} (its comm) within 10 s. */
  private static boolean runs(Process process, String program) throws Exception {
    Path comm = Path.of("/proc", Long.toString(process.pid()), "comm");
    for (int i = 0; i < 1_000 && process.isAlive(); i++) {
      if (Files.readString(comm).strip().equals(program)) {
        return true;
      }
      Thread.sleep(10);
    }
    return false;
  }

  private static int nice(long pid) throws IOException {
    String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
    return Integer.parseInt(stat.substring(stat.lastIndexOf(") ") + 2).split(" ")[16]);
  }
}
