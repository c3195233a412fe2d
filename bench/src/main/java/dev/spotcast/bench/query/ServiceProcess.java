package dev.spotcast.bench.query;

import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.launch.JvmOptionsFile;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The query service as a separate process, started from its runnable jar the way {@code ./spotcast
 * serve} starts it (its Elasticsearch connection and credential in its environment), on a free
 * loopback port; stopped (and only it) at the end.
 */
final class ServiceProcess implements AutoCloseable {

  private final Process process;
  private final int port;
  private final Path log;

  private ServiceProcess(Process process, int port, Path log) {
    this.process = process;
    this.port = port;
    this.log = log;
  }

  static ServiceProcess start(
      Path java,
      Path jar,
      List<String> javaOptions,
      ElasticsearchSettings elasticsearch,
      int port,
      Path log)
      throws IOException {
    int chosen = port > 0 ? port : freePort();
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.addAll(JvmOptionsFile.argumentsFor(jar, javaOptions));
    command.addAll(javaOptions);
    command.add("-jar");
    command.add(jar.toString());
    command.add("--server.port=" + chosen);
    command.add("--server.address=127.0.0.1");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.to(log.toFile()));
    // The connection the benchmark chose, not one this shell happens to export; secrets not on the
    // command line.
    builder.environment().keySet().removeIf(name -> name.startsWith("SPOTCAST_ELASTICSEARCH_"));
    builder.environment().putAll(elasticsearch.springEnvironment());
    Process process = builder.start();
    return new ServiceProcess(process, chosen, log);
  }

  URI base() {
    return URI.create("http://127.0.0.1:" + port);
  }

  ProcessHandle handle() {
    return process.toHandle();
  }

  Path log() {
    return log;
  }

  /**
   * Waits until {@code /actuator/health} says UP and {@code probe} (a spot request of the model)
   * answers 200, i.e. the run catalog has been read and the model is served.
   */
  void awaitServing(String probePathAndQuery, Duration timeout)
      throws IOException, InterruptedException {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    long deadline = System.nanoTime() + timeout.toNanos();
    String last = "no answer yet";
    boolean healthy = false;
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException(
            "the query service exited with " + process.exitValue() + "; see " + log);
      }
      try {
        if (!healthy) {
          HttpResponse<String> health =
              client.send(
                  HttpRequest.newBuilder(base().resolve("/actuator/health"))
                      .timeout(Duration.ofSeconds(5))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
          healthy = health.statusCode() == 200 && health.body().contains("\"status\":\"UP\"");
          last = "health " + health.statusCode() + " " + abbreviate(health.body());
        }
        if (healthy) {
          HttpResponse<String> spot =
              client.send(
                  HttpRequest.newBuilder(base().resolve(probePathAndQuery))
                      .timeout(Duration.ofSeconds(10))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
          if (spot.statusCode() == 200) {
            return;
          }
          last = "spot " + spot.statusCode() + " " + abbreviate(spot.body());
        }
      } catch (IOException e) {
        last = e.toString();
      }
      Thread.sleep(500);
    }
    throw new IOException(
        "the query service did not serve the model within "
            + timeout.toSeconds()
            + " s ("
            + last
            + "); see "
            + log);
  }

  @Override
  public void close() throws InterruptedException {
    if (!process.isAlive()) {
      return;
    }
    process.destroy(); // SIGTERM: Spring shuts down gracefully
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
  }

  private static String abbreviate(String text) {
    return text.length() <= 200 ? text : text.substring(0, 200) + "...";
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress("127.0.0.1", 0));
      return socket.getLocalPort();
    }
  }
}
