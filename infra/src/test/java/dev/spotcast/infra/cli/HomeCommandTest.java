package dev.spotcast.infra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.infra.SpotcastInfraCli;
import dev.spotcast.infra.process.ProcessRecord;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The status and stop commands' answers, on a home directory where nothing or only a pretend broker
 * runs.
 */
class HomeCommandTest {

  @TempDir Path home;

  @Test
  void statusFailsAndStopDoesNothingWhereNothingRuns() {
    assertThat(run("kafka", "status"))
        .isEqualTo(new Answer(1, "", "spotcast-infra: no Kafka broker runs from " + home + "\n"));
    assertThat(run("es", "status"))
        .isEqualTo(
            new Answer(1, "", "spotcast-infra: no Elasticsearch node runs from " + home + "\n"));
    assertThat(run("kafka", "stop"))
        .isEqualTo(new Answer(0, "No Kafka broker runs from " + home + "\n", ""));
    assertThat(run("es", "stop"))
        .isEqualTo(new Answer(0, "No Elasticsearch node runs from " + home + "\n", ""));
  }

  @Test
  void kafkaStatusDescribesTheRecordedBroker() throws IOException {
    // This JVM stands in for the broker: status only looks, it never stops anything.
    Path dir = home.resolve("kafka");
    Files.createDirectories(dir);
    ProcessRecord.write(
        dir.resolve("broker.pid"),
        "test",
        Map.of("bootstrapServers", "127.0.0.1:29092"),
        List.of(ProcessHandle.current()));

    assertThat(run("kafka", "status"))
        .isEqualTo(
            new Answer(
                0,
                "Kafka broker runs at 127.0.0.1:29092 (pid "
                    + ProcessHandle.current().pid()
                    + ") from "
                    + dir
                    + "\n",
                ""));
  }

  private Answer run(String service, String command) {
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(outBytes, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(errBytes, true, StandardCharsets.UTF_8));
      int exitCode = SpotcastInfraCli.run(service, command, "--home", home.toString());
      System.out.flush();
      System.err.flush();
      return new Answer(
          exitCode,
          outBytes.toString(StandardCharsets.UTF_8),
          errBytes.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
  }

  private record Answer(int exitCode, String out, String err) {}
}
