package dev.spotcast.infra.elasticsearch;

import dev.spotcast.infra.Jdk;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
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
 * The operating-system processes of one node: bin/elasticsearch's launcher JVM and the server JVM it forks. The
 * processes are recorded in the node directory (pid and start time, so a reused pid is never mistaken for them) so
 * that another JVM can find and stop exactly these processes later.
 */
final class NodeProcess {

  static final String RECORD_FILE = "running-node.properties";


  private final Path nodeDir;
  private final String url;
  private final List<ProcessHandle> recorded;

  private NodeProcess(Path nodeDir, String url, List<ProcessHandle> recorded) {
    this.nodeDir = nodeDir;
    this.url = url;
    this.recorded = List.copyOf(recorded);
  }

  /**
   * Runs bin/elasticsearch for {@code node}, as {@code user}, its output replacing the node's console log (so the
   * log shows this start only; Elasticsearch keeps its own history in the other files of logs/). A detached
   * node gets its own session (setsid), so that closing the terminal that started it does not hang it up.
   */
  static NodeProcess launch(NodeLayout node, Path home, Jdk jdk, NodeUser user, boolean detached) throws IOException {
    List<String> command = new ArrayList<>();
    if (detached) {
      NodeUser.onPath("setsid").ifPresent(setsid -> command.add(setsid.toString()));
    }
    command.addAll(user.commandPrefix());
    command.add(home.resolve("bin").resolve("elasticsearch").toString());

    ProcessBuilder builder = new ProcessBuilder(command)
        .directory(node.dir().toFile())
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
        .redirectErrorStream(true)
        .redirectOutput(node.consoleLog().toFile());
    Map<String, String> environment = builder.environment();
    // The launcher would warn about these or let them override the node's own jvm.options.
    Stream.of("JAVA_HOME", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JAVA_OPTS", "ES_JAVA_OPTS")
        .forEach(environment::remove);
    environment.put("ES_JAVA_HOME", jdk.home().toString());
    environment.put("ES_PATH_CONF", node.configDir().toString());
    environment.put("ES_TMPDIR", node.tmpDir().toString());
    // The launcher JVM creates scratch directories too (final-flags*) and leaves them behind: keep them in the node.
    environment.put("CLI_JAVA_OPTS", "-Djava.io.tmpdir=" + node.tmpDir());

    Process launcher = builder.start();
    NodeProcess process = new NodeProcess(node.dir(), node.url(), List.of(launcher.toHandle()));
    process.record();
    return process;
  }

  /** The node recorded in {@code nodeDir}, if any of its recorded processes still runs. */
  static Optional<NodeProcess> find(Path nodeDir) {
    Path file = nodeDir.resolve(RECORD_FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    Properties properties = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<ProcessHandle> alive = Stream.of(properties.getProperty("processes", "").split(" "))
        .filter(entry -> entry.contains("@"))
        .map(NodeProcess::liveProcess)
        .flatMap(Optional::stream)
        .toList();
    return alive.isEmpty() ? Optional.empty()
        : Optional.of(new NodeProcess(nodeDir, properties.getProperty("url"), alive));
  }

  /** "pid@startMillis" names a process only while that pid still has that start time. */
  private static Optional<ProcessHandle> liveProcess(String entry) {
    long pid = Long.parseLong(entry.substring(0, entry.indexOf('@')));
    long startMillis = Long.parseLong(entry.substring(entry.indexOf('@') + 1));
    return ProcessHandle.of(pid)
        .filter(ProcessHandle::isAlive)
        .filter(handle -> startMillis(handle) == startMillis);
  }

  private static long startMillis(ProcessHandle handle) {
    return handle.info().startInstant().map(Instant::toEpochMilli).orElse(-1L);
  }

  /** The recorded processes and all their descendants that still run, launcher first. */
  List<ProcessHandle> processes() {
    return recorded.stream()
        .flatMap(handle -> Stream.concat(Stream.of(handle), handle.descendants()))
        .distinct()
        .filter(ProcessHandle::isAlive)
        .toList();
  }

  boolean isAlive() {
    return !processes().isEmpty();
  }

  /** Records the launcher and every process it has forked by now (call again once the server JVM runs). */
  void record() throws IOException {
    Properties properties = new Properties();
    properties.setProperty("url", url);
    properties.setProperty("processes", String.join(" ",
        processes().stream().map(handle -> handle.pid() + "@" + startMillis(handle)).toList()));
    Path file = nodeDir.resolve(RECORD_FILE);
    Path written = nodeDir.resolve(RECORD_FILE + ".tmp");
    try (OutputStream out = Files.newOutputStream(written)) {
      properties.store(out, "Processes of this Elasticsearch node, for `spotcast-infra es stop` (pid@startMillis)");
    }
    Files.move(written, file, StandardCopyOption.REPLACE_EXISTING);
  }

  /**
   * Stops the node: SIGTERM to the launcher, which shuts the server down cleanly; then SIGTERM to whatever is left,
   * then SIGKILL, each after {@code grace}. Returns once every process has exited.
   */
  void stop(Duration grace) throws IOException {
    List<ProcessHandle> processes = processes();
    if (!processes.isEmpty()) {
      processes.getFirst().destroy();
      if (!exitedWithin(processes, grace)) {
        processes.forEach(ProcessHandle::destroy);
        if (!exitedWithin(processes, grace)) {
          processes.forEach(ProcessHandle::destroyForcibly);
          exitedWithin(processes, grace);
        }
      }
    }
    Files.deleteIfExists(nodeDir.resolve(RECORD_FILE));
  }

  private static boolean exitedWithin(List<ProcessHandle> processes, Duration timeout) {
    CompletableFuture<?>[] exits = processes.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new);
    try {
      CompletableFuture.allOf(exits).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (ExecutionException e) {
      return processes.stream().noneMatch(ProcessHandle::isAlive);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return processes.stream().noneMatch(ProcessHandle::isAlive);
    }
  }

  RunningNode describe() {
    return new RunningNode(nodeDir, url, processes().stream().map(ProcessHandle::pid).toList());
  }
}
