package dev.spotcast.ingest.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorInstance;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collections;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The API of a real instance answers only callers with an API key: none or an unknown one gets 401,
 * a key without the role 403, both as problem+json; health answers anyone, without details.
 */
class ApiSecurityIT {

  private static IngestorInstance instance;

  @BeforeAll
  static void start() {
    instance =
        IngestorInstance.start("security-1", IngestorInstance.fleet(Fixtures.prefix("security")));
  }

  @AfterAll
  static void stop() {
    if (instance != null) {
      instance.close();
    }
  }

  private static HttpRequest.Builder request(String method, String path, String key) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(instance.uri(path))
            .header("Content-Type", "application/json")
            .method(
                method,
                "POST".equals(method)
                    ? HttpRequest.BodyPublishers.ofString(
                        Fixtures.synthetic(
                            Fixtures.model("sec"), "2026-01-01T00:00:00Z", 30, "0", "0"))
                    : HttpRequest.BodyPublishers.noBody());
    return key == null ? request : request.header("X-API-Key", key);
  }

  private static void assertProblem(HttpResponse<String> response, int status) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    JsonNode problem = IngestorInstance.JSON.readTree(response.body());
    assertThat(problem.path("status").asInt()).isEqualTo(status);
    assertThat(problem.path("detail").asText()).isNotBlank();
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
    "POST,   /v1/ingestions",
    "GET,    /v1/ingestions/some-job",
    "DELETE, /v1/ingestions/some-job",
    "GET,    /actuator/prometheus",
    "GET,    /actuator/metrics",
    "GET,    /actuator/info",
    "GET,    /v1/anything-else",
  })
  void withoutAKeyEveryRequestIsRefused(String method, String path) throws Exception {
    HttpResponse<String> response = instance.send(request(method, path, null));

    assertProblem(response, 401);
    assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue("ApiKey");
    assertThat(response.body()).contains("an API key is required");
  }

  @Test
  void anUnknownOrMalformedKeyIsRefused() throws Exception {
    HttpResponse<String> unknown =
        instance.send(request("POST", "/v1/ingestions", "not-a-key-we-know"));
    assertProblem(unknown, 401);
    assertThat(unknown.body()).contains("unknown API key");

    HttpResponse<String> bearer =
        instance.send(
            request("GET", "/v1/ingestions/x", null)
                .header("Authorization", "Bearer " + IngestorInstance.KEY));
    assertProblem(bearer, 401);
    assertThat(bearer.body()).contains("'ApiKey <key>'");
  }

  @Test
  void aReadKeyCannotSubmitNorCancelAndASubmitKeyCannotRead() throws Exception {
    HttpResponse<String> readSubmits =
        instance.send(request("POST", "/v1/ingestions", IngestorInstance.READ_KEY));
    assertProblem(readSubmits, 403);
    assertThat(readSubmits.body()).contains("ingest:submit needed");
    assertProblem(
        instance.send(request("DELETE", "/v1/ingestions/x", IngestorInstance.READ_KEY)), 403);

    HttpResponse<String> submitted =
        instance.send(request("POST", "/v1/ingestions", IngestorInstance.SUBMIT_KEY));
    assertThat(submitted.statusCode()).as(submitted.body()).isEqualTo(202);
    String id = IngestorInstance.JSON.readTree(submitted.body()).path("id").asText();

    HttpResponse<String> submitReads =
        instance.send(request("GET", "/v1/ingestions/" + id, IngestorInstance.SUBMIT_KEY));
    assertProblem(submitReads, 403);
    assertThat(submitReads.body()).contains("ingest:read needed");
    HttpResponse<String> read =
        instance.send(request("GET", "/v1/ingestions/" + id, IngestorInstance.READ_KEY));
    assertThat(read.statusCode()).as(read.body()).isEqualTo(200);
    assertThat(IngestorInstance.JSON.readTree(read.body()).path("id").asText()).isEqualTo(id);
    instance.awaitEnded(id, Duration.ofMinutes(2));
  }

  @Test
  void prometheusScrapesWithAReadKeyInTheAuthorizationHeader() throws Exception {
    HttpResponse<String> metrics =
        instance.send(
            HttpRequest.newBuilder(instance.uri("/actuator/prometheus"))
                .header("Authorization", "ApiKey " + IngestorInstance.READ_KEY)
                .GET());

    assertThat(metrics.statusCode()).isEqualTo(200);
    assertThat(metrics.body()).contains("spotcast_ingest_chunks_running");
  }

  @Test
  void healthAnswersAnyoneWithoutDetails() throws Exception {
    HttpResponse<String> anonymous =
        instance.send(HttpRequest.newBuilder(instance.uri("/actuator/health")).GET());
    assertThat(anonymous.statusCode()).isEqualTo(200);
    JsonNode health = IngestorInstance.JSON.readTree(anonymous.body());
    assertThat(health.path("status").asText()).isEqualTo("UP");
    assertThat(health.path("components").path("elasticsearch").path("status").asText())
        .isEqualTo("UP");
    assertThat(health.path("components").path("elasticsearch").has("details"))
        .as(anonymous.body())
        .isFalse();

    HttpResponse<String> reader =
        instance.send(
            HttpRequest.newBuilder(instance.uri("/actuator/health"))
                .header("X-API-Key", IngestorInstance.READ_KEY)
                .GET());
    assertThat(
            IngestorInstance.JSON
                .readTree(reader.body())
                .path("components")
                .path("elasticsearch")
                .path("details")
                .path("cluster")
                .asText())
        .as(reader.body())
        .isNotEmpty();
  }

  @Test
  void anOversizeSyntheticSpecIsRefusedNamingTheBound() throws Exception {
    HttpResponse<String> levels =
        instance.post(
            "/v1/ingestions",
            Fixtures.synthetic(
                Fixtures.model("big"),
                "2026-01-01T00:00:00Z",
                30,
                String.join(",", Collections.nCopies(101, "0")),
                "0"));
    assertProblem(levels, 400);
    assertThat(levels.body()).contains("synthetic.levels: 101 levels, at most 100 allowed");

    HttpResponse<String> steps =
        instance.post(
            "/v1/ingestions",
            Fixtures.synthetic(
                Fixtures.model("big"),
                "2026-01-01T00:00:00Z",
                30,
                "0",
                String.join(",", IntStream.range(0, 1001).mapToObj(Integer::toString).toList())));
    assertProblem(steps, 400);
    assertThat(steps.body()).contains("synthetic.steps: 1001 steps, at most 1000 allowed");

    // 0.01 degree globally: 18,001 x 36,001 points x 10 levels x 10 steps, far above a billion
    // documents.
    HttpResponse<String> documents =
        instance.post(
            "/v1/ingestions",
            Fixtures.synthetic(
                Fixtures.model("big"),
                "2026-01-01T00:00:00Z",
                0.01,
                "0,1,2,3,4,5,6,7,8,9",
                "0,1,2,3,4,5,6,7,8,9"));
    assertProblem(documents, 400);
    assertThat(documents.body())
        .contains("documents (points x levels x steps), at most 1000000000 allowed");
  }

  @Test
  void whatTomcatRefusesItselfIsAProblemToo() throws Exception {
    // An encoded slash and an encoded NUL in the path: refused by Tomcat before any filter runs.
    for (String path : new String[] {"/v1/ingestions%2F..%2Factuator", "/v1/ingestions%00"}) {
      HttpResponse<String> refused =
          instance.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + instance.port() + path)));
      assertThat(refused.statusCode()).as(path).isEqualTo(400);
      assertThat(refused.headers().firstValue("Content-Type"))
          .as(path)
          .hasValue("application/problem+json;charset=UTF-8");
      assertThat(refused.body()).contains("\"status\":400").doesNotContain("<html");
    }
  }
}
