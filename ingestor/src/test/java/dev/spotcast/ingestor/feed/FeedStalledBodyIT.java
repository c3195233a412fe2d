package dev.spotcast.ingestor.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A transfer that stalls half-way (the publisher's server hangs after sending part of a body) is
 * aborted once no byte has come for the request timeout, and retried: HttpClient's own timeout
 * stops at the response headers. nginx cannot be told to hang mid-body, so the server here is a
 * plain socket that sends the headers and 10 of 100 bytes, then nothing.
 */
class FeedStalledBodyIT {

  @Test
  void aStalledBodyIsAbortedAndRetried() throws Exception {
    AtomicInteger connections = new AtomicInteger();
    List<Socket> open = new CopyOnWriteArrayList<>();
    try (ServerSocket server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
      Thread.ofVirtual()
          .start(
              () -> {
                while (!server.isClosed()) {
                  try {
                    Socket socket = server.accept();
                    open.add(socket);
                    connections.incrementAndGet();
                    BufferedReader request =
                        new BufferedReader(
                            new InputStreamReader(
                                socket.getInputStream(), StandardCharsets.US_ASCII));
                    for (String line = request.readLine();
                        line != null && !line.isEmpty();
                        line = request.readLine()) {
                      // the request's headers
                    }
                    OutputStream out = socket.getOutputStream();
                    out.write(
                        ("HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 0-99/1000\r\n"
                                + "Content-Length: 100\r\nContent-Type: application/octet-stream\r\n\r\n"
                                + "GRIB012345")
                            .getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                  } catch (Exception closed) {
                    return;
                  }
                }
              });
      FetchStats stats = new FetchStats();
      String url = "http://127.0.0.1:" + server.getLocalPort() + "/f000";
      long start = System.nanoTime();
      try (HttpFetcher http =
          new HttpFetcher(
              FeedSettings.defaults()
                  .withRetries(2, Duration.ofMillis(10), Duration.ofMillis(10))
                  .withRequestTimeout(Duration.ofMillis(500)),
              stats)) {
        ByteRanges.Range range =
            new ByteRanges.Range(
                0, 100, List.of(new IndexEntry(FieldKey.of("t", "850", 0), 0, 100)));
        assertThatThrownBy(() -> http.range(url, range, body -> body.readAllBytes()))
            .isInstanceOf(FetchException.class)
            .hasMessageContaining("no byte for 500 ms: the body stalled")
            .extracting(e -> ((FetchException) e).kind())
            .isEqualTo(FetchException.Kind.NETWORK);
      }
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
      assertThat(stats.snapshot().retries()).isEqualTo(1);
      assertThat(stats.snapshot().bytesReceived()).isEqualTo(20);
      assertThat(connections.get()).isEqualTo(2);
      assertThat(Thread.currentThread().isInterrupted()).isFalse();
    } finally {
      for (Socket socket : open) {
        socket.close();
      }
    }
  }
}
