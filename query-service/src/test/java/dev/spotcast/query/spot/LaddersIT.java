package dev.spotcast.query.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.ingestor.cli.StepList;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.synthetic.SyntheticWeather;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.ResponseEntity;

/**
 * Runs shaped as real ones: ECMWF's ladder (hourly to 90 h, 3-hourly to 144 h, 6-hourly to 240 h)
 * and 15-minute output load and answer spot, series and daily requests, interpolating in time
 * between whatever steps surround the time asked.
 */
class LaddersIT extends ServiceTestBase {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long SEED = 11;
  private static final SyntheticWeather WEATHER = new SyntheticWeather(SEED);
  private static final Instant RUN_TIME = Instant.parse("2026-11-20T00:00:00Z");
  private static final RegularLatLonGrid GRID = RegularLatLonGrid.covering(40, -10, 44, -6, 2.0);

  private static ForecastRun run(String model, String steps) {
    StepList.Steps ladder = StepList.Steps.of(steps);
    return ForecastRun.of(
            model,
            RUN_TIME,
            GRID,
            LevelType.HEIGHT_ABOVE_GROUND,
            List.of(0.0),
            ladder.steps(),
            SyntheticWeather.PARAMETERS,
            ShardingSpec.DEFAULT)
        .withStepUnit(ladder.unitMinutes());
  }

  private static final ForecastRun LADDER = run("it_ladder", "0-90,93-144/3,150-240/6");
  private static final ForecastRun QUARTER = run("it_quarter", "0-120/15min");

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void runsAreServed() throws Exception {
    for (ForecastRun run : List.of(LADDER, QUARTER)) {
      RunFixtures.ensurePublished(client, new SyntheticForecastSource(run, SEED));
      RunFixtures.awaitServed(publishedRuns, run.model(), run.runId());
    }
  }

  private JsonNode ok(String url) throws Exception {
    ResponseEntity<String> response = http.getForEntity(url, String.class);
    assertThat(response.getStatusCode().value()).as(url + ": " + response.getBody()).isEqualTo(200);
    return JSON.readTree(response.getBody());
  }

  private static double t(Instant time) {
    return WEATHER.value("t", 40, -10, 0, time.getEpochSecond());
  }

  @Test
  void theLadderHasEcmwfsStepsAndInterpolatesBetweenThreeHourlyOnes() throws Exception {
    assertThat(LADDER.steps()).hasSize(91 + 18 + 16);
    // +100 h lies between 99 and 102 h: two thirds of 99's value, a third of 102's.
    Instant time = RUN_TIME.plusSeconds(100 * 3600);
    JsonNode spot = ok("/v1/spot?model=it_ladder&lat=40&lon=-10&alt=0&params=t&time=" + time);

    JsonNode steps = spot.path("steps");
    assertThat(steps.get(0).path("step").asInt()).isEqualTo(99);
    assertThat(steps.get(1).path("step").asInt()).isEqualTo(102);
    assertThat(steps.get(0).path("weight").asDouble()).isCloseTo(2.0 / 3, within(1e-9));
    double expected =
        2.0 / 3 * t(RUN_TIME.plusSeconds(99 * 3600))
            + 1.0 / 3 * t(RUN_TIME.plusSeconds(102 * 3600));
    assertThat(spot.path("values").path("t").path("value").asDouble())
        .isCloseTo(expected, within(1e-3));
  }

  @Test
  void aSeriesOverTheLadderAndItsDays() throws Exception {
    JsonNode series = ok("/v1/series?model=it_ladder&lat=40&lon=-10&alt=0&params=t&daily=t:max");

    assertThat(series.path("steps").size()).isEqualTo(125);
    assertThat(series.path("steps").get(124).path("time").asText())
        .isEqualTo("2026-11-30T00:00:00Z");
    JsonNode days = series.path("daily");
    assertThat(days.size()).isEqualTo(11);
    assertThat(days.get(0).path("complete").asBoolean()).isTrue();
    assertThat(days.get(0).path("steps").asInt()).isEqualTo(24);
    assertThat(days.get(5).path("steps").asInt()).as("3-hourly on day 6 (120-141 h)").isEqualTo(8);
    assertThat(days.get(8).path("steps").asInt()).as("6-hourly on day 9").isEqualTo(4);
    assertThat(days.get(10).path("complete").asBoolean()).isFalse();
  }

  @Test
  void fifteenMinuteOutputIsCountedInQuarterHours() throws Exception {
    JsonNode models = ok("/v1/models").path("models");
    JsonNode quarter = null;
    for (JsonNode m : models) {
      if (m.path("model").asText().equals("it_quarter")) {
        quarter = m;
      }
    }
    assertThat(quarter).isNotNull();
    assertThat(quarter.path("stepMinutes").asInt()).isEqualTo(15);
    assertThat(quarter.path("steps").get(1).path("time").asText())
        .isEqualTo("2026-11-20T00:15:00Z");

    // 00:20 lies a third of the way from 00:15 to 00:30.
    JsonNode spot =
        ok(
            "/v1/spot?model=it_quarter&lat=40&lon=-10&alt=0&params=t"
                + "&time=2026-11-20T00:20:00Z");
    assertThat(spot.path("steps").get(0).path("step").asInt()).isEqualTo(1);
    assertThat(spot.path("steps").get(1).path("weight").asDouble())
        .isCloseTo(1.0 / 3, within(1e-9));
    double expected =
        2.0 / 3 * t(RUN_TIME.plusSeconds(15 * 60)) + 1.0 / 3 * t(RUN_TIME.plusSeconds(30 * 60));
    assertThat(spot.path("values").path("t").path("value").asDouble())
        .isCloseTo(expected, within(1e-3));

    JsonNode series = ok("/v1/series?model=it_quarter&lat=40&lon=-10&alt=0&params=t");
    assertThat(series.path("steps").size()).isEqualTo(9);
    assertThat(series.path("steps").get(8).path("time").asText()).isEqualTo("2026-11-20T02:00:00Z");
  }
}
