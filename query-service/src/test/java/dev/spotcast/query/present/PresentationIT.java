package dev.spotcast.query.present;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.api.SpotApiIT;
import dev.spotcast.query.catalog.PublishedRuns;
import java.io.StringReader;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * units=, timezone=, daily= and CSV answers against the real Elasticsearch holding {@link
 * SpotApiIT#RUN}: each is checked against the plain JSON answer for the same request, converted or
 * aggregated here.
 */
class PresentationIT extends ServiceTestBase {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PARIS = "model=" + SpotApiIT.MODEL + "&lat=48.8566&lon=2.3522&alt=35";
  private static final String TIME = "&time=2026-11-21T04:20:00Z";

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void runIsServed() throws Exception {
    RunFixtures.spotRunServed(client, publishedRuns);
  }

  private JsonNode json(String path) throws Exception {
    ResponseEntity<String> response = http.getForEntity(path, String.class);
    assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(200);
    return JSON.readTree(response.getBody());
  }

  @Test
  void unitsConvertTemperatureSpeedAndPressureAndLeaveTheRest() throws Exception {
    JsonNode plain = json("/v1/spot?" + PARIS + TIME).path("values");
    JsonNode converted = json("/v1/spot?" + PARIS + TIME + "&units=F,km/h,Pa").path("values");

    assertThat(converted.path("t").path("unit").asText()).isEqualTo("°F");
    assertThat(converted.path("t").path("value").asDouble())
        .isCloseTo((plain.path("t").path("value").asDouble() - 273.15) * 9 / 5 + 32, within(1e-9));
    for (String speed : List.of("u", "v", "wind_speed")) {
      assertThat(converted.path(speed).path("unit").asText()).isEqualTo("km/h");
      assertThat(converted.path(speed).path("value").asDouble())
          .isCloseTo(plain.path(speed).path("value").asDouble() * 3.6, within(1e-9));
    }
    assertThat(converted.path("pres").path("unit").asText()).isEqualTo("Pa");
    assertThat(converted.path("pres").path("value").asDouble())
        .isCloseTo(plain.path("pres").path("value").asDouble() * 100, within(1e-6));
    assertThat(converted.path("rh")).isEqualTo(plain.path("rh"));
    assertThat(converted.path("wind_direction")).isEqualTo(plain.path("wind_direction"));
  }

  @Test
  void timezoneAutoGivesTheLocalTimeOfThePlace() throws Exception {
    JsonNode spot = json("/v1/spot?" + PARIS + TIME + "&timezone=auto");
    assertThat(spot.path("timezone").asText()).isEqualTo("Europe/Paris");
    assertThat(spot.path("local_time").asText()).isEqualTo("2026-11-21T05:20:00+01:00");
    assertThat(spot.path("time").asText()).isEqualTo("2026-11-21T04:20:00Z");

    JsonNode series = json("/v1/series?" + PARIS + "&timezone=America/New_York");
    assertThat(series.path("timezone").asText()).isEqualTo("America/New_York");
    JsonNode first = series.path("steps").get(0);
    assertThat(first.path("local_time").asText()).isEqualTo("2026-11-20T19:00:00-05:00");
  }

  @Test
  void dailyAggregatesAreThoseOfTheLocalDaysSteps() throws Exception {
    JsonNode plain = json("/v1/series?" + PARIS + "&units=C");
    JsonNode daily =
        json("/v1/series?" + PARIS + "&units=C&timezone=Asia/Tokyo&daily=t:min,t:max,mean");

    // The run's steps 00Z..06Z are 09:00..15:00 in Tokyo: one local day, 7 of its 24 hours.
    Map<LocalDate, double[]> expected = new TreeMap<>();
    for (JsonNode step : plain.path("steps")) {
      LocalDate date =
          Instant.parse(step.path("time").asText()).atZone(ZoneId.of("Asia/Tokyo")).toLocalDate();
      double t = step.path("values").path("t").path("value").asDouble();
      double rh = step.path("values").path("rh").path("value").asDouble();
      double[] acc =
          expected.computeIfAbsent(
              date, d -> new double[] {Double.MAX_VALUE, -Double.MAX_VALUE, 0, 0, 0});
      acc[0] = Math.min(acc[0], t);
      acc[1] = Math.max(acc[1], t);
      acc[2] += rh;
      acc[3]++;
    }
    JsonNode days = daily.path("daily");
    assertThat(days.size()).isEqualTo(expected.size()).isEqualTo(1);
    JsonNode day = days.get(0);
    double[] acc = expected.values().iterator().next();
    assertThat(day.path("date").asText()).isEqualTo("2026-11-21");
    assertThat(day.path("start").asText()).isEqualTo("2026-11-21T00:00:00+09:00");
    assertThat(day.path("complete").asBoolean()).isFalse();
    assertThat(day.path("steps").asInt()).isEqualTo((int) acc[3]).isEqualTo(7);
    assertThat(day.path("values").path("t").path("min").asDouble()).isCloseTo(acc[0], within(1e-9));
    assertThat(day.path("values").path("t").path("max").asDouble()).isCloseTo(acc[1], within(1e-9));
    assertThat(day.path("values").path("rh").path("mean").asDouble())
        .isCloseTo(acc[2] / acc[3], within(1e-9));
    assertThat(day.path("values").path("wind_direction").isMissingNode()).isTrue();
    assertThat(daily.path("params").path("t").asText()).isEqualTo("°C");
  }

  @Test
  void csvAnswersCarryTheSameValues() throws Exception {
    JsonNode spot = json("/v1/spot?" + PARIS + TIME + "&units=C");
    ResponseEntity<String> csv =
        http.getForEntity("/v1/spot?" + PARIS + TIME + "&units=C&f=csv", String.class);
    assertThat(csv.getStatusCode().value()).isEqualTo(200);
    assertThat(
            csv.getHeaders()
                .getContentType()
                .isCompatibleWith(MediaType.parseMediaType("text/csv")))
        .isTrue();
    List<CSVRecord> rows = parse(csv.getBody());
    assertThat(rows).hasSize(2);
    assertThat(rows.get(0).toList())
        .startsWith("model", "run", "time", "lat", "lon", "alt", "t (°C)");
    assertThat(Double.parseDouble(rows.get(1).get(6)))
        .isEqualTo(spot.path("values").path("t").path("value").asDouble());

    HttpHeaders accept = new HttpHeaders();
    accept.setAccept(List.of(MediaType.parseMediaType("text/csv")));
    ResponseEntity<String> series =
        http.exchange(
            "/v1/series?" + PARIS, HttpMethod.GET, new HttpEntity<>(accept), String.class);
    JsonNode plain = json("/v1/series?" + PARIS);
    List<CSVRecord> steps = parse(series.getBody());
    assertThat(steps).hasSize(plain.path("steps").size() + 1);
    assertThat(steps.get(0).toList()).startsWith("model", "run", "step", "time", "t (K)");
    for (int i = 0; i < plain.path("steps").size(); i++) {
      JsonNode step = plain.path("steps").get(i);
      assertThat(steps.get(i + 1).get(3)).isEqualTo(step.path("time").asText());
      assertThat(Double.parseDouble(steps.get(i + 1).get(4)))
          .isEqualTo(step.path("values").path("t").path("value").asDouble());
    }

    HttpHeaders post = new HttpHeaders();
    post.setContentType(MediaType.APPLICATION_JSON);
    String body =
        "{\"model\":\""
            + SpotApiIT.MODEL
            + "\",\"points\":["
            + "{\"lat\":48.8566,\"lon\":2.3522,\"alt\":35,\"time\":\"2026-11-21T04:20:00Z\"},"
            + "{\"lat\":48.8566,\"lon\":2.3522,\"alt\":35,\"time\":\"2030-01-01T00:00:00Z\"}]}";
    ResponseEntity<String> batch =
        http.exchange(
            "/v1/spot?f=csv&units=C", HttpMethod.POST, new HttpEntity<>(body, post), String.class);
    assertThat(batch.getStatusCode().value()).as(batch.getBody()).isEqualTo(200);
    List<CSVRecord> points = parse(batch.getBody());
    assertThat(points).hasSize(3);
    assertThat(points.get(0).toList())
        .startsWith("point", "model", "run", "time", "lat", "lon", "alt", "pressure", "t (°C)")
        .endsWith("problem");
    assertThat(Double.parseDouble(points.get(1).get(8)))
        .isEqualTo(spot.path("values").path("t").path("value").asDouble());
    assertThat(points.get(2).get(points.get(2).size() - 1)).startsWith("422 ");
  }

  @Test
  void badPresentationParametersAreProblemsNamingThem() throws Exception {
    Map<String, String> cases =
        Map.of(
            "/v1/spot?" + PARIS + TIME + "&units=furlongs", "units",
            "/v1/spot?" + PARIS + TIME + "&units=C,K", "units",
            "/v1/spot?" + PARIS + TIME + "&timezone=Mars/Olympus", "timezone",
            "/v1/spot?" + PARIS + TIME + "&daily=max", "daily",
            "/v1/series?" + PARIS + "&daily=t:median", "daily",
            "/v1/series?" + PARIS + "&f=xml", "f",
            "/v1/spot?" + PARIS + TIME + "&units=C&units=F", "units");
    for (Map.Entry<String, String> c : cases.entrySet()) {
      ResponseEntity<String> response = http.getForEntity(c.getKey(), String.class);
      assertThat(response.getStatusCode().value())
          .as(c.getKey() + " " + response.getBody())
          .isEqualTo(400);
      assertThat(response.getHeaders().getContentType().toString())
          .isEqualTo("application/problem+json");
      assertThat(JSON.readTree(response.getBody()).path("parameter").asText())
          .as(c.getKey())
          .isEqualTo(c.getValue());
    }
    // An error asked for as CSV is still problem+json.
    ResponseEntity<String> unknown =
        http.getForEntity(
            "/v1/spot?model=nosuch&lat=1&lon=1&time=2026-11-21T00:00:00Z&f=csv", String.class);
    assertThat(unknown.getStatusCode().value()).isEqualTo(404);
    assertThat(unknown.getHeaders().getContentType().toString())
        .isEqualTo("application/problem+json");
  }

  @Test
  void theApiDescriptionListsThePresentationParameters() throws Exception {
    JsonNode paths = json("/v3/api-docs").path("paths");
    for (String[] operation :
        new String[][] {{"/v1/spot", "get"}, {"/v1/spot", "post"}, {"/v1/series", "get"}}) {
      JsonNode described = paths.path(operation[0]).path(operation[1]);
      List<String> names = new ArrayList<>();
      described.path("parameters").forEach(p -> names.add(p.path("name").asText()));
      assertThat(names).as(operation[0] + " " + operation[1]).contains("units", "timezone", "f");
      assertThat(described.path("responses").path("200").path("content").has("text/csv")).isTrue();
    }
    assertThat(paths.path("/v1/series").path("get").path("parameters").toString())
        .contains("\"daily\"");
  }

  private static List<CSVRecord> parse(String text) throws Exception {
    return CSVFormat.RFC4180.parse(new StringReader(text)).getRecords();
  }
}
