package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * With no Elasticsearch to talk to, the service starts, is alive but not ready, and answers 503.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "spotcast.elasticsearch.connect-timeout=1s")
class ElasticsearchDownIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @DynamicPropertySource
  static void nowhere(DynamicPropertyRegistry registry) throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      registry.add(
          "spotcast.elasticsearch.uris", () -> "http://127.0.0.1:" + socket.getLocalPort());
      // Every service needs one to start; nothing answers there to check it.
      registry.add("spotcast.elasticsearch.api-key", () -> "unused");
    }
  }

  @Autowired private TestRestTemplate http;

  @Test
  void spotRequestsAreServiceUnavailableProblems() throws Exception {
    ResponseEntity<String> response =
        http.getForEntity(
            "/v1/spot?model=synth&lat=45&lon=0&alt=0&time=2026-11-21T00:00:00Z", String.class);

    assertStarting(response);
  }

  /**
   * It has never read the run catalog: it cannot tell a good request from a bad one for a model it
   * does not know yet, and says it is starting (ResilienceIT: once it has, bad input stays a 400).
   */
  @Test
  void everyApiRequestIsRefusedUntilTheCatalogIsRead() throws Exception {
    assertStarting(
        http.getForEntity(
            "/v1/spot?model=synth&lat=north&lon=0&alt=0&time=2026-11-21T00:00:00Z", String.class));
    assertStarting(http.getForEntity("/v1/models", String.class));
    assertStarting(http.getForEntity("/edr/collections", String.class));
  }

  private static void assertStarting(ResponseEntity<String> response) throws Exception {
    assertThat(response.getStatusCode().value()).isEqualTo(503);
    assertThat(response.getHeaders().getContentType())
        .isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
    assertThat(response.getHeaders().getFirst("Retry-After"))
        .isEqualTo("2"); // the catalog's refresh interval
    assertThat(JSON.readTree(response.getBody()).path("status").asInt()).isEqualTo(503);
  }

  @Test
  void notReadyButAlive() throws Exception {
    assertThat(
            http.getForEntity("/actuator/health/readiness", String.class).getStatusCode().value())
        .isEqualTo(503);
    assertThat(http.getForEntity("/actuator/health/liveness", String.class).getStatusCode().value())
        .isEqualTo(200);
  }

  @Test
  void healthIsDown() throws Exception {
    ResponseEntity<String> response = http.getForEntity("/actuator/health", String.class);

    JsonNode health = JSON.readTree(response.getBody());
    assertThat(response.getStatusCode().value()).isEqualTo(503);
    assertThat(health.path("components").path("elasticsearch").path("status").asText())
        .isEqualTo("DOWN");
  }
}
