package dev.spotcast.testsupport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real nginx (the system's package, which {@code ./spotcast test} installs) serving a publisher's
 * tree from a temporary folder on a free loopback port, in the foreground as a child of the test.
 * Its locations make the faults the feed must survive, by configuration rather than timing:
 *
 * <ul>
 *   <li>{@code /...}: answers 503 to everything while {@link #flag()} exists;
 *   <li>{@code /dataflag/...}: answers 503 to GFS data files (not their .idx) while {@link
 *       #dataFlag()} exists;
 *   <li>{@code /norange/...}: ignores Range ({@code max_ranges 0}) and sends whole files (200);
 *   <li>{@code /slow/...}: sends 10 KB/s per request after its first 10 KB, so requests overlap;
 *   <li>{@code /trickle/...}: sends GFS data files (not their .idx) at 200 bytes/s per request
 *       after their first 1 KB: never idle, far too slow;
 *   <li>{@code /html/...}: serves {@code .grib2} files as {@code text/html}, as an error page
 *       would.
 * </ul>
 *
 * The feed tests of the CLI ({@code ingestor}) and of the service ({@code ingestor-service}) share
 * it. Its access log has each request's method, path, status, Range header, body bytes sent,
 * connection number and when it started and ended (nginx's own clock).
 */
public final class NginxServer implements AutoCloseable {

  /** One line of the access log. */
  public record Access(
      String method,
      String uri,
      int status,
      String range,
      long bytes,
      long connection,
      double start,
      double end) {}

  private static final Pattern LINE =
      Pattern.compile("(\\S+) (\\S+) (\\d+) \"([^\"]*)\" (\\d+) (\\d+) ([\\d.]+) ([\\d.]+)");

  private final Path work;
  private final int port;
  private final Process process;

  private NginxServer(Path work, int port, Process process) {
    this.work = work;
    this.port = port;
    this.process = process;
  }

  public static NginxServer start(Path work) throws Exception {
    Path nginx = executable();
    Files.createDirectories(work.resolve("www"));
    Files.createDirectories(work.resolve("tmp"));
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    String w = work.toAbsolutePath().toString();
    String conf =
        """
        daemon off;
        master_process off;
        worker_processes 1;
        pid %1$s/nginx.pid;
        error_log %1$s/error.log warn;
        events { worker_connections 256; }
        http {
          types { text/plain idx index; application/x-bzip2 bz2; }
          default_type application/octet-stream;
          log_format feed '$request_method $uri $status "$http_range" $body_bytes_sent $connection $msec $request_time';
          access_log %1$s/access.log feed;
          client_body_temp_path %1$s/tmp/body;
          proxy_temp_path %1$s/tmp/proxy;
          fastcgi_temp_path %1$s/tmp/fastcgi;
          uwsgi_temp_path %1$s/tmp/uwsgi;
          scgi_temp_path %1$s/tmp/scgi;
          server {
            listen 127.0.0.1:%2$d;
            root %1$s/www;
            location / {
              if (-f %1$s/flag-503) { return 503; }
            }
            location /norange/ { max_ranges 0; }
            location /slow/ { limit_rate 10k; }
            location ~ ^/trickle/.*\\.f\\d+$ { limit_rate_after 1k; limit_rate 200; }
            location ~ ^/dataflag/.*\\.f\\d+$ {
              if (-f %1$s/flag-503-data) { return 503; }
            }
            location ~ ^/html/.*\\.grib2$ { types { } default_type text/html; }
          }
        }
        """
            .formatted(w, port);
    Path confFile = work.resolve("nginx.conf");
    Files.writeString(confFile, conf);
    Process process =
        new ProcessBuilder(
                nginx.toString(), "-p", w + "/", "-c", confFile.toString(), "-e", w + "/error.log")
            .redirectErrorStream(true)
            .redirectOutput(work.resolve("nginx.out").toFile())
            .start();
    NginxServer server = new NginxServer(work, port, process);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "nginx exited: "
                + Files.readString(work.resolve("nginx.out"))
                + readIfExists(work.resolve("error.log")));
      }
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
        return server;
      } catch (IOException notYet) {
        Thread.sleep(50);
      }
    }
    server.close();
    throw new IllegalStateException("nginx did not listen on port " + port + " within 15 s");
  }

  private static String readIfExists(Path file) throws IOException {
    return Files.exists(file) ? Files.readString(file) : "";
  }

  private static Path executable() {
    for (String candidate : List.of("/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx")) {
      if (Files.isExecutable(Path.of(candidate))) {
        return Path.of(candidate);
      }
    }
    throw new IllegalStateException(
        "nginx is needed by the feed tests: './spotcast test' installs it (apt-get install nginx)");
  }

  /** The served tree. */
  public Path root() {
    return work.resolve("www");
  }

  /** While this file exists, {@code /...} (not /norange/, /html/) answers 503. */
  public Path flag() {
    return work.resolve("flag-503");
  }

  /** While this file exists, GFS data files under {@code /dataflag/} answer 503. */
  public Path dataFlag() {
    return work.resolve("flag-503-data");
  }

  public String url(String prefix) {
    return "http://127.0.0.1:" + port + "/" + prefix;
  }

  /** The requests so far whose path starts with {@code /prefix}. */
  public List<Access> accesses(String prefix) throws IOException {
    List<Access> accesses = new ArrayList<>();
    Path log = work.resolve("access.log");
    if (!Files.exists(log)) {
      return accesses;
    }
    for (String line : Files.readAllLines(log)) {
      Matcher m = LINE.matcher(line);
      if (m.matches() && m.group(2).startsWith("/" + prefix)) {
        accesses.add(
            new Access(
                m.group(1),
                m.group(2),
                Integer.parseInt(m.group(3)),
                m.group(4).equals("-") ? "" : m.group(4),
                Long.parseLong(m.group(5)),
                Long.parseLong(m.group(6)),
                Double.parseDouble(m.group(7)) - Double.parseDouble(m.group(8)),
                Double.parseDouble(m.group(7))));
      }
    }
    return accesses;
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }
}
