package dev.spotcast.infra.process;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * Processes that this code started, recorded in a properties file so that another JVM (a later
 * {@code stop} or {@code status} command) can find and stop exactly those processes, and a few
 * attributes that describe them (where they listen). The Kafka broker and the Elasticsearch nodes
 * are recorded this way.
 *
 * <p>Each process is recorded as {@code pid@startMillis@bootTicks}: a pid alone could by now belong
 * to another process, since the system reuses pids, and killing that one would be a disaster. A
 * recorded process counts as running only while its pid has the recorded start time. Where the
 * system tells it (Linux's {@code /proc/PID/stat}), that is the start in clock ticks since boot,
 * which no change of the wall clock moves: the JDK's start instant is the boot time read from the
 * wall clock plus those ticks, so a step of the clock (NTP after a virtual machine was paused)
 * moves it for every process, and a node recorded before the step was no longer found (its {@code
 * es stop} answered that none ran, and the next start found its port taken). Elsewhere, and for
 * records without ticks ({@code pid@startMillis}, written before), the instant in milliseconds.
 *
 * <p>A record is immutable: it holds the recorded processes that ran when it was written or found.
 * Writing again (e.g. once a launcher has forked the server JVM) gives a new record.
 */
public final class ProcessRecord {

  /** The processes, "pid@startMillis" separated by spaces. */
  private static final String PROCESSES = "processes";

  /**
   * Records written before the format was shared held one process as {@code pid} and {@code
   * startMillis}.
   */
  private static final String LEGACY_PID = "pid";

  private static final String LEGACY_START_MILLIS = "startMillis";

  private final Path file;
  private final Map<String, String> attributes;
  private final List<ProcessHandle> recorded;

  private ProcessRecord(Path file, Map<String, String> attributes, List<ProcessHandle> recorded) {
    this.file = file;
    this.attributes = Map.copyOf(attributes);
    this.recorded = List.copyOf(recorded);
  }

  /**
   * Records {@code processes} (in this order) and {@code attributes} in {@code file}, replacing
   * what it held. The file is written beside and moved into place, so that a reader never sees half
   * a record.
   *
   * @param comment the file's header, saying who wrote it and for which command
   */
  public static ProcessRecord write(
      Path file, String comment, Map<String, String> attributes, List<ProcessHandle> processes)
      throws IOException {
    Properties properties = new Properties();
    attributes.forEach(properties::setProperty);
    properties.setProperty(
        PROCESSES,
        String.join(
            " ",
            processes.stream()
                .map(
                    handle ->
                        handle.pid()
                            + "@"
                            + startMillis(handle)
                            + bootTicks(handle.pid()).map(ticks -> "@" + ticks).orElse(""))
                .toList()));
    Path written = file.resolveSibling(file.getFileName() + ".tmp");
    try (OutputStream out = Files.newOutputStream(written)) {
      properties.store(out, comment);
    }
    Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return new ProcessRecord(file, attributes, processes);
  }

  /**
   * The record in {@code file} with those of its processes that still run, in recorded order; empty
   * if there is no such file or none of its processes runs any more.
   */
  public static Optional<ProcessRecord> find(Path file) {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    Properties properties = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String entries = properties.getProperty(PROCESSES);
    if (entries == null) {
      // A detached broker started by an earlier build is still found, and so can still be stopped.
      entries =
          properties.getProperty(LEGACY_PID, "-1")
              + "@"
              + properties.getProperty(LEGACY_START_MILLIS, "-1");
    }
    List<ProcessHandle> alive =
        Stream.of(entries.split(" "))
            .filter(entry -> entry.contains("@"))
            .map(ProcessRecord::liveProcess)
            .flatMap(Optional::stream)
            .toList();
    if (alive.isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> attributes = new HashMap<>();
    properties.stringPropertyNames().stream()
        .filter(
            name ->
                !name.equals(PROCESSES)
                    && !name.equals(LEGACY_PID)
                    && !name.equals(LEGACY_START_MILLIS))
        .forEach(name -> attributes.put(name, properties.getProperty(name)));
    return Optional.of(new ProcessRecord(file, attributes, alive));
  }

  /**
   * "pid@startMillis[@bootTicks]" names a process only while that pid still has that start time:
   * its ticks since boot where both the record and the system have them, else its start instant.
   */
  private static Optional<ProcessHandle> liveProcess(String entry) {
    String[] parts = entry.split("@", -1);
    long pid = Long.parseLong(parts[0]);
    long startMillis = Long.parseLong(parts[1]);
    Optional<Long> recordedTicks =
        parts.length > 2 && !parts[2].isEmpty()
            ? Optional.of(Long.parseLong(parts[2]))
            : Optional.empty();
    return ProcessHandle.of(pid)
        .filter(ProcessHandle::isAlive)
        .filter(
            handle -> {
              Optional<Long> ticks = recordedTicks.flatMap(recorded -> bootTicks(pid));
              return ticks.isPresent()
                  ? ticks.get().equals(recordedTicks.get())
                  : startMillis(handle) == startMillis;
            });
  }

  /**
   * When process {@code pid} started, in clock ticks since the system booted (field 22 of Linux's
   * {@code /proc/PID/stat}); empty where the system has no such file or it cannot be read.
   */
  static Optional<Long> bootTicks(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so count from the last
      // ')'; the state is field 3, the start time field 22.
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
      return Optional.of(Long.parseLong(fields[22 - 3]));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** When {@code handle} started, in epoch milliseconds; -1 if the system does not tell. */
  public static long startMillis(ProcessHandle handle) {
    return handle.info().startInstant().map(Instant::toEpochMilli).orElse(-1L);
  }

  /** The file this record is kept in. */
  public Path file() {
    return file;
  }

  /** The value of an attribute written with the record, or null. */
  public String attribute(String name) {
    return attributes.get(name);
  }

  /** The recorded processes, in recorded order (those still running when the record was found). */
  public List<ProcessHandle> recorded() {
    return recorded;
  }

  /**
   * The recorded processes and all their descendants that still run, each recorded process before
   * its own.
   */
  public List<ProcessHandle> processTree() {
    return recorded.stream()
        .flatMap(handle -> Stream.concat(Stream.of(handle), handle.descendants()))
        .distinct()
        .filter(ProcessHandle::isAlive)
        .toList();
  }

  /**
   * Stops the {@link #processTree() process tree}: SIGTERM so that the processes shut down cleanly,
   * then SIGKILL to whatever is left, each step given {@code grace} to take effect. Returns whether
   * every process has exited. Leaves the record file in place: see {@link #delete()}.
   */
  public boolean stop(Duration grace, Shutdown shutdown) {
    List<ProcessHandle> processes = processTree();
    if (processes.isEmpty()) {
      return true;
    }
    if (shutdown == Shutdown.FIRST_PROCESS_FIRST) {
      processes.getFirst().destroy();
      if (exitedWithin(processes, grace)) {
        return true;
      }
    }
    processes.forEach(ProcessHandle::destroy);
    if (exitedWithin(processes, grace)) {
      return true;
    }
    processes.forEach(ProcessHandle::destroyForcibly);
    return exitedWithin(processes, grace);
  }

  /**
   * Deletes the record file, once its processes are stopped. Unchecked, like {@link #find}: it ends
   * a stop, whose callers have nothing to do about a failure but report it.
   */
  public void delete() {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whom {@link #stop} sends the first SIGTERM to. */
  public enum Shutdown {
    /** All processes at once: each shuts itself down. */
    ALL_AT_ONCE,
    /**
     * The first recorded process alone, which shuts the others down cleanly (a launcher and the
     * server it forked); only if that does not end them all within the grace period, all of them.
     */
    FIRST_PROCESS_FIRST
  }

  private static boolean exitedWithin(List<ProcessHandle> processes, Duration timeout) {
    CompletableFuture<?>[] exits =
        processes.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new);
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
