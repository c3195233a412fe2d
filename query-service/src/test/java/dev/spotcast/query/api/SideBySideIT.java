package dev.spotcast.query.api;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * {@code models=a,b} on spot and series against the real Elasticsearch: each model's entry is
 * exactly what {@code model=} answers for it, a model that cannot answer the place gets its own
 * problem while the other answers, and bad requests fail whole.
 */
public class SideBySideIT extends ServiceTestBase {

  /** A second, smaller regional model over Iberia's north-west, inside {@link SpotApiIT}'s grid. */
  public static final String MODEL = "itside";

  public static final long SEED = 11;
  public static final ForecastRun RUN =
      ForecastRun.of(
          MODEL,
          SpotApiIT.RUN_TIME,
          RegularLatLonGrid.covering(40, -10, 44, -6, 1.0),
          LevelType.HEIGHT_ABOVE_GROUND,
          List.of(0.0, 500.0),
          List.of(0, 3, 6),
          SyntheticWeather.PARAMETERS,
          ShardingSpec.DEFAULT);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TIME = "&time=2026-11-21T04:20:00Z";

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void bothModelsAreServed() throws Exception {
    bothServed(client, publishedRuns);
  }

  /**
   * The spot model's run and this second model's (over part of its grid) loaded and served: the
   * pair that side-by-side answers, blends and the explorer's overlay read.
   */
  public static void bothServed(ElasticsearchClient client, PublishedRuns publishedRuns)
      throws Exception {
    RunFixtures.spotRunServed(client, publishedRuns);
    RunFixtures.ensurePublished(client, new SyntheticForecastSource(RUN, SEED));
    RunFixtures.awaitServed(publishedRuns, MODEL, RUN.runId());
  }

  private ResponseEntity<String> get(String path) {
    return http.getForEntity(path, String.class);
  }

  private JsonNode json(String path, int status) throws Exception {
    ResponseEntity<String> response = get(path);
    assertThat(response.getStatusCode().value())
        .as(path + ": " + response.getBody())
        .isEqualTo(status);
    return JSON.readTree(response.getBody());
  }

  @Test
  void eachModelAnswersAsItsOwnRequestWouldInTheOrderAsked() throws Exception {
    String place = "&lat=42.3&lon=-8.4&alt=250" + TIME + "&units=C";
    JsonNode both = json("/v1/spot?models=" + MODEL + "," + SpotApiIT.MODEL + place, 200);

    assertThat(both.path("answered").asInt()).isEqualTo(2);
    assertThat(both.path("failed").asInt()).isZero();
    assertThat(both.path("models").get(0)).isEqualTo(json("/v1/spot?model=" + MODEL + place, 200));
    assertThat(both.path("models").get(1))
        .isEqualTo(json("/v1/spot?model=" + SpotApiIT.MODEL + place, 200));
    assertThat(both.path("models").get(0).path("values").path("t").path("unit").asText())
        .isEqualTo("°C");

    String series = "&lat=42.3&lon=-8.4&alt=250&timezone=auto&daily=t:max";
    JsonNode seriesOfBoth =
        json("/v1/series?models=" + SpotApiIT.MODEL + "," + MODEL + series, 200);
    assertThat(seriesOfBoth.path("models").get(0))
        .isEqualTo(json("/v1/series?model=" + SpotApiIT.MODEL + series, 200));
    assertThat(seriesOfBoth.path("models").get(1))
        .isEqualTo(json("/v1/series?model=" + MODEL + series, 200));
    assertThat(seriesOfBoth.path("models").get(1).path("steps").size()).isEqualTo(3);
    assertThat(seriesOfBoth.path("models").get(0).path("steps").size()).isEqualTo(7);
  }

  @Test
  void aModelThatCannotAnswerThePlaceGetsItsProblemAndTheOtherAnswers() throws Exception {
    // Paris: inside the larger grid only.
    String place = "&lat=48.8566&lon=2.3522&alt=35" + TIME;
    JsonNode both = json("/v1/spot?models=" + SpotApiIT.MODEL + "," + MODEL + place, 200);

    assertThat(both.path("answered").asInt()).isEqualTo(1);
    assertThat(both.path("failed").asInt()).isEqualTo(1);
    assertThat(both.path("models").get(0))
        .isEqualTo(json("/v1/spot?model=" + SpotApiIT.MODEL + place, 200));
    JsonNode problem = both.path("models").get(1);
    JsonNode alone = json("/v1/spot?model=" + MODEL + place, 422);
    assertThat(problem.path("status").asInt()).isEqualTo(422);
    assertThat(problem.path("model").asText()).isEqualTo(MODEL);
    assertThat(problem.path("detail").asText()).isEqualTo(alone.path("detail").asText());
  }

  @Test
  void badRequestsFailWhole() throws Exception {
    String place = "&lat=42.3&lon=-8.4&alt=250" + TIME;
    assertThat(
            json("/v1/spot?models=" + MODEL + ",nosuchmodel" + place, 404).path("detail").asText())
        .contains("nosuchmodel");
    assertThat(
            json("/v1/spot?model=" + MODEL + "&models=" + MODEL + place, 400)
                .path("parameter")
                .asText())
        .isEqualTo("models");
    assertThat(json("/v1/spot?models=" + MODEL + "," + MODEL + place, 400).path("detail").asText())
        .contains("asked twice");
    assertThat(json("/v1/spot?models=" + MODEL + ",," + place, 400).path("parameter").asText())
        .isEqualTo("models");
    assertThat(
            json("/v1/spot?models=" + MODEL + "&lat=95&lon=0&alt=0" + TIME, 400)
                .path("parameter")
                .asText())
        .isEqualTo("lat");
    assertThat(
            json("/v1/spot?models=" + MODEL + place + "&previous_runs=1", 400)
                .path("parameter")
                .asText())
        .isEqualTo("previous_runs");
    assertThat(get("/v1/spot?models=" + MODEL + place + "&f=csv").getStatusCode().value())
        .isEqualTo(406);
    assertThat(
            Instant.parse(
                json("/v1/spot?models=" + MODEL + place, 200)
                    .path("models")
                    .get(0)
                    .path("run")
                    .asText()))
        .isEqualTo(SpotApiIT.RUN_TIME);
  }
}
