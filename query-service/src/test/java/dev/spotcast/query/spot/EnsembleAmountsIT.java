package dev.spotcast.query.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.testsupport.IntervalMessages;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.ResponseEntity;

/**
 * An ensemble whose members carry an amount: precipitation as ECMWF's ensemble encodes it
 * (accumulated from the start of the run, every 3 hours to 24 h), three members written by ecCodes
 * as GRIB2 members (template 4.11) and loaded as {@code it_enstp_m0} .. {@code it_enstp_m2}. A
 * period asked of the ensemble is the period each member answers its amount over, as it is of the
 * member model itself. Expected values are worked out by hand at the grid point 50 N 10 E: member m
 * has (m + 1) mm in 0-3 h, 2 (m + 1) mm in 3-6 h, nothing after.
 */
class EnsembleAmountsIT extends ServiceTestBase {

  private static final ObjectMapper JSON = new ObjectMapper();
  static final String MODEL = "it_enstp";
  private static final int MEMBERS = 3;
  private static final String PLACE = "&lat=50&lon=10&params=tp";
  private static final String AT_SIX = "&time=2026-11-20T06:00:00Z";

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void membersAreServed() throws Exception {
    if (publishedRuns.get(MODEL + "_m" + (MEMBERS - 1)).isPresent()) {
      return;
    }
    List<IntervalMessages> messages = new ArrayList<>();
    for (int m = 0; m < MEMBERS; m++) {
      for (int step = 0; step <= 24; step += 3) {
        double mm = (m + 1) * (step >= 6 ? 3 : step >= 3 ? 1 : 0);
        messages.add(
            IntervalMessages.accum("ecmf", "tp", 0, step, mm / 1000, 0, 0, 0, 0, 0).ofMember(m));
      }
    }
    RunFixtures.gribServed(client, publishedRuns, MODEL, messages);
  }

  private JsonNode ok(String url) throws Exception {
    ResponseEntity<String> response = http.getForEntity(url, String.class);
    assertThat(response.getStatusCode().value()).as(url + ": " + response.getBody()).isEqualTo(200);
    return JSON.readTree(response.getBody());
  }

  private JsonNode tp(String url) throws Exception {
    return ok(url).path("values").path("tp");
  }

  @Test
  void aMemberAnswersItsAmountOverThePeriodAsked() throws Exception {
    // Member 1 over the 6 hours to 06:00: 2 + 4 mm. Over the default hour it would be 4/3 mm.
    JsonNode member = tp("/v1/spot?model=" + MODEL + "&member=1&period=PT6H" + PLACE + AT_SIX);
    assertThat(member.path("value").asDouble()).isCloseTo(0.006, within(1e-9));
    assertThat(member.path("over").path("from").asText()).isEqualTo("2026-11-20T00:00:00Z");
    assertThat(member.path("over").path("to").asText()).isEqualTo("2026-11-20T06:00:00Z");
    assertThat(member)
        .isEqualTo(tp("/v1/spot?model=" + MODEL + "_m1&period=PT6H" + PLACE + AT_SIX));
    // The control, by default, too.
    assertThat(
            tp("/v1/spot?model=" + MODEL + "&period=3h" + PLACE + AT_SIX).path("value").asDouble())
        .isCloseTo(0.002, within(1e-9));
  }

  @Test
  void aStatisticIsOfTheMembersAmountsOverThePeriodAsked() throws Exception {
    // Over 0-6 h the members have 3, 6 and 9 mm; over 3-6 h 2, 4 and 6 mm.
    JsonNode mean = tp("/v1/spot?model=" + MODEL + "&ensemble=mean&period=PT6H" + PLACE + AT_SIX);
    assertThat(mean.path("value").asDouble()).isCloseTo(0.006, within(1e-9));
    assertThat(mean.path("over").path("from").asText()).isEqualTo("2026-11-20T00:00:00Z");
    JsonNode max = tp("/v1/spot?model=" + MODEL + "&ensemble=max&period=3h" + PLACE + AT_SIX);
    assertThat(max.path("value").asDouble()).isCloseTo(0.006, within(1e-9));
    assertThat(max.path("over").path("from").asText()).isEqualTo("2026-11-20T03:00:00Z");
    // 6 mm or more over 0-6 h: members 1 and 2 (the threshold in m, as tp is stored).
    assertThat(
            tp("/v1/spot?model=" + MODEL + "&ensemble=prob_gt:0.005&period=PT6H" + PLACE + AT_SIX)
                .path("value")
                .asDouble())
        .isCloseTo(200.0 / 3, within(1e-9));
  }

  @Test
  void aSeriesOfAnEnsembleAnswersItsAmountsOverThePeriodAsked() throws Exception {
    String range = "&from=2026-11-20T03:00:00Z&to=2026-11-20T09:00:00Z&period=PT6H";
    JsonNode member = ok("/v1/series?model=" + MODEL + "&member=2" + PLACE + range);
    assertThat(member.path("steps"))
        .isEqualTo(ok("/v1/series?model=" + MODEL + "_m2" + PLACE + range).path("steps"));
    // Member 2 over the 6 hours to 06:00 and to 09:00: 9 and 6 mm.
    JsonNode steps = member.path("steps");
    assertThat(steps.size()).isEqualTo(3);
    assertThat(steps.get(1).at("/values/tp/value").asDouble()).isCloseTo(0.009, within(1e-9));
    assertThat(steps.get(2).at("/values/tp/value").asDouble()).isCloseTo(0.006, within(1e-9));
    // The mean of 3, 6 and 9 mm; of 2, 4 and 6.
    JsonNode mean = ok("/v1/series?model=" + MODEL + "&ensemble=mean" + PLACE + range);
    assertThat(mean.path("steps").get(1).at("/values/tp/value").asDouble())
        .isCloseTo(0.006, within(1e-9));
    assertThat(mean.path("steps").get(2).at("/values/tp/value").asDouble())
        .isCloseTo(0.004, within(1e-9));
  }

  @Test
  void openMeteosEnsembleAnswersEachMembersHourlyAndDailyPrecipitation() throws Exception {
    JsonNode forecast =
        ok(
            "/v1/ensemble?latitude=50&longitude=10&models="
                + MODEL
                + "&start_date=2026-11-20&end_date=2026-11-20"
                + "&hourly=precipitation&daily=precipitation_sum");
    String[] suffixes = {"", "_member01", "_member02"};
    for (int m = 0; m < MEMBERS; m++) {
      JsonNode hourly = forecast.path("hourly").path("precipitation" + suffixes[m]);
      assertThat(hourly.size()).as("member " + m).isEqualTo(24);
      assertThat(hourly.get(0).isNull()).as("nothing before the run").isTrue();
      for (int h = 1; h < 24; h++) {
        // mm in the hour before: a third of its 3-hour interval's amount
        double expected = h <= 3 ? (m + 1) / 3.0 : h <= 6 ? 2 * (m + 1) / 3.0 : 0;
        assertThat(hourly.get(h).asDouble())
            .as("member %d at %02d:00", m, h)
            .isCloseTo(expected, within(1e-6));
      }
      // Open-Meteo's day: the amounts of its hours 00..23, from 23:00 the day before the run
      assertThat(forecast.path("daily").path("precipitation_sum" + suffixes[m]).get(0).isNull())
          .as("member " + m)
          .isTrue();
    }
    // In Cape Verde (UTC-1) the 20th's hours hold the amounts from 00:00 to 24:00 UTC.
    JsonNode days =
        ok(
            "/v1/ensemble?latitude=50&longitude=10&models="
                + MODEL
                + "&start_date=2026-11-20&end_date=2026-11-20&timezone=Atlantic/Cape_Verde"
                + "&daily=precipitation_sum");
    for (int m = 0; m < MEMBERS; m++) {
      assertThat(days.path("daily").path("precipitation_sum" + suffixes[m]).get(0).asDouble())
          .as("member " + m)
          .isCloseTo(3.0 * (m + 1), within(1e-6));
    }
    assertThat(forecast.path("hourly_units").path("precipitation_member02").asText())
        .isEqualTo("mm");
  }
}
