package dev.spotcast.infra.kafka;

import dev.spotcast.infra.process.ProcessRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The broker JVM as an operating-system process, and its pid file: {@value #PID_FILE} in the broker
 * directory is a {@link ProcessRecord} of the broker (pid together with start time, so that a pid
 * the system has since given to another process is never taken for the broker), so a later {@code
 * kafka stop} kills exactly what {@code kafka start} started.
 */
final class BrokerProcess {

  static final String PID_FILE = "broker.pid";

  private static final String BOOTSTRAP_SERVERS = "bootstrapServers";

  private final Path dir;
  private final ProcessRecord record;

  private BrokerProcess(Path dir, ProcessRecord record) {
    this.dir = dir;
    this.record = record;
  }

  /**
   * Starts {@code command} in {@code dir}, its output appended to {@code log}, and writes the pid
   * file.
   */
  static BrokerProcess launch(List<String> command, Path dir, Path log, String bootstrapServers)
      throws IOException {
    Process process =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    ProcessRecord record =
        ProcessRecord.write(
            dir.resolve(PID_FILE),
            "The Kafka broker started from this directory, for `spotcast-infra kafka stop`",
            Map.of(BOOTSTRAP_SERVERS, bootstrapServers),
            List.of(process.toHandle()));
    return new BrokerProcess(dir, record);
  }

  /** The broker recorded in {@code dir}, if that very process still runs. */
  static Optional<BrokerProcess> find(Path dir) {
    return ProcessRecord.find(dir.resolve(PID_FILE)).map(record -> new BrokerProcess(dir, record));
  }

  private ProcessHandle handle() {
    return record.recorded().getFirst();
  }

  boolean isAlive() {
    return handle().isAlive();
  }

  long pid() {
    return handle().pid();
  }

  RunningBroker describe() {
    return new RunningBroker(dir, record.attribute(BOOTSTRAP_SERVERS), pid());
  }

  /**
   * SIGTERM, which makes Kafka shut down cleanly; SIGKILL to whatever is left after {@code grace}.
   * Returns once the process (and anything it forked) has exited, and removes the pid file.
   */
  void stop(Duration grace) {
    if (!record.stop(grace, ProcessRecord.Shutdown.ALL_AT_ONCE)) {
      throw new IllegalStateException(
          "Kafka broker (pid " + pid() + ") did not exit after SIGKILL");
    }
    record.delete();
  }
}
