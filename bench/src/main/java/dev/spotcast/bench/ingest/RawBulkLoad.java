package dev.spotcast.bench.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The raw limit: pre-generated bulk bodies posted to {@code /INDEX/_bulk} by a few parallel HTTP
 * clients that do nothing else (the reference measurement used 4 {@code curl} clients). No retries:
 * a rejected or failed document counts as lost, and the benchmark says so.
 */
final class RawBulkLoad {

  /**
   * @param documents documents posted
   * @param failedDocuments documents Elasticsearch did not index (item errors or failed requests)
   * @param failures failed documents by reason
   * @param nanos from the first request sent to the last response read
   */
  record Result(
      long requests, long documents, long failedDocuments, Map<String, Long> failures, long nanos) {

    double seconds() {
      return nanos / 1e9;
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Where the posters take the next body from; null when there is none left. Thread-safe. */
  interface Bodies {
    BulkBodies.Body next();
  }

  private RawBulkLoad() {}

  static Result post(HttpClient http, URI elasticsearch, List<BulkBodies.Body> bodies, int posters)
      throws InterruptedException {
    AtomicInteger next = new AtomicInteger();
    return post(
        http,
        elasticsearch,
        () -> {
          int i = next.getAndIncrement();
          return i < bodies.size() ? bodies.get(i) : null;
        },
        posters,
        new AtomicLong());
  }

  /**
   * Posts every body with {@code posters} parallel clients; {@code acknowledged} counts the
   * documents of the requests answered so far (for sampling the rate while it runs).
   */
  static Result post(
      HttpClient http, URI elasticsearch, Bodies bodies, int posters, AtomicLong acknowledged)
      throws InterruptedException {
    LongAdder requests = new LongAdder();
    LongAdder documents = new LongAdder();
    Map<String, LongAdder> failures = new ConcurrentHashMap<>();
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int p = 0; p < posters; p++) {
      threads.add(
          Thread.ofPlatform()
              .name("raw-poster-" + p)
              .start(
                  () -> {
                    try {
                      go.await();
                    } catch (InterruptedException e) {
                      return;
                    }
                    BulkBodies.Body body;
                    while ((body = bodies.next()) != null) {
                      requests.increment();
                      documents.add(body.documents());
                      String failure =
                          send(
                              http,
                              elasticsearch.resolve("/" + body.index() + "/_bulk"),
                              body,
                              failures);
                      if (failure != null) {
                        failures
                            .computeIfAbsent(failure, k -> new LongAdder())
                            .add(body.documents());
                      }
                      acknowledged.addAndGet(body.documents());
                    }
                  }));
    }
    long start = System.nanoTime();
    go.countDown();
    for (Thread t : threads) {
      t.join();
    }
    long nanos = System.nanoTime() - start;
    Map<String, Long> failed = new TreeMap<>();
    failures.forEach((k, v) -> failed.put(k, v.sum()));
    long failedDocuments = failed.values().stream().mapToLong(Long::longValue).sum();
    return new Result(requests.sum(), documents.sum(), failedDocuments, failed, nanos);
  }

  /**
   * Posts one body; returns why the whole request failed, or null (item failures are added to
   * failures).
   */
  private static String send(
      HttpClient http, URI bulk, BulkBodies.Body body, Map<String, LongAdder> failures) {
    HttpRequest request =
        HttpRequest.newBuilder(bulk)
            .timeout(Duration.ofMinutes(2))
            .header("Content-Type", "application/x-ndjson")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body.ndjson()))
            .build();
    HttpResponse<byte[]> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      return "request failed: " + e.getClass().getSimpleName();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
    if (response.statusCode() != 200) {
      return "HTTP " + response.statusCode();
    }
    byte[] answer = response.body();
    if (!hasErrors(answer)) {
      return null;
    }
    countItemFailures(answer, body.documents(), failures);
    return null;
  }

  /**
   * The bulk response says {@code "errors":false} in its first fields; only a failed bulk is
   * parsed.
   */
  static boolean hasErrors(byte[] response) {
    String head =
        new String(response, 0, Math.min(response.length, 256), StandardCharsets.ISO_8859_1);
    return !head.contains("\"errors\":false");
  }

  private static void countItemFailures(
      byte[] response, int documents, Map<String, LongAdder> failures) {
    try {
      JsonNode root = JSON.readTree(response);
      for (JsonNode item : root.path("items")) {
        JsonNode result = item.elements().hasNext() ? item.elements().next() : item;
        JsonNode error = result.path("error");
        if (!error.isMissingNode()) {
          String reason = result.path("status").asInt() + " " + error.path("type").asText("error");
          failures.computeIfAbsent(reason, k -> new LongAdder()).increment();
        }
      }
    } catch (IOException e) {
      failures.computeIfAbsent("unreadable bulk response", k -> new LongAdder()).add(documents);
    }
  }
}
