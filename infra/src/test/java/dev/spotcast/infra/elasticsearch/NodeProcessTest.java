package dev.spotcast.infra.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeProcessTest {

  @TempDir Path nodeDir;

  @Test
  void findsARecordedProcessThatStillRuns() throws IOException {
    ProcessHandle self = ProcessHandle.current();
    record(self.pid() + "@" + self.info().startInstant().orElseThrow().toEpochMilli());

    assertThat(NodeProcess.find(nodeDir))
        .hasValueSatisfying(
            found -> {
              assertThat(found.describe().url()).isEqualTo("http://127.0.0.1:9200");
              assertThat(found.describe().pids()).contains(self.pid());
              assertThat(found.describe().name()).isEqualTo(nodeDir.getFileName().toString());
            });
  }

  @Test
  void ignoresAPidNowUsedByAnotherProcess() throws IOException {
    ProcessHandle self = ProcessHandle.current();
    long otherStart = self.info().startInstant().orElseThrow().minusSeconds(60).toEpochMilli();
    record(self.pid() + "@" + otherStart);

    assertThat(NodeProcess.find(nodeDir)).isEmpty();
  }

  @Test
  void findsNothingWithoutRecord() {
    assertThat(NodeProcess.find(nodeDir)).isEmpty();
  }

  @Test
  void runsElasticsearchOnEsJavaHomeElseOnThisJvm() {
    Path running = Path.of("/opt/jdk-25");

    assertThat(
            NodeProcess.javaHome(
                Map.of("ES_JAVA_HOME", "/usr/lib/jvm/jdk-21", "JAVA_HOME", "/opt/jdk-17"), running))
        .isEqualTo(Path.of("/usr/lib/jvm/jdk-21"));
    assertThat(NodeProcess.javaHome(Map.of("JAVA_HOME", "/opt/jdk-17"), running))
        .isEqualTo(running);
    assertThat(NodeProcess.javaHome(Map.of("ES_JAVA_HOME", " "), running)).isEqualTo(running);
  }

  private void record(String processes) throws IOException {
    Files.writeString(
        nodeDir.resolve(NodeProcess.RECORD_FILE),
        "# "
            + Instant.now()
            + "\nurl=http\\://127.0.0.1\\:9200\n"
            + "processes="
            + processes
            + "\n");
  }
}
