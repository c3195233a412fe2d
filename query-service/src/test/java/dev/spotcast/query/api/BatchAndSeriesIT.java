package dev.spotcast.query.api;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.search.ForecastHit;
import dev.spotcast.query.search.NeighbourSearch;
import dev.spotcast.query.spot.Method;
import dev.spotcast.query.spot.Place;
import dev.spotcast.query.spot.Reading;
import dev.spotcast.query.spot.RunSelection;
import dev.spotcast.query.spot.SpotPlan;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.query.spot.Vertical;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
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
 * POST /v1/spot (batch) and GET /v1/series against the real Elasticsearch holding {@link
 * SpotApiIT#RUN}: every batch result and every series step must be exactly what GET /v1/spot
 * answers for the same point and time.
 */
class BatchAndSeriesIT extends ServiceTestBase {

  private static final String MODEL = SpotApiIT.MODEL;
  private static final ObjectMapper JSON = new ObjectMapper();

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;
  @Autowired private MeterRegistry registry;

  @BeforeEach
  void runIsServed() throws Exception {
    RunFixtures.spotRunServed(client, publishedRuns);
  }

  private record Point(double lat, double lon, Double alt, String time) {}

  @Test
  void everyBatchResultIsTheGetAnswerForThatPointInOneMultiSearch() throws Exception {
    Random random = new Random(11);
    List<Point> points = new ArrayList<>();
    points.add(new Point(45.3, 0.6, 750.0, "2026-11-21T04:20:00Z")); // two indices
    points.add(new Point(41.77, -8.2, 120.0, "2026-11-21T01:35:00Z")); // one index
    points.add(new Point(45.2, 359.4, 0.0, "2026-11-21T02:00:00+01:00"));
    for (int i = 0; i < 20; i++) {
      points.add(
          new Point(
              40.5 + random.nextDouble() * 9,
              -9.5 + random.nextDouble() * 19,
              random.nextDouble() * 2000,
              RUN_TIME_PLUS(random.nextInt(6 * 3600 + 1))));
    }
    for (String options :
        new String[] {"", "&n=7", "&method=nearest", "&method=bilinear", "&params=t,u,v"}) {
      ObjectNode body = body(points);
      if (options.equals("&n=7")) {
        body.put("n", 7);
      } else if (options.startsWith("&method=")) {
        body.put("method", options.substring("&method=".length()));
      } else if (options.startsWith("&params=")) {
        body.putArray("params").add("t").add("u").add("v");
      }
      double before = batchSearches();
      JsonNode answer = ok(post(body));
      assertThat(batchSearches() - before)
          .as("one multi-search for %d points", points.size())
          .isEqualTo(1);

      assertThat(answer.path("answered").asInt()).isEqualTo(points.size());
      assertThat(answer.path("failed").asInt()).isZero();
      assertThat(answer.path("results").size()).isEqualTo(points.size());
      for (int i = 0; i < points.size(); i++) {
        JsonNode get = ok(http.getForEntity(url(points.get(i)) + options, String.class));
        assertThat(answer.path("results").get(i)).as("point %d %s", i, options).isEqualTo(get);
      }
    }
  }

  @Test
  void aPointOutsideTheRunGetsItsProblemWhileTheOthersAnswer() throws Exception {
    List<Point> points =
        List.of(
            new Point(45.5, 0.5, 250.0, "2026-11-21T02:30:00Z"),
            new Point(45.5, 0.5, 250.0, "2026-11-21T06:00:01Z"), // after the last step
            new Point(30.0, 0.0, 0.0, "2026-11-21T02:00:00Z"), // outside the grid
            new Point(45.5, 0.5, 2500.0, "2026-11-21T02:00:00Z"), // above the highest level
            new Point(46.1, 1.9, 1000.0, "2026-11-21T05:00:00Z"));
    JsonNode answer = ok(post(body(points)));

    assertThat(answer.path("answered").asInt()).isEqualTo(2);
    assertThat(answer.path("failed").asInt()).isEqualTo(3);
    JsonNode results = answer.path("results");
    assertThat(results.get(0)).isEqualTo(ok(http.getForEntity(url(points.get(0)), String.class)));
    assertThat(results.get(4)).isEqualTo(ok(http.getForEntity(url(points.get(4)), String.class)));
    assertPointProblem(results.get(1), 422, "points[1].time", points.get(1));
    assertPointProblem(results.get(2), 422, "points[2].lat", points.get(2));
    assertPointProblem(results.get(3), 422, "points[3].alt", points.get(3));
  }

  @Test
  void morePointsThanTheLimitIsABadRequestNamingPoints() throws Exception {
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < 1001; i++) {
      points.add(new Point(45, 0, 0.0, "2026-11-21T02:00:00Z"));
    }
    JsonNode problem = problem(post(body(points)), 400, "points");
    assertThat(problem.path("detail").asText()).contains("at most 1000 points");

    assertThat(ok(post(body(points.subList(0, 1000)))).path("answered").asInt()).isEqualTo(1000);
  }

  @Test
  void aMalformedPointIsABadRequestNamingItsField() throws Exception {
    List<Point> points =
        new ArrayList<>(
            List.of(
                new Point(45, 0, 0.0, "2026-11-21T02:00:00Z"),
                new Point(91, 0, 0.0, "2026-11-21T02:00:00Z")));
    JsonNode problem = problem(post(body(points)), 400, "points[1].lat");
    assertThat(problem.path("detail").asText())
        .contains("lat must be within [-90, 90] degrees, got 91");

    ObjectNode body = body(points.subList(0, 1));
    ((ObjectNode) body.path("points").get(0)).remove("lat");
    problem(post(body), 400, "points[0].lat");

    body = body(points.subList(0, 1));
    ((ObjectNode) body.path("points").get(0)).put("time", "2026-11-21T02:00:00");
    problem(post(body), 400, "points[0].time");

    body = body(points.subList(0, 1));
    ((ObjectNode) body.path("points").get(0)).put("pressure", 850);
    problem(post(body), 400, "points[0].pressure");

    body = body(points.subList(0, 1));
    body.put("n", 0);
    problem(post(body), 400, "n");

    body = body(points.subList(0, 1));
    body.remove("points");
    problem(post(body), 400, "points");

    body = body(points.subList(0, 1));
    body.put("model", "nosuchmodel");
    problem(post(body), 404, "model");
  }

  @Test
  void textAfterTheJsonBodyIsABadRequest() throws Exception {
    ObjectNode body = body(List.of(new Point(45, 5, 100.0, "2026-11-21T03:00:00Z")));
    HttpHeaders headers = new HttpHeaders();
    headers.setContentType(MediaType.APPLICATION_JSON);
    ResponseEntity<String> response =
        http.postForEntity(
            "/v1/spot",
            new HttpEntity<>(body.toString() + " {\"more\": 1}", headers),
            String.class);
    assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(400);
    assertThat(response.getHeaders().getContentType())
        .isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
  }

  @Test
  void aGetClaimingAMultipartBodyWithoutBoundaryIsNotAServerError() {
    HttpHeaders headers = new HttpHeaders();
    headers.set(HttpHeaders.CONTENT_TYPE, "multipart/form-data");
    for (String path : List.of("/v1/models", "/edr", "/edr/collections", "/edr/conformance")) {
      ResponseEntity<String> response =
          http.exchange(path, HttpMethod.GET, new HttpEntity<>(headers), String.class);
      assertThat(response.getStatusCode().is5xxServerError())
          .as(path + ": " + response.getBody())
          .isFalse();
      assertThat(response.getStatusCode().value()).as(path).isEqualTo(200);
    }
  }

  @Test
  void everySeriesStepIsTheGetAnswerAtItsValidTime() throws Exception {
    for (String where :
        new String[] {
          "&lat=45.3&lon=0.6&alt=750",
          "&lat=41.77&lon=-8.2&alt=120&n=9",
          "&lat=48.01&lon=9.99&alt=2000&method=bilinear",
          "&lat=45.2&lon=359.4&alt=0&params=t,u,v"
        }) {
      double before = searches();
      JsonNode series = ok(http.getForEntity("/v1/series?model=" + MODEL + where, String.class));
      assertThat(searches() - before).as("one search for the whole series").isEqualTo(1);

      assertThat(series.path("model").asText()).isEqualTo(MODEL);
      assertThat(series.path("run").asText()).isEqualTo("2026-11-21T00:00:00Z");
      JsonNode steps = series.path("steps");
      assertThat(steps.size()).isEqualTo(7);
      for (int s = 0; s < steps.size(); s++) {
        JsonNode step = steps.get(s);
        assertThat(step.path("step").asInt()).isEqualTo(s);
        assertThat(step.path("time").asText()).isEqualTo(SpotApiIT.RUN.validTime(s).toString());
        JsonNode get =
            ok(
                http.getForEntity(
                    "/v1/spot?model=" + MODEL + where + "&time=" + step.path("time").asText(),
                    String.class));
        assertThat(step.path("values")).as("step %d at %s", s, where).isEqualTo(get.path("values"));
        assertThat(series.path("neighbours")).isEqualTo(get.path("neighbours"));
        assertThat(series.path("lat")).isEqualTo(get.path("lat"));
        assertThat(series.path("lon")).isEqualTo(get.path("lon"));
        assertThat(series.path("alt")).isEqualTo(get.path("alt"));
        get.path("values")
            .properties()
            .forEach(
                e ->
                    assertThat(series.path("params").path(e.getKey()).asText())
                        .isEqualTo(e.getValue().path("unit").asText()));
      }
    }

    JsonNode part =
        ok(
            http.getForEntity(
                "/v1/series?model="
                    + MODEL
                    + "&lat=45&lon=0&alt=0&from=2026-11-21T02:30:00Z&to=2026-11-21T05:00:00Z",
                String.class));
    assertThat(part.path("steps").findValuesAsText("step")).containsExactly("3", "4", "5");
    JsonNode open =
        ok(
            http.getForEntity(
                "/v1/series?model=" + MODEL + "&lat=45&lon=0&alt=0&from=2026-11-21T04:00:00Z",
                String.class));
    assertThat(open.path("steps").findValuesAsText("step")).containsExactly("4", "5", "6");
  }

  @Test
  void aRangeWithoutAStepIsUnprocessableGivingTheRunsRange() throws Exception {
    JsonNode problem =
        problem(
            http.getForEntity(
                "/v1/series?model="
                    + MODEL
                    + "&lat=45&lon=0&alt=0&from=2026-11-21T02:10:00Z&to=2026-11-21T02:50:00Z",
                String.class),
            422,
            "from");
    assertThat(problem.path("detail").asText())
        .contains("valid: 2026-11-21T00:00:00Z..2026-11-21T06:00:00Z");
    problem(
        http.getForEntity(
            "/v1/series?model=" + MODEL + "&lat=45&lon=0&alt=0&to=2026-11-20T23:00:00Z",
            String.class),
        422,
        "to");
    problem(
        http.getForEntity(
            "/v1/series?model="
                + MODEL
                + "&lat=45&lon=0&alt=0&from=2026-11-21T05:00:00Z&to=2026-11-21T02:00:00Z",
            String.class),
        400,
        "from");
    problem(
        http.getForEntity("/v1/series?model=" + MODEL + "&lat=45&lon=0&alt=2500", String.class),
        422,
        "alt");
    problem(
        http.getForEntity(
            "/v1/series?model=" + MODEL + "&lat=45&lon=0&alt=0&from=soon", String.class),
        400,
        "from");
  }

  @Test
  void bothAreDocumentedInOpenApi() throws Exception {
    JsonNode paths = JSON.readTree(http.getForObject("/v3/api-docs", String.class)).path("paths");

    assertThat(paths.path("/v1/spot").has("post")).isTrue();
    assertThat(paths.path("/v1/spot").has("get")).isTrue();
    assertThat(paths.path("/v1/spot").path("post").path("requestBody").toString())
        .contains("points");
    assertThat(paths.path("/v1/series").path("get").toString())
        .contains("\"from\"")
        .contains("\"to\"")
        .contains("\"alt\"")
        .contains("\"pressure\"");
  }

  /** The geo path (irregular grids, fast path off) splits one multi-search back per plan alike. */
  @Test
  void findAllOnTheGeoPathEqualsFindPerPlan() throws Exception {
    NeighbourSearch geo = NeighbourSearch.unguarded(client, new SimpleMeterRegistry(), false);
    Random random = new Random(5);
    List<SpotPlan> plans = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      SpotRequest request =
          SpotRequest.of(
              RunSelection.published(MODEL),
              Place.at(
                  40.5 + random.nextDouble() * 9,
                  -9.5 + random.nextDouble() * 19,
                  Vertical.height(random.nextDouble() * 2000)),
              new Reading(
                  List.of(),
                  i % 3 == 0 ? Method.BILINEAR : Method.IDW,
                  1 + random.nextInt(9),
                  null,
                  null),
              SpotApiIT.RUN_TIME.plusSeconds(random.nextInt(6 * 3600 + 1)));
      plans.add(SpotPlan.of(SpotApiIT.RUN, request));
    }
    List<List<ForecastHit>> all = geo.findAll(plans.stream().map(SpotPlan::query).toList());
    assertThat(all).hasSize(plans.size());
    Comparator<ForecastHit> order =
        Comparator.comparingInt(ForecastHit::axisPosition)
            .thenComparingDouble(ForecastHit::level)
            .thenComparingInt(ForecastHit::step)
            .thenComparingInt(ForecastHit::point);
    for (int i = 0; i < plans.size(); i++) {
      List<ForecastHit> one = geo.find(plans.get(i).query());
      assertThat(all.get(i)).as("plan %d", i).isNotEmpty();
      assertThat(all.get(i).stream().sorted(order).toList())
          .isEqualTo(one.stream().sorted(order).toList());
    }
  }

  private static String RUN_TIME_PLUS(int seconds) {
    return SpotApiIT.RUN_TIME.plusSeconds(seconds).toString();
  }

  /** Elasticsearch calls of spot, batch and series requests, whatever their path. */
  private double searches() {
    return registry.find("spotcast.elasticsearch.search").timers().stream()
        .mapToDouble(Timer::count)
        .sum();
  }

  private double batchSearches() {
    Timer timer =
        registry.find("spotcast.elasticsearch.search").tag("path", "batch_msearch").timer();
    return timer == null ? 0 : timer.count();
  }

  private static ObjectNode body(List<Point> points) {
    ObjectNode body = JSON.createObjectNode();
    body.put("model", MODEL);
    ArrayNode array = body.putArray("points");
    for (Point p : points) {
      ObjectNode point = array.addObject();
      point.put("lat", p.lat());
      point.put("lon", p.lon());
      if (p.alt() != null) {
        point.put("alt", p.alt());
      }
      point.put("time", p.time());
    }
    return body;
  }

  private ResponseEntity<String> post(JsonNode body) {
    HttpHeaders headers = new HttpHeaders();
    headers.setContentType(MediaType.APPLICATION_JSON);
    return http.postForEntity("/v1/spot", new HttpEntity<>(body.toString(), headers), String.class);
  }

  private static String url(Point p) {
    // The same instant in UTC: TestRestTemplate would encode a '%2B' again.
    return "/v1/spot?model="
        + MODEL
        + "&lat="
        + p.lat()
        + "&lon="
        + p.lon()
        + "&alt="
        + p.alt()
        + "&time="
        + OffsetDateTime.parse(p.time()).toInstant();
  }

  /**
   * A point's problem says what GET /v1/spot says for it, with the parameter named points[i].name.
   */
  private void assertPointProblem(JsonNode result, int status, String parameter, Point point)
      throws Exception {
    assertThat(result.path("status").asInt()).as(result.toString()).isEqualTo(status);
    assertThat(result.path("parameter").asText()).isEqualTo(parameter);
    ResponseEntity<String> get = http.getForEntity(url(point), String.class);
    assertThat(get.getStatusCode().value()).isEqualTo(status);
    assertThat(result.path("detail").asText())
        .isEqualTo(JSON.readTree(get.getBody()).path("detail").asText());
  }

  private static JsonNode ok(ResponseEntity<String> response) throws Exception {
    assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(200);
    return JSON.readTree(response.getBody());
  }

  private static JsonNode problem(ResponseEntity<String> response, int status, String parameter)
      throws Exception {
    assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(status);
    assertThat(response.getHeaders().getContentType())
        .isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
    JsonNode problem = JSON.readTree(response.getBody());
    assertThat(problem.path("parameter").asText()).isEqualTo(parameter);
    return problem;
  }
}
