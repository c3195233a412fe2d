package dev.spotcast.query.openmeteo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.query.SampleReference;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.spot.EnsembleIT;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Open-Meteo's own clients against the running service: the official Python SDK ({@code
 * openmeteo-requests} from PyPI, which asks for FlatBuffers and sends lists as repeated parameters)
 * and a plain JSON client, run from the venv at {@value #HOME} ({@code ./spotcast test} installs
 * it: {@code need openmeteo}). What each reads equals /v1/series for the same place and model (to
 * float32 precision for the SDK).
 */
class OpenMeteoClientIT extends ServiceTestBase {

  static final String HOME = "SPOTCAST_OPENMETEO_HOME";

  @LocalServerPort private int port;
  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void runIsServed() throws Exception {
    OpenMeteoIT.serve(client, publishedRuns);
    EnsembleIT.serve(client, publishedRuns);
    OpenMeteoIT.serveNow(client, publishedRuns);
  }

  /** The Python of the venv with openmeteo-requests (and numpy). */
  private static Path python() {
    String home = System.getenv(HOME);
    assertThat(home)
        .as(
            HOME
                + " is not set: run ./spotcast test, or install openmeteo-requests into a venv and"
                + " set "
                + HOME
                + " to it")
        .isNotBlank();
    Path python = Path.of(home, "bin", "python");
    assertThat(python).as("python in " + HOME).isExecutable();
    return python;
  }

  /** Runs a Python script with the SDK's venv: its standard output. */
  private static String run(Path script, String... arguments) throws Exception {
    Path output = Files.createTempFile("openmeteo-clients", ".out");
    Path errors = Files.createTempFile("openmeteo-clients", ".err");
    List<String> command = new ArrayList<>(List.of(python().toString(), script.toString()));
    command.addAll(List.of(arguments));
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(output.toFile())
            .redirectError(errors.toFile())
            .start();
    boolean ended = process.waitFor(2, TimeUnit.MINUTES);
    if (!ended) {
      process.destroyForcibly();
    }
    String stderr = Files.readString(errors, StandardCharsets.UTF_8);
    assertThat(ended).as("%s ended within 2 minutes", script).isTrue();
    assertThat(process.exitValue()).as("%s failed:%n%s", script, stderr).isZero();
    return Files.readString(output, StandardCharsets.UTF_8);
  }

  private JsonNode clients() throws Exception {
    Path script = Files.createTempFile("openmeteo-clients", ".py");
    try (InputStream in = getClass().getResourceAsStream("/openmeteo/clients.py")) {
      Files.write(script, in.readAllBytes());
    }
    return OpenMeteoIT.JSON.readTree(
        run(
            script,
            "http://127.0.0.1:" + port,
            OpenMeteoIT.MODEL,
            EnsembleIT.MODEL,
            OpenMeteoIT.NOW));
  }

  /**
   * /v1/series' values of a parameter at the 24 hours from {@code first}, converted; null at an
   * hour it has no value (or no step) for.
   */
  private List<Double> series(
      double lat, double lon, String param, DoubleUnaryOperator convert, Instant first)
      throws Exception {
    JsonNode series =
        OpenMeteoIT.JSON.readTree(
            http.getForObject(
                "/v1/series?model="
                    + OpenMeteoIT.MODEL
                    + "&lat="
                    + lat
                    + "&lon="
                    + lon
                    + "&params=2t,10u,10v,precipitation",
                String.class));
    Map<Instant, Double> byTime = new HashMap<>();
    for (JsonNode step : series.path("steps")) {
      JsonNode v = step.path("values").path(param).path("value");
      if (v.isNumber()) {
        byTime.put(Instant.parse(step.path("time").asText()), convert.applyAsDouble(v.asDouble()));
      }
    }
    List<Double> values = new ArrayList<>();
    for (int h = 0; h < 24; h++) {
      values.add(byTime.get(first.plusSeconds(3600L * h)));
    }
    return values;
  }

  private List<Double> series(double lat, double lon, String param, DoubleUnaryOperator convert)
      throws Exception {
    return series(lat, lon, param, convert, UTC_DAY);
  }

  /** The first hour of the day the clients ask (2026-11-20 in GMT). */
  private static final Instant UTC_DAY = Instant.parse("2026-11-20T00:00:00Z");

  /** /v1/series' first local day at a place: its aggregates and its sun. */
  private JsonNode seriesDay(double lat, double lon) throws Exception {
    return OpenMeteoIT.JSON
        .readTree(
            http.getForObject(
                "/v1/series?model="
                    + OpenMeteoIT.MODEL
                    + "&lat="
                    + lat
                    + "&lon="
                    + lon
                    + "&params=2t&daily=2t:max",
                String.class))
        .path("daily")
        .get(0);
  }

  private static void same(JsonNode read, List<Double> expected, double tolerance) {
    assertThat(read.size()).isEqualTo(expected.size());
    for (int h = 0; h < expected.size(); h++) {
      if (expected.get(h) == null) {
        assertThat(read.get(h).isNull()).as("hour " + h).isTrue();
      } else {
        assertThat(read.get(h).asDouble())
            .as("hour " + h)
            .isCloseTo(expected.get(h), within(tolerance));
      }
    }
  }

  @Test
  void theOfficialSdkAndAJsonClientReadWhatSeriesAnswers() throws Exception {
    JsonNode read = clients();
    double[][] places = {{49.6, 10.7}, {49.2, 11.5}};
    assertThat(read.path("sdk").size()).isEqualTo(2);
    for (int i = 0; i < 2; i++) {
      List<Double> temperature = series(places[i][0], places[i][1], "2t", k -> k - 273.15);
      List<Double> wind = series(places[i][0], places[i][1], "wind_speed_10m", ms -> ms * 3.6);
      List<Double> precipitation = series(places[i][0], places[i][1], "precipitation", mm -> mm);
      JsonNode day = seriesDay(places[i][0], places[i][1]);
      assertThat(day.path("date").asText()).isEqualTo("2026-11-20");
      double max = day.at("/values/2t/max").asDouble() - 273.15;
      Instant sunrise = OffsetDateTime.parse(day.at("/sun/sunrise").asText()).toInstant();

      JsonNode sdk = read.path("sdk").get(i);
      // the grid cell that answered, as Open-Meteo names it
      double[] cell =
          OpenMeteoIT.nearestCell(
              OpenMeteoIT.JSON.readTree(
                  http.getForObject(
                      "/v1/series?model="
                          + OpenMeteoIT.MODEL
                          + "&lat="
                          + places[i][0]
                          + "&lon="
                          + places[i][1]
                          + "&params=2t",
                      String.class)));
      assertThat(sdk.path("latitude").asDouble()).isCloseTo(cell[0], within(1e-4));
      assertThat(sdk.path("longitude").asDouble()).isCloseTo(cell[1], within(1e-4));
      assertThat(sdk.path("location_id").asInt()).isEqualTo(i);
      assertThat(sdk.path("timezone").asText()).isEqualTo("GMT");
      JsonNode hourly = sdk.path("hourly");
      assertThat(hourly.path("time").asLong())
          .isEqualTo(Instant.parse("2026-11-20T00:00:00Z").getEpochSecond());
      assertThat(hourly.path("interval").asInt()).isEqualTo(3600);
      JsonNode variables = hourly.path("variables");
      // temperature (47) at 2 m in °C (1); precipitation (24) in mm (32); wind speed (59) at 10 m
      // in km/h (24): Open-Meteo's schema values, in the order asked.
      assertThat(variables.get(0).path("variable").asInt()).isEqualTo(47);
      assertThat(variables.get(0).path("altitude").asInt()).isEqualTo(2);
      assertThat(variables.get(0).path("unit").asInt()).isEqualTo(1);
      assertThat(variables.get(1).path("variable").asInt()).isEqualTo(24);
      assertThat(variables.get(1).path("unit").asInt()).isEqualTo(32);
      assertThat(variables.get(2).path("variable").asInt()).isEqualTo(59);
      assertThat(variables.get(2).path("altitude").asInt()).isEqualTo(10);
      assertThat(variables.get(2).path("unit").asInt()).isEqualTo(24);
      same(variables.get(0).path("values"), temperature, 1e-4);
      same(variables.get(1).path("values"), precipitation, 1e-5);
      same(variables.get(2).path("values"), wind, 1e-4);
      JsonNode daily = sdk.path("daily").path("variables");
      // temperature_2m_max: temperature at 2 m, aggregation maximum (2); sunrise (40) as Unix time
      assertThat(daily.get(0).path("aggregation").asInt()).isEqualTo(2);
      assertThat(daily.get(0).path("values").get(0).asDouble())
          .isCloseTo(
              temperature.stream().filter(t -> t != null).max(Double::compare).orElseThrow(),
              within(1e-4));
      assertThat(daily.get(0).path("values").get(0).asDouble()).isCloseTo(max, within(1e-4));
      // precipitation_sum: precipitation (24), aggregation sum (10), in mm (32); Open-Meteo's day
      // sums its hours 00..23, each over the hour before, from 23:00 before the run: NaN.
      assertThat(daily.get(1).path("variable").asInt()).isEqualTo(24);
      assertThat(daily.get(1).path("aggregation").asInt()).isEqualTo(10);
      assertThat(daily.get(1).path("unit").asInt()).isEqualTo(32);
      assertThat(daily.get(1).path("values").get(0).isNull()).isTrue();
      assertThat(daily.get(2).path("variable").asInt()).isEqualTo(40);
      assertThat(daily.get(2).path("values_int64").get(0).asLong())
          .isCloseTo(sunrise.getEpochSecond(), within(1L));

      JsonNode json = read.path("json").get(i);
      same(json.path("hourly").path("temperature_2m"), temperature, 1e-9);
      same(json.path("hourly").path("precipitation"), precipitation, 1e-9);
      same(json.path("hourly").path("wind_speed_10m"), wind, 1e-9);
      JsonNode jsonDaily = json.path("daily");
      assertThat(jsonDaily.path("time").get(0).asText()).isEqualTo("2026-11-20");
      assertThat(jsonDaily.path("temperature_2m_max").get(0).asDouble())
          .isCloseTo(max, within(1e-9));
      assertThat(jsonDaily.path("precipitation_sum").get(0).isNull()).isTrue();
      assertThat(jsonDaily.path("sunrise").get(0).asText())
          .isEqualTo(
              LocalDateTime.ofInstant(sunrise, ZoneOffset.UTC)
                  .truncatedTo(ChronoUnit.MINUTES)
                  .toString());
    }
    assertThat(read.path("error").asText()).contains("Latitude must be in range");
    for (int i = 0; i < 2; i++) {
      assertThat(read.path("posted").get(i).path("hourly"))
          .as("POST, place " + i)
          .isEqualTo(read.path("sdk").get(i).path("hourly"));
      assertThat(read.path("posted").get(i).path("daily"))
          .isEqualTo(read.path("sdk").get(i).path("daily"));
    }
  }

  @Test
  void bothClientsReadTheTimeZoneAndUnitsAsked() throws Exception {
    JsonNode zoned = clients().path("zoned");
    // Cape Verde's 2026-11-20 (UTC-1) starts at 01:00 UTC; its hours are the run's 1..24 h.
    Instant first = Instant.parse("2026-11-20T01:00:00Z");
    List<Double> fahrenheit = series(49.6, 10.7, "2t", k -> (k - 273.15) * 9 / 5 + 32, first);
    List<Double> inches = series(49.6, 10.7, "precipitation", mm -> mm / 25.4, first);
    List<Double> metresPerSecond = series(49.6, 10.7, "wind_speed_10m", ms -> ms, first);
    assertThat(fahrenheit).doesNotContainNull();
    double max = fahrenheit.stream().max(Double::compare).orElseThrow();
    // The day's sum: its hours' amounts, from 00:00 to 24:00 UTC, 4 x 0.4 + 2 mm, by hand.
    double sum = 3.6 / 25.4;

    JsonNode sdk = zoned.path("sdk");
    assertThat(sdk.path("timezone").asText()).isEqualTo("Atlantic/Cape_Verde");
    assertThat(sdk.path("utc_offset_seconds").asInt()).isEqualTo(-3600);
    JsonNode hourly = sdk.path("hourly");
    assertThat(hourly.path("time").asLong()).isEqualTo(first.getEpochSecond());
    JsonNode variables = hourly.path("variables");
    // °F (9), inch (18), m/s (28): Open-Meteo's schema values
    assertThat(variables.get(0).path("unit").asInt()).isEqualTo(9);
    assertThat(variables.get(1).path("unit").asInt()).isEqualTo(18);
    assertThat(variables.get(2).path("unit").asInt()).isEqualTo(28);
    same(variables.get(0).path("values"), fahrenheit, 1e-4);
    same(variables.get(1).path("values"), inches, 1e-5);
    same(variables.get(2).path("values"), metresPerSecond, 1e-4);
    JsonNode daily = sdk.path("daily");
    assertThat(daily.path("time").asLong()).isEqualTo(first.getEpochSecond());
    assertThat(daily.path("variables").get(0).path("unit").asInt()).isEqualTo(9);
    assertThat(daily.path("variables").get(0).path("values").get(0).asDouble())
        .isCloseTo(max, within(1e-4));
    assertThat(daily.path("variables").get(1).path("unit").asInt()).isEqualTo(18);
    assertThat(daily.path("variables").get(1).path("values").get(0).asDouble())
        .isCloseTo(sum, within(1e-5));

    JsonNode json = zoned.path("json");
    assertThat(json.path("timezone").asText()).isEqualTo("Atlantic/Cape_Verde");
    assertThat(json.path("utc_offset_seconds").asInt()).isEqualTo(-3600);
    assertThat(json.path("hourly").path("time").get(0).asText()).isEqualTo("2026-11-20T00:00");
    assertThat(json.path("hourly").path("time").get(23).asText()).isEqualTo("2026-11-20T23:00");
    same(json.path("hourly").path("temperature_2m"), fahrenheit, 1e-9);
    same(json.path("hourly").path("precipitation"), inches, 1e-9);
    same(json.path("hourly").path("wind_speed_10m"), metresPerSecond, 1e-9);
    JsonNode units = json.path("hourly_units");
    assertThat(units.path("temperature_2m").asText()).isEqualTo("°F");
    assertThat(units.path("precipitation").asText()).isEqualTo("inch");
    assertThat(units.path("wind_speed_10m").asText()).isEqualTo("m/s");
    assertThat(json.path("daily").path("temperature_2m_max").get(0).asDouble())
        .isCloseTo(max, within(1e-9));
    assertThat(json.path("daily").path("precipitation_sum").get(0).asDouble())
        .isCloseTo(sum, within(1e-6));
    assertThat(json.path("daily_units").path("temperature_2m_max").asText()).isEqualTo("°F");
    assertThat(json.path("daily_units").path("precipitation_sum").asText()).isEqualTo("inch");
  }

  /** /v1/spot's values at a place and time: t and rh at 2 m, wind speed at 10 m. */
  private JsonNode[] spot(Instant time) throws Exception {
    String at = "/v1/spot?model=" + OpenMeteoIT.NOW + "&lat=45.3&lon=3.7&time=" + time;
    return new JsonNode[] {
      OpenMeteoIT.JSON
          .readTree(http.getForObject(at + "&alt=2&params=t,rh", String.class))
          .path("values"),
      OpenMeteoIT.JSON
          .readTree(http.getForObject(at + "&alt=10&params=u,v", String.class))
          .path("values")
    };
  }

  @Test
  void currentAsBothClientsReadItIsTheSpotAtItsTime() throws Exception {
    JsonNode current = clients().path("current");
    // The SDK: FlatBuffers' Current block, variables in the order asked, float32.
    JsonNode sdk = current.path("sdk");
    Instant time = Instant.ofEpochSecond(sdk.path("time").asLong());
    assertThat(time.getEpochSecond() % 900).isZero();
    assertThat(sdk.path("interval").asInt()).isEqualTo(900);
    JsonNode[] spot = spot(time);
    JsonNode variables = sdk.path("variables");
    // temperature (47), relative humidity (29), wind speed (59): Open-Meteo's schema values
    assertThat(variables.get(0).path("variable").asInt()).isEqualTo(47);
    assertThat(variables.get(1).path("variable").asInt()).isEqualTo(29);
    assertThat(variables.get(2).path("variable").asInt()).isEqualTo(59);
    assertThat(variables.get(0).path("value").asDouble())
        .isCloseTo(spot[0].path("t").path("value").asDouble() - 273.15, within(1e-4));
    assertThat(variables.get(1).path("value").asDouble())
        .isCloseTo(spot[0].path("rh").path("value").asDouble(), within(1e-4));
    assertThat(variables.get(2).path("value").asDouble())
        .isCloseTo(spot[1].path("wind_speed").path("value").asDouble() * 3.6, within(1e-4));
    // The JSON client, asked a moment later: the spot at the time it names.
    JsonNode json = current.path("json");
    Instant jsonTime = Instant.ofEpochSecond(json.path("time").asLong());
    JsonNode[] then = jsonTime.equals(time) ? spot : spot(jsonTime);
    assertThat(json.path("temperature_2m").asDouble())
        .isCloseTo(then[0].path("t").path("value").asDouble() - 273.15, within(1e-9));
    assertThat(json.path("relative_humidity_2m").asDouble())
        .isCloseTo(then[0].path("rh").path("value").asDouble(), within(1e-9));
    assertThat(json.path("wind_speed_10m").asDouble())
        .isCloseTo(then[1].path("wind_speed").path("value").asDouble() * 3.6, within(1e-9));
  }

  @Test
  void theReadmeSnippetRunsAsWritten() throws Exception {
    String readme = Files.readString(SampleReference.samples().resolveSibling("README.md"));
    Matcher block =
        Pattern.compile("```python\\n(import openmeteo_requests\\n.*?)```", Pattern.DOTALL)
            .matcher(readme);
    assertThat(block.find()).as("the README's Python SDK snippet").isTrue();
    String snippet = block.group(1);
    // The demo's address and model become the test's; nothing else changes.
    assertThat(snippet).contains("\"http://127.0.0.1:8080/v1/forecast\"").contains("\"demo\"");
    Path script = Files.createTempFile("readme-snippet", ".py");
    Files.writeString(
        script,
        snippet
            .replace("http://127.0.0.1:8080", "http://127.0.0.1:" + port)
            .replace("\"demo\"", "\"" + OpenMeteoIT.NOW + "\""));
    String printed = run(script);
    // The first hour (today 00:00 GMT) as Unix seconds, then the hours' °C: some of them inside
    // the run (from 3 hours before this hour), NaN outside it.
    assertThat(printed)
        .startsWith(String.valueOf(Instant.now().truncatedTo(ChronoUnit.DAYS).getEpochSecond()))
        .contains("nan")
        .containsPattern("\\d\\.\\d");
  }

  @Test
  void theOfficialSdkReadsEveryMemberOfAnEnsemble() throws Exception {
    JsonNode variables = clients().path("ensemble").path("variables");
    assertThat(variables.size()).isEqualTo(5);
    for (int m = 0; m < 5; m++) {
      JsonNode member = variables.get(m);
      assertThat(member.path("variable").asInt()).isEqualTo(47);
      assertThat(member.path("ensemble_member").asInt()).isEqualTo(m);
      JsonNode series =
          OpenMeteoIT.JSON.readTree(
              http.getForObject(
                  "/v1/series?model="
                      + EnsembleIT.MODEL
                      + "&member="
                      + m
                      + "&lat=41.3&lon=-7.6&alt=2&params=t&to=2026-11-21T06:00:00Z",
                  String.class));
      for (JsonNode step : series.path("steps")) {
        int hour = step.path("step").asInt();
        assertThat(member.path("values").get(hour).asDouble())
            .as("member " + m + " at " + hour + " h")
            .isCloseTo(
                step.path("values").path("t").path("value").asDouble() - 273.15, within(1e-4));
      }
    }
  }
}
