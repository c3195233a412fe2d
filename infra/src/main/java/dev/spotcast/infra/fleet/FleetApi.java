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
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * The fleet's two APIs as an operator uses them, through the load balancers: jobs submitted to the
 * ingestion API with the operator's key and followed until they end, and what the query API serves.
 */
public final class FleetApi {

  /** The model of the demo run (the one {@code ./spotcast demo} loads). */
  public static final String DEMO_MODEL = "demo";

  private static final Set<String> ENDED = Set.of("PUBLISHED", "LOADED", "FAILED", "CANCELLED");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration POLL = Duration.ofSeconds(2);

  private final FleetLayout layout;
  private final String operatorKey;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  public FleetApi(FleetLayout layout, String operatorKey) {
    this.layout = layout;
    this.operatorKey = operatorKey;
  }

  /**
   * A synthetic job's spec: the demo's run (1000, 3000, 5000 m and the ground, steps 0-24 h) of
   * {@code model} at {@code resolution} degrees over the globe, 00 UTC of {@code day}.
   */
  public static String syntheticSpec(String model, double resolution, LocalDate day) {
    return """
        {"synthetic": {"model": "%s", "runTime": "%sT00:00:00Z", "resolution": %s, "levels": [0, 1000, 3000, 5000],
          "steps": [%s], "seed": 1}}
        """
        .formatted(
            model,
            day,
            resolution,
            String.join(", ", IntStream.rangeClosed(0, 24).mapToObj(Integer::toString).toList()));
  }

  /**
   * Submits a job ({@code POST /v1/ingestions}) and returns its id; fails with the problem the API
   * answered.
   */
  public String submit(String spec) throws IOException, InterruptedException {
    HttpResponse<String> accepted =
        http.send(
            HttpRequest.newBuilder(URI.create(layout.ingestUrl() + "/v1/ingestions"))
                .header("Authorization", "ApiKey " + operatorKey)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(spec))
                .timeout(Duration.ofMinutes(2))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (accepted.statusCode() != 202) {
      throw new IllegalStateException(
          "the ingestion API refused the job: " + accepted.statusCode() + " " + accepted.body());
    }
    return JSON.readTree(accepted.body()).path("id").asText();
  }

  /** The job's view ({@code GET /v1/ingestions/{id}}). */
  public JsonNode job(String id) throws IOException, InterruptedException {
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(URI.create(layout.ingestUrl() + "/v1/ingestions/" + id))
                .header("Authorization", "ApiKey " + operatorKey)
                .timeout(Duration.ofSeconds(30))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException(
          "GET /v1/ingestions/"
              + id
              + " answered "
              + response.statusCode()
              + ": "
              + response.body());
    }
    return JSON.readTree(response.body());
  }

  /**
   * Follows the job until it ends (published, loaded, failed or cancelled), printing its progress
   * (documents, rate, ETA) every 2 s, and returns its last view. A view that cannot be read (an
   * instance or the balancer down for a moment) is tried again at the next poll.
   */
  public JsonNode awaitEnd(String id, PrintWriter out, Duration limit)
      throws IOException, InterruptedException {
    Instant deadline = Instant.now().plus(limit);
    String lastLine = "";
    while (Instant.now().isBefore(deadline)) {
      Thread.sleep(POLL.toMillis());
      JsonNode job;
      try {
        job = job(id);
      } catch (IOException unreadable) {
        continue;
      }
      String state = job.path("state").asText();
      String line =
          String.format(
              Locale.ROOT,
              "  %-10s %,d / %,d docs (%.1f%%)  %,.0f docs/s  ETA %s",
              state,
              job.path("acknowledgedDocuments").asLong(),
              job.path("expectedDocuments").asLong(),
              100 * job.path("progress").asDouble(),
              job.path("docsPerSecond").asDouble(),
              eta(job.path("eta")));
      if (!line.equals(lastLine)) {
        out.println(line);
        out.flush();
        lastLine = line;
      }
      if (ENDED.contains(state)) {
        return job;
      }
    }
    throw new IllegalStateException(
        "job " + id + " did not end within " + limit.toMinutes() + " minutes");
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
    return seconds >= 60
        ? seconds / 60 + "m" + String.format(Locale.ROOT, "%02d", seconds % 60) + "s"
        : seconds + "s";
  }

  /**
   * The run the query API serves for {@code model}, waiting up to {@code limit} for it: the query
   * services see a newly published run at their next look at the catalog.
   */
  public Optional<String> awaitServed(String model, Duration limit)
      throws IOException, InterruptedException {
    Instant deadline = Instant.now().plus(limit);
    Optional<String> served = servedRun(model);
    while (served.isEmpty() && Instant.now().isBefore(deadline)) {
      Thread.sleep(500);
      served = servedRun(model);
    }
    return served;
  }

  /** The run the query API serves for {@code model} ({@code GET /v1/models}), if any. */
  public Optional<String> servedRun(String model) throws IOException, InterruptedException {
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(URI.create(layout.queryUrl() + "/v1/models"))
                .timeout(Duration.ofSeconds(30))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      return Optional.empty();
    }
    for (JsonNode served : JSON.readTree(response.body()).path("models")) {
      if (served.path("model").asText().equals(model)) {
        return Optional.of(served.path("published").asText());
      }
    }
    return Optional.empty();
  }
}
