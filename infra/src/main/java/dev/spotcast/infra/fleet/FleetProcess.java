package dev.spotcast.infra.fleet;

import dev.spotcast.infra.process.LoaderPriority;
import dev.spotcast.infra.process.ProcessRecord;
import dev.spotcast.infra.process.Programs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One process of a local fleet that is not an Elasticsearch node nor the Kafka broker (those keep
 * their own records): a service instance, the load balancer or Prometheus. It runs in a session of
 * its own, so it outlives the command that started it, with its output in {@code parts/NAME.log}
 * and its pid and start time in {@code parts/NAME.running.properties}, where {@code fleet status}
 * and {@code fleet down} find exactly it again.
 */
record FleetProcess(String name, String url, ProcessRecord record) {

  private static final String URL = "url";

  /**
   * Starts {@code command} as the part {@code name} of the fleet in {@code layout}, at the CPU
   * priority {@code nice} (0: as the users; a loader's: {@link LoaderPriority}), its session's too.
   */
  static FleetProcess start(
      FleetLayout layout,
      String name,
      String url,
      List<String> command,
      Map<String, String> environment,
      int nice)
      throws IOException {
    Files.createDirectories(layout.partsDir());
    List<String> full = new ArrayList<>(Programs.ownSession());
    full.addAll(LoaderPriority.prefix(nice));
    full.addAll(command);
    ProcessBuilder builder =
        new ProcessBuilder(full)
            .directory(layout.partsDir().toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectErrorStream(true)
            .redirectOutput(layout.log(name).toFile());
    builder.environment().putAll(environment);
    Process process = builder.start();
    try {
      LoaderPriority.lowerSession(process.toHandle(), nice);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    ProcessRecord record =
        ProcessRecord.write(
            layout.record(name),
            "Process of the local fleet's "
                + name
                + ", for `spotcast fleet down` (pid@startMillis@bootTicks)",
            Map.of(URL, url),
            List.of(process.toHandle()));
    return new FleetProcess(name, url, record);
  }

  /** The part {@code name} of the fleet in {@code layout}, if its recorded process still runs. */
  static Optional<FleetProcess> find(FleetLayout layout, String name) {
    return ProcessRecord.find(layout.record(name))
        .map(record -> new FleetProcess(name, record.attribute(URL), record));
  }

  /** Its pid. */
  long pid() {
    return record.recorded().getFirst().pid();
  }

  boolean isAlive() {
    return !record.processTree().isEmpty();
  }

  /**
   * SIGTERM (a Spring Boot service finishes what it is doing), SIGKILL after {@code grace}; then
   * the record goes.
   */
  void stop(Duration grace) {
    record.stop(grace, ProcessRecord.Shutdown.ALL_AT_ONCE);
    record.delete();
  }

  /** SIGKILL at once: no shutdown hook, no graceful stop (a fault). The record goes. */
  void kill() {
    record.processTree().forEach(ProcessHandle::destroyForcibly);
    record.processTree().forEach(handle -> handle.onExit().join());
    record.delete();
  }
}
