package dev.spotcast.query.openmeteo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.ingestor.source.file.FileForecastSource;
import dev.spotcast.ingestor.source.file.FileRuns;
import dev.spotcast.ingestor.source.file.ForecastFile;
import dev.spotcast.ingestor.source.file.ForecastFiles;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.SampleReference;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.api.SideBySideIT;
import dev.spotcast.query.api.SpotApiIT;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.spot.EnsembleIT;
import dev.spotcast.synthetic.SyntheticWeather;
import dev.spotcast.testsupport.IntervalMessages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * GET and POST /v1/forecast against a real secured Elasticsearch, with a run written by ecCodes as
 * ECMWF writes it (hourly instants, accumulated precipitation and direct radiation, 0-24 h of
 * 2026-11-20): every value equals what GET /v1/series answers for the same place and model, in the
 * unit Open-Meteo writes.
 */
class OpenMeteoIT extends ServiceTestBase {

  static final ObjectMapper JSON = new ObjectMapper();
  static final String MODEL = "it_openmeteo";
  private static final String DAY = "&start_date=2026-11-20&end_date=2026-11-20";

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void runIsServed() throws Exception {
    serve(client, publishedRuns);
  }

  /** Loads the run once per Elasticsearch (shared with HostileInputIT). */
  static void serve(ElasticsearchClient client, PublishedRuns publishedRuns) throws Exception {
    if (publishedRuns.get(MODEL).isPresent()) {
      return;
    }
    List<IntervalMessages> messages = new ArrayList<>();
    double tp = 0;
    double fdir = 0;
    for (int step = 0; step <= 24; step++) {
      // 0.4 mm in each hour of 10..13 UTC, 2 mm at 18 UTC; 300 W m-2 of direct sun from 8 to 15
      // UTC.
      tp += step >= 10 && step <= 13 ? 0.0004 : step == 18 ? 0.002 : 0;
      fdir += step > 8 && step <= 15 ? 300 * 3600 : 0;
      messages.add(IntervalMessages.accum("ecmf", "tp", 0, step, spread(tp, 0)));
      messages.add(IntervalMessages.accum("ecmf", "fdir", 0, step, spread(fdir, 0)));
      messages.add(instant("2t", step, spread(270 + step * 0.5, 0.3)));
      messages.add(instant("2r", step, spread(60 + step, 1)));
      messages.add(instant("10u", step, spread(2 + step * 0.1, 0.2)));
      messages.add(instant("10v", step, spread(-3, 0.5)));
      messages.add(instant("msl", step, spread(101000 + step * 20, 15)));
    }
    Path dir = Files.createTempDirectory("openmeteo");
    Path grib = dir.resolve("ecmwf.grib");
    IntervalMessages.write(messages, grib, SampleReference.samples());
    try (ForecastFile file = ForecastFiles.open(grib)) {
      assertThat(file.skipped()).isEmpty();
      for (FileForecastSource source :
          FileRuns.assemble(MODEL, file.fields(), Set.of(), ShardingSpec.DEFAULT)) {
        RunFixtures.ensurePublished(client, source);
        RunFixtures.awaitServed(publishedRuns, MODEL, source.run().runId());
      }
    }
  }

  /** Six values around one, different at each grid point. */
  private static double[] spread(double value, double by) {
    return new double[] {
      value, value + by, value + 2 * by, value + 3 * by, value + 4 * by, value + 5 * by
    };
  }

  private static IntervalMessages instant(String name, int step, double[] values) {
    return new IntervalMessages(2, "ecmf", name, "instant", step, step, "h", values);
  }

  private JsonNode ok(String url) throws Exception {
    ResponseEntity<String> response = http.getForEntity(url, String.class);
    assertThat(response.getStatusCode().value()).as(url + ": " + response.getBody()).isEqualTo(200);
    return JSON.readTree(response.getBody());
  }

  private JsonNode series(double lat, double lon, String extra) throws Exception {
    return ok("/v1/series?model=" + MODEL + "&lat=" + lat + "&lon=" + lon + extra);
  }

  /** The series' value of a parameter at a valid time, or null. */
  private static Double at(JsonNode series, String param, Instant time) {
    for (JsonNode step : series.path("steps")) {
      if (Instant.parse(step.path("time").asText()).equals(time)) {
        JsonNode v = step.path("values").path(param).path("value");
        return v.isNumber() ? v.asDouble() : null;
      }
    }
    return null;
  }

  private static void sameAs(JsonNode values, JsonNode series, String param, Conversion f) {
    sameAs(values, series, param, f, 24);
  }

  /** Equal at every hour of the day, {@code count} of them with a value. */
  private static void sameAs(
      JsonNode values, JsonNode series, String param, Conversion f, int count) {
    assertThat(values.size()).isEqualTo(24);
    int answered = 0;
    for (int h = 0; h < 24; h++) {
      Instant time = Instant.parse("2026-11-20T00:00:00Z").plusSeconds(3600L * h);
      Double expected = at(series, param, time);
      if (expected == null) {
        assertThat(values.get(h).isNull()).as(param + " at " + time).isTrue();
      } else {
        assertThat(values.get(h).asDouble())
            .as(param + " at " + time)
            .isCloseTo(f.apply(expected), within(1e-9));
        answered++;
      }
    }
    assertThat(answered).as(param + " answered").isEqualTo(count);
  }

  /** The nearest of the grid points a series was interpolated from: {lat, lon}. */
  static double[] nearestCell(JsonNode answer) {
    JsonNode nearest = null;
    for (JsonNode n : answer.path("neighbours")) {
      if (nearest == null || n.path("distance").asDouble() < nearest.path("distance").asDouble()) {
        nearest = n;
      }
    }
    assertThat(nearest).as("neighbours of " + answer).isNotNull();
    return new double[] {nearest.path("lat").asDouble(), nearest.path("lon").asDouble()};
  }

  @FunctionalInterface
  private interface Conversion {
    double apply(double value);
  }

  @Test
  void hourlyValuesAreTheSeriesValuesInOpenMeteosUnits() throws Exception {
    double lat = 49.6;
    double lon = 10.7;
    JsonNode forecast =
        ok(
            "/v1/forecast?latitude=49.6&longitude=10.7&models="
                + MODEL
                + DAY
                + "&hourly=temperature_2m,relative_humidity_2m,dew_point_2m,apparent_temperature"
                + ",precipitation,wind_speed_10m,wind_direction_10m,cloud_cover,pressure_msl"
                + ",weather_code,is_day,direct_radiation,snowfall,temperature_850hPa");
    JsonNode series =
        series(
            lat,
            lon,
            "&params=2t,2r,dew_point,apparent_temperature,precipitation,10u,10v,msl"
                + ",weather_code,is_day,fdir");

    // As Open-Meteo: the coordinates of the grid cell that answered (the nearest grid point).
    double[] cell = nearestCell(series);
    assertThat(cell).isEqualTo(new double[] {50, 11});
    assertThat(forecast.path("latitude").asDouble()).isEqualTo(cell[0]);
    assertThat(forecast.path("longitude").asDouble()).isEqualTo(cell[1]);
    assertThat(forecast.has("elevation")).as("the run has no terrain").isFalse();
    assertThat(forecast.path("timezone").asText()).isEqualTo("GMT");
    assertThat(forecast.path("utc_offset_seconds").asInt()).isZero();
    JsonNode hourly = forecast.path("hourly");
    assertThat(hourly.path("time").get(0).asText()).isEqualTo("2026-11-20T00:00");
    assertThat(hourly.path("time").get(23).asText()).isEqualTo("2026-11-20T23:00");
    sameAs(hourly.path("temperature_2m"), series, "2t", k -> k - 273.15);
    sameAs(hourly.path("relative_humidity_2m"), series, "2r", r -> r);
    sameAs(hourly.path("dew_point_2m"), series, "dew_point", k -> k - 273.15);
    sameAs(hourly.path("apparent_temperature"), series, "apparent_temperature", k -> k - 273.15);
    sameAs(hourly.path("wind_speed_10m"), series, "wind_speed_10m", ms -> ms * 3.6);
    sameAs(hourly.path("wind_direction_10m"), series, "wind_direction_10m", d -> d);
    sameAs(hourly.path("pressure_msl"), series, "msl", p -> p / 100);
    sameAs(hourly.path("is_day"), series, "is_day", d -> d);
    // A mean flux since the previous step: none at the run's first.
    sameAs(hourly.path("direct_radiation"), series, "fdir", f -> f, 23);
    // Steps 1..23 carry their hour's amount; step 0 has none (nothing before the run).
    for (int h = 1; h < 24; h++) {
      Instant time = Instant.parse("2026-11-20T00:00:00Z").plusSeconds(3600L * h);
      assertThat(hourly.path("precipitation").get(h).asDouble())
          .isCloseTo(at(series, "precipitation", time), within(1e-9));
      Double code = at(series, "weather_code", time);
      JsonNode answered = hourly.path("weather_code").get(h);
      assertThat(answered.isNull() ? null : answered.asDouble()).as("weather_code").isEqualTo(code);
    }
    assertThat(hourly.path("precipitation").get(12).asDouble()).isGreaterThan(0.3);
    // 0.4 mm in an hour is moderate drizzle (53) in Spotcast's weather code.
    assertThat(hourly.path("weather_code").get(12).asInt()).isEqualTo(53);
    // What the model cannot make is null, not an error.
    for (JsonNode v : hourly.path("snowfall")) {
      assertThat(v.isNull()).isTrue();
    }
    for (JsonNode v : hourly.path("cloud_cover")) {
      assertThat(v.isNull()).isTrue();
    }
    for (JsonNode v : hourly.path("temperature_850hPa")) {
      assertThat(v.isNull()).isTrue();
    }
    JsonNode units = forecast.path("hourly_units");
    assertThat(units.path("time").asText()).isEqualTo("iso8601");
    assertThat(units.path("temperature_2m").asText()).isEqualTo("°C");
    assertThat(units.path("relative_humidity_2m").asText()).isEqualTo("%");
    assertThat(units.path("precipitation").asText()).isEqualTo("mm");
    assertThat(units.path("snowfall").asText()).isEqualTo("cm");
    assertThat(units.path("wind_speed_10m").asText()).isEqualTo("km/h");
    assertThat(units.path("wind_direction_10m").asText()).isEqualTo("°");
    assertThat(units.path("pressure_msl").asText()).isEqualTo("hPa");
    assertThat(units.path("weather_code").asText()).isEqualTo("wmo code");
    assertThat(units.path("direct_radiation").asText()).isEqualTo("W/m²");
  }

  @Test
  void dailyValuesAreTheSeriesDailyAggregatesAndTheSun() throws Exception {
    JsonNode forecast =
        ok(
            "/v1/forecast?latitude=49.6&longitude=10.7&models="
                + MODEL
                + DAY
                + "&daily=temperature_2m_max,temperature_2m_min,precipitation_sum,"
                + "precipitation_hours,sunrise,sunset,daylight_duration,sunshine_duration");
    JsonNode day =
        series(49.6, 10.7, "&params=2t,precipitation,fdir&daily=2t:max,2t:min,precipitation:sum")
            .path("daily")
            .get(0);
    assertThat(day.path("date").asText()).isEqualTo("2026-11-20");
    assertThat(day.path("complete").asBoolean()).isTrue();

    JsonNode daily = forecast.path("daily");
    assertThat(daily.path("time").get(0).asText()).isEqualTo("2026-11-20");
    assertThat(daily.path("temperature_2m_max").get(0).asDouble())
        .isCloseTo(day.path("values").path("2t").path("max").asDouble() - 273.15, within(1e-9));
    assertThat(daily.path("temperature_2m_min").get(0).asDouble())
        .isCloseTo(day.path("values").path("2t").path("min").asDouble() - 273.15, within(1e-9));
    // A day's sum is Open-Meteo's: its hours 00:00..23:00, each the amount over the hour before,
    // so from 23:00 the day before, which precedes the run: null, as Open-Meteo's sum with a NaN.
    assertThat(daily.path("precipitation_sum").get(0).isNull()).isTrue();
    // four hours of 0.4 mm and one of 2 mm
    assertThat(daily.path("precipitation_hours").get(0).asDouble()).isEqualTo(5);
    assertThat(daily.path("sunrise").get(0).asText())
        .isEqualTo(minute(day.path("sun").path("sunrise").asText()));
    assertThat(daily.path("sunset").get(0).asText())
        .isEqualTo(minute(day.path("sun").path("sunset").asText()));
    assertThat(daily.path("daylight_duration").get(0).asLong())
        .isEqualTo(day.path("sun").path("daylightSeconds").asLong());
    assertThat(daily.path("sunshine_duration").get(0).asLong())
        .isEqualTo(day.path("sun").path("sunshineSeconds").asLong())
        .isPositive();
    JsonNode units = forecast.path("daily_units");
    assertThat(units.path("temperature_2m_max").asText()).isEqualTo("°C");
    assertThat(units.path("precipitation_sum").asText()).isEqualTo("mm");
    assertThat(units.path("sunrise").asText()).isEqualTo("iso8601");
    assertThat(units.path("daylight_duration").asText()).isEqualTo("s");
  }

  @Test
  void aDaysSumIsItsHoursAmountsAsOpenMeteoAddsThem() throws Exception {
    // Cape Verde (UTC-1, no summer time): the 20th's hours run 01:00..24:00 UTC, their amounts
    // from 00:00 to 24:00 UTC: the run's whole 4 x 0.4 + 2 = 3.6 mm, by hand. Between the
    // 20th's two local midnights (01:00..01:00 UTC) the run would cover the day only partly.
    String query =
        "/v1/forecast?latitude=49.6&longitude=10.7&models="
            + MODEL
            + "&start_date=2026-11-19&end_date=2026-11-20&timezone=Atlantic/Cape_Verde"
            + "&daily=precipitation_sum&hourly=precipitation";
    JsonNode forecast = ok(query);
    JsonNode sums = forecast.path("daily").path("precipitation_sum");
    assertThat(forecast.path("utc_offset_seconds").asInt()).isEqualTo(-3600);
    assertThat(sums.get(0).isNull()).as("the 19th: all before the run").isTrue();
    assertThat(sums.get(1).asDouble()).isCloseTo(3.6, within(1e-6));
    // ... which is the sum of the day's 24 hourly values, and /v1/spot over those 24 hours.
    double hours = 0;
    for (int h = 24; h < 48; h++) {
      hours += forecast.path("hourly").path("precipitation").get(h).asDouble();
    }
    assertThat(sums.get(1).asDouble()).isCloseTo(hours, within(1e-9));
    JsonNode spot =
        ok(
            "/v1/spot?model="
                + MODEL
                + "&lat=49.6&lon=10.7&time=2026-11-21T00:00:00Z&period=PT24H&params=precipitation");
    assertThat(sums.get(1).asDouble())
        .isCloseTo(spot.at("/values/precipitation/value").asDouble(), within(1e-9));
    // In inches as the hours are.
    assertThat(ok(query + "&precipitation_unit=inch").at("/daily/precipitation_sum/1").asDouble())
        .isCloseTo(3.6 / 25.4, within(1e-6));
  }

  private static String minute(String offsetDateTime) {
    return OffsetDateTime.parse(offsetDateTime)
        .withOffsetSameInstant(ZoneOffset.UTC)
        .truncatedTo(ChronoUnit.MINUTES)
        .toLocalDateTime()
        .toString();
  }

  @Test
  void zoneUnitsAndUnixTime() throws Exception {
    JsonNode forecast =
        ok(
            "/v1/forecast?latitude=49.6&longitude=10.7&models="
                + MODEL
                + DAY
                + "&hourly=temperature_2m,wind_speed_10m,precipitation&timezone=Europe/Berlin"
                + "&timeformat=unixtime&temperature_unit=fahrenheit&wind_speed_unit=ms"
                + "&precipitation_unit=inch");
    JsonNode series = series(49.6, 10.7, "&params=2t,10u,10v,precipitation");

    assertThat(forecast.path("timezone").asText()).isEqualTo("Europe/Berlin");
    assertThat(forecast.path("timezone_abbreviation").asText()).isEqualTo("CET");
    assertThat(forecast.path("utc_offset_seconds").asInt()).isEqualTo(3600);
    JsonNode hourly = forecast.path("hourly");
    // Local midnight is 23:00 UTC the day before, before the run: null.
    assertThat(hourly.path("time").get(0).asLong())
        .isEqualTo(Instant.parse("2026-11-19T23:00:00Z").getEpochSecond());
    assertThat(hourly.path("temperature_2m").get(0).isNull()).isTrue();
    Instant one = Instant.parse("2026-11-20T12:00:00Z");
    assertThat(hourly.path("time").get(13).asLong()).isEqualTo(one.getEpochSecond());
    assertThat(hourly.path("temperature_2m").get(13).asDouble())
        .isCloseTo((at(series, "2t", one) - 273.15) * 9 / 5 + 32, within(1e-9));
    assertThat(hourly.path("wind_speed_10m").get(13).asDouble())
        .isCloseTo(at(series, "wind_speed_10m", one), within(1e-9));
    assertThat(hourly.path("precipitation").get(13).asDouble())
        .isCloseTo(at(series, "precipitation", one) / 25.4, within(1e-9));
    assertThat(forecast.path("hourly_units").path("temperature_2m").asText()).isEqualTo("°F");
    assertThat(forecast.path("hourly_units").path("wind_speed_10m").asText()).isEqualTo("m/s");
    assertThat(forecast.path("hourly_units").path("precipitation").asText()).isEqualTo("inch");
    assertThat(forecast.path("hourly_units").path("time").asText()).isEqualTo("unixtime");
    // The unit's older name, which Open-Meteo still reads and clients still send.
    JsonNode older =
        ok(
            "/v1/forecast?latitude=49.6&longitude=10.7&models="
                + MODEL
                + DAY
                + "&hourly=wind_speed_10m&timezone=Europe/Berlin&windspeed_unit=ms");
    assertThat(older.path("hourly_units").path("wind_speed_10m").asText()).isEqualTo("m/s");
    assertThat(older.path("hourly").path("wind_speed_10m"))
        .isEqualTo(forecast.path("hourly").path("wind_speed_10m"));
  }

  @Test
  void quarterHoursOfAnHourlyRunAreInterpolatedAsTheSpotIs() throws Exception {
    // At the grid point 50 N 10 E the values are the point's: 2t = 270 + 0.5 K per hour.
    JsonNode forecast =
        ok(
            "/v1/forecast?latitude=50&longitude=10&models="
                + MODEL
                + DAY
                + "&minutely_15=temperature_2m,precipitation&hourly=temperature_2m");
    JsonNode quarters = forecast.path("minutely_15");
    JsonNode hours = forecast.path("hourly").path("temperature_2m");
    assertThat(quarters.path("time").size()).isEqualTo(96);
    assertThat(quarters.path("time").get(5).asText()).isEqualTo("2026-11-20T01:15");
    for (int q = 0; q < 96; q++) {
      JsonNode v = quarters.path("temperature_2m").get(q);
      assertThat(v.asDouble())
          .as("quarter " + q)
          .isCloseTo(270 + 0.5 * q / 4.0 - 273.15, within(1e-9));
      if (q % 4 == 0) {
        assertThat(v.asDouble()).as("quarter " + q).isEqualTo(hours.get(q / 4).asDouble());
      }
    }
    // 0.4 mm in the hour to 11:00: 0.1 mm in each of its quarters, as /v1/spot over PT15M.
    JsonNode spot =
        ok(
            "/v1/spot?model="
                + MODEL
                + "&lat=50&lon=10&time=2026-11-20T10:45:00Z&period=PT15M&params=precipitation");
    assertThat(quarters.path("precipitation").get(43).asDouble())
        .isCloseTo(0.1, within(1e-6))
        .isCloseTo(
            spot.path("values").path("precipitation").path("value").asDouble(), within(1e-9));
    assertThat(forecast.path("minutely_15_units").path("temperature_2m").asText()).isEqualTo("°C");
  }

  /** A run written every 3 hours, as GFS or IFS write their later days. */
  static final String THREE_HOURLY = "it_openmeteo_3h";

  static void serveThreeHourly(ElasticsearchClient client, PublishedRuns publishedRuns)
      throws Exception {
    if (publishedRuns.get(THREE_HOURLY).isPresent()) {
      return;
    }
    List<IntervalMessages> messages = new ArrayList<>();
    double tp = 0;
    for (int step = 0; step <= 24; step += 3) {
      // 0.9 mm in 9..12 UTC, 3 mm in 18..21 UTC
      tp += step == 12 ? 0.0009 : step == 21 ? 0.003 : 0;
      messages.add(IntervalMessages.accum("ecmf", "tp", 0, step, spread(tp, 0)));
      messages.add(instant("2t", step, spread(270 + step * 0.5, 0.3)));
      messages.add(instant("10u", step, spread(2, 0.2)));
    }
    RunFixtures.gribServed(client, publishedRuns, THREE_HOURLY, messages);
  }

  @Test
  void hoursBetweenThreeHourlyStepsAreWhatTheSpotAnswersThen() throws Exception {
    serveThreeHourly(client, publishedRuns);
    JsonNode forecast =
        ok(
            "/v1/forecast?latitude=49.6&longitude=10.7&models="
                + THREE_HOURLY
                + DAY
                + "&hourly=temperature_2m,precipitation,weather_code");
    JsonNode hourly = forecast.path("hourly");
    for (int h = 0; h < 24; h++) {
      Instant time = Instant.parse("2026-11-20T00:00:00Z").plusSeconds(3600L * h);
      // /v1/spot at that hour: interpolated in time, amounts over the hour before (period=PT1H)
      JsonNode spot =
          ok(
              "/v1/spot?model="
                  + THREE_HOURLY
                  + "&lat=49.6&lon=10.7&time="
                  + time
                  + "&period=PT1H&params=2t,precipitation,weather_code");
      JsonNode values = spot.path("values");
      assertThat(hourly.path("temperature_2m").get(h).asDouble())
          .as("temperature at " + time)
          .isCloseTo(values.path("2t").path("value").asDouble() - 273.15, within(1e-9));
      JsonNode amount = values.path("precipitation").path("value");
      JsonNode answered = hourly.path("precipitation").get(h);
      if (amount.isNumber()) {
        assertThat(answered.asDouble())
            .as("precipitation at " + time)
            .isCloseTo(amount.asDouble(), within(1e-9));
      } else {
        assertThat(answered.isNull()).as("precipitation at " + time).isTrue();
      }
      JsonNode code = values.path("weather_code").path("value");
      assertThat(hourly.path("weather_code").get(h).isNull()).isEqualTo(!code.isNumber());
      if (code.isNumber()) {
        assertThat(hourly.path("weather_code").get(h).asDouble()).isEqualTo(code.asDouble());
      }
    }
    // By hand, at the grid point 50 N 10 E (2t 270 + 0.5 K per hour, linear between steps 0 and
    // 3; 0.9 mm over 9..12 UTC spread evenly: 0.3 mm in each of its hours).
    JsonNode atPoint =
        ok("/v1/forecast?latitude=50&longitude=10&models="
                + THREE_HOURLY
                + DAY
                + "&hourly=temperature_2m,precipitation")
            .path("hourly");
    assertThat(atPoint.path("temperature_2m").get(1).asDouble())
        .isCloseTo(270.5 - 273.15, within(1e-4));
    assertThat(atPoint.path("temperature_2m").get(2).asDouble())
        .isCloseTo(271 - 273.15, within(1e-4));
    for (int h = 10; h <= 12; h++) {
      assertThat(atPoint.path("precipitation").get(h).asDouble())
          .as("hour " + h)
          .isCloseTo(0.3, within(1e-6));
    }
    assertThat(atPoint.path("precipitation").get(13).asDouble()).isCloseTo(0, within(1e-6));
    assertThat(atPoint.path("precipitation").get(19).asDouble()).isCloseTo(1, within(1e-6));
  }

  @Test
  void aDayTheRunCoversPartlyIsAggregatedAsOpenMeteosHours() throws Exception {
    // In Berlin the run (2026-11-20 00..24 UTC) starts an hour into the 20th and ends an hour
    // into the 21st: neither day is complete.
    String query =
        "/v1/forecast?latitude=49.6&longitude=10.7&models="
            + MODEL
            + "&start_date=2026-11-20&end_date=2026-11-21&timezone=Europe/Berlin"
            + "&daily=temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_hours";
    JsonNode daily = ok(query).path("daily");
    JsonNode days =
        series(
                49.6,
                10.7,
                "&params=2t,precipitation&daily=2t:max,2t:min&timezone=Europe/Berlin"
                    + "&from=2026-11-19T23:00:00Z&to=2026-11-21T23:00:00Z")
            .path("daily");
    assertThat(days.get(0).path("complete").asBoolean()).isFalse();
    assertThat(days.get(1).path("complete").asBoolean()).isFalse();
    // The 20th: its first hour (23:00 UTC on the 19th) has no value, so no maximum nor minimum.
    assertThat(daily.path("temperature_2m_max").get(0).isNull()).isTrue();
    assertThat(daily.path("temperature_2m_min").get(0).isNull()).isTrue();
    // The 21st: its first hour (23:00 UTC) has one: the extremes of the hours that have a value.
    assertThat(daily.path("temperature_2m_max").get(1).asDouble())
        .isCloseTo(
            days.get(1).path("values").path("2t").path("max").asDouble() - 273.15, within(1e-9));
    assertThat(daily.path("temperature_2m_min").get(1).asDouble())
        .isCloseTo(
            days.get(1).path("values").path("2t").path("min").asDouble() - 273.15, within(1e-9));
    // A sum over a day with hours missing is null; wet hours count the hours there are.
    assertThat(daily.path("precipitation_sum").get(0).isNull()).isTrue();
    assertThat(daily.path("precipitation_sum").get(1).isNull()).isTrue();
    assertThat(daily.path("precipitation_hours").get(0).asDouble()).isEqualTo(5);
    assertThat(daily.path("precipitation_hours").get(1).asDouble()).isEqualTo(0);
  }

  /**
   * A synthetic run every 3 hours from 3 hours before this hour: it covers now (and Munich, where
   * the README's snippet asks).
   */
  static final String NOW = "it_openmeteo_now";

  static void serveNow(ElasticsearchClient client, PublishedRuns publishedRuns) throws Exception {
    ForecastRun run =
        ForecastRun.of(
            NOW,
            Instant.now().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(3)),
            RegularLatLonGrid.covering(40, 0, 50, 20, 1.0),
            LevelType.HEIGHT_ABOVE_GROUND,
            List.of(0.0, 2.0, 10.0, 100.0),
            List.of(0, 3, 6, 9),
            SyntheticWeather.PARAMETERS,
            new ShardingSpec(2, 4, 2, 10));
    RunFixtures.ensurePublished(client, new SyntheticForecastSource(run, 11));
    RunFixtures.awaitServed(publishedRuns, NOW, run.runId());
  }

  @Test
  void currentIsTheSpotAtTheCurrentQuarterHour() throws Exception {
    serveNow(client, publishedRuns);
    JsonNode forecast =
        ok(
            "/v1/forecast?latitude=45.3&longitude=3.7&models="
                + NOW
                + "&current=temperature_2m,relative_humidity_2m,wind_speed_10m,precipitation");
    JsonNode current = forecast.path("current");
    Instant time = LocalDateTime.parse(current.path("time").asText()).toInstant(ZoneOffset.UTC);
    assertThat(time.getEpochSecond() % 900).isZero();
    assertThat(Duration.between(time, Instant.now()).toMinutes()).isBetween(0L, 15L);
    assertThat(current.path("interval").asInt()).isEqualTo(900);
    JsonNode at2m =
        ok("/v1/spot?model=" + NOW + "&lat=45.3&lon=3.7&alt=2&params=t,rh&time=" + time)
            .path("values");
    JsonNode at10m =
        ok("/v1/spot?model=" + NOW + "&lat=45.3&lon=3.7&alt=10&params=u,v&time=" + time)
            .path("values");
    assertThat(current.path("temperature_2m").asDouble())
        .isCloseTo(at2m.path("t").path("value").asDouble() - 273.15, within(1e-9));
    assertThat(current.path("relative_humidity_2m").asDouble())
        .isCloseTo(at2m.path("rh").path("value").asDouble(), within(1e-9));
    assertThat(current.path("wind_speed_10m").asDouble())
        .isCloseTo(at10m.path("wind_speed").path("value").asDouble() * 3.6, within(1e-9));
    // The synthetic model has no precipitation: null, not an error.
    assertThat(current.path("precipitation").isNull()).isTrue();
    assertThat(forecast.path("current_units").path("wind_speed_10m").asText()).isEqualTo("km/h");
  }

  @Test
  void aBlendAnswersEveryHourAsTheSpotAnswersIt() throws Exception {
    // ServiceTestBase's itblend: itspot weighted 1 at 0 h to 0 at 6 h, itside 0 to 1.
    SideBySideIT.bothServed(client, publishedRuns);
    JsonNode forecast =
        ok(
            "/v1/forecast?latitude=42.3&longitude=-8.4&models=itblend"
                + "&start_date=2026-11-21&end_date=2026-11-21&hourly=temperature_2m,wind_speed_10m"
                + "&minutely_15=temperature_2m");
    JsonNode hourly = forecast.path("hourly");
    JsonNode quarters = forecast.path("minutely_15").path("temperature_2m");
    assertThat(quarters.size()).isEqualTo(96);
    int answered = 0;
    for (int h = 0; h < 24; h++) {
      Instant time = Instant.parse("2026-11-21T00:00:00Z").plusSeconds(3600L * h);
      String at = "&lat=42.3&lon=-8.4&time=" + time;
      ResponseEntity<String> t =
          http.getForEntity("/v1/spot?model=itblend&alt=2&params=t" + at, String.class);
      if (t.getStatusCode().value() != 200) {
        assertThat(hourly.path("temperature_2m").get(h).isNull()).as("hour " + h).isTrue();
        continue;
      }
      answered++;
      // A quarter hour on the hour is the hour's value.
      assertThat(quarters.get(4 * h).asDouble())
          .as("quarter hour " + 4 * h)
          .isEqualTo(hourly.path("temperature_2m").get(h).asDouble());
      assertThat(hourly.path("temperature_2m").get(h).asDouble())
          .as("hour " + h)
          .isCloseTo(
              JSON.readTree(t.getBody()).path("values").path("t").path("value").asDouble() - 273.15,
              within(1e-9));
      JsonNode wind = ok("/v1/spot?model=itblend&alt=10&params=u,v" + at).path("values");
      assertThat(hourly.path("wind_speed_10m").get(h).asDouble())
          .as("hour " + h)
          .isCloseTo(wind.path("wind_speed").path("value").asDouble() * 3.6, within(1e-9));
    }
    assertThat(answered).isGreaterThan(6);
    // By hand at 03:00 (lead 3 h): half of each member's own answer.
    String at3 = "&lat=42.3&lon=-8.4&alt=2&params=t&time=2026-11-21T03:00:00Z";
    double spot = ok("/v1/spot?model=" + SpotApiIT.MODEL + at3).at("/values/t/value").asDouble();
    double side = ok("/v1/spot?model=" + SideBySideIT.MODEL + at3).at("/values/t/value").asDouble();
    assertThat(hourly.path("temperature_2m").get(3).asDouble())
        .isCloseTo(0.5 * spot + 0.5 * side - 273.15, within(1e-9));
    // And between the hours each quarter hour is the blend's /v1/spot answer then.
    for (String time : new String[] {"03:15", "04:45"}) {
      int q = 4 * Integer.parseInt(time.substring(0, 2)) + Integer.parseInt(time.substring(3)) / 15;
      double t =
          ok("/v1/spot?model=itblend&lat=42.3&lon=-8.4&alt=2&params=t&time=2026-11-21T"
                  + time
                  + ":00Z")
              .at("/values/t/value")
              .asDouble();
      assertThat(quarters.get(q).asDouble()).as(time).isCloseTo(t - 273.15, within(1e-9));
    }
  }

  @Test
  void csvIsLaidOutAsOpenMeteosWithTheJsonValues() throws Exception {
    String query =
        "/v1/forecast?latitude=49.6,49.2&longitude=10.7,11.5&models="
            + MODEL
            + DAY
            + "&hourly=temperature_2m,snowfall&daily=sunrise";
    ResponseEntity<String> response = http.getForEntity(query + "&format=csv", String.class);
    assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(200);
    assertThat(response.getHeaders().getContentType().toString()).startsWith("text/csv");
    String[] lines = response.getBody().split("\n", -1);
    JsonNode json = ok(query);
    assertThat(lines[0])
        .isEqualTo(
            "location_id,latitude,longitude,elevation,utc_offset_seconds,timezone,"
                + "timezone_abbreviation");
    assertThat(lines[1])
        .isEqualTo(
            "0,"
                + json.get(0).path("latitude").asText()
                + ","
                + json.get(0).path("longitude").asText()
                + ",,0,GMT,GMT");
    assertThat(json.get(0).path("latitude").asDouble()).isEqualTo(50);
    assertThat(lines[3]).isEmpty();
    assertThat(lines[4]).isEqualTo("location_id,time,temperature_2m (°C),snowfall (cm)");
    String[] noon = lines[5 + 12].split(",", -1);
    assertThat(noon[0]).isEqualTo("0");
    assertThat(noon[1]).isEqualTo("2026-11-20T12:00");
    assertThat(Double.parseDouble(noon[2]))
        .isEqualTo(json.get(0).path("hourly").path("temperature_2m").get(12).asDouble());
    assertThat(noon[3]).isEmpty();
    assertThat(lines[5 + 24].split(",")[0]).isEqualTo("1");
    assertThat(lines[5 + 48]).isEmpty();
    assertThat(lines[5 + 49]).isEqualTo("location_id,time,sunrise (iso8601)");
  }

  @Test
  void severalPlacesAreAnArrayEachItsOwnSeries() throws Exception {
    JsonNode forecast =
        ok(
            "/v1/forecast?latitude=49.6,49.2&longitude=10.7,11.5&models="
                + MODEL
                + DAY
                + "&hourly=temperature_2m&hourly=pressure_msl");
    assertThat(forecast.isArray()).isTrue();
    assertThat(forecast.size()).isEqualTo(2);
    double[][] places = {{49.6, 10.7}, {49.2, 11.5}};
    for (int i = 0; i < 2; i++) {
      JsonNode series = series(places[i][0], places[i][1], "&params=2t,msl");
      assertThat(forecast.get(i).path("latitude").asDouble()).isEqualTo(nearestCell(series)[0]);
      assertThat(forecast.get(i).path("longitude").asDouble()).isEqualTo(nearestCell(series)[1]);
      sameAs(forecast.get(i).path("hourly").path("temperature_2m"), series, "2t", k -> k - 273.15);
      sameAs(forecast.get(i).path("hourly").path("pressure_msl"), series, "msl", p -> p / 100);
    }
  }

  @Test
  void aFormBodyIsAnsweredAsTheQueryString() throws Exception {
    String parameters =
        "latitude=49.6&longitude=10.7&models=" + MODEL + DAY + "&hourly=temperature_2m";
    HttpHeaders headers = new HttpHeaders();
    headers.setContentType(MediaType.APPLICATION_FORM_URLENCODED);
    ResponseEntity<String> posted =
        http.postForEntity("/v1/forecast", new HttpEntity<>(parameters, headers), String.class);
    assertThat(posted.getStatusCode().value()).as(posted.getBody()).isEqualTo(200);
    JsonNode got = ok("/v1/forecast?" + parameters);
    assertThat(JSON.readTree(posted.getBody()).path("hourly"))
        .isEqualTo(got.path("hourly"))
        .isNotEmpty();
  }

  @Test
  void currentNamesItsTimeAndVariables() throws Exception {
    JsonNode forecast =
        ok(
            "/v1/forecast?latitude=49.6&longitude=10.7&models="
                + MODEL
                + "&current=temperature_2m,is_day");
    assertThat(forecast.path("current").has("time")).isTrue();
    assertThat(forecast.path("current").path("interval").asInt()).isEqualTo(900);
    assertThat(forecast.path("current").has("temperature_2m")).isTrue();
    assertThat(forecast.path("current_units").path("temperature_2m").asText()).isEqualTo("°C");
  }

  @Test
  void anEnsembleAnswersEveryMemberAsItsSeries() throws Exception {
    EnsembleIT.serve(client, publishedRuns);
    JsonNode forecast =
        ok(
            "/v1/ensemble?latitude=41.3&longitude=-7.6&models="
                + EnsembleIT.MODEL
                + "&start_date=2026-11-21&end_date=2026-11-21&hourly=temperature_2m");
    JsonNode hourly = forecast.path("hourly");
    assertThat(hourly.has("temperature_2m_member05")).isFalse();
    String[] keys = {
      "temperature_2m",
      "temperature_2m_member01",
      "temperature_2m_member02",
      "temperature_2m_member03",
      "temperature_2m_member04"
    };
    for (int m = 0; m < keys.length; m++) {
      JsonNode series =
          ok(
              "/v1/series?model="
                  + EnsembleIT.MODEL
                  + "&member="
                  + m
                  + "&lat=41.3&lon=-7.6&alt=2&params=t");
      JsonNode values = hourly.path(keys[m]);
      assertThat(values.size()).as(keys[m]).isEqualTo(24);
      for (int h = 0; h < 24; h++) {
        Double expected =
            at(series, "t", Instant.parse("2026-11-21T00:00:00Z").plusSeconds(3600L * h));
        if (expected == null) {
          // between the member's steps: what /v1/spot answers for it then
          Instant time = Instant.parse("2026-11-21T00:00:00Z").plusSeconds(3600L * h);
          ResponseEntity<String> spot =
              http.getForEntity(
                  "/v1/spot?model="
                      + EnsembleIT.MODEL
                      + "&member="
                      + m
                      + "&lat=41.3&lon=-7.6&alt=2&params=t&time="
                      + time,
                  String.class);
          if (spot.getStatusCode().value() == 200) {
            assertThat(values.get(h).asDouble())
                .as(keys[m] + " at " + h)
                .isCloseTo(
                    JSON.readTree(spot.getBody()).path("values").path("t").path("value").asDouble()
                        - 273.15,
                    within(1e-9));
          } else {
            assertThat(values.get(h).isNull()).as(keys[m] + " at " + h).isTrue();
          }
        } else {
          assertThat(values.get(h).asDouble())
              .as(keys[m] + " at " + h)
              .isCloseTo(expected - 273.15, within(1e-9));
        }
      }
      assertThat(values.get(3).isNull()).as(keys[m] + " at 03:00").isFalse();
    }
    assertThat(forecast.path("hourly_units").path("temperature_2m_member01").asText())
        .isEqualTo("°C");
    ResponseEntity<String> unknown =
        http.getForEntity(
            "/v1/ensemble?latitude=41.3&longitude=-7.6&models=" + MODEL, String.class);
    assertThat(unknown.getStatusCode().value()).isEqualTo(400);
    assertThat(unknown.getBody()).contains("Unknown ensemble");
  }

  @Test
  void theOpenApiDescriptionHasBothEndpointsWithOpenMeteosError() throws Exception {
    JsonNode paths = JSON.readTree(http.getForObject("/v3/api-docs", String.class)).path("paths");
    for (String path : new String[] {"/v1/forecast", "/v1/ensemble"}) {
      for (String method : new String[] {"get", "post"}) {
        JsonNode operation = paths.path(path).path(method);
        assertThat(operation.isMissingNode()).as(path + " " + method).isFalse();
        JsonNode bad = operation.path("responses").path("400").path("content");
        assertThat(bad.has("application/json")).as(path + " " + method).isTrue();
        assertThat(bad.has("application/problem+json")).as(path + " " + method).isFalse();
      }
      assertThat(paths.path(path).path("get").path("parameters").toString())
          .contains("\"latitude\"")
          .contains("\"longitude\"")
          .contains("\"hourly\"")
          .contains("\"format\"");
    }
    // One parser reads both: /v1/ensemble is described with every parameter /v1/forecast takes.
    List<String> forecast = new ArrayList<>();
    paths
        .path("/v1/forecast")
        .path("get")
        .path("parameters")
        .forEach(p -> forecast.add(p.path("name").asText()));
    List<String> ensemble = new ArrayList<>();
    paths
        .path("/v1/ensemble")
        .path("get")
        .path("parameters")
        .forEach(p -> ensemble.add(p.path("name").asText()));
    assertThat(forecast).contains("timezone", "start_hour", "temperature_unit", "current");
    assertThat(ensemble).isEqualTo(forecast);
    // Their POSTs take the same as a form body.
    for (String path : new String[] {"/v1/forecast", "/v1/ensemble"}) {
      JsonNode form =
          paths
              .path(path)
              .path("post")
              .path("requestBody")
              .path("content")
              .path("application/x-www-form-urlencoded")
              .path("schema");
      List<String> properties = new ArrayList<>();
      form.path("properties").fieldNames().forEachRemaining(properties::add);
      assertThat(properties).as(path).isEqualTo(forecast);
      assertThat(form.path("required").toString()).contains("latitude").contains("longitude");
    }
    assertThat(paths.path("/v1/ensemble").path("get").path("parameters").toString())
        .contains("ensemble names");
  }

  @Test
  void errorsAreOpenMeteos400() throws Exception {
    String place = "latitude=49.6&longitude=10.7&models=" + MODEL;
    String[][] cases = {
      {"/v1/forecast?longitude=10.7", "latitude"},
      {"/v1/forecast?latitude=abc&longitude=10.7", "latitude"},
      {"/v1/forecast?latitude=91&longitude=10.7", "Latitude"},
      {"/v1/forecast?latitude=1,2&longitude=10.7", "same number"},
      {"/v1/forecast?" + place + "&hourly=temperature_3m", "temperature_3m"},
      {"/v1/forecast?" + place + "&daily=temperature_2m", "temperature_2m"},
      {"/v1/forecast?" + place + "&timezone=Mars/Olympus", "timezone"},
      {"/v1/forecast?" + place + "&forecast_days=40", "forecast_days"},
      {"/v1/forecast?" + place + "&start_date=2026-11-20", "end_date"},
      {"/v1/forecast?" + place + "&start_date=2026-13-01&end_date=2026-13-02", "start_date"},
      {"/v1/forecast?" + place + "&temperature_unit=kelvin", "temperature_unit"},
      {"/v1/forecast?" + place + "&timeformat=rfc", "timeformat"},
      {"/v1/forecast?latitude=49.6&longitude=10.7&models=nope", "nope"},
      {
        "/v1/forecast?latitude=10&longitude=10.7&models=" + MODEL + DAY + "&hourly=temperature_2m",
        "lat"
      },
    };
    for (String[] c : cases) {
      ResponseEntity<String> response = http.getForEntity(c[0], String.class);
      assertThat(response.getStatusCode().value())
          .as(c[0] + ": " + response.getBody())
          .isEqualTo(400);
      assertThat(
              response.getHeaders().getContentType().isCompatibleWith(MediaType.APPLICATION_JSON))
          .as(c[0])
          .isTrue();
      JsonNode body = JSON.readTree(response.getBody());
      assertThat(body.path("error").asBoolean()).as(c[0]).isTrue();
      assertThat(body.path("reason").asText()).as(c[0]).contains(c[1]);
    }
  }
}
