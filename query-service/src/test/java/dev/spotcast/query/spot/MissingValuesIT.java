package dev.spotcast.query.spot;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.index.ForecastDocument;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.ResponseEntity;

/**
 * A grid point whose document lacks one parameter (a missing value in the source): that parameter
 * is reported unavailable with the reason, the others are still answered.
 */
class MissingValuesIT extends ServiceTestBase {

  static final String MODEL = "itgaps";
  static final long SEED = 11;
  static final ForecastRun RUN =
      ForecastRun.of(
          MODEL,
          Instant.parse("2026-11-21T00:00:00Z"),
          RegularLatLonGrid.covering(0, 0, 2, 2, 1.0),
          LevelType.HEIGHT_ABOVE_GROUND,
          List.of(0.0, 100.0),
          List.of(0, 3),
          SyntheticWeather.PARAMETERS,
          ShardingSpec.DEFAULT);

  /** The centre of the 3 x 3 grid: (1, 1). */
  static final int GAP_POINT = 4;

  private static final ObjectMapper JSON = new ObjectMapper();

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void runWithAGapIsServed() throws Exception {
    RunFixtures.ensurePublished(client, new SyntheticForecastSource(RUN, SEED));
    RunFixtures.awaitServed(publishedRuns, MODEL, RUN.runId());
    removeHumidity(GAP_POINT, 0, 0);
  }

  @Test
  void onTheGapPointTheMissingParameterIsUnavailableAndTheOthersAreNot() throws Exception {
    JsonNode body = ok(http.getForEntity(url(1, 1, "2026-11-21T00:00:00Z", 0), String.class));

    JsonNode rh = body.path("values").path("rh");
    assertThat(rh.path("value").isNull()).isTrue();
    assertThat(rh.path("unit").asText()).isEqualTo("%");
    assertThat(rh.path("reason").asText())
        .isEqualTo("rh has no value at 0 m, step 0, grid point 4");
    float t =
        (float) new SyntheticWeather(SEED).value("t", 1, 1, 0, RUN.runTime().getEpochSecond());
    assertThat(body.path("values").path("t").path("value").floatValue()).isEqualTo(t);
  }

  @Test
  void betweenPointsTheGapIsNotAveragedAway() throws Exception {
    JsonNode body = ok(http.getForEntity(url(0.6, 0.7, "2026-11-21T01:00:00Z", 50), String.class));

    assertThat(body.path("values").path("rh").path("value").isNull()).isTrue();
    assertThat(body.path("values").path("pres").path("value").isNumber()).isTrue();
  }

  @Test
  void awayFromTheGapEveryParameterIsAnswered() throws Exception {
    JsonNode body =
        ok(http.getForEntity(url(2, 2, "2026-11-21T00:00:00Z", 0) + "&n=1", String.class));

    for (Parameter parameter : RUN.parameters()) {
      assertThat(body.path("values").path(parameter.name()).path("value").isNumber()).isTrue();
    }
  }

  /**
   * Overwrites the document that holds one step with the humidity left out at that step, where the
   * ingestor put it, in the run's layout (a block's other steps keep every value).
   */
  private void removeHumidity(int point, int levelPosition, int stepPosition) throws Exception {
    ShardingStrategy strategy = new ShardingStrategy(RUN);
    RegularLatLonGrid grid = (RegularLatLonGrid) RUN.grid();
    double lat = grid.latitude(point);
    double lon = grid.longitude(point);
    double level = RUN.axes().getFirst().levels().get(levelPosition);
    int first = RUN.blockStart(stepPosition);
    int steps = RUN.stepsPerDocument() > 1 ? RUN.blockLength(first) : 1;
    SyntheticWeather weather = new SyntheticWeather(SEED);
    String[] names = RUN.parameters().stream().map(Parameter::name).toArray(String[]::new);
    float[] values = new float[names.length * steps];
    for (int i = 0; i < names.length; i++) {
      for (int k = 0; k < steps; k++) {
        long time = RUN.validTime(RUN.steps().get(first + k)).getEpochSecond();
        values[i * steps + k] =
            names[i].equals("rh") && first + k == stepPosition
                ? Float.NaN
                : (float) weather.value(names[i], lat, lon, level, time);
      }
    }
    ForecastDocument document =
        new ForecastDocument(
            point,
            lat,
            lon,
            level,
            RUN.steps().get(first),
            names,
            values,
            RUN.stepsPerDocument() > 1 ? steps : 0,
            RUN.valueBits(),
            RUN.oneColumn());
    String index = strategy.indexName(0, levelPosition, stepPosition);
    RunFixtures.ingestClient()
        .index(
            i ->
                i.index(index)
                    .id(document.id())
                    .routing(strategy.routingKey(lat, lon))
                    .document(document));
    RunFixtures.ingestClient().indices().refresh(r -> r.index(index));
    assertThat(client.count(c -> c.index(index)).count())
        .as("overwritten, not added")
        .isEqualTo(RUN.documentCount() / strategy.allIndices().size());
  }

  private static String url(double lat, double lon, String time, double alt) {
    return "/v1/spot?model="
        + MODEL
        + "&lat="
        + lat
        + "&lon="
        + lon
        + "&time="
        + time
        + "&alt="
        + alt;
  }

  private static JsonNode ok(ResponseEntity<String> response) throws Exception {
    assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(200);
    return JSON.readTree(response.getBody());
  }
}
