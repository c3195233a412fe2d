package dev.spotcast.query;

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

/** With no Elasticsearch to talk to, the service starts, says so in health, and answers 503. */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "spotcast.elasticsearch.connect-timeout=1s")
class ElasticsearchDownIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @DynamicPropertySource
  static void nowhere(DynamicPropertyRegistry registry) throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      registry.add("spotcast.elasticsearch.uris", () -> "http://127.0.0.1:" + socket.getLocalPort());
    }
  }

  @Autowired private TestRestTemplate http;

  @Test
  void spotRequestsAreServiceUnavailableProblems() throws Exception {
    ResponseEntity<String> response =
        http.getForEntity("/v1/spot?model=synth&lat=45&lon=0&alt=0&time=2026-11-21T00:00:00Z", String.class);

    assertThat(response.getStatusCode().value()).isEqualTo(503);
    assertThat(response.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
    assertThat(response.getHeaders().getFirst("Retry-After")).isEqualTo("5");
    assertThat(JSON.readTree(response.getBody()).path("status").asInt()).isEqualTo(503);
  }

  @Test
  void badInputIsStillABadRequest() throws Exception {
    ResponseEntity<String> response =
        http.getForEntity("/v1/spot?model=synth&lat=north&lon=0&alt=0&time=2026-11-21T00:00:00Z", String.class);

    assertThat(response.getStatusCode().value()).isEqualTo(400);
    assertThat(JSON.readTree(response.getBody()).path("parameter").asText()).isEqualTo("lat");
  }

  @Test
  void healthIsDown() throws Exception {
    ResponseEntity<String> response = http.getForEntity("/actuator/health", String.class);

    JsonNode health = JSON.readTree(response.getBody());
    assertThat(response.getStatusCode().value()).isEqualTo(503);
    assertThat(health.path("components").path("elasticsearch").path("status").asText()).isEqualTo("DOWN");
  }
}
