package dev.spotcast.fleet;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Spot requests at a steady rate through the load balancer, each at a random place, height and time
 * of the run, started on schedule whatever the earlier ones are doing (an open model: a slow fleet
 * gets the same traffic), each timed and its outcome kept: the status, whether a refusal said when
 * to come back ({@code Retry-After}), or the I/O error when no answer came.
 */
final class SpotLoad implements AutoCloseable {

  /** What one request got. */
  record Outcome(
      long startedMillis, long latencyMillis, int status, boolean retryAfter, String error) {
    boolean ok() {
      return status == 200;
    }

    /** The query service's refusal when its door is full: 429 telling when to retry. */
    boolean refusedWithRetryAfter() {
      return status == 429 && retryAfter;
    }

    /**
     * The refusal the query service gives while no copy of a shard answers: 503 telling when to
     * retry.
     */
    boolean unavailableWithRetryAfter() {
      return status == 503 && retryAfter;
    }
  }

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private final ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
  private final ConcurrentLinkedQueue<Outcome> outcomes = new ConcurrentLinkedQueue<>();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final URI base;
  private final String model;
  private final Instant runTime;
  private final Random random = new Random(17);
  private final long began = System.currentTimeMillis();

  private SpotLoad(URI base, String model, Instant runTime) {
    this.base = base;
    this.model = model;
    this.runTime = runTime;
  }

  /** Starts {@code perSecond} requests per second against {@code base} (the query balancer). */
  static SpotLoad start(URI base, String model, Instant runTime, int perSecond) {
    SpotLoad load = new SpotLoad(base, model, runTime);
    load.clock.scheduleAtFixedRate(load::send, 0, 1_000_000 / perSecond, TimeUnit.MICROSECONDS);
    return load;
  }

  /** Milliseconds since the load started. */
  long elapsedMillis() {
    return System.currentTimeMillis() - began;
  }

  private void send() {
    double lat = -80 + 160 * random.nextDouble();
    double lon = -180 + 360 * random.nextDouble();
    double alt = 4000 * random.nextDouble();
    Instant time = runTime.plusSeconds(random.nextInt(24 * 3600));
    URI uri =
        base.resolve(
            String.format(
                Locale.ROOT,
                "/v1/spot?model=%s&lat=%.4f&lon=%.4f&alt=%.0f&time=%s",
                model,
                lat,
                lon,
                alt,
                time));
    long started = System.currentTimeMillis();
    inFlight.incrementAndGet();
    http.sendAsync(
            HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).build(),
            HttpResponse.BodyHandlers.discarding())
        .whenComplete(
            (response, failure) -> {
              inFlight.decrementAndGet();
              long latency = System.currentTimeMillis() - started;
              outcomes.add(
                  failure != null
                      ? new Outcome(started - began, latency, 0, false, failure.toString())
                      : new Outcome(
                          started - began,
                          latency,
                          response.statusCode(),
                          response.headers().firstValue("Retry-After").isPresent(),
                          null));
            });
  }

  /**
   * Stops sending, waits (at most 40 s) for the answers still due, and returns every outcome in
   * start order.
   */
  List<Outcome> stop() throws InterruptedException {
    clock.shutdownNow();
    clock.awaitTermination(5, TimeUnit.SECONDS);
    long deadline = System.currentTimeMillis() + 40_000;
    while (inFlight.get() > 0 && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
    }
    List<Outcome> all = new ArrayList<>(outcomes);
    all.sort(Comparator.comparingLong(Outcome::startedMillis));
    return all;
  }

  @Override
  public void close() throws InterruptedException {
    stop();
    http.close();
  }

  /**
   * A line for the test's output: counts by kind, and the latency percentiles of the answered
   * requests.
   */
  static String summary(String what, List<Outcome> outcomes) {
    long ok = outcomes.stream().filter(Outcome::ok).count();
    long unavailable = outcomes.stream().filter(Outcome::unavailableWithRetryAfter).count();
    long refused = outcomes.stream().filter(Outcome::refusedWithRetryAfter).count();
    long otherStatus =
        outcomes.stream()
            .filter(
                o ->
                    o.status() != 0
                        && !o.ok()
                        && !o.unavailableWithRetryAfter()
                        && !o.refusedWithRetryAfter())
            .count();
    long noAnswer = outcomes.stream().filter(o -> o.status() == 0).count();
    List<Long> latencies =
        outcomes.stream()
            .filter(o -> o.status() != 0)
            .map(Outcome::latencyMillis)
            .sorted()
            .toList();
    return String.format(
        Locale.ROOT,
        "%s: %d requests, %d answered 200, %d 503 and %d 429 with Retry-After, %d other statuses, %d without "
            + "answer (%.2f %% not 200); latency p50 %d ms, p99 %d ms, max %d ms",
        what,
        outcomes.size(),
        ok,
        unavailable,
        refused,
        otherStatus,
        noAnswer,
        outcomes.isEmpty() ? 0 : 100.0 * (outcomes.size() - ok) / outcomes.size(),
        percentile(latencies, 0.50),
        percentile(latencies, 0.99),
        latencies.isEmpty() ? 0 : latencies.getLast());
  }

  private static long percentile(List<Long> sorted, double p) {
    return sorted.isEmpty()
        ? 0
        : sorted.get((int) Math.min(sorted.size() - 1, Math.floor(p * sorted.size())));
  }
}
