package dev.spotcast.infra.elasticsearch;

import dev.spotcast.infra.process.ProcessRecord;
import dev.spotcast.infra.process.Programs;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The operating-system processes of one node: bin/elasticsearch's launcher JVM and the server JVM
 * it forks. The processes are recorded in the node directory as a {@link ProcessRecord} (pid and
 * start time, so a reused pid is never mistaken for them) so that another JVM can find and stop
 * exactly these processes later.
 */
final class NodeProcess {

  static final String RECORD_FILE = "running-node.properties";

  private static final String RECORD_COMMENT =
      "Processes of this Elasticsearch node, for `spotcast-infra es stop` (pid@startMillis@bootTicks)";
  private static final String URL = "url";

  private final Path nodeDir;
  private final String url;

  /** What is recorded in the node directory; rewritten by {@link #record()}. */
  private ProcessRecord record;

  private NodeProcess(Path nodeDir, String url, ProcessRecord record) {
    this.nodeDir = nodeDir;
    this.url = url;
    this.record = record;
  }

  /**
   * Runs bin/elasticsearch for {@code node}, as {@code user}, its output replacing the node's
   * console log (so the log shows this start only; Elasticsearch keeps its own history in the other
   * files of logs/). A detached node gets its own session (setsid), so that closing the terminal
   * that started it does not hang it up.
   */
  static NodeProcess launch(
      NodeLayout node, Path home, Path javaHome, NodeUser user, boolean detached)
      throws IOException {
    List<String> command = new ArrayList<>();
    if (detached) {
      command.addAll(Programs.ownSession());
    }
    command.addAll(user.commandPrefix());
    command.add(home.resolve("bin").resolve("elasticsearch").toString());

    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(node.dir().toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectErrorStream(true)
            .redirectOutput(node.consoleLog().toFile());
    Map<String, String> environment = builder.environment();
    // The launcher would warn about these or let them override the node's own jvm.options.
    Stream.of("JAVA_HOME", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JAVA_OPTS", "ES_JAVA_OPTS")
        .forEach(environment::remove);
    environment.put("ES_JAVA_HOME", javaHome.toString());
    environment.put("ES_PATH_CONF", node.configDir().toString());
    environment.put("ES_TMPDIR", node.tmpDir().toString());
    // The launcher JVM creates scratch directories too (final-flags*) and leaves them behind: keep
    // them in the node.
    environment.put("CLI_JAVA_OPTS", "-Djava.io.tmpdir=" + node.tmpDir());

    Process launcher = builder.start();
    // Just started, the launcher has forked nothing yet: the server JVM is recorded by record()
    // once it runs.
    return new NodeProcess(
        node.dir(),
        node.url(),
        ProcessRecord.write(
            node.dir().resolve(RECORD_FILE),
            RECORD_COMMENT,
            Map.of(URL, node.url()),
            List.of(launcher.toHandle())));
  }

  /**
   * The Java that Elasticsearch runs on: {@code ES_JAVA_HOME} when set (the launcher exports the
   * JDK 21+ it found), else the JVM running this code, which is 21 or newer because this code is
   * compiled for Java 21, the oldest Elasticsearch 9 supports.
   */
  static Path javaHome(Map<String, String> environment, Path runningJavaHome) {
    String configured = environment.get("ES_JAVA_HOME");
    return configured != null && !configured.isBlank() ? Path.of(configured) : runningJavaHome;
  }

  /** The node recorded in {@code nodeDir}, if any of its recorded processes still runs. */
  static Optional<NodeProcess> find(Path nodeDir) {
    return ProcessRecord.find(nodeDir.resolve(RECORD_FILE))
        .map(record -> new NodeProcess(nodeDir, record.attribute(URL), record));
  }

  /** The recorded processes and all their descendants that still run, launcher first. */
  List<ProcessHandle> processes() {
    return record.processTree();
  }

  boolean isAlive() {
    return !processes().isEmpty();
  }

  /**
   * Records the launcher and every process it has forked by now (call again once the server JVM
   * runs).
   */
  void record() throws IOException {
    record =
        ProcessRecord.write(
            nodeDir.resolve(RECORD_FILE), RECORD_COMMENT, Map.of(URL, url), processes());
  }

  /**
   * Stops the node: SIGTERM to the launcher, which shuts the server down cleanly; then SIGTERM to
   * whatever is left, then SIGKILL, each after {@code grace}. Returns once every process has exited
   * (or still runs after SIGKILL: the record goes all the same).
   */
  void stop(Duration grace) {
    record.stop(grace, ProcessRecord.Shutdown.FIRST_PROCESS_FIRST);
    record.delete();
  }

  RunningNode describe() {
    return new RunningNode(nodeDir, url, processes().stream().map(ProcessHandle::pid).toList());
  }
}
