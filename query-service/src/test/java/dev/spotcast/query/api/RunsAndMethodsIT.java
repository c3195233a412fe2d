package dev.spotcast.query.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.ingestor.lifecycle.RunArchive;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import dev.spotcast.testsupport.SharedElasticsearch;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.sf.geographiclib.Geodesic;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * run=, method= (idw with power=, nearest, bilinear), the derived wind and GET /v1/models, against
 * two runs of a synthetic model loaded by the ingestor; expected values computed here from {@link
 * SyntheticWeather}.
 */
class RunsAndMethodsIT extends ServiceTestBase {

  static final String MODEL = "itapi";
  static final long SEED = 9;

  /** 10..14N, 20..24E, 1 degree: point = (lat - 10) * 5 + (lon - 20). */
  static final ForecastRun EARLIER = run(Instant.parse("2026-11-21T00:00:00Z"));

  static final ForecastRun LATER = run(Instant.parse("2026-11-21T06:00:00Z"));
  private static final SyntheticWeather WEATHER = new SyntheticWeather(SEED);
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Step 3 of the later run: no interpolation in time; alt 0: none in height. */
  private static final String TIME = "2026-11-21T09:00:00Z";

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void bothRunsAreLoadedTheLaterPublished() throws Exception {
    RunFixtures.ensureEarlierAndLaterRuns(
        client,
        publishedRuns,
        new SyntheticForecastSource(EARLIER, SEED),
        new SyntheticForecastSource(LATER, SEED));
  }

  @Test
  void anEarlierRunIsServedByRunIdOrRunTimeAndTheLatestByDefault() throws Exception {
    // 06:00 is step 6 of the earlier run and step 0 of the later one.
    assertThat(ok(both("&params=t")).path("run").asText()).isEqualTo("2026-11-21T06:00:00Z");
    assertThat(ok(both("&params=t&run=latest")).path("run").asText())
        .isEqualTo("2026-11-21T06:00:00Z");
    JsonNode earlier = ok(both("&params=t&run=2026112100"));
    assertThat(earlier.path("run").asText()).isEqualTo("2026-11-21T00:00:00Z");
    assertThat(earlier.path("steps").get(0).path("step").asInt()).isEqualTo(6);
    assertThat(ok(both("&params=t&run=2026-11-21T00:00:00Z")).path("run").asText())
        .isEqualTo("2026-11-21T00:00:00Z");

    JsonNode unknown = problem(both("&run=2026112112"), 404, "run");
    assertThat(unknown.path("runs").toString()).isEqualTo("[\"2026112106\",\"2026112100\"]");
    problem(both("&run=yesterday"), 400, "run");
    problem(both("&run=2026-11-21T00:30:00Z"), 400, "run");
    problem(both("&run=2026133100"), 400, "run");
  }

  @Test
  void previousRunsAnswerWhatEarlierRunsForecastForTheSameTime() throws Exception {
    JsonNode answer = ok(both("&params=t&previous_runs=3&units=C"));
    assertThat(answer.path("run").asText()).isEqualTo("2026-11-21T06:00:00Z");
    JsonNode previous = answer.path("previous_runs");
    assertThat(previous.size()).as("only one earlier run is loaded").isEqualTo(1);
    assertThat(previous.get(0).path("run").asText()).isEqualTo("2026-11-21T00:00:00Z");
    assertThat(previous.get(0).path("values").path("t"))
        .isEqualTo(ok(both("&params=t&run=2026112100&units=C")).path("values").path("t"));
    assertThat(previous.get(0).path("values").path("t").path("unit").asText()).isEqualTo("°C");

    // 09:00 is beyond the earlier run's last step (06:00): it says so instead of values.
    JsonNode beyond =
        ok(spot(12.3, 21.6, "&params=t&previous_runs=1")).path("previous_runs").get(0);
    assertThat(beyond.path("values").isMissingNode()).isTrue();
    assertThat(beyond.path("problem").asText()).contains("2026-11-21T06:00:00Z");

    problem(both("&previous_runs=0"), 400, "previous_runs");
    problem(both("&previous_runs=11"), 400, "previous_runs");
    problem(
        http.getForEntity(
            "/v1/series?model=" + MODEL + "&lat=12.3&lon=21.6&alt=0&previous_runs=1", String.class),
        400,
        "previous_runs");
  }

  @Test
  void aRunWhoseIndicesAreGoneIsNoLongerServed() throws Exception {
    List<String> indices = new ShardingStrategy(EARLIER).allIndices();
    RunFixtures.ingestClient().indices().delete(d -> d.index(indices));
    try {
      awaitServable(EARLIER.runId(), false);
      problem(both("&run=2026112100"), 404, "run");
      assertThat(ok(both("&params=t")).path("run").asText()).isEqualTo("2026-11-21T06:00:00Z");
    } finally {
      // Load it again for the other tests (publishing it for a moment), then the later run again.
      RunFixtures.ensurePublished(client, new SyntheticForecastSource(EARLIER, SEED));
      RunFixtures.ensurePublished(client, new SyntheticForecastSource(LATER, SEED));
    }
  }

  @Test
  void anArchivedRunIsListedAndAnswers404SayingHowToRestoreItThenTheSameOnceRestored()
      throws Exception {
    String repository = "it-query-archive";
    try (ElasticsearchClient admin =
        ElasticsearchClients.create(SharedElasticsearch.settings(Role.ADMIN))) {
      admin
          .snapshot()
          .createRepository(
              r ->
                  r.name(repository)
                      .repository(p -> p.fs(fs -> fs.settings(x -> x.location(repository)))));
    }
    JsonNode before = ok(both("&params=t,rh&run=2026112100"));
    List<String> indices = new ShardingStrategy(EARLIER).allIndices();
    boolean restored = false;
    try {
      new RunArchive(RunFixtures.ingestClient())
          .archive(repository, MODEL, EARLIER.runId(), indices, "archived by the test");
      awaitServable(EARLIER.runId(), false);

      JsonNode archived = problem(both("&run=2026112100"), 404, "run");
      assertThat(archived.path("archived").asBoolean()).isTrue();
      assertThat(archived.path("title").asText()).isEqualTo("Run archived");
      assertThat(archived.path("detail").asText())
          .contains("run 2026112100 of model itapi is archived")
          .contains("'./spotcast archive restore itapi 2026112100'")
          .contains("POST /v1/archive/itapi/2026112100/restore");
      assertThat(archived.path("restore").path("command").asText())
          .isEqualTo("./spotcast archive restore itapi 2026112100");
      assertThat(archived.path("restore").path("endpoint").asText())
          .isEqualTo("POST /v1/archive/itapi/2026112100/restore");
      assertThat(archived.path("snapshot").asText()).isEqualTo("spotcast-itapi-2026112100");
      assertThat(archived.path("runs").toString()).isEqualTo("[\"2026112106\"]");
      // The same by its run time.
      problem(both("&run=2026-11-21T00:00:00Z"), 404, "run");

      JsonNode model = model();
      assertThat(model.path("runs").size()).isEqualTo(1);
      assertThat(model.path("archived").size()).isEqualTo(1);
      assertThat(model.path("archived").get(0).path("run").asText()).isEqualTo("2026112100");
      assertThat(model.path("archived").get(0).path("bytes").asLong()).isPositive();
      assertThat(model.path("archived").get(0).path("restore").asText())
          .isEqualTo("./spotcast archive restore itapi 2026112100");

      try (ElasticsearchClient archivist =
          ElasticsearchClients.create(SharedElasticsearch.settings(Role.ARCHIVE))) {
        restored = new RunArchive(archivist).restore(MODEL, EARLIER.runId()).restored();
      }
      assertThat(restored).isTrue();
      awaitServable(EARLIER.runId(), true);
      JsonNode after = ok(both("&params=t,rh&run=2026112100"));
      assertThat(after.path("values")).isEqualTo(before.path("values"));
      assertThat(after.path("neighbours")).isEqualTo(before.path("neighbours"));
      assertThat(after.path("run")).isEqualTo(before.path("run"));
      // The model still serves its newest run; the restored one is no longer archived.
      assertThat(ok(both("&params=t")).path("run").asText()).isEqualTo("2026-11-21T06:00:00Z");
      assertThat(model().path("archived").size()).isZero();
    } finally {
      if (!restored) {
        RunFixtures.ensurePublished(client, new SyntheticForecastSource(EARLIER, SEED));
        RunFixtures.ensurePublished(client, new SyntheticForecastSource(LATER, SEED));
      }
    }
  }

  private JsonNode model() throws Exception {
    for (JsonNode m : JSON.readTree(http.getForObject("/v1/models", String.class)).path("models")) {
      if (m.path("model").asText().equals(MODEL)) {
        return m;
      }
    }
    throw new AssertionError("no model " + MODEL + " in /v1/models");
  }

  @Test
  void nearestIsTheValueOfTheNearestGridPoint() throws Exception {
    JsonNode body = ok(spot(12.3, 21.6, "&method=nearest&params=t"));

    assertThat(body.path("method").asText()).isEqualTo("nearest");
    assertThat(body.path("neighbours")).hasSize(1);
    assertThat(body.path("neighbours").get(0).path("point").asInt())
        .isEqualTo(2 * 5 + 2); // (12, 22)
    assertThat(body.path("values").path("t").path("value").doubleValue())
        .isEqualTo((double) stored("t", 12, 22));
  }

  @Test
  void bilinearIsLinearInLatitudeAndLongitudeOverTheFourCorners() throws Exception {
    JsonNode body = ok(spot(12.25, 21.6, "&method=bilinear&params=t,rh"));

    assertThat(body.path("method").asText()).isEqualTo("bilinear");
    List<Integer> points = new ArrayList<>();
    body.path("neighbours").forEach(n -> points.add(n.path("point").asInt()));
    assertThat(points).containsExactly(2 * 5 + 1, 2 * 5 + 2, 3 * 5 + 1, 3 * 5 + 2);
    for (String name : List.of("t", "rh")) {
      double south = stored(name, 12, 21) * 0.4 + stored(name, 12, 22) * 0.6;
      double north = stored(name, 13, 21) * 0.4 + stored(name, 13, 22) * 0.6;
      double expected = south * 0.75 + north * 0.25;
      assertThat(body.path("values").path(name).path("value").asDouble())
          .as(name)
          .isCloseTo(expected, within(1e-4));
    }
  }

  @Test
  void idwTakesThePowerAskedFor() throws Exception {
    JsonNode body = ok(spot(12.3, 21.6, "&n=3&power=1&params=t"));

    double[] weights = new double[3];
    double sum = 0;
    double expected = 0;
    for (int i = 0; i < 3; i++) {
      JsonNode n = body.path("neighbours").get(i);
      weights[i] =
          1
              / Geodesic.WGS84.Inverse(
                      12.3, 21.6, n.path("lat").asDouble(), n.path("lon").asDouble())
                  .s12;
      sum += weights[i];
    }
    for (int i = 0; i < 3; i++) {
      JsonNode n = body.path("neighbours").get(i);
      assertThat(n.path("weight").asDouble()).isCloseTo(weights[i] / sum, within(1e-9));
      expected +=
          weights[i] / sum * stored("t", n.path("lat").asDouble(), n.path("lon").asDouble());
    }
    assertThat(body.path("values").path("t").path("value").asDouble())
        .isCloseTo(expected, within(1e-4));
  }

  @Test
  void windSpeedAndDirectionAreDerivedFromTheInterpolatedComponents() throws Exception {
    JsonNode values = ok(spot(12.3, 21.6, "&params=u,v")).path("values");

    double u = values.path("u").path("value").asDouble();
    double v = values.path("v").path("value").asDouble();
    assertThat(values.path("wind_speed").path("value").asDouble())
        .isCloseTo(Math.hypot(u, v), within(1e-9));
    assertThat(values.path("wind_speed").path("unit").asText()).isEqualTo("m/s");
    double direction = values.path("wind_direction").path("value").asDouble();
    assertThat(direction).isBetween(0.0, 360.0);
    // The wind blows from the direction: minus the unit vector towards it is the wind's direction
    // of travel.
    assertThat(-Math.sin(Math.toRadians(direction)) * Math.hypot(u, v)).isCloseTo(u, within(1e-6));
    assertThat(-Math.cos(Math.toRadians(direction)) * Math.hypot(u, v)).isCloseTo(v, within(1e-6));
    assertThat(values.path("wind_direction").path("unit").asText()).isEqualTo("deg");

    assertThat(ok(spot(12.3, 21.6, "&params=t,u")).path("values").has("wind_speed")).isFalse();
  }

  @Test
  void badMethodsAndPowersAreBadRequestsNamingTheParameter() throws Exception {
    problem(spot(12.3, 21.6, "&method=cubic"), 400, "method");
    problem(spot(12.3, 21.6, "&power=0"), 400, "power");
    problem(spot(12.3, 21.6, "&power=17"), 400, "power");
    problem(spot(12.3, 21.6, "&power=x"), 400, "power");
    problem(spot(12.3, 21.6, "&method=nearest&power=2"), 400, "power");
    problem(spot(12.3, 21.6, "&method=bilinear&n=4"), 400, "n");
  }

  @Test
  void theModelsEndpointDescribesTheCatalog() throws Exception {
    JsonNode models = JSON.readTree(http.getForObject("/v1/models", String.class)).path("models");
    JsonNode model = null;
    for (JsonNode m : models) {
      if (m.path("model").asText().equals(MODEL)) {
        model = m;
      }
    }
    assertThat(model).as("itapi in %s", models).isNotNull();
    assertThat(model.path("published").asText()).isEqualTo("2026112106");
    assertThat(model.path("runTime").asText()).isEqualTo("2026-11-21T06:00:00Z");
    assertThat(model.path("runs").toString())
        .isEqualTo(
            "[{\"run\":\"2026112106\",\"runTime\":\"2026-11-21T06:00:00Z\",\"published\":true},"
                + "{\"run\":\"2026112100\",\"runTime\":\"2026-11-21T00:00:00Z\",\"published\":false}]");
    assertThat(model.path("grid").path("kind").asText()).isEqualTo("regular_ll");
    assertThat(model.path("grid").path("nLat").asInt()).isEqualTo(5);
    assertThat(model.path("grid").path("points").asInt()).isEqualTo(25);
    JsonNode height = model.path("levelTypes").get(0);
    assertThat(height.path("type").asText()).isEqualTo("height above ground");
    assertThat(height.path("queryParameter").asText()).isEqualTo("alt");
    assertThat(height.path("unit").asText()).isEqualTo("m");
    assertThat(height.path("levels").toString()).isEqualTo("[0.0,500.0]");
    assertThat(model.path("parameters").get(0).path("name").asText()).isEqualTo("t");
    assertThat(model.path("parameters").get(0).path("unit").asText()).isEqualTo("K");
    assertThat(model.path("steps").get(1).toString())
        .isEqualTo("{\"step\":3,\"time\":\"2026-11-21T09:00:00Z\"}");

    JsonNode api = JSON.readTree(http.getForObject("/v3/api-docs", String.class));
    assertThat(api.path("paths").has("/v1/models")).isTrue();
    assertThat(api.path("paths").path("/v1/spot").toString())
        .contains("\"method\"")
        .contains("\"power\"")
        .contains("\"run\"");
  }

  private void awaitServable(String runId, boolean servable) throws InterruptedException {
    RunFixtures.awaitServable(publishedRuns, MODEL, runId, servable);
  }

  /** The value the ingestor stored at a grid point, level 0, step 3 of the later run (a float). */
  private static float stored(String parameter, double lat, double lon) {
    return (float) WEATHER.value(parameter, lat, lon, 0, Instant.parse(TIME).getEpochSecond());
  }

  /** At 12.3N 21.6E, 06:00, a time both runs cover. */
  private ResponseEntity<String> both(String extra) {
    return http.getForEntity(
        "/v1/spot?model=" + MODEL + "&lat=12.3&lon=21.6&alt=0&time=2026-11-21T06:00:00Z" + extra,
        String.class);
  }

  private ResponseEntity<String> spot(double lat, double lon, String extra) {
    return http.getForEntity(
        "/v1/spot?model=" + MODEL + "&lat=" + lat + "&lon=" + lon + "&alt=0&time=" + TIME + extra,
        String.class);
  }

  private static JsonNode ok(ResponseEntity<String> response) throws Exception {
    assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(200);
    return JSON.readTree(response.getBody());
  }

  private static JsonNode problem(ResponseEntity<String> response, int status, String parameter)
      throws Exception {
    assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(status);
    assertThat(response.getHeaders().getContentType())
        .isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
    JsonNode problem = JSON.readTree(response.getBody());
    assertThat(problem.path("parameter").asText()).as(response.getBody()).isEqualTo(parameter);
    return problem;
  }

  private static ForecastRun run(Instant runTime) {
    return RunFixtures.heightRun(
        MODEL,
        runTime,
        RegularLatLonGrid.covering(10, 20, 14, 24, 1.0),
        List.of(0.0, 500.0),
        List.of(0, 3, 6),
        ShardingSpec.DEFAULT);
  }
}
