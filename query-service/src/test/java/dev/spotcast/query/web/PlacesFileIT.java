package dev.spotcast.query.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.api.SpotApiIT;
import dev.spotcast.query.search.RunHandoff;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The places file against the real Elasticsearch: an instance saves the places it was asked about
 * most when it stops, most asked first; the next instance started with that file reads their
 * documents before it says it is ready, so that its first request at such a place, at any time of
 * the run, is answered from the document cache without a miss, while a place never asked still
 * misses. The documents file does the same by the documents the predecessor's cache held.
 */
class PlacesFileIT {

  private static final String OFTEN = "model=" + SpotApiIT.MODEL + "&lat=45.5&lon=5.25&alt=750";
  private static final String ONCE = "model=" + SpotApiIT.MODEL + "&lat=41.2&lon=-3.4&alt=20";
  private static final Pattern MISSES = cacheGets("miss");
  private static final Pattern HITS = cacheGets("hit");

  @TempDir Path dir;

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  @Test
  void aRestartedInstanceHasThePlacesItsPredecessorWasAskedInItsCacheWhenReady() throws Exception {
    RunFixtures.ensurePublished(
        RunFixtures.ingestClient(), new SyntheticForecastSource(SpotApiIT.RUN, SpotApiIT.SEED));
    Path file = dir.resolve("query/places.txt");

    try (ConfigurableApplicationContext first = start(file, 0)) {
      String base = ServiceTestBase.readyBase(first);
      for (int minutes : new int[] {80, 130, 200}) {
        assertThat(get(base + spot(OFTEN, minutes)).statusCode()).isEqualTo(200);
      }
      assertThat(get(base + spot(ONCE, 45)).statusCode()).isEqualTo(200);
    }
    assertThat(PlacesFile.load(file))
        .as("saved at shutdown, most asked first")
        .containsExactly(OFTEN + "&n=4&method=idw", ONCE + "&n=4&method=idw");

    try (ConfigurableApplicationContext second = start(file, 4)) {
      String base = ServiceTestBase.readyBase(second);
      // Each spot request at a place reads at least 4 points x 2 levels (x 1 or 2 steps).
      assertThat(count(base, HITS))
          .as("its warm-up spot requests went to the places of the file, read just before")
          .isGreaterThanOrEqualTo(4 * 8);
      double misses = count(base, MISSES);
      HttpResponse<String> answer = get(base + spot(OFTEN, 310));
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
      assertThat(count(base, MISSES))
          .as("a place of the file, at a time never asked: its documents were read at start")
          .isEqualTo(misses);
      assertThat(
              get(base + spot("model=" + SpotApiIT.MODEL + "&lat=47.7&lon=-8.1&alt=300", 80))
                  .statusCode())
          .isEqualTo(200);
      assertThat(count(base, MISSES)).as("a place never asked misses").isGreaterThan(misses);
    }
  }

  @Test
  void aRestartedInstanceReadsTheDocumentsItsPredecessorsCacheHeldWhenReady() throws Exception {
    RunFixtures.ensurePublished(
        RunFixtures.ingestClient(), new SyntheticForecastSource(SpotApiIT.RUN, SpotApiIT.SEED));
    Path file = dir.resolve("query/documents.txt");
    Map<String, String> documentsOnly =
        Map.of(
            "spotcast.query.cache.enabled", "true",
            "spotcast.query.cache.preload", "false",
            "spotcast.query.warmup.requests", "0",
            "spotcast.query.warmup.documents-file", file.toString());

    try (ConfigurableApplicationContext first = ServiceTestBase.startInstance(documentsOnly)) {
      String base = ServiceTestBase.readyBase(first);
      assertThat(get(base + spot(OFTEN, 80)).statusCode()).isEqualTo(200);
    }
    List<RunHandoff.HeldDocument> saved = DocumentsFile.load(file);
    // A spot between grid points at a height reads 4 points x 2 levels: 8 whole-series documents.
    assertThat(saved)
        .as("saved at shutdown: the documents of the one place asked")
        .hasSize(8)
        .allMatch(document -> document.model().equals(SpotApiIT.MODEL))
        .allMatch(document -> document.runId().equals(SpotApiIT.RUN.runId()));

    try (ConfigurableApplicationContext second = ServiceTestBase.startInstance(documentsOnly)) {
      String base = ServiceTestBase.readyBase(second);
      double misses = count(base, MISSES);
      // Steps 2 and 3, where the predecessor read 1 and 2: the same documents (steps 0-3).
      HttpResponse<String> answer = get(base + spot(OFTEN, 150));
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
      assertThat(count(base, MISSES))
          .as("the place its predecessor was asked, at another time: read by id at start")
          .isEqualTo(misses);
      assertThat(get(base + spot(ONCE, 45)).statusCode()).isEqualTo(200);
      assertThat(count(base, MISSES)).as("a place never asked misses").isGreaterThan(misses);
    }
  }

  /**
   * Two models switch in one instance: one whose new run has its predecessor's grid, so that the
   * handoff reads all the cache held and the places asked most are not asked again (no series
   * request), and one whose new run has another grid, read at the places asked most (series
   * requests with {@code run=}). Either way the place asked most is in memory when its users move.
   */
  @Test
  void aNewRunIsReadAtThePlacesAskedMostBeforeItsUsersAreMovedToIt() throws Exception {
    RegularLatLonGrid grid = RegularLatLonGrid.covering(0, 0, 3, 3, 1.0);
    String sameGrid = "itswitchsame";
    String newGrid = "itswitchwarm";
    for (String model : List.of(sameGrid, newGrid)) {
      RunFixtures.ensurePublished(
          RunFixtures.ingestClient(),
          new SyntheticForecastSource(switchRun(model, FIRST_RUN, grid), 3));
    }
    String time = "&time=2026-11-22T09:00:00Z";

    try (ConfigurableApplicationContext instance = start(dir.resolve("places.txt"), 0)) {
      String base = ServiceTestBase.readyBase(instance);
      for (String model : List.of(sameGrid, newGrid)) {
        for (int i = 0; i < 3; i++) {
          assertThat(get(base + often(model) + time).statusCode()).isEqualTo(200);
        }
      }
      for (String model : List.of(sameGrid, newGrid)) {
        double series = sum(base, SERIES_REQUESTS);
        ForecastRun second =
            switchRun(
                model,
                SECOND_RUN,
                model.equals(sameGrid) ? grid : RegularLatLonGrid.covering(0, 0, 3, 3, 0.5));
        RunFixtures.ensurePublished(
            RunFixtures.ingestClient(), new SyntheticForecastSource(second, 3));
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (!second.runId().equals(published(base, model))) {
          assertThat(Instant.now()).as("the new run is served within 60 s").isBefore(deadline);
          Thread.sleep(50);
        }
        if (model.equals(sameGrid)) {
          assertThat(sum(base, SERIES_REQUESTS))
              .as("the handoff read all the cache held: the places are not asked again")
              .isEqualTo(series);
        } else {
          assertThat(sum(base, SERIES_REQUESTS))
              .as("another grid: the new run is read at the places asked most")
              .isGreaterThan(series);
        }
        double misses = count(base, MISSES);
        HttpResponse<String> answer = get(base + often(model) + time);
        assertThat(answer.body()).contains("\"run\":\"2026-11-22T06:00:00Z\"");
        assertThat(count(base, MISSES))
            .as(
                "%s: the place asked most, first asked of the new run: read before the switch",
                model)
            .isEqualTo(misses);
        assertThat(get(base + "/v1/spot?model=" + model + "&lat=0.5&lon=2.5&alt=40" + time))
            .extracting(HttpResponse::statusCode)
            .isEqualTo(200);
        assertThat(count(base, MISSES)).as("a place never asked misses").isGreaterThan(misses);
      }
    }
  }

  private static String often(String model) {
    return "/v1/spot?model=" + model + "&lat=1.5&lon=1.5&alt=40";
  }

  private static final Instant FIRST_RUN = Instant.parse("2026-11-22T00:00:00Z");
  private static final Instant SECOND_RUN = Instant.parse("2026-11-22T06:00:00Z");

  /** The requests the instance answered at /v1/series, of every status; 0 before the first. */
  private static final Pattern SERIES_REQUESTS =
      Pattern.compile(
          "http_server_requests_seconds_count\\{[^}]*uri=\"/v1/series\"[^}]*} ([0-9.E]+)");

  /** The run a model's users are answered from, as {@code GET /v1/models} says. */
  private String published(String base, String model) throws Exception {
    for (JsonNode entry : JSON.readTree(get(base + "/v1/models").body()).path("models")) {
      if (entry.path("model").asText().equals(model)) {
        return entry.path("published").asText();
      }
    }
    return null;
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  private double sum(String base, Pattern metric) throws Exception {
    Matcher matcher = metric.matcher(get(base + "/actuator/prometheus").body());
    double sum = 0;
    while (matcher.find()) {
      sum += Double.parseDouble(matcher.group(1));
    }
    return sum;
  }

  private static ForecastRun switchRun(String model, Instant runTime, RegularLatLonGrid grid) {
    return RunFixtures.heightRun(
        model, runTime, grid, List.of(0.0, 100.0), List.of(0, 3, 6, 9, 12), ShardingSpec.DEFAULT);
  }

  private static Pattern cacheGets(String result) {
    return Pattern.compile(
        "cache_gets_total\\{[^}]*cache=\"spotcast.query.documents\"[^}]*result=\""
            + result
            + "\"[^}]*} ([0-9.E]+)");
  }

  private static String spot(String place, int minutesAfterRun) {
    return "/v1/spot?"
        + place
        + "&time="
        + SpotApiIT.RUN.runTime().plus(Duration.ofMinutes(minutesAfterRun));
  }

  private static ConfigurableApplicationContext start(Path placesFile, int warmupRequests) {
    return ServiceTestBase.startInstance(
        Map.of(
            "spotcast.query.cache.enabled",
            "true",
            // The places file is for runs too large to preload whole; these are small.
            "spotcast.query.cache.preload",
            "false",
            "spotcast.query.warmup.requests",
            Integer.toString(warmupRequests),
            "spotcast.query.warmup.places-file",
            placesFile.toString()));
  }

  private double count(String base, Pattern metric) throws Exception {
    Matcher matcher = metric.matcher(get(base + "/actuator/prometheus").body());
    assertThat(matcher.find()).as("the document cache's gets are exposed").isTrue();
    return Double.parseDouble(matcher.group(1));
  }

  private HttpResponse<String> get(String url) throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
