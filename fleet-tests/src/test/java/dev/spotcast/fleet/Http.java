package dev.spotcast.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Predicate;

/** Asking a part of the fleet over HTTP until its answer says what a test waits for. */
final class Http {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private Http() {}

  /**
   * GETs {@code uri} every half second until its JSON answer satisfies {@code until}; fails after
   * {@code timeout}.
   */
  static JsonNode json(URI uri, Duration timeout, Predicate<JsonNode> until)
      throws InterruptedException {
    Instant deadline = Instant.now().plus(timeout);
    String last = "no answer";
    while (Instant.now().isBefore(deadline)) {
      try {
        HttpResponse<String> response =
            CLIENT.send(
                HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        last = response.statusCode() + " " + response.body();
        if (response.statusCode() == 200) {
          JsonNode body = JSON.readTree(response.body());
          if (until.test(body)) {
            return body;
          }
        }
      } catch (IOException e) {
        last = e.toString();
      }
      Thread.sleep(500);
    }
    throw new AssertionError(
        uri + " did not answer as expected within " + timeout + "; last answer: " + last);
  }
}
