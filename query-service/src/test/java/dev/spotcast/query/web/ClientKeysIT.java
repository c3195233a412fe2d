package dev.spotcast.query.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.query.RawHttp;
import dev.spotcast.query.ServiceTestBase;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.codec.digest.DigestUtils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.TestPropertySource;

/**
 * Client keys on (a service of its own, as an operator who publishes the API runs it): no key or an
 * unknown one is 401, a key over its rate 429 with Retry-After, both problem+json; health and the
 * API description stay open; each key's limiter is in the metrics.
 */
@TestPropertySource(
    properties = {
      "spotcast.query.client-keys.enabled=true",
      "spotcast.query.client-keys.keys[0].name=slow",
      "spotcast.query.client-keys.keys[0].sha256=" + ClientKeysIT.SLOW_SHA256,
      "spotcast.query.client-keys.keys[0].requests-per-second=1",
      "spotcast.query.client-keys.keys[1].name=fast",
      "spotcast.query.client-keys.keys[1].sha256=" + ClientKeysIT.FAST_SHA256,
      "spotcast.query.client-keys.keys[1].requests-per-second=1000"
    })
class ClientKeysIT extends ServiceTestBase {

  /** SHA-256 of "slow-key-123" and "fast-key-456", as printf %s KEY | sha256sum prints them. */
  static final String SLOW_SHA256 =
      "68a30fbe50dda0b3a36d430155ef261e677c3e55bca14e6c6848cdc9d786fd3d";

  static final String FAST_SHA256 =
      "1d32af56642736262ba2612e0b44a2b7cc1917e25bb7a179e95ea4969027691b";

  @Autowired private TestRestTemplate http;
  @LocalServerPort private int port;

  private ResponseEntity<String> get(String path, String key) {
    HttpHeaders headers = new HttpHeaders();
    if (key != null) {
      headers.set("X-API-Key", key);
    }
    return http.exchange(path, HttpMethod.GET, new HttpEntity<>(headers), String.class);
  }

  @BeforeEach
  void ready() throws Exception {
    awaitReady(port);
  }

  @Test
  void theFixtureHashesAreThoseOfTheKeys() {
    assertThat(DigestUtils.sha256Hex("slow-key-123")).isEqualTo(SLOW_SHA256);
    assertThat(DigestUtils.sha256Hex("fast-key-456")).isEqualTo(FAST_SHA256);
  }

  @Test
  void requestsWithoutAValidKeyAreRefused() {
    for (String key : new String[] {null, "", "wrong"}) {
      ResponseEntity<String> refused = get("/v1/models", key);
      assertThat(refused.getStatusCode().value()).as("key %s", key).isEqualTo(401);
      assertThat(refused.getHeaders().getContentType().toString())
          .isEqualTo("application/problem+json");
      assertThat(refused.getHeaders().getFirst("WWW-Authenticate")).isEqualTo("ApiKey");
    }
    assertThat(get("/edr/collections", null).getStatusCode().value()).isEqualTo(401);
    ResponseEntity<String> keyed = get("/v1/models", "fast-key-456");
    assertThat(keyed.getStatusCode().value()).isEqualTo(200);
    // A shared cache must not hand a keyed answer to a client without a key.
    assertThat(keyed.getHeaders().getCacheControl()).contains("private").doesNotContain("public");
    HttpHeaders authorization = new HttpHeaders();
    authorization.set("Authorization", "ApiKey fast-key-456");
    assertThat(
            http.exchange(
                    "/v1/models", HttpMethod.GET, new HttpEntity<>(authorization), String.class)
                .getStatusCode()
                .value())
        .isEqualTo(200);
  }

  @Test
  void aKeyOverItsRateGets429WithRetryAfterAndOthersAreNotHeldBack() throws Exception {
    // One permit per second: 20 requests in a row cannot all pass unless they take 20 s.
    // Sent over a plain socket: the test's HTTP client would wait out a 429's Retry-After.
    List<RawHttp.Response> answers = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      answers.add(RawHttp.get(port, "/v1/models", "X-API-Key: slow-key-123"));
    }
    RawHttp.Response limited =
        answers.stream()
            .filter(a -> a.status() == 429)
            .findFirst()
            .orElseThrow(() -> new AssertionError("no 429 among 20 requests at 1 request/s"));
    assertThat(limited.headers().get("retry-after")).isEqualTo("1");
    assertThat(limited.contentType()).isEqualTo("application/problem+json");
    assertThat(limited.body()).contains("'slow' may make 1 requests per second");
    assertThat(answers).allSatisfy(a -> assertThat(a.status()).isIn(200, 429));
    assertThat(RawHttp.get(port, "/v1/models", "X-API-Key: fast-key-456").status()).isEqualTo(200);
    assertThat(get("/actuator/prometheus", null).getBody())
        .containsPattern(
            "resilience4j_ratelimiter_available_permissions\\{[^}]*name=\"client-slow\"")
        .contains("cause=\"client_rate\"");
  }

  @Test
  void healthAndTheApiDescriptionStayOpenAndTheDescriptionSaysHowToAuthenticate() {
    assertThat(get("/actuator/health", null).getStatusCode().value()).isEqualTo(200);
    ResponseEntity<String> docs = get("/v3/api-docs", null);
    assertThat(docs.getStatusCode().value()).isEqualTo(200);
    assertThat(docs.getBody())
        .contains("\"clientKey\"")
        .contains("\"X-API-Key\"")
        .contains("\"401\"");
  }
}
