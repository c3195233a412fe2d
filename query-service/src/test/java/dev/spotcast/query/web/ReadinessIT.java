package dev.spotcast.query.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.query.QueryServiceApplication;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.TcpProxy;
import dev.spotcast.query.api.SpotApiIT;
import dev.spotcast.testsupport.SharedElasticsearch;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Ready means ready: a query service started against a node that already serves a run says it is
 * ready ({@code /actuator/health/readiness} 200) only once it knows that run. Polled from the first
 * instant of the process: before readiness, every forecast request is a 503 with {@code
 * Retry-After} (never a 404 or an empty catalog); from the first ready answer on, {@code
 * /v1/models} lists the run and the model answers 200, and it has warmed up with its own forecast
 * requests. Elasticsearch is held back behind a proxy at first, so that the time before the
 * catalog's first read is long enough to be seen on any machine, not by luck.
 */
class ReadinessIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration DEADLINE = Duration.ofSeconds(90);
  private static final int WARMUP = 200;

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  @Test
  void readyOnlyOnceTheCatalogIsReadAndNeverA404Before() throws Exception {
    RunFixtures.ensurePublished(
        RunFixtures.ingestClient(), new SyntheticForecastSource(SpotApiIT.RUN, SpotApiIT.SEED));
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    String base = "http://127.0.0.1:" + port;
    String spot =
        base
            + "/v1/spot?model="
            + SpotApiIT.MODEL
            + "&lat=45.5&lon=5.25&alt=750&time="
            + SpotApiIT.RUN.runTime().plus(Duration.ofMinutes(80));
    try (TcpProxy proxy =
        new TcpProxy(SharedElasticsearch.settings(Role.QUERY).uris().getFirst().toString())) {
      proxy.down();
      Map<String, String> properties =
          new HashMap<>(SharedElasticsearch.springProperties(Role.QUERY));
      properties.put("spotcast.elasticsearch.uris", proxy.url());
      properties.put("spotcast.elasticsearch.connect-timeout", "1s");
      properties.put("spotcast.query.catalog-refresh-interval", "100ms");
      properties.put("server.port", Integer.toString(port));
      properties.put("spotcast.query.warmup.requests", Integer.toString(WARMUP));
      // Ready after these requests, not once the compiler is quiet too: this test's own polling
      // keeps it busy (75 s of warm-up measured, against its 90-s deadline). CompilerActivityTest
      // covers the compiler's part.
      properties.put("spotcast.query.warmup.compiler-busy", "0");
      // As command-line arguments: above application.yml, as an operator's would be.
      String[] arguments =
          properties.entrySet().stream()
              .map(e -> "--" + e.getKey() + "=" + e.getValue())
              .toArray(String[]::new);
      CompletableFuture<ConfigurableApplicationContext> started =
          CompletableFuture.supplyAsync(
              () -> new SpringApplicationBuilder(QueryServiceApplication.class).run(arguments));
      try {
        List<String> seen = new ArrayList<>();
        // From the first instant: until the process is up, nothing answers; then, Elasticsearch
        // held back, it is alive but not ready.
        Instant deadline = Instant.now().plus(DEADLINE);
        while (status(base + "/actuator/health/liveness") != 200) {
          assertThat(status(base + "/actuator/health/readiness"))
              .as("ready before it is alive")
              .isNotEqualTo(200);
          assertThat(Instant.now()).as("the service did not come up").isBefore(deadline);
          Thread.sleep(10);
        }
        assertThat(status(base + "/actuator/health/readiness")).isEqualTo(503);
        assertThat(status(base + "/actuator/health")).isEqualTo(503);
        HttpResponse<String> models = get(base + "/v1/models");
        assertStarting(models);
        assertStarting(get(spot));
        assertStarting(get(base + "/edr/collections"));

        // Elasticsearch reachable: readiness turns to 200 only with the run known and answered.
        proxy.up();
        boolean ready = false;
        while (!ready) {
          assertThat(Instant.now())
              .as("not ready %s after Elasticsearch came back", DEADLINE)
              .isBefore(deadline);
          int readiness = status(base + "/actuator/health/readiness");
          HttpResponse<String> listed = get(base + "/v1/models");
          HttpResponse<String> answered = get(spot);
          seen.add(readiness + "/" + listed.statusCode() + "/" + answered.statusCode());
          if (readiness == 200) {
            ready = true;
            assertThat(listed.statusCode()).isEqualTo(200);
            assertThat(modelIds(listed.body()))
                .as("models listed once ready")
                .contains(SpotApiIT.MODEL);
            assertThat(answered.statusCode())
                .as("spot once ready: %s", answered.body())
                .isEqualTo(200);
          } else {
            assertThat(readiness).isEqualTo(503);
            if (answered.statusCode() != 200) {
              assertStarting(answered);
            }
            if (listed.statusCode() != 200) {
              assertStarting(listed);
            }
          }
        }
        System.out.println(
            "readiness/models/spot after Elasticsearch came back, in order: " + runs(seen));
        assertThat(status(base + "/actuator/health")).isEqualTo(200);
        // Ready after its warm-up: it had sent itself its forecast requests, on top of this test's.
        double forecasts =
            get(base + "/actuator/prometheus")
                .body()
                .lines()
                .filter(
                    line ->
                        line.startsWith("http_server_requests_seconds_count{")
                            && (line.contains("uri=\"/v1/spot\"")
                                || line.contains("uri=\"/v1/series\"")))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum();
        assertThat(forecasts)
            .as("forecast requests answered by the time it was ready")
            .isGreaterThanOrEqualTo(WARMUP);
      } finally {
        started.join().close();
      }
    }
  }

  /** "a a a b" as "a x3, b". */
  private static String runs(List<String> seen) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < seen.size(); ) {
      int j = i;
      while (j < seen.size() && seen.get(j).equals(seen.get(i))) {
        j++;
      }
      out.append(out.isEmpty() ? "" : ", ")
          .append(seen.get(i))
          .append(j - i > 1 ? " x" + (j - i) : "");
      i = j;
    }
    return out.toString();
  }

  private static void assertStarting(HttpResponse<String> response) throws IOException {
    assertThat(response.statusCode())
        .as("before the catalog is read: %s", response.body())
        .isEqualTo(503);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
    assertThat(response.headers().firstValue("Retry-After")).isPresent();
    assertThat(JSON.readTree(response.body()).path("status").asInt()).isEqualTo(503);
  }

  private static List<String> modelIds(String body) throws IOException {
    List<String> ids = new ArrayList<>();
    for (JsonNode model : JSON.readTree(body).path("models")) {
      ids.add(model.path("model").asText());
    }
    return ids;
  }

  private int status(String url) throws InterruptedException {
    try {
      return get(url).statusCode();
    } catch (IOException e) {
      return -1; // not listening yet
    }
  }

  private HttpResponse<String> get(String url) throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
