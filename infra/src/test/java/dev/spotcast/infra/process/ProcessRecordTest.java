package dev.spotcast.infra.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records of this test's own JVM: found while it runs, never stopped (that would end the test run).
 */
class ProcessRecordTest {

  private static final ProcessHandle SELF = ProcessHandle.current();

  @TempDir Path dir;

  @Test
  void findsTheRecordOfARunningProcessWithItsAttributes() throws IOException {
    Path file = dir.resolve("self.pid");
    ProcessRecord written =
        ProcessRecord.write(
            file, "this JVM", Map.of("url", "http://127.0.0.1:9200"), List.of(SELF));

    assertThat(written.recorded()).containsExactly(SELF);
    assertThat(file.resolveSibling("self.pid.tmp")).doesNotExist();
    assertThat(ProcessRecord.find(file))
        .hasValueSatisfying(
            found -> {
              assertThat(found.file()).isEqualTo(file);
              assertThat(found.recorded())
                  .extracting(ProcessHandle::pid)
                  .containsExactly(SELF.pid());
              assertThat(found.processTree().getFirst().pid()).isEqualTo(SELF.pid());
              assertThat(found.attribute("url")).isEqualTo("http://127.0.0.1:9200");
              assertThat(found.attribute("processes")).isNull();
            });
  }

  @Test
  void aRecordWhoseStartTimeDoesNotMatchIsNotFound() throws IOException {
    // This JVM's pid with another start time: what a record looks like once the system has reused
    // the pid.
    long otherStart = ProcessRecord.startMillis(SELF) - 60_000;
    Path file = dir.resolve("reused.pid");
    Files.writeString(file, "processes=" + SELF.pid() + "@" + otherStart + "\n");

    assertThat(ProcessRecord.find(file)).isEmpty();
  }

  @Test
  void aRecordIsFoundByItsTicksSinceBootAfterTheWallClockStepped() throws IOException {
    // The JDK's start instant is the wall clock's boot time plus the ticks since boot: a clock
    // stepped by 35 s (NTP after a paused virtual machine; seen on this project's hosts) moves it,
    // while the ticks stay. Only where /proc tells them (Linux, as on every host this runs on).
    long ticks = ProcessRecord.bootTicks(SELF.pid()).orElseThrow();
    long stepped = ProcessRecord.startMillis(SELF) - 35_000;
    Path file = dir.resolve("stepped.properties");
    Files.writeString(file, "processes=" + SELF.pid() + "@" + stepped + "@" + ticks + "\n");

    assertFindsThisJvmAlone(file);
  }

  @Test
  void aRecordWhoseTicksSinceBootDoNotMatchIsNotFoundWhateverItsInstant() throws IOException {
    // A reused pid: the ticks decide, even where the instant happens to match.
    long ticks = ProcessRecord.bootTicks(SELF.pid()).orElseThrow();
    Path file = dir.resolve("reused-ticks.properties");
    Files.writeString(
        file,
        "processes="
            + SELF.pid()
            + "@"
            + ProcessRecord.startMillis(SELF)
            + "@"
            + (ticks - 100)
            + "\n");

    assertThat(ProcessRecord.find(file)).isEmpty();
  }

  @Test
  void writesTheTicksSinceBootBesideTheInstant() throws IOException {
    Path file = dir.resolve("written.properties");
    ProcessRecord.write(file, "this JVM", Map.of(), List.of(SELF));

    assertThat(Files.readString(file))
        .contains(
            "processes="
                + SELF.pid()
                + "@"
                + ProcessRecord.startMillis(SELF)
                + "@"
                + ProcessRecord.bootTicks(SELF.pid()).orElseThrow());
  }

  @Test
  void keepsOnlyTheRecordedProcessesThatStillRun() throws IOException {
    long otherStart = ProcessRecord.startMillis(SELF) - 60_000;
    Path file = dir.resolve("node.properties");
    Files.writeString(
        file,
        "url=x\nprocesses="
            + SELF.pid()
            + "@"
            + otherStart
            + " "
            + SELF.pid()
            + "@"
            + ProcessRecord.startMillis(SELF)
            + "\n");

    assertFindsThisJvmAlone(file);
  }

  @Test
  void findsARecordOfOneProcessInTheEarlierPidAndStartMillisForm() throws IOException {
    Path file = dir.resolve("broker.pid");
    Files.writeString(
        file,
        "pid="
            + SELF.pid()
            + "\nstartMillis="
            + ProcessRecord.startMillis(SELF)
            + "\nbootstrapServers=127.0.0.1\\:9092\n");

    assertThat(ProcessRecord.find(file))
        .hasValueSatisfying(
            found -> {
              assertThat(found.recorded())
                  .extracting(ProcessHandle::pid)
                  .containsExactly(SELF.pid());
              assertThat(found.attribute("bootstrapServers")).isEqualTo("127.0.0.1:9092");
              assertThat(found.attribute("pid")).isNull();
            });
    Files.writeString(file, "pid=" + SELF.pid() + "\nstartMillis=1\n");
    assertThat(ProcessRecord.find(file)).isEmpty();
  }

  @Test
  void findsNothingWithoutAFile() {
    assertThat(ProcessRecord.find(dir.resolve("none.pid"))).isEmpty();
  }

  @Test
  void stoppingARecordWhoseProcessesHaveExitedOnlyLeavesTheFileToDelete() throws Exception {
    Process child = new ProcessBuilder("sleep", "60").start();
    Path file = dir.resolve("child.pid");
    ProcessRecord record =
        ProcessRecord.write(file, "a child", Map.of(), List.of(child.toHandle()));

    assertThat(record.stop(Duration.ofSeconds(10), ProcessRecord.Shutdown.ALL_AT_ONCE)).isTrue();
    assertThat(child.isAlive()).isFalse();
    assertThat(ProcessRecord.find(file)).isEmpty();
    assertThat(file).exists();
    record.delete();
    assertThat(file).doesNotExist();
  }

  @Test
  void stopsTheFirstProcessFirst() throws Exception {
    Process first = new ProcessBuilder("sleep", "60").start();
    Process second = new ProcessBuilder("sleep", "60").start();
    ProcessRecord record =
        ProcessRecord.write(
            dir.resolve("two.pid"),
            "two children",
            Map.of(),
            List.of(first.toHandle(), second.toHandle()));

    // Nothing makes the second exit with the first, so it takes the second round of SIGTERM.
    assertThat(record.stop(Duration.ofMillis(200), ProcessRecord.Shutdown.FIRST_PROCESS_FIRST))
        .isTrue();
    assertThat(first.isAlive()).isFalse();
    assertThat(second.isAlive()).isFalse();
  }

  /** The record in {@code file} is found, with this JVM as its one running process. */
  private static void assertFindsThisJvmAlone(Path file) {
    assertThat(ProcessRecord.find(file))
        .hasValueSatisfying(
            found ->
                assertThat(found.recorded())
                    .extracting(ProcessHandle::pid)
                    .containsExactly(SELF.pid()));
  }
}
