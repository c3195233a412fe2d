package dev.spotcast.infra.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * Loads the demo run (the one {@code ./spotcast demo} loads: model {@code demo}, 1-degree global grid, heights 0,
 * 1000, 3000 and 5000 m, steps 0-24 h, today 00 UTC) through the fleet's ingestion API, as an operator would: one
 * {@code POST /v1/ingestions} with the operator's key to the load balancer, then the job's progress until it is
 * published, and the first answer of the query API behind the other balancer.
 */
final class FleetDemoRun {

  static final String MODEL = "demo";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration POLL = Duration.ofSeconds(3);
  private static final Duration LIMIT = Duration.ofMinutes(30);

  private final FleetLayout layout;
  private final String operatorKey;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  FleetDemoRun(FleetLayout layout, String operatorKey) {
    this.layout = layout;
    this.operatorKey = operatorKey;
  }

  /** The job's spec: the demo's synthetic run at {@code resolution} degrees, today 00 UTC. */
  static String spec(double resolution, LocalDate day) {
    return """
        {"synthetic": {"model": "%s", "runTime": "%sT00:00:00Z", "resolution": %s, "levels": [0, 1000, 3000, 5000],
          "steps": [%s], "seed": 1}}
        """.formatted(MODEL, day, resolution, String.join(", ",
        IntStream.rangeClosed(0, 24).mapToObj(Integer::toString).toList()));
  }

  /**
   * Loads the run unless the query API already serves it, printing the job's progress (documents, rate, ETA) every
   * few seconds; fails with the job's reason when it does not publish.
   */
  void load(double resolution, PrintWriter out) throws IOException, InterruptedException {
    if (servedRun().isPresent()) {
      out.printf("The demo run is already served: %s%n", servedRun().get());
      out.flush();
      return;
    }
    HttpResponse<String> accepted = http.send(HttpRequest.newBuilder(URI.create(layout.ingestUrl() + "/v1/ingestions"))
            .header("Authorization", "ApiKey " + operatorKey)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(spec(resolution, LocalDate.now(ZoneOffset.UTC))))
            .timeout(Duration.ofMinutes(2)).build(),
        HttpResponse.BodyHandlers.ofString());
    if (accepted.statusCode() != 202) {
      throw new IllegalStateException("the ingestion API refused the demo run: " + accepted.statusCode() + " "
          + accepted.body());
    }
    String id = JSON.readTree(accepted.body()).path("id").asText();
    out.printf("Loading the demo run through the ingestion API (job %s, %s/v1/ingestions/%s)...%n", id,
        layout.ingestUrl(), id);
    out.flush();
    Instant deadline = Instant.now().plus(LIMIT);
    while (Instant.now().isBefore(deadline)) {
      Thread.sleep(POLL.toMillis());
      JsonNode job = job(id);
      String state = job.path("state").asText();
      out.printf(Locale.ROOT, "  %-10s %,d / %,d docs (%.1f%%)  %,.0f docs/s  ETA %s%n", state,
          job.path("acknowledgedDocuments").asLong(), job.path("expectedDocuments").asLong(),
          100 * job.path("progress").asDouble(), job.path("docsPerSecond").asDouble(),
          eta(job.path("eta")));
      out.flush();
      switch (state) {
        case "PUBLISHED" -> {
          out.printf("The demo run is published and served through the load balancer: %s%n",
              servedRun().orElse("(not yet in /v1/models)"));
          out.flush();
          return;
        }
        case "FAILED", "CANCELLED", "LOADED" -> throw new IllegalStateException(
            "the demo run ended " + state + ": " + job.path("errors"));
        default -> { }
      }
    }
    throw new IllegalStateException("the demo run was not published within " + LIMIT.toMinutes() + " minutes");
  }

  /** The job's ETA (seconds, or an ISO-8601 duration) as 1m36s; "-" when there is none. */
  static String eta(JsonNode eta) {
    long seconds;
    if (eta.isNumber()) {
      seconds = Math.round(eta.asDouble());
    } else if (eta.isTextual()) {
      seconds = Duration.parse(eta.asText()).toSeconds();
    } else {
      return "-";
    }
    return seconds >= 60 ? seconds / 60 + "m" + String.format(Locale.ROOT, "%02d", seconds % 60) + "s" : seconds + "s";
  }

  private JsonNode job(String id) throws IOException, InterruptedException {
    HttpResponse<String> response = http.send(
        HttpRequest.newBuilder(URI.create(layout.ingestUrl() + "/v1/ingestions/" + id))
            .header("Authorization", "ApiKey " + operatorKey).timeout(Duration.ofSeconds(30)).build(),
        HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException("GET /v1/ingestions/" + id + " answered " + response.statusCode() + ": " + response.body());
    }
    return JSON.readTree(response.body());
  }

  /** The demo model's run as the query API lists it, if it serves one. */
  private Optional<String> servedRun() throws IOException, InterruptedException {
    HttpResponse<String> response = http.send(
        HttpRequest.newBuilder(URI.create(layout.queryUrl() + "/v1/models")).timeout(Duration.ofSeconds(30)).build(),
        HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      return Optional.empty();
    }
    for (JsonNode model : JSON.readTree(response.body()).path("models")) {
      if (model.path("model").asText().equals(MODEL)) {
        return Optional.of(MODEL + " run " + model.path("published").asText());
      }
    }
    return Optional.empty();
  }
}
