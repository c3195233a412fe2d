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
import dev.spotcast.weather.ApparentTemperature;
import dev.spotcast.weather.Sun;
import dev.spotcast.weather.Sunshine;
import dev.spotcast.weather.WeatherCode;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.ResponseEntity;

/**
 * Precipitation as ECMWF encodes it (accumulated from the start of the run, hourly to 3 h, then
 * 3-hourly to 12 h) and a 6-hour maximum, written by ecCodes, loaded and answered as amounts over
 * stated periods: the hour before by default, period=, each step's own interval in a series, and
 * daily sums between local midnights. Expected values are worked out by hand from the encoded
 * accumulations at the grid point 50 N 10 E (tp in m): 0, 1, 3, 4 mm at 0-3 h, 7, 10, 16 mm at 6,
 * 9, 12 h.
 */
class AmountsIT extends ServiceTestBase {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String MODEL = "it_sunshine";
  private static final String PLACE = "model=" + MODEL + "&lat=50&lon=10";

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void ecmwfStyleRunIsServed() throws Exception {
    double[][] acc = {
      {0, 0}, {1, 0.001}, {2, 0.003}, {3, 0.004}, {6, 0.007}, {9, 0.010}, {12, 0.016}
    };
    List<IntervalMessages> messages = new ArrayList<>();
    for (double[] a : acc) {
      messages.add(IntervalMessages.accum("ecmf", "tp", 0, (int) a[0], a[1], 0, 0, 0, 0, 0));
    }
    // Direct radiation (J m-2 from the start): none until 6 h, then 400 W m-2 to 9 h, 500 to 12 h.
    for (double[] a : acc) {
      int step = (int) a[0];
      double joules = 3600 * (400.0 * Math.clamp(step - 6, 0, 3) + 500.0 * Math.max(0, step - 9));
      messages.add(IntervalMessages.accum("ecmf", "fdir", 0, step, joules, 0, 0, 0, 0, 0));
    }
    // Instants at 2 m and 10 m on every step: 2t = 280 K + the step in hours, 2r 80 %, wind 3/4
    // m/s.
    for (double[] a : acc) {
      int step = (int) a[0];
      messages.add(instant("2t", step, 280 + step));
      messages.add(instant("2r", step, 80));
      messages.add(instant("10u", step, 3));
      messages.add(instant("10v", step, 4));
    }
    messages.add(
        new IntervalMessages(
            2, "ecmf", "mx2t6", "max", 0, 6, "h", new double[] {280, 0, 0, 0, 0, 0}));
    messages.add(
        new IntervalMessages(
            2, "ecmf", "mx2t6", "max", 6, 12, "h", new double[] {285, 0, 0, 0, 0, 0}));
    messages.add(
        new IntervalMessages(
            2, "ecmf", "10fg", "max", 0, 6, "h", new double[] {12.5, 0, 0, 0, 0, 0}));
    messages.add(
        new IntervalMessages(
            2, "ecmf", "10fg", "max", 6, 12, "h", new double[] {17, 0, 0, 0, 0, 0}));
    RunFixtures.gribServed(client, publishedRuns, MODEL, messages);
  }

  private static IntervalMessages instant(String name, int step, double value) {
    return new IntervalMessages(
        2, "ecmf", name, "instant", step, step, "h", new double[] {value, 0, 0, 0, 0, 0});
  }

  private JsonNode ok(String url) throws Exception {
    ResponseEntity<String> response = http.getForEntity(url, String.class);
    assertThat(response.getStatusCode().value()).as(url + ": " + response.getBody()).isEqualTo(200);
    return JSON.readTree(response.getBody());
  }

  private JsonNode spot(String time, String extra) throws Exception {
    return ok("/v1/spot?" + PLACE + "&time=2026-11-20T" + time + ":00Z" + extra);
  }

  @Test
  void theHourBeforeAnHourlyStepIsItsAmount() throws Exception {
    JsonNode tp = spot("02:00", "&params=tp").path("values").path("tp");

    assertThat(tp.path("value").asDouble()).isCloseTo(0.002, within(1e-9));
    assertThat(tp.path("unit").asText()).isEqualTo("m");
    assertThat(tp.path("over").path("statistic").asText()).isEqualTo("sum");
    assertThat(tp.path("over").path("from").asText()).isEqualTo("2026-11-20T01:00:00Z");
    assertThat(tp.path("over").path("to").asText()).isEqualTo("2026-11-20T02:00:00Z");
    assertThat(tp.path("over").has("split")).isFalse();
  }

  @Test
  void anHourInsideAThreeHourIntervalIsAThirdOfItAndSaysSo() throws Exception {
    // 3-6 h holds 7 - 4 = 3 mm.
    JsonNode tp = spot("05:00", "&params=tp").path("values").path("tp");

    assertThat(tp.path("value").asDouble()).isCloseTo(0.001, within(1e-9));
    assertThat(tp.path("over").path("from").asText()).isEqualTo("2026-11-20T04:00:00Z");
    assertThat(tp.path("over").path("split").asBoolean()).isTrue();
  }

  @Test
  void periodsOfThreeAndTwelveHours() throws Exception {
    // 02-05: all of 2-3 (1 mm) and two thirds of 3-6 (2 mm).
    assertThat(
            spot("05:00", "&params=tp&period=3h")
                .path("values")
                .path("tp")
                .path("value")
                .asDouble())
        .isCloseTo(0.003, within(1e-9));
    // 00-12: everything, 16 mm, from stored intervals without splitting.
    JsonNode twelve = spot("12:00", "&params=tp&period=PT12H").path("values").path("tp");
    assertThat(twelve.path("value").asDouble()).isCloseTo(0.016, within(1e-9));
    assertThat(twelve.path("over").has("split")).isFalse();
    // 24 h before 12 UTC reaches back before the run: no value, and why.
    JsonNode day = spot("12:00", "&params=tp&period=24h").path("values").path("tp");
    assertThat(day.path("value").isNull()).isTrue();
    assertThat(day.path("reason").asText()).contains("part of it is not stored");
  }

  @Test
  void aMaximumIsAnsweredOverItsOwnWindow() throws Exception {
    JsonNode mx = spot("07:00", "&params=mx2t6&alt=2").path("values").path("mx2t6");

    assertThat(mx.path("value").asDouble()).isEqualTo(285.0);
    assertThat(mx.path("over").path("statistic").asText()).isEqualTo("maximum");
    assertThat(mx.path("over").path("from").asText()).isEqualTo("2026-11-20T06:00:00Z");
    assertThat(mx.path("over").path("to").asText()).isEqualTo("2026-11-20T12:00:00Z");
  }

  @Test
  void aSeriesAnswersEachStepsOwnIntervalSoItsAmountsAddUp() throws Exception {
    JsonNode steps = ok("/v1/series?" + PLACE + "&params=tp").path("steps");
    double[] expected = {0.001, 0.002, 0.001, 0.003, 0.003, 0.006};
    String[] from = {"00", "01", "02", "03", "06", "09"};

    assertThat(steps.size()).isEqualTo(7);
    assertThat(steps.get(0).path("values").path("tp").path("value").isNull())
        .as("no amount before the run starts")
        .isTrue();
    for (int i = 0; i < expected.length; i++) {
      JsonNode tp = steps.get(i + 1).path("values").path("tp");
      assertThat(tp.path("value").asDouble())
          .as("step %d", i + 1)
          .isCloseTo(expected[i], within(1e-9));
      assertThat(tp.path("over").path("from").asText())
          .isEqualTo("2026-11-20T" + from[i] + ":00:00Z");
    }
  }

  @Test
  void dailySumsAreTheAmountsBetweenLocalMidnights() throws Exception {
    JsonNode utc = ok("/v1/series?" + PLACE + "&params=tp&daily=tp:sum").path("daily");
    assertThat(utc.size()).isEqualTo(1);
    assertThat(utc.get(0).path("values").path("tp").path("sum").asDouble())
        .isCloseTo(0.016, within(1e-9));

    // Los Angeles' midnight is 08 UTC: 0-8 h (1+2+1+3 mm and two thirds of 6-9's 3 mm) on the 19th,
    // the rest (a third of 6-9 and 9-12's 6 mm) on the 20th.
    JsonNode la =
        ok("/v1/series?" + PLACE + "&params=tp&daily=tp:sum&timezone=America/Los_Angeles")
            .path("daily");
    assertThat(la.size()).isEqualTo(2);
    assertThat(la.get(0).path("values").path("tp").path("sum").asDouble())
        .isCloseTo(0.009, within(1e-9));
    assertThat(la.get(1).path("values").path("tp").path("sum").asDouble())
        .isCloseTo(0.007, within(1e-9));
    // Each day names the sun at the place on that local day.
    Sun.Day sun = Sun.day(50, 10, LocalDate.of(2026, 11, 19), ZoneId.of("America/Los_Angeles"));
    JsonNode first = la.get(0).path("sun");
    assertThat(OffsetDateTime.parse(first.path("sunrise").asText()).toInstant())
        .isEqualTo(sun.sunrise().toInstant());
    assertThat(first.path("daylightSeconds").asLong()).isEqualTo(sun.daylight().toSeconds());
    assertThat(first.path("polar").asText()).isEqualTo("none");
  }

  @Test
  void modelsListWhatEachParameterIsOver() throws Exception {
    JsonNode model = null;
    for (JsonNode m : ok("/v1/models").path("models")) {
      if (m.path("model").asText().equals(MODEL)) {
        model = m;
      }
    }
    assertThat(model).isNotNull();
    assertThat(model.path("stepMinutes").asInt()).isEqualTo(60);
    assertThat(Instant.parse(model.path("publishedAt").asText())).isBefore(Instant.now());
    assertThat(model.path("ageSeconds").asLong()).isGreaterThanOrEqualTo(0);
    List<String> derived = new ArrayList<>();
    model.path("derived").forEach(d -> derived.add(d.path("name").asText()));
    assertThat(derived)
        .containsExactly(
            "dew_point",
            "apparent_temperature",
            "precipitation",
            "wind_gusts",
            "is_day",
            "weather_code");
    for (JsonNode p : model.path("parameters")) {
      switch (p.path("name").asText()) {
        case "tp" -> {
          assertThat(p.path("statistic").asText()).isEqualTo("sum");
          assertThat(p.path("periods").toString()).isEqualTo("[\"PT1H\",\"PT3H\"]");
          assertThat(p.path("min").asDouble()).isEqualTo(0.0);
        }
        case "mx2t6" -> {
          assertThat(p.path("statistic").asText()).isEqualTo("maximum");
          assertThat(p.path("periods").toString()).isEqualTo("[\"PT6H\"]");
        }
        case "fdir" -> {
          assertThat(p.path("statistic").asText()).isEqualTo("mean");
          assertThat(p.path("unit").asText()).isEqualTo("W m**-2");
        }
        case "10fg" -> {
          assertThat(p.path("statistic").asText()).isEqualTo("maximum");
          assertThat(p.path("periods").toString()).isEqualTo("[\"PT6H\"]");
        }
        case "2t", "2r", "10u", "10v" ->
            assertThat(p.path("statistic").asText()).isEqualTo("point");
        default -> throw new AssertionError("unexpected parameter " + p);
      }
    }
  }

  @Test
  void aMalformedPeriodIsAProblemNamingIt() throws Exception {
    ResponseEntity<String> response =
        http.getForEntity(
            "/v1/spot?" + PLACE + "&time=2026-11-20T05:00:00Z&period=soon", String.class);

    assertThat(response.getStatusCode().value()).isEqualTo(400);
    JsonNode problem = JSON.readTree(response.getBody());
    assertThat(problem.path("parameter").asText()).isEqualTo("period");
    assertThat(problem.path("detail").asText()).contains("1h, 3h, 6h, 24h");
  }

  @Test
  void precipitationIsTheAmountInMillimetresOverTheSamePeriod() throws Exception {
    JsonNode values = spot("05:00", "&params=precipitation&period=3h").path("values");
    JsonNode precipitation = values.path("precipitation");

    assertThat(precipitation.path("value").asDouble()).isCloseTo(3.0, within(1e-6));
    assertThat(precipitation.path("unit").asText()).isEqualTo("mm");
    assertThat(precipitation.path("over").path("from").asText()).isEqualTo("2026-11-20T02:00:00Z");
    assertThat(values.has("tp")).as("read to make it, not asked for").isFalse();
  }

  @Test
  void edrOffersAndAnswersTheDerivedVariablesAsTheSpotDoes() throws Exception {
    JsonNode collection = ok("/edr/collections/" + MODEL);
    JsonNode names = collection.path("parameter_names");
    assertThat(names.has("precipitation")).isTrue();
    assertThat(names.path("precipitation").path("unit").path("symbol").asText()).isEqualTo("mm");
    assertThat(names.path("dew_point").path("description").path("en").asText()).contains("derived");

    // precipitation from tp at the surface; dew_point from 2t and 2r, at their height (z=2): EDR
    // answers one level type per query.
    String position =
        "/edr/collections/" + MODEL + "/position?coords=POINT(10 50)&datetime=2026-11-20T02:00:00Z";
    JsonNode surface = ok(position + "&parameter-name=precipitation");
    JsonNode twoMetres = ok(position + "&parameter-name=dew_point&z=2");
    JsonNode spot = spot("02:00", "&params=precipitation,dew_point").path("values");
    assertThat(surface.path("ranges").path("precipitation").path("values").get(0).asDouble())
        .isCloseTo(spot.path("precipitation").path("value").asDouble(), within(1e-9))
        .isCloseTo(2.0, within(1e-6));
    assertThat(twoMetres.path("ranges").path("dew_point").path("values").get(0).asDouble())
        .isCloseTo(spot.path("dew_point").path("value").asDouble(), within(1e-9));
    assertThat(surface.path("ranges").has("tp")).as("read to make it, not asked").isFalse();
    // Made from the place and time alone: night at 02 UTC in Bavaria.
    JsonNode night = ok(position + "&parameter-name=is_day");
    assertThat(night.path("ranges").path("is_day").path("values").get(0).asInt()).isZero();
  }

  @Test
  void weatherCodeAndDaylightAtThePlace() throws Exception {
    // 2 mm in the hour before 02 UTC, nothing else known: rain at that rate.
    JsonNode night = spot("02:00", "&params=weather_code,is_day").path("values");
    int expected =
        WeatherCode.of(WeatherCode.Inputs.none().withPrecipitation(2.0), Duration.ofHours(1))
            .getAsInt();

    assertThat(night.path("weather_code").path("value").asInt()).isEqualTo(expected);
    assertThat(night.path("is_day").path("value").asInt()).isZero();
    assertThat(spot("12:00", "&params=is_day").path("values").path("is_day").path("value").asInt())
        .as("noon in Bavaria")
        .isEqualTo(1);
  }

  @Test
  void aDerivedVariableTheModelCannotMakeSaysWhatItNeeds() throws Exception {
    ResponseEntity<String> response =
        http.getForEntity(
            "/v1/spot?" + PLACE + "&time=2026-11-20T05:00:00Z&params=relative_humidity",
            String.class);

    assertThat(response.getStatusCode().value()).isEqualTo(422);
    JsonNode problem = JSON.readTree(response.getBody());
    assertThat(problem.path("parameter").asText()).isEqualTo("params");
    assertThat(problem.path("detail").asText())
        .contains("relative_humidity is made from 2t and 2d; model it_sunshine has none");
  }

  @Test
  void fieldsOfTwoAndTenMetresAreAnsweredAtTheirOwnHeights() throws Exception {
    // No alt=: 2t is read at 2 m, 10u and 10v at 10 m, mx2t6 at 2 m.
    JsonNode values = spot("02:00", "&params=2t,10u,10v,mx2t6,apparent_temperature").path("values");

    assertThat(values.path("2t").path("value").asDouble()).isCloseTo(282.0, within(1e-3));
    assertThat(values.path("10u").path("value").asDouble()).isCloseTo(3.0, within(1e-6));
    assertThat(values.path("mx2t6").path("value").asDouble()).isEqualTo(280.0);
    assertThat(values.path("apparent_temperature").path("value").asDouble())
        .isCloseTo(
            ApparentTemperature.of(values.path("2t").path("value").asDouble(), 80, 5.0),
            within(1e-6));
    // Gusts: the model's 10 m maximum over its 6-hour window, at its own height.
    JsonNode gusts = spot("07:00", "&params=wind_gusts").path("values").path("wind_gusts");
    assertThat(gusts.path("value").asDouble()).isEqualTo(17.0);
    assertThat(gusts.path("over").path("from").asText()).isEqualTo("2026-11-20T06:00:00Z");
    // Asked at another height, they are still answered at their own.
    JsonNode high = spot("02:00", "&params=2t&alt=500");
    assertThat(high.path("values").path("2t").path("value").asDouble())
        .isCloseTo(282.0, within(1e-3));
  }

  @Test
  void sunshineDurationFromTheDirectRadiation() throws Exception {
    JsonNode day = ok("/v1/series?" + PLACE + "&params=fdir&daily=fdir:mean").path("daily").get(0);
    Instant morning = Instant.parse("2026-11-20T06:00:00Z");
    Instant nine = Instant.parse("2026-11-20T09:00:00Z");
    Instant noon = Instant.parse("2026-11-20T12:00:00Z");
    double expected =
        Sunshine.seconds(50, 10, morning, nine, 400) + Sunshine.seconds(50, 10, nine, noon, 500);

    assertThat(expected).as("the sun shone").isGreaterThan(3600);
    assertThat(day.path("sun").path("sunshineSeconds").asLong()).isEqualTo(Math.round(expected));
  }
}
