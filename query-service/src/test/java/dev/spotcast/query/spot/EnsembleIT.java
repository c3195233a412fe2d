package dev.spotcast.query.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
import dev.spotcast.query.api.SpotApiIT;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.synthetic.SyntheticWeather;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * A synthetic ensemble of five members ({@code itens_m0} .. {@code itens_m4}, each loaded and
 * published as the ingestion loads members) answered as one model against the real Elasticsearch:
 * the control by default, a member on request, and statistics across members, each computed here
 * from the members' own answers (mean, standard deviation, percentiles by linear interpolation
 * between sorted members, shares above or below a threshold).
 */
public class EnsembleIT extends ServiceTestBase {

  public static final String MODEL = "itens";
  private static final int MEMBERS = 5;
  private static final long SEED = 23;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PLACE = "&lat=41.3&lon=-7.6&alt=250&params=t,u,v";
  private static final String TIME = "&time=2026-11-21T04:20:00Z";

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  public static ForecastRun member(int m) {
    return ForecastRun.of(
        MODEL + "_m" + m,
        SpotApiIT.RUN_TIME,
        RegularLatLonGrid.covering(40, -10, 43, -6, 1.0),
        LevelType.HEIGHT_ABOVE_GROUND,
        List.of(0.0, 500.0),
        List.of(0, 3, 6),
        SyntheticWeather.PARAMETERS,
        ShardingSpec.DEFAULT);
  }

  @BeforeEach
  void everyMemberIsServed() throws Exception {
    serve(client, publishedRuns);
  }

  /** Loads and publishes every member (once per Elasticsearch), as the tests of other APIs need. */
  public static void serve(ElasticsearchClient client, PublishedRuns publishedRuns)
      throws Exception {
    for (int m = 0; m < MEMBERS; m++) {
      RunFixtures.ensurePublished(client, new SyntheticForecastSource(member(m), SEED, m));
    }
    for (int m = 0; m < MEMBERS; m++) {
      RunFixtures.awaitServed(publishedRuns, MODEL + "_m" + m, member(m).runId());
    }
  }

  private JsonNode json(String path, int status) throws Exception {
    ResponseEntity<String> response = http.getForEntity(path, String.class);
    assertThat(response.getStatusCode().value())
        .as(path + ": " + response.getBody())
        .isEqualTo(status);
    return JSON.readTree(response.getBody());
  }

  /** Each member's own answer of a parameter, by member number. */
  private double[] members(String name) throws Exception {
    double[] values = new double[MEMBERS];
    for (int m = 0; m < MEMBERS; m++) {
      values[m] =
          json("/v1/spot?model=" + MODEL + "_m" + m + PLACE + TIME, 200)
              .path("values")
              .path(name)
              .path("value")
              .asDouble();
    }
    return values;
  }

  @Test
  void theEnsembleIsOneModelWhoseDefaultIsTheControlMember() throws Exception {
    JsonNode models = json("/v1/models", 200).path("ensembles");
    JsonNode ensemble = null;
    for (JsonNode e : models) {
      if (e.path("model").asText().equals(MODEL)) {
        ensemble = e;
      }
    }
    assertThat(ensemble).as(models.toString()).isNotNull();
    assertThat(ensemble.path("members").toString()).isEqualTo("[0,1,2,3,4]");
    assertThat(ensemble.path("control").asInt()).isZero();
    assertThat(ensemble.path("run").asText()).isEqualTo(member(0).runId());

    JsonNode control = json("/v1/spot?model=" + MODEL + PLACE + TIME, 200);
    JsonNode m0 = json("/v1/spot?model=" + MODEL + "_m0" + PLACE + TIME, 200);
    assertThat(control.path("model").asText()).isEqualTo(MODEL);
    assertThat(control.path("ensemble").path("member").asInt()).isZero();
    assertThat(control.path("values")).isEqualTo(m0.path("values"));

    JsonNode three = json("/v1/spot?model=" + MODEL + "&member=3" + PLACE + TIME, 200);
    assertThat(three.path("values"))
        .isEqualTo(json("/v1/spot?model=" + MODEL + "_m3" + PLACE + TIME, 200).path("values"));
    assertThat(three.path("ensemble").path("member").asInt()).isEqualTo(3);
    // In EDR each member is a collection that says whose member it is.
    assertThat(json("/edr/collections/" + MODEL + "_m2", 200).path("description").asText())
        .contains("member 2 of ensemble " + MODEL);
    // The members differ: an ensemble of copies would prove nothing below.
    double[] t = members("t");
    assertThat(Arrays.stream(t).max().getAsDouble() - Arrays.stream(t).min().getAsDouble())
        .isGreaterThan(0.05);
  }

  @Test
  void statisticsAreComputedAcrossTheMembersInterpolatedValues() throws Exception {
    double[] t = members("t");
    double[] u = members("u");
    double mean = Arrays.stream(t).sum() / MEMBERS;
    double variance = Arrays.stream(t).map(x -> (x - mean) * (x - mean)).sum() / MEMBERS;
    double[] sorted = t.clone();
    Arrays.sort(sorted);
    // p90 of 5 members: position (5 - 1) x 0.9 = 3.6 between the 4th and 5th smallest.
    double p90 = sorted[3] + 0.6 * (sorted[4] - sorted[3]);
    double median = sorted[2];
    double threshold = (sorted[1] + sorted[2]) / 2; // three members above it, two below

    assertThat(stat("mean", "t")).isCloseTo(mean, within(1e-9));
    assertThat(stat("mean", "u")).isCloseTo(Arrays.stream(u).sum() / MEMBERS, within(1e-9));
    assertThat(stat("spread", "t")).isCloseTo(Math.sqrt(variance), within(1e-9));
    assertThat(stat("p90", "t")).isCloseTo(p90, within(1e-9));
    assertThat(stat("median", "t")).isCloseTo(median, within(1e-9));
    assertThat(stat("min", "t")).isCloseTo(sorted[0], within(1e-9));
    assertThat(stat("max", "t")).isCloseTo(sorted[4], within(1e-9));
    assertThat(stat("prob_gt:" + threshold, "t")).isCloseTo(60, within(1e-9));
    assertThat(stat("prob_lt:" + threshold, "t")).isCloseTo(40, within(1e-9));

    JsonNode answer =
        json("/v1/spot?model=" + MODEL + "&ensemble=prob_gt:" + threshold + PLACE + TIME, 200);
    assertThat(answer.path("values").path("t").path("unit").asText()).isEqualTo("%");
    assertThat(answer.path("ensemble").path("statistic").asText())
        .isEqualTo("prob_gt:" + threshold);
    assertThat(answer.path("ensemble").path("members")).hasSize(MEMBERS);
    assertThat(answer.path("values").path("wind_direction").path("value").isNull()).isTrue();
    assertThat(answer.path("values").path("wind_direction").path("reason").asText())
        .contains("ask for the members' u and v");
    // A mean converts as a value; a spread is a difference and stays in K.
    assertThat(
            json("/v1/spot?model=" + MODEL + "&ensemble=mean&units=C" + PLACE + TIME, 200)
                .path("values")
                .path("t")
                .path("value")
                .asDouble())
        .isCloseTo(mean - 273.15, within(1e-9));
    JsonNode spread =
        json("/v1/spot?model=" + MODEL + "&ensemble=spread&units=C" + PLACE + TIME, 200)
            .path("values")
            .path("t");
    assertThat(spread.path("unit").asText()).isEqualTo("K");
    assertThat(spread.path("value").asDouble()).isCloseTo(Math.sqrt(variance), within(1e-9));
  }

  private double stat(String statistic, String name) throws Exception {
    return json("/v1/spot?model=" + MODEL + "&ensemble=" + statistic + PLACE + TIME, 200)
        .path("values")
        .path(name)
        .path("value")
        .asDouble();
  }

  @Test
  void aSeriesOfAStatisticIsTheStatisticAtEveryStep() throws Exception {
    String place = "&lat=41.3&lon=-7.6&alt=250&params=t";
    JsonNode series = json("/v1/series?model=" + MODEL + "&ensemble=mean" + place, 200);
    assertThat(series.path("steps")).hasSize(3);
    assertThat(series.path("ensemble").path("statistic").asText()).isEqualTo("mean");
    for (int s = 0; s < 3; s++) {
      double sum = 0;
      for (int m = 0; m < MEMBERS; m++) {
        sum +=
            json("/v1/series?model=" + MODEL + "_m" + m + place, 200)
                .path("steps")
                .get(s)
                .path("values")
                .path("t")
                .path("value")
                .asDouble();
      }
      assertThat(series.path("steps").get(s).path("values").path("t").path("value").asDouble())
          .isCloseTo(sum / MEMBERS, within(1e-9));
    }
    JsonNode member = json("/v1/series?model=" + MODEL + "&member=2" + place, 200);
    assertThat(member.path("steps"))
        .isEqualTo(json("/v1/series?model=" + MODEL + "_m2" + place, 200).path("steps"));
  }

  @Test
  void badEnsembleRequestsAreRefusedNamingTheParameter() throws Exception {
    assertThat(
            json("/v1/spot?model=" + MODEL + "&ensemble=p100" + PLACE + TIME, 400)
                .path("parameter")
                .asText())
        .isEqualTo("ensemble");
    assertThat(
            json("/v1/spot?model=" + MODEL + "&ensemble=mean&member=1" + PLACE + TIME, 400)
                .path("parameter")
                .asText())
        .isEqualTo("ensemble");
    JsonNode unknown = json("/v1/spot?model=" + MODEL + "&member=9" + PLACE + TIME, 400);
    assertThat(unknown.path("parameter").asText()).isEqualTo("member");
    assertThat(unknown.path("detail").asText()).contains("[0, 1, 2, 3, 4]");
    assertThat(
            json("/v1/spot?model=" + MODEL + "&member=x" + PLACE + TIME, 400)
                .path("parameter")
                .asText())
        .isEqualTo("member");
    RunFixtures.spotRunServed(client, publishedRuns);
    assertThat(
            json("/v1/spot?model=" + SpotApiIT.MODEL + "&ensemble=mean" + PLACE + TIME, 400)
                .path("parameter")
                .asText())
        .isEqualTo("model");
  }

  @Test
  void aBatchAnswersEachPointFromTheEnsemble() throws Exception {
    HttpHeaders headers = new HttpHeaders();
    headers.setContentType(MediaType.APPLICATION_JSON);
    String body =
        "{\"model\":\""
            + MODEL
            + "\",\"params\":[\"t\"],\"ensemble\":\"mean\",\"points\":["
            + "{\"lat\":41.3,\"lon\":-7.6,\"alt\":250,\"time\":\"2026-11-21T04:20:00Z\"},"
            + "{\"lat\":60,\"lon\":-7.6,\"alt\":250,\"time\":\"2026-11-21T04:20:00Z\"}]}";
    JsonNode batch =
        JSON.readTree(
            http.postForEntity("/v1/spot", new HttpEntity<>(body, headers), String.class)
                .getBody());
    assertThat(batch.path("answered").asInt()).as(batch.toString()).isEqualTo(1);
    assertThat(batch.path("failed").asInt()).isEqualTo(1);
    assertThat(batch.path("results").get(0).path("values").path("t").path("value").asDouble())
        .isCloseTo(
            json(
                    "/v1/spot?model="
                        + MODEL
                        + "&ensemble=mean&lat=41.3&lon=-7.6&alt=250&params=t"
                        + TIME,
                    200)
                .path("values")
                .path("t")
                .path("value")
                .asDouble(),
            within(1e-9));
    assertThat(batch.path("results").get(1).path("status").asInt()).isEqualTo(422);
  }
}
