package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.TcpProxy;
import dev.spotcast.query.api.AdmissionControl;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.synthetic.SyntheticWeather;
import dev.spotcast.testsupport.SharedElasticsearch;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The service in front of the real Elasticsearch, reached through a proxy the test can take down or
 * slow down: backpressure (a tiny bulkhead: 429 + Retry-After, the others answered; a request limit
 * at the door that refuses before any work), Elasticsearch gone (503 + Retry-After, then the
 * circuit opens) and back (half-open, then closed), and the Resilience4j metrics in Prometheus.
 */
@AutoConfigureObservability
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "spotcast.query.catalog-refresh-interval=100ms",
      // No warm-up: its requests would move the circuit breaker and the counts the tests read.
      "spotcast.query.warmup.requests=0",
      // Every request must reach Elasticsearch here: no document cache.
      "spotcast.query.cache.enabled=false",
      // Every request reads alone, so that the Elasticsearch bulkhead sees each: shared reads
      // (SpotApiIT) would queue them behind the reads under way instead.
      "spotcast.query.searches-in-flight=0",
      "resilience4j.bulkhead.instances.elasticsearch.max-concurrent-calls=2",
      "resilience4j.bulkhead.instances.elasticsearch.max-wait-duration=0",
      // Small numbers, so that two failing requests (each tried twice) open the circuit.
      "resilience4j.circuitbreaker.instances.elasticsearch.sliding-window-size=4",
      "resilience4j.circuitbreaker.instances.elasticsearch.minimum-number-of-calls=4",
      "resilience4j.circuitbreaker.instances.elasticsearch.wait-duration-in-open-state=2s",
      "resilience4j.circuitbreaker.instances.elasticsearch.permitted-number-of-calls-in-half-open-state=2",
      "spotcast.elasticsearch.connect-timeout=1s",
      // A door counts as overloaded after 1 s full, far beyond the few milliseconds a burst's
      // requests take to arrive: the burst tests below do not meet the overload rule by chance.
      "spotcast.query.admission.overload-interval=1s"
    })
class ResilienceIT {

  static final String MODEL = "itresilience";
  static final ForecastRun RUN =
      ForecastRun.of(
          MODEL,
          Instant.parse("2026-11-21T00:00:00Z"),
          RegularLatLonGrid.covering(0, 0, 2, 2, 1.0),
          LevelType.HEIGHT_ABOVE_GROUND,
          List.of(0.0, 100.0),
          List.of(0, 3),
          SyntheticWeather.PARAMETERS,
          ShardingSpec.DEFAULT);

  private static final String SPOT =
      "/v1/spot?model=" + MODEL + "&lat=1.2&lon=0.7&alt=50&time=2026-11-21T01:00:00Z";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static TcpProxy proxy;

  @DynamicPropertySource
  static void throughTheProxy(DynamicPropertyRegistry registry) throws Exception {
    proxy = new TcpProxy(SharedElasticsearch.url());
    SharedElasticsearch.springProperties(Role.QUERY)
        .forEach((key, value) -> registry.add(key, () -> value));
    registry.add("spotcast.elasticsearch.uris", proxy::url);
  }

  @AfterAll
  static void closeProxy() throws Exception {
    proxy.close();
  }

  @LocalServerPort private int port;

  /**
   * Not TestRestTemplate: its Apache client retries 429 and 503 by itself, honouring Retry-After.
   */
  private final HttpClient client = HttpClient.newHttpClient();

  @Autowired private PublishedRuns publishedRuns;
  @Autowired private CircuitBreakerRegistry circuitBreakers;
  @Autowired private BulkheadRegistry bulkheads;

  @BeforeEach
  void runIsServedDirectly() throws Exception {
    proxy.up();
    proxy.latency(0);
    try (ElasticsearchClient direct =
        ElasticsearchClients.create(SharedElasticsearch.settings(Role.INGEST))) {
      RunFixtures.ensurePublished(direct, new SyntheticForecastSource(RUN, 3));
    }
    RunFixtures.awaitServed(publishedRuns, MODEL, RUN.runId());
    circuitBreaker().reset();
  }

  @AfterEach
  void restore() {
    proxy.up();
    proxy.latency(0);
  }

  @Test
  void whenSaturatedSomeAreRefusedWith429AndRetryAfterAndTheAcceptedOnesAreAnswered()
      throws Exception {
    proxy.latency(300); // every answer takes 300 ms: two at once fill the bulkhead
    int concurrent = 12;
    CountDownLatch start = new CountDownLatch(1);
    List<Future<HttpResponse<String>>> futures = new ArrayList<>();
    try (ExecutorService pool = Executors.newFixedThreadPool(concurrent)) {
      for (int i = 0; i < concurrent; i++) {
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  return get(SPOT);
                }));
      }
      start.countDown();
      int ok = 0;
      int refused = 0;
      for (Future<HttpResponse<String>> future : futures) {
        HttpResponse<String> response = future.get();
        if (response.statusCode() == 200) {
          ok++;
          assertThat(
                  JSON.readTree(response.body()).path("values").path("t").path("value").isNumber())
              .isTrue();
        } else {
          assertThat(response.statusCode()).as(response.body()).isEqualTo(429);
          assertThat(response.headers().firstValue("Retry-After").orElse(null)).isEqualTo("1");
          assertThat(response.headers().firstValue("Content-Type"))
              .hasValue(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
          JsonNode problem = JSON.readTree(response.body());
          assertThat(problem.path("status").asInt()).isEqualTo(429);
          assertThat(problem.path("action").asText())
              .startsWith("retry the same request after 1 s");
          refused++;
        }
      }
      assertThat(ok).as("answered").isGreaterThanOrEqualTo(2);
      assertThat(refused).as("refused by the bulkhead").isGreaterThanOrEqualTo(1);
    }
    assertThat(requestCount("429", "saturated"))
        .as("429s counted with their cause")
        .isGreaterThanOrEqualTo(1);
    // Refusals are not failures of Elasticsearch: the circuit stays closed.
    assertThat(circuitBreaker().getState()).isEqualTo(CircuitBreaker.State.CLOSED);
  }

  @Test
  void beyondTheRequestLimitAndItsWaitRequestsAreRefusedAtTheDoor() throws Exception {
    // One forecast request at a time (below the Elasticsearch bulkhead's two), for this test only.
    Bulkhead door = bulkheads.bulkhead(AdmissionControl.NAME);
    BulkheadConfig configured = door.getBulkheadConfig();
    door.changeConfig(BulkheadConfig.from(configured).maxConcurrentCalls(1).build());
    primeConnection();
    proxy.latency(2000); // the admitted request holds its place for at least 2 s
    int concurrent = 8;
    CountDownLatch start = new CountDownLatch(1);
    List<Future<long[]>> futures =
        new ArrayList<>(); // status, elapsed ms, refused at the door (1/0)
    try (ExecutorService pool = Executors.newFixedThreadPool(concurrent)) {
      for (int i = 0; i < concurrent; i++) {
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  long t0 = System.nanoTime();
                  HttpResponse<String> response = get(SPOT);
                  long elapsed = (System.nanoTime() - t0) / 1_000_000;
                  boolean atTheDoor =
                      response.statusCode() == 429
                          && JSON.readTree(response.body())
                              .path("detail")
                              .asText()
                              .contains("forecast requests, its limit");
                  return new long[] {response.statusCode(), elapsed, atTheDoor ? 1 : 0};
                }));
      }
      start.countDown();
      List<long[]> results = new ArrayList<>();
      for (Future<long[]> future : futures) {
        results.add(future.get());
      }
      List<long[]> answered = results.stream().filter(r -> r[0] == 200).toList();
      List<long[]> refused = results.stream().filter(r -> r[2] == 1).toList();
      assertThat(answered).as("answered").hasSize(1);
      assertThat(refused).as("refused at the door").hasSize(concurrent - 1);
      // A refusal at the door does no work and waits at most the door's bound (100 ms): all back
      // before the one answer.
      assertThat(answered.getFirst()[1]).isGreaterThanOrEqualTo(2000);
      assertThat(refused).allSatisfy(r -> assertThat(r[1]).isLessThan(answered.getFirst()[1]));
    } finally {
      door.changeConfig(configured);
    }
    assertThat(requestCount("429", "saturated"))
        .as("429s counted with their cause")
        .isGreaterThanOrEqualTo(1);
    assertThat(get("/actuator/prometheus").body())
        .contains(
            "resilience4j_bulkhead_available_concurrent_calls{application=\"spotcast-query-service\",name=\"requests\"}");
  }

  /**
   * An open model's burst: one request holds the only slot, three more arrive meanwhile. They wait
   * for the slot (the bound is far above the three holds ahead of the last) and are all answered,
   * none refused.
   */
  @Test
  void aBurstWaitsForTheHeldSlotWithinTheBoundAndIsAnswered() throws Exception {
    Bulkhead door = bulkheads.bulkhead(AdmissionControl.NAME);
    BulkheadConfig configured = oneSlotWithALongWait(door);
    proxy.latency(300); // each request holds the slot for at least 300 ms
    double waitedBefore = waitCount();
    try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
      Future<HttpResponse<String>> held = holdTheSlot(pool, door);
      List<Future<HttpResponse<String>>> burst = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        burst.add(pool.submit(() -> get(SPOT)));
      }
      assertThat(held.get().statusCode()).isEqualTo(200);
      for (Future<HttpResponse<String>> response : burst) {
        assertThat(response.get().statusCode()).as(response.get().body()).isEqualTo(200);
      }
    } finally {
      door.changeConfig(configured);
    }
    assertThat(waitCount() - waitedBefore).as("requests admitted after a wait").isEqualTo(3);
  }

  /**
   * Overload, not a burst: the only slot has been held for longer than the overload interval (1 s),
   * so one more request is refused at once with Retry-After, though the wait bound (60 s) would let
   * it wait for the slot; the held request is still in progress when the refusal comes back. A
   * burst arriving right after the slot was taken waits instead (the test above).
   */
  @Test
  void aDoorFullForLongerThanTheOverloadIntervalRefusesAtOnceWithoutWaiting() throws Exception {
    Bulkhead door = bulkheads.bulkhead(AdmissionControl.NAME);
    BulkheadConfig configured = oneSlotWithALongWait(door);
    proxy.latency(2000); // the held request holds the slot for at least 2 s
    try (ExecutorService pool = Executors.newFixedThreadPool(2)) {
      Future<HttpResponse<String>> held = holdTheSlot(pool, door);
      Thread.sleep(1_200); // full for longer than the 1 s interval: overloaded
      HttpResponse<String> refused = get(SPOT);
      // An EDR position request is refused at the same door, before its parameters are read.
      HttpResponse<String> refusedEdr =
          get("/edr/collections/" + MODEL + "/position?coords=POINT(0.7%201.2)");
      boolean heldStillInProgress = !held.isDone();
      assertThat(refused.statusCode()).as(refused.body()).isEqualTo(429);
      assertThat(refusedEdr.statusCode()).as(refusedEdr.body()).isEqualTo(429);
      assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
      assertThat(JSON.readTree(refused.body()).path("detail").asText())
          .contains("forecast requests, its limit, and has been for a while");
      assertThat(heldStillInProgress).as("refused before the held request was answered").isTrue();
      held.get();
    } finally {
      door.changeConfig(configured);
      proxy.latency(0);
    }
    // Refusals carry the uri tag the controller's mapping gives the endpoint.
    assertThat(requestCount("429", "saturated", "/edr/collections/{model}/position"))
        .as("the EDR refusal counted under its endpoint")
        .isGreaterThanOrEqualTo(1);
  }

  /**
   * The door with one slot and a wait bound of 60 s, for this test only, and an open connection to
   * Elasticsearch; returns the configuration to restore.
   */
  private BulkheadConfig oneSlotWithALongWait(Bulkhead door) {
    BulkheadConfig configured = door.getBulkheadConfig();
    door.changeConfig(
        BulkheadConfig.from(configured)
            .maxConcurrentCalls(1)
            .maxWaitDuration(Duration.ofSeconds(60))
            .build());
    primeConnection();
    return configured;
  }

  /** A request that holds the door's only slot, once it holds it. */
  private Future<HttpResponse<String>> holdTheSlot(ExecutorService pool, Bulkhead door)
      throws InterruptedException {
    Future<HttpResponse<String>> held = pool.submit(() -> get(SPOT));
    while (door.getMetrics().getAvailableConcurrentCalls() > 0) {
      Thread.sleep(5); // until it holds the slot
    }
    return held;
  }

  /**
   * One request at full speed first, so that the service holds an open connection to Elasticsearch:
   * a connection opened while the proxy delays every chunk would spend the delay on its TLS
   * handshake (beyond the 1 s connect timeout), and the test would time the handshake instead of
   * the door. Which test runs first must not matter.
   */
  private void primeConnection() {
    assertThat(get(SPOT).statusCode()).isEqualTo(200);
  }

  private double waitCount() {
    return get("/actuator/prometheus")
        .body()
        .lines()
        .filter(line -> line.startsWith("spotcast_admission_wait_seconds_count"))
        .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
        .sum();
  }

  @Test
  void elasticsearchGoneIs503ThenTheCircuitOpensAndClosesAgainWhenItIsBack() throws Exception {
    assertThat(get(SPOT).statusCode()).isEqualTo(200);

    proxy.down();
    HttpResponse<String> first = get(SPOT);
    assertThat(first.statusCode()).as(first.body()).isEqualTo(503);
    assertThat(first.headers().firstValue("Retry-After").orElse(null)).isEqualTo("5");
    assertThat(JSON.readTree(first.body()).path("detail").asText())
        .startsWith("Elasticsearch cannot be reached");
    // The first request was tried twice (one retry): two failures of four; two more requests open
    // it.
    get(SPOT);
    assertThat(circuitBreaker().getState()).isEqualTo(CircuitBreaker.State.OPEN);

    HttpResponse<String> open = get(SPOT);
    assertThat(open.statusCode()).isEqualTo(503);
    assertThat(open.headers().firstValue("Retry-After").orElse(null))
        .isEqualTo("2"); // the open state's wait
    assertThat(JSON.readTree(open.body()).path("detail").asText()).contains("circuit open");
    assertThat(requestCount("503", "unavailable"))
        .as("503s while Elasticsearch is unreachable")
        .isGreaterThanOrEqualTo(1);
    assertThat(requestCount("503", "circuit_open"))
        .as("503s refused by the open circuit")
        .isGreaterThanOrEqualTo(1);
    HttpResponse<String> bad = get(SPOT.replace("lat=", "lat=north&x="));
    assertThat(bad.statusCode())
        .as("bad input while Elasticsearch is gone: %s", bad.body())
        .isEqualTo(400);
    // Ready still: the catalog was read, and an instance that cannot reach Elasticsearch is not
    // better elsewhere.
    assertThat(get("/actuator/health/readiness").statusCode()).isEqualTo(200);

    proxy.up();
    Thread.sleep(2100); // the open state's wait
    HttpResponse<String> trial = get(SPOT);
    assertThat(trial.statusCode()).as(trial.body()).isEqualTo(200);
    assertThat(circuitBreaker().getState()).isEqualTo(CircuitBreaker.State.HALF_OPEN);
    assertThat(get(SPOT).statusCode()).isEqualTo(200);
    assertThat(circuitBreaker().getState()).isEqualTo(CircuitBreaker.State.CLOSED);
  }

  @Test
  void theResilienceMetricsAreInPrometheus() {
    get(SPOT);

    String metrics = get("/actuator/prometheus").body();

    assertThat(metrics)
        .contains(
            "resilience4j_circuitbreaker_state{application=\"spotcast-query-service\",name=\"elasticsearch\",state=\"closed\"} 1.0")
        .contains(
            "resilience4j_bulkhead_available_concurrent_calls{application=\"spotcast-query-service\",name=\"elasticsearch\"}")
        .contains(
            "resilience4j_retry_calls_total{application=\"spotcast-query-service\",kind=\"successful_without_retry\",name=\"elasticsearch\"}")
        .contains("resilience4j_timelimiter_calls_total");
  }

  /**
   * GET /v1/spot answers with this status and cause so far, from the per-endpoint timer in
   * Prometheus (tags in alphabetical order: application, cause, error, exception, method, outcome,
   * status, uri).
   */
  private double requestCount(String status, String cause) {
    return requestCount(status, cause, "/v1/spot");
  }

  private double requestCount(String status, String cause, String uri) {
    Matcher m =
        Pattern.compile(
                "http_server_requests_seconds_count\\{[^}]*cause=\""
                    + cause
                    + "\"[^}]*status=\""
                    + status
                    + "\"[^}]*uri=\""
                    + Pattern.quote(uri)
                    + "\"[^}]*} ([0-9.E]+)")
            .matcher(get("/actuator/prometheus").body());
    return m.find() ? Double.parseDouble(m.group(1)) : 0;
  }

  private HttpResponse<String> get(String path) {
    try {
      return client.send(
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
          HttpResponse.BodyHandlers.ofString());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private CircuitBreaker circuitBreaker() {
    return circuitBreakers.circuitBreaker(ElasticsearchGuard.NAME);
  }
}
