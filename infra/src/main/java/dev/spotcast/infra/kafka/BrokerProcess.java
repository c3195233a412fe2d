package dev.spotcast.infra.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * The broker JVM as an operating-system process, and its pid file: {@value #PID_FILE} in the broker directory holds
 * the pid together with the process's start time, so that a pid the system has since given to another process is
 * never taken for the broker, and a later {@code kafka stop} kills exactly what {@code kafka start} started.
 */
final class BrokerProcess {

  static final String PID_FILE = "broker.pid";

  private final Path dir;
  private final String bootstrapServers;
  private final ProcessHandle handle;

  private BrokerProcess(Path dir, String bootstrapServers, ProcessHandle handle) {
    this.dir = dir;
    this.bootstrapServers = bootstrapServers;
    this.handle = handle;
  }

  /** Starts {@code command} in {@code dir}, its output appended to {@code log}, and writes the pid file. */
  static BrokerProcess launch(List<String> command, Path dir, Path log, String bootstrapServers) throws IOException {
    Process process = new ProcessBuilder(command)
        .directory(dir.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .start();
    BrokerProcess broker = new BrokerProcess(dir, bootstrapServers, process.toHandle());
    broker.writePidFile();
    return broker;
  }

  /** The broker recorded in {@code dir}, if that very process still runs. */
  static Optional<BrokerProcess> find(Path dir) {
    Path file = dir.resolve(PID_FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    Properties properties = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    long pid = Long.parseLong(properties.getProperty("pid", "-1"));
    long started = Long.parseLong(properties.getProperty("startMillis", "-1"));
    return ProcessHandle.of(pid)
        .filter(ProcessHandle::isAlive)
        .filter(handle -> startMillis(handle) == started)
        .map(handle -> new BrokerProcess(dir, properties.getProperty("bootstrapServers"), handle));
  }

  boolean isAlive() {
    return handle.isAlive();
  }

  long pid() {
    return handle.pid();
  }

  RunningBroker describe() {
    return new RunningBroker(dir, bootstrapServers, handle.pid());
  }

  /**
   * SIGTERM, which makes Kafka shut down cleanly; SIGKILL to whatever is left after {@code grace}. Returns once the
   * process (and anything it forked) has exited, and removes the pid file.
   */
  void stop(Duration grace) throws IOException {
    List<ProcessHandle> processes = Stream.concat(Stream.of(handle), handle.descendants())
        .filter(ProcessHandle::isAlive)
        .toList();
    if (!processes.isEmpty()) {
      processes.forEach(ProcessHandle::destroy);
      if (!exitedWithin(processes, grace)) {
        processes.forEach(ProcessHandle::destroyForcibly);
        if (!exitedWithin(processes, grace)) {
          throw new IllegalStateException("Kafka broker (pid " + handle.pid() + ") did not exit after SIGKILL");
        }
      }
    }
    Files.deleteIfExists(dir.resolve(PID_FILE));
  }

  private void writePidFile() throws IOException {
    Properties properties = new Properties();
    properties.setProperty("pid", Long.toString(handle.pid()));
    properties.setProperty("startMillis", Long.toString(startMillis(handle)));
    properties.setProperty("bootstrapServers", bootstrapServers);
    Path written = dir.resolve(PID_FILE + ".tmp");
    try (OutputStream out = Files.newOutputStream(written)) {
      properties.store(out, "The Kafka broker started from this directory, for `spotcast-infra kafka stop`");
    }
    Files.move(written, dir.resolve(PID_FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static long startMillis(ProcessHandle handle) {
    return handle.info().startInstant().map(Instant::toEpochMilli).orElse(-1L);
  }

  private static boolean exitedWithin(List<ProcessHandle> processes, Duration timeout) {
    CompletableFuture<?>[] exits = processes.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new);
    try {
      CompletableFuture.allOf(exits).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException | ExecutionException e) {
      return processes.stream().noneMatch(ProcessHandle::isAlive);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return processes.stream().noneMatch(ProcessHandle::isAlive);
    }
  }
}
