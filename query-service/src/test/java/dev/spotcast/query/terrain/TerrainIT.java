package dev.spotcast.query.terrain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.index.RunRecord;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.api.SpotApiIT;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.search.ForecastHit;
import dev.spotcast.query.search.NeighbourSearch;
import dev.spotcast.synthetic.SyntheticWeather;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * A synthetic run loaded with its terrain (orography and land-sea mask on the surface) over a coast
 * of the synthetic world, against the real Elasticsearch: the model's ground at a place is the
 * answer's own weights applied to {@link SyntheticWeather#orography} at its grid points, {@code
 * elevation=} moves temperature by 0.0065 K per m from that ground, and {@code cell_selection=}
 * answers from land or sea points as {@link SyntheticWeather#landFraction} says they are, naming
 * the nearer points it passed over.
 */
class TerrainIT extends ServiceTestBase {

  static final String MODEL = "itterrain";
  static final RegularLatLonGrid GRID = RegularLatLonGrid.covering(40, -10, 48, 4, 0.5);
  static final ForecastRun RUN =
      SyntheticForecastSource.withTerrain(
          MODEL,
          SpotApiIT.RUN_TIME,
          GRID,
          List.of(0.0, 2.0, 500.0),
          List.of(0, 3, 6),
          SyntheticWeather.PARAMETERS,
          ShardingSpec.DEFAULT);
  private static final long SEED = 5;
  private static final double LAPSE_RATE = 0.0065;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TIME = "&time=2026-11-21T04:20:00Z";

  /** On the coast: the 4 nearest grid points hold land and sea (checked below, not assumed). */
  private static final String COAST = "&lat=44.2&lon=-3.1";

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;
  @Autowired private TerrainStore terrains;
  @Autowired private NeighbourSearch search;

  @BeforeEach
  void servedWithItsTerrainRead() throws Exception {
    RunFixtures.spotRunServed(client, publishedRuns);
    RunFixtures.ensurePublished(client, new SyntheticForecastSource(RUN, SEED));
    RunFixtures.awaitServed(publishedRuns, MODEL, RUN.runId());
    // The terrain is read when the run enters the catalog; until then answers go without it
    // (below).
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!terrains.ready(RUN)) {
      assertThat(System.nanoTime())
          .as("the terrain of " + MODEL + " read within 60 s")
          .isLessThan(deadline);
      Thread.sleep(50);
    }
  }

  private JsonNode json(String path, int status) throws Exception {
    ResponseEntity<String> response = http.getForEntity(path, String.class);
    assertThat(response.getStatusCode().value())
        .as(path + ": " + response.getBody())
        .isEqualTo(status);
    return JSON.readTree(response.getBody());
  }

  /** The answer's weights applied to the synthetic orography at its grid points. */
  private static double groundOf(JsonNode answer) {
    double sum = 0;
    for (JsonNode n : answer.path("neighbours")) {
      sum +=
          n.path("weight").asDouble()
              * SyntheticWeather.orography(n.path("lat").asDouble(), n.path("lon").asDouble());
    }
    return sum;
  }

  private static List<Double> landFractions(JsonNode points) {
    List<Double> fractions = new ArrayList<>();
    for (JsonNode n : points) {
      fractions.add(
          SyntheticWeather.landFraction(n.path("lat").asDouble(), n.path("lon").asDouble()));
    }
    return fractions;
  }

  @Test
  void theModelsGroundIsReportedAndElevationCorrectsTemperatureByTheLapseRate() throws Exception {
    String place = "/v1/spot?model=" + MODEL + "&lat=45.3&lon=1.7&alt=2" + TIME;
    JsonNode atGround = json(place, 200);
    double ground = groundOf(atGround);
    assertThat(ground).as("an inland place with mountains").isGreaterThan(200);
    JsonNode terrain = atGround.path("terrain");
    assertThat(terrain.path("model_elevation").asDouble()).isCloseTo(ground, within(0.01));
    assertThat(terrain.path("elevation").asDouble()).isCloseTo(ground, within(0.01));
    assertThat(terrain.path("elevation_from").asText()).isEqualTo("model");
    assertThat(terrain.has("corrections")).isFalse();

    JsonNode atSite = json(place + "&elevation=1800", 200);
    double delta = LAPSE_RATE * (terrain.path("model_elevation").asDouble() - 1800);
    assertThat(atSite.path("values").path("t").path("value").asDouble())
        .isCloseTo(
            atGround.path("values").path("t").path("value").asDouble() + delta, within(1e-9));
    assertThat(atSite.path("terrain").path("corrections").path("t").asDouble())
        .isCloseTo(delta, within(1e-9));
    assertThat(atSite.path("terrain").path("lapse_rate").asDouble()).isEqualTo(LAPSE_RATE);
    assertThat(atSite.path("terrain").path("elevation_from").asText()).isEqualTo("request");
    // Only temperature moves: wind and humidity are as at the model's ground.
    for (String name : new String[] {"u", "v", "rh", "pres"}) {
      assertThat(atSite.path("values").path(name).path("value").asDouble())
          .as(name)
          .isEqualTo(atGround.path("values").path(name).path("value").asDouble());
    }
    // In °C the same difference.
    JsonNode celsius = json(place + "&elevation=1800&units=C", 200);
    assertThat(celsius.path("values").path("t").path("value").asDouble())
        .isCloseTo(atSite.path("values").path("t").path("value").asDouble() - 273.15, within(1e-9));
  }

  /**
   * How the terrain is read: a whole field in pages (search_after on the grid point), here of 100
   * points.
   */
  @Test
  void aWholeFieldIsReadInPagesInGridPointOrderEveryPointOnce() {
    RunRecord record = publishedRuns.get(MODEL, RUN.runId()).orElseThrow();
    int axis = RUN.axisPosition(LevelType.SURFACE);
    String index = publishedRuns.strategy(record).indexName(axis, 0, 0);
    List<Integer> points = new ArrayList<>();
    int pages = 0;
    int after = -1;
    while (true) {
      List<ForecastHit> page = search.page(RUN, index, axis, 0.0, 0, List.of("orog"), 100, after);
      pages++;
      for (ForecastHit hit : page) {
        points.add(hit.point());
        assertThat(hit.level()).isEqualTo(0.0);
        assertThat(hit.step()).isEqualTo(0);
        assertThat(hit.values().get("orog"))
            .as("orography at point " + hit.point())
            .isCloseTo(
                SyntheticWeather.orography(GRID.latitude(hit.point()), GRID.longitude(hit.point())),
                within(0.01));
      }
      if (page.size() < 100) {
        break;
      }
      after = page.getLast().point();
    }
    int count = RUN.grid().pointCount();
    assertThat(points).containsExactlyElementsOf(IntStream.range(0, count).boxed().toList());
    assertThat(pages).isEqualTo(count / 100 + 1);
  }

  @Test
  void theSurfaceFieldsAreTheTerrainTheAnswerUses() throws Exception {
    JsonNode surface = json("/v1/spot?model=" + MODEL + "&lat=45.3&lon=1.7" + TIME, 200);
    assertThat(surface.path("values").path("orog").path("value").asDouble())
        .isCloseTo(surface.path("terrain").path("model_elevation").asDouble(), within(1e-6));
    assertThat(surface.path("values").path("orog").path("value").asDouble())
        .isCloseTo(groundOf(surface), within(0.01));
  }

  @Test
  void landIsTheDefaultSeaOnRequestAndNearestTakesBoth() throws Exception {
    String place = "/v1/spot?model=" + MODEL + COAST + "&alt=2" + TIME;
    JsonNode nearest = json(place + "&cell_selection=nearest", 200);
    List<Double> nearestKinds = landFractions(nearest.path("neighbours"));
    assertThat(nearestKinds)
        .as("the place is on the coast")
        .anyMatch(f -> f >= 0.5)
        .anyMatch(f -> f < 0.5);
    assertThat(nearest.path("terrain").path("cell_selection").asText()).isEqualTo("nearest");
    assertThat(nearest.path("terrain").has("skipped")).isFalse();

    JsonNode land = json(place, 200);
    assertThat(land.path("terrain").path("cell_selection").asText()).isEqualTo("land");
    assertThat(land.path("neighbours")).hasSize(4);
    assertThat(landFractions(land.path("neighbours"))).allMatch(f -> f >= 0.5);
    JsonNode skipped = land.path("terrain").path("skipped");
    assertThat(landFractions(skipped)).isNotEmpty().allMatch(f -> f < 0.5);
    double farthestChosen = 0;
    for (JsonNode n : land.path("neighbours")) {
      farthestChosen = Math.max(farthestChosen, n.path("distance").asDouble());
    }
    for (JsonNode s : skipped) {
      assertThat(s.path("distance").asDouble()).isLessThanOrEqualTo(farthestChosen);
      assertThat(s.path("land_fraction").asDouble())
          .isCloseTo(
              SyntheticWeather.landFraction(s.path("lat").asDouble(), s.path("lon").asDouble()),
              within(1e-6));
      assertThat(s.path("reason").asText()).startsWith("not land: land fraction");
    }
    // Every sea point among the nearest is passed over, and named.
    long seaAmongNearest = nearestKinds.stream().filter(f -> f < 0.5).count();
    assertThat(skipped.size()).isGreaterThanOrEqualTo((int) seaAmongNearest);

    JsonNode sea = json(place + "&cell_selection=sea", 200);
    assertThat(landFractions(sea.path("neighbours"))).isNotEmpty().allMatch(f -> f < 0.5);
    assertThat(landFractions(sea.path("terrain").path("skipped")))
        .isNotEmpty()
        .allMatch(f -> f >= 0.5);
  }

  @Test
  void farOutAtSeaTheNearestAnswerAndTheAnswerSaysWhy() throws Exception {
    JsonNode answer = json("/v1/spot?model=" + MODEL + "&lat=44&lon=-9.9&alt=2" + TIME, 200);
    assertThat(landFractions(answer.path("neighbours"))).allMatch(f -> f < 0.5);
    assertThat(answer.path("neighbours")).hasSize(4);
    assertThat(answer.path("terrain").path("note").asText())
        .startsWith("no land grid point among the 16 nearest");
  }

  @Test
  void seriesAndBatchCorrectEveryAnswer() throws Exception {
    String place = "/v1/series?model=" + MODEL + "&lat=45.3&lon=1.7&alt=2&params=t";
    JsonNode atGround = json(place, 200);
    JsonNode atSite = json(place + "&elevation=0", 200);
    double delta = LAPSE_RATE * atSite.path("terrain").path("model_elevation").asDouble();
    assertThat(atSite.path("steps")).hasSize(3);
    for (int i = 0; i < 3; i++) {
      assertThat(atSite.path("steps").get(i).path("values").path("t").path("value").asDouble())
          .isCloseTo(
              atGround.path("steps").get(i).path("values").path("t").path("value").asDouble()
                  + delta,
              within(1e-9));
    }

    HttpHeaders headers = new HttpHeaders();
    headers.setContentType(MediaType.APPLICATION_JSON);
    String body =
        "{\"model\":\""
            + MODEL
            + "\",\"params\":[\"t\"],\"cell_selection\":\"sea\",\"points\":["
            + "{\"lat\":45.3,\"lon\":1.7,\"alt\":2,\"time\":\"2026-11-21T04:20:00Z\",\"elevation\":0},"
            + "{\"lat\":44.2,\"lon\":-3.1,\"alt\":2,\"time\":\"2026-11-21T04:20:00Z\"}]}";
    JsonNode batch =
        JSON.readTree(
            http.postForEntity("/v1/spot", new HttpEntity<>(body, headers), String.class)
                .getBody());
    assertThat(batch.path("answered").asInt()).as(batch.toString()).isEqualTo(2);
    JsonNode inland = batch.path("results").get(0);
    JsonNode alone =
        json(
            "/v1/spot?model="
                + MODEL
                + "&lat=45.3&lon=1.7&alt=2&params=t&cell_selection=sea"
                + "&elevation=0"
                + TIME,
            200);
    assertThat(inland.path("values").path("t").path("value").asDouble())
        .isCloseTo(alone.path("values").path("t").path("value").asDouble(), within(1e-9));
    assertThat(inland.path("terrain").path("corrections").path("t").asDouble())
        .isCloseTo(alone.path("terrain").path("corrections").path("t").asDouble(), within(1e-9));
    assertThat(landFractions(batch.path("results").get(1).path("neighbours")))
        .allMatch(f -> f < 0.5);
  }

  @Test
  void aRunWithoutTerrainSaysWhatItCouldNotDo() throws Exception {
    JsonNode answer =
        json(
            "/v1/spot?model="
                + SpotApiIT.MODEL
                + "&lat=45.3&lon=1.7&alt=2&elevation=900"
                + "&cell_selection=sea"
                + TIME,
            200);
    assertThat(answer.path("terrain").path("not_corrected").asText()).contains("has no orography");
    assertThat(answer.path("terrain").path("note").asText()).contains("has no land-sea mask");
    assertThat(answer.path("terrain").path("cell_selection").asText()).isEqualTo("nearest");
    // Without either, a run without terrain answers as before: no terrain at all.
    assertThat(
            json("/v1/spot?model=" + SpotApiIT.MODEL + "&lat=45.3&lon=1.7&alt=2" + TIME, 200)
                .has("terrain"))
        .isFalse();
  }

  @Test
  void badElevationsAndSelectionsAreRefusedNamingTheParameter() throws Exception {
    String place = "/v1/spot?model=" + MODEL + "&lat=45.3&lon=1.7&alt=2" + TIME;
    assertThat(json(place + "&elevation=high", 400).path("parameter").asText())
        .isEqualTo("elevation");
    assertThat(json(place + "&elevation=10000", 400).path("parameter").asText())
        .isEqualTo("elevation");
    assertThat(json(place + "&cell_selection=ocean", 400).path("parameter").asText())
        .isEqualTo("cell_selection");
  }

  @Test
  void edrPositionsAndTrajectoriesTakeTheElevationToo() throws Exception {
    JsonNode spot =
        json(
            "/v1/spot?model=" + MODEL + "&lat=45.3&lon=1.7&alt=2&params=t&elevation=1800" + TIME,
            200);
    double expected = spot.path("values").path("t").path("value").asDouble();
    JsonNode position =
        json(
            "/edr/collections/"
                + MODEL
                + "/position?coords=POINT(1.7 45.3)&z=2&parameter-name=t"
                + "&datetime=2026-11-21T04:20:00Z&elevation=1800",
            200);
    assertThat(position.path("ranges").path("t").path("values").get(0).asDouble())
        .isCloseTo(expected, within(1e-9));
    JsonNode trajectory =
        json(
            "/edr/collections/"
                + MODEL
                + "/trajectory?coords=LINESTRING(1.7 45.3, 1.8 45.4)&z=2"
                + "&parameter-name=t&datetime=2026-11-21T04:20:00Z&elevation=1800",
            200);
    assertThat(trajectory.path("ranges").path("t").path("values").get(0).asDouble())
        .isCloseTo(expected, within(1e-9));
    assertThat(
            json(
                    "/edr/collections/"
                        + MODEL
                        + "/position?coords=POINT(1.7 45.3)&z=2&elevation=high",
                    400)
                .path("parameter")
                .asText())
        .isEqualTo("elevation");
  }
}
