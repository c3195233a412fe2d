package dev.spotcast.query.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.api.SideBySideIT;
import dev.spotcast.query.api.SpotApiIT;
import dev.spotcast.query.catalog.PublishedRuns;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.ResponseEntity;

/**
 * The blend {@code itblend} of {@link ServiceTestBase} (itspot weighted 1 at 0 h to 0 at 6 h,
 * itside 0 to 1) against the real Elasticsearch: its values are the weighted means of what its
 * members answer alone, computed here from their own answers with the weights by lead time worked
 * out by hand.
 */
class BlendIT extends ServiceTestBase {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String BLEND = "itblend";

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void bothMembersAreServed() throws Exception {
    SideBySideIT.bothServed(client, publishedRuns);
  }

  private JsonNode json(String path, int status) throws Exception {
    ResponseEntity<String> response = http.getForEntity(path, String.class);
    assertThat(response.getStatusCode().value())
        .as(path + ": " + response.getBody())
        .isEqualTo(status);
    return JSON.readTree(response.getBody());
  }

  @Test
  void valuesAreTheMembersAnswersWeightedByLeadTime() throws Exception {
    String request = "&lat=42.3&lon=-8.4&alt=250&time=2026-11-21T04:20:00Z&units=C";
    JsonNode blend = json("/v1/spot?model=" + BLEND + request, 200);
    JsonNode spot = json("/v1/spot?model=" + SpotApiIT.MODEL + request, 200).path("values");
    JsonNode side = json("/v1/spot?model=" + SideBySideIT.MODEL + request, 200).path("values");

    // Both runs start at 00Z: lead 4 h 20 min. itspot: 1 - 4.333/6 = 0.2778; itside: 4.333/6 =
    // 0.7222.
    double lead = 4 + 20 / 60.0;
    double wSpot = 1 - lead / 6;
    double wSide = lead / 6;
    assertThat(blend.path("model").asText()).isEqualTo(BLEND);
    for (String name : new String[] {"t", "u", "v", "rh", "pres"}) {
      assertThat(blend.path("values").path(name).path("value").asDouble())
          .as(name)
          .isCloseTo(
              wSpot * spot.path(name).path("value").asDouble()
                  + wSide * side.path(name).path("value").asDouble(),
              within(1e-9));
    }
    assertThat(blend.path("values").path("t").path("unit").asText()).isEqualTo("°C");
    double u = blend.path("values").path("u").path("value").asDouble();
    double v = blend.path("values").path("v").path("value").asDouble();
    assertThat(blend.path("values").path("wind_speed").path("value").asDouble())
        .isCloseTo(Math.hypot(u, v), within(1e-9));

    JsonNode members = blend.path("blend");
    assertThat(members.get(0).path("model").asText()).isEqualTo(SpotApiIT.MODEL);
    assertThat(members.get(0).path("leadHours").asDouble()).isCloseTo(lead, within(1e-9));
    assertThat(members.get(0).path("weight").asDouble()).isCloseTo(wSpot, within(1e-9));
    assertThat(members.get(1).path("model").asText()).isEqualTo(SideBySideIT.MODEL);
    assertThat(members.get(1).path("weight").asDouble()).isCloseTo(wSide, within(1e-9));
    assertThat(members.get(1).path("run").asText()).isEqualTo("2026-11-21T00:00:00Z");
  }

  @Test
  void aMemberThatCannotAnswerIsNamedWithItsReasonAndTheOthersShareItsWeight() throws Exception {
    // Paris lies outside itside's grid: itspot answers alone, with all the weight.
    String request = "&lat=48.8566&lon=2.3522&alt=35&time=2026-11-21T04:20:00Z";
    JsonNode blend = json("/v1/spot?model=" + BLEND + request, 200);
    JsonNode spot = json("/v1/spot?model=" + SpotApiIT.MODEL + request, 200);

    assertThat(blend.path("values").path("t")).isEqualTo(spot.path("values").path("t"));
    assertThat(blend.path("blend").get(0).path("weight").asDouble()).isEqualTo(1.0);
    assertThat(blend.path("blend").get(1).path("weight").asDouble()).isEqualTo(0.0);
    assertThat(blend.path("blend").get(1).path("reason").asText()).contains("itside");
    assertThat(blend.path("blend").get(1).has("run")).isFalse();
  }

  @Test
  void itIsListedAndWhatItCannotAnswerSaysWhy() throws Exception {
    JsonNode models = json("/v1/models", 200);
    JsonNode listed = models.path("blends").get(0);
    assertThat(listed.path("model").asText()).isEqualTo(BLEND);
    assertThat(listed.path("members").get(1).path("weights").path("6").asDouble()).isEqualTo(1.0);

    String place = "&lat=42.3&lon=-8.4&alt=250";
    assertThat(
            json("/v1/series?model=" + BLEND + place + "&run=2026112100", 400)
                .path("parameter")
                .asText())
        .isEqualTo("run");
    assertThat(
            json(
                    "/v1/spot?model="
                        + BLEND
                        + place
                        + "&time=2026-11-21T04:20:00Z&previous_runs=1",
                    400)
                .path("parameter")
                .asText())
        .isEqualTo("previous_runs");
    // In a side-by-side answer a blend is one more model.
    JsonNode both =
        json(
            "/v1/spot?models="
                + SpotApiIT.MODEL
                + ","
                + BLEND
                + place
                + "&time=2026-11-21T04:20:00Z",
            200);
    assertThat(both.path("answered").asInt()).isEqualTo(2);
    assertThat(both.path("models").get(1).path("blend").size()).isEqualTo(2);
  }

  @Test
  void itsSeriesIsItsAnswerAtEveryStepOfItsMembers() throws Exception {
    // itspot steps every hour 0..6, itside 0, 3, 6: the union is hourly.
    String place = "&lat=42.3&lon=-8.4&alt=250&params=t,u";
    JsonNode series =
        json(
            "/v1/series?model="
                + BLEND
                + place
                + "&from=2026-11-21T01:00:00Z&to=2026-11-21T05:00:00Z",
            200);
    JsonNode steps = series.path("steps");
    assertThat(steps).hasSize(5);
    for (JsonNode step : steps) {
      String time = step.path("time").asText();
      JsonNode spot = json("/v1/spot?model=" + BLEND + place + "&time=" + time, 200).path("values");
      for (String name : new String[] {"t", "u", "wind_speed"}) {
        assertThat(step.path("values").path(name).path("value").asDouble())
            .as(time + " " + name)
            .isCloseTo(spot.path(name).path("value").asDouble(), within(1e-9));
      }
    }
    assertThat(series.path("blend")).hasSize(2);
  }
}
