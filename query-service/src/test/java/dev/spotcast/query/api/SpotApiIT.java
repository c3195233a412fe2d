package dev.spotcast.query.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.index.RunRecord;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.ElasticsearchArc;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.synthetic.SyntheticWeather;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;
import net.sf.geographiclib.Geodesic;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * The service against a real Elasticsearch holding a synthetic run loaded by the ingestor: answers
 * are compared with values computed independently here from {@link SyntheticWeather}.
 */
public class SpotApiIT extends ServiceTestBase {

  public static final String MODEL = "itspot";
  public static final long SEED = 7;
  public static final Instant RUN_TIME = Instant.parse("2026-11-21T00:00:00Z");

  /**
   * Two levels and four steps per index, so that requests between levels 500 and 1000 or between
   * steps 3 and 4 span two indices and go through the multi-search.
   */
  public static final ForecastRun RUN =
      ForecastRun.of(
          MODEL,
          RUN_TIME,
          RegularLatLonGrid.covering(40, -10, 50, 10, 1.0),
          LevelType.HEIGHT_ABOVE_GROUND,
          List.of(0.0, 500.0, 1000.0, 2000.0),
          List.of(0, 1, 2, 3, 4, 5, 6),
          SyntheticWeather.PARAMETERS,
          new ShardingSpec(2, 4, 2, 10));

  private static final SyntheticWeather WEATHER = new SyntheticWeather(SEED);
  private static final ObjectMapper JSON = new ObjectMapper();

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;
  @Autowired private MeterRegistry registry;

  @BeforeEach
  void runIsServed() throws Exception {
    RunFixtures.ensurePublished(client, new SyntheticForecastSource(RUN, SEED));
    RunFixtures.awaitServed(publishedRuns, MODEL, RUN.runId());
  }

  @Test
  void onAGridPointAtAnExactLevelAndStepEveryValueIsTheGeneratedOne() throws Exception {
    RegularLatLonGrid grid = (RegularLatLonGrid) RUN.grid();
    for (int point : new int[] {0, 115, grid.pointCount() - 1}) {
      double lat = grid.latitude(point);
      double lon = grid.longitude(point);
      JsonNode body = ok(spot(lat, lon, "2026-11-21T03:00:00Z", 500, ""));

      assertThat(body.path("neighbours").get(0).path("point").asInt()).isEqualTo(point);
      assertThat(body.path("neighbours").get(0).path("weight").asDouble()).isEqualTo(1.0);
      assertThat(body.path("neighbours").get(0).path("distance").asDouble()).isEqualTo(0.0);
      for (Parameter parameter : RUN.parameters()) {
        float expected =
            (float)
                WEATHER.value(parameter.name(), lat, lon, 500, RUN.validTime(3).getEpochSecond());
        JsonNode value = body.path("values").path(parameter.name());
        assertThat(value.path("value").floatValue())
            .as("%s at point %d", parameter.name(), point)
            .isEqualTo(expected);
        assertThat(value.path("unit").asText()).isEqualTo(parameter.unit());
      }
    }
  }

  @Test
  void betweenPointsLevelsAndStepsTheAnswerIsIdwThenLinearInLevelThenInTime() throws Exception {
    // 500..1000 m and steps 4..5 sit in two indices: this request takes the multi-search path.
    assertMatchesIndependentInterpolation(
        45.3, 0.6, 750, RUN_TIME.plus(Duration.ofMinutes(4 * 60 + 20)), 4);
    // 0..500 m and steps 1..2 sit in one index: the single routed search.
    assertMatchesIndependentInterpolation(
        41.77, -8.2, 120, RUN_TIME.plus(Duration.ofMinutes(95)), 4);
    assertMatchesIndependentInterpolation(48.01, 9.99, 2000, RUN_TIME.plus(Duration.ofHours(6)), 9);
  }

  @Test
  void randomRequestsMatchTheIndependentInterpolation() throws Exception {
    Random random = new Random(2026);
    for (int i = 0; i < 25; i++) {
      double lat = 40.5 + random.nextDouble() * 9;
      double lon = -9.5 + random.nextDouble() * 19;
      double alt = random.nextDouble() * 2000;
      Instant time = RUN_TIME.plusSeconds(random.nextInt(6 * 3600 + 1));
      int n = 1 + random.nextInt(12);
      assertMatchesIndependentInterpolation(lat, lon, alt, time, n);
    }
  }

  /**
   * Requests arriving together while reads are under way share reads
   * (spotcast.query.searches-in-flight): each still gets its own answer, and every request's read
   * is counted once, alone or shared.
   */
  @Test
  void concurrentRequestsMatchTheIndependentInterpolation() throws Exception {
    Random random = new Random(2027);
    double readersBefore = readers();
    int rounds = 3;
    int perRound = 12; // below the admission limit (64 forecast requests in progress)
    for (int round = 0; round < rounds; round++) {
      CountDownLatch start = new CountDownLatch(1);
      List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
      List<Thread> threads = new ArrayList<>();
      for (int i = 0; i < perRound; i++) {
        double lat = 40.5 + random.nextDouble() * 9;
        double lon = -9.5 + random.nextDouble() * 19;
        double alt = random.nextDouble() * 2000;
        Instant time = RUN_TIME.plusSeconds(random.nextInt(6 * 3600 + 1));
        int n = 1 + random.nextInt(12);
        threads.add(
            Thread.ofPlatform()
                .start(
                    () -> {
                      try {
                        start.await();
                        assertMatchesIndependentInterpolation(lat, lon, alt, time, n);
                      } catch (Throwable e) {
                        failures.add(e);
                      }
                    }));
      }
      start.countDown();
      for (Thread t : threads) {
        t.join();
      }
      assertThat(failures).as("round %d", round).isEmpty();
    }
    assertThat(readers() - readersBefore)
        .as("every request read once, alone or shared")
        .isEqualTo(rounds * perRound);
  }

  private double readers() {
    return registry.get("spotcast.elasticsearch.search.readers").summary().totalAmount();
  }

  @Test
  void longitudesFrom0To360AreTheSamePlace() throws Exception {
    JsonNode east = ok(spot(45.2, -0.6, "2026-11-21T02:00:00Z", 0, ""));
    JsonNode wrapped = ok(spot(45.2, 359.4, "2026-11-21T02:00:00Z", 0, ""));

    assertThat(wrapped.path("lon").asDouble()).isEqualTo(-0.6);
    assertThat(wrapped.path("values")).isEqualTo(east.path("values"));
  }

  @Test
  void onlyTheRequestedParametersAreAnswered() throws Exception {
    JsonNode body =
        ok(http.getForEntity(url(45, 0, "2026-11-21T02:00:00Z", 0) + "&params=rh,t", String.class));

    assertThat(body.path("values").fieldNames()).toIterable().containsExactly("rh", "t");
    assertThat(body.path("run").asText()).isEqualTo("2026-11-21T00:00:00Z");
    assertThat(body.path("model").asText()).isEqualTo(MODEL);
  }

  @Test
  void badParametersAreBadRequestsNamingTheParameter() throws Exception {
    assertProblem(
        http.getForEntity(
            "/v1/spot?lon=0&time=2026-11-21T02:00:00Z&alt=0&model=" + MODEL, String.class),
        400,
        "lat",
        "lat is required");
    assertProblem(
        http.getForEntity(url(91, 0, "2026-11-21T02:00:00Z", 0), String.class),
        400,
        "lat",
        "lat must be within [-90, 90] degrees, got 91.0");
    assertProblem(
        http.getForEntity(url(45, 0, "2026-11-21T02:00:00", 0), String.class),
        400,
        "time",
        "time '2026-11-21T02:00:00' has no zone: add 'Z' for UTC or an offset such as +01:00");
    assertProblem(
        http.getForEntity(url(45, 0, "2026-11-21T02:00:00Z", 0) + "&n=0", String.class),
        400,
        "n",
        "n must be an integer in [1, 64], got '0'");
    assertProblem(
        http.getForEntity(url(45, 0, "2026-11-21T02:00:00Z", 0) + "&params=t,snow", String.class),
        400,
        "params",
        "unknown parameter 'snow' for model itspot; known: t, u, v, rh, pres");
    assertProblem(
        http.getForEntity(
            "/v1/spot?lat=45&lon=Infinity&time=2026-11-21T02:00:00Z&alt=0&model=" + MODEL,
            String.class),
        400,
        "lon",
        "lon must be a decimal number in degrees east, got 'Infinity'");
  }

  @Test
  void anUnknownModelIsNotFoundListingThePublishedModels() throws Exception {
    ResponseEntity<String> response =
        http.getForEntity(
            "/v1/spot?lat=45&lon=0&time=2026-11-21T02:00:00Z&alt=0&model=nosuchmodel",
            String.class);

    JsonNode problem = assertProblem(response, 404, "model", null);
    assertThat(problem.path("detail").asText())
        .startsWith("model 'nosuchmodel' has no published run");
    assertThat(problem.path("models").toString()).contains("\"" + MODEL + "\"");
  }

  @Test
  void outsideTheRunIsUnprocessableWithTheValidRange() throws Exception {
    assertProblem(
        http.getForEntity(url(45, 0, "2026-11-21T02:00:00Z", 2500), String.class),
        422,
        "alt",
        "alt 2500 m is above the highest level 2000 m of model " + MODEL + "; valid: 0..2000 m");
    assertProblem(
        http.getForEntity(url(45, 0, "2026-11-21T06:00:01Z", 0), String.class),
        422,
        "time",
        "time 2026-11-21T06:00:01Z is after the last step of run 2026112100 of model itspot;"
            + " valid: 2026-11-21T00:00:00Z..2026-11-21T06:00:00Z");
    assertProblem(
        http.getForEntity(url(30, 0, "2026-11-21T02:00:00Z", 0), String.class),
        422,
        "lat",
        "lat 30 is outside the grid of model itspot; valid: 40..50");
  }

  @Test
  void theTimersAreExposedToPrometheus() throws Exception {
    ok(spot(45.5, 0.5, "2026-11-21T02:30:00Z", 250, "")); // one index
    ok(spot(45.5, 0.5, "2026-11-21T02:30:00Z", 750, "")); // two indices

    http.getForEntity(
        "/v1/spot?model=" + MODEL + "&lat=abc&lon=0&time=2026-11-21T02:30:00Z", String.class);
    http.getForEntity(
        "/v1/spot?model=nosuchmodel&lat=45&lon=0&time=2026-11-21T02:30:00Z", String.class);

    String metrics = http.getForObject("/actuator/prometheus", String.class);

    // Per endpoint, with the cause of every 4xx/5xx, as a histogram (percentiles in Prometheus).
    assertThat(metrics)
        .containsPattern(
            "http_server_requests_seconds_count\\{[^}]*cause=\"none\"[^}]*status=\"200\"[^}]*uri=\"/v1/spot\"")
        .containsPattern(
            "http_server_requests_seconds_count\\{[^}]*cause=\"bad_parameter\"[^}]*status=\"400\"[^}]*uri=\"/v1/spot\"")
        .containsPattern(
            "http_server_requests_seconds_count\\{[^}]*cause=\"unknown_model\"[^}]*status=\"404\"[^}]*uri=\"/v1/spot\"")
        .containsPattern("http_server_requests_seconds_bucket\\{[^}]*uri=\"/v1/spot\"");
    assertThat(metrics)
        .contains(
            "spotcast_spot_request_seconds_count{application=\"spotcast-query-service\",outcome=\"success\"}")
        // A regular grid takes the ids path (spotcast.query.fast-path); FastPathIT covers the geo
        // path.
        .contains(
            "spotcast_elasticsearch_search_seconds_count{application=\"spotcast-query-service\",path=\"ids\"}")
        .contains(
            "spotcast_elasticsearch_search_seconds_count{application=\"spotcast-query-service\",path=\"ids_msearch\"}")
        .contains("spotcast_elasticsearch_search_seconds_bucket");
  }

  @Test
  void healthIncludesElasticsearch() throws Exception {
    JsonNode health = JSON.readTree(http.getForObject("/actuator/health", String.class));

    assertThat(health.path("status").asText()).isEqualTo("UP");
    assertThat(health.path("components").path("elasticsearch").path("status").asText())
        .isEqualTo("UP");
  }

  @Test
  void anUnchangedRunKeepsItsRecordAcrossRefreshes() throws Exception {
    RunRecord before = publishedRuns.get(MODEL).orElseThrow();

    publishedRuns.refresh();

    assertThat(publishedRuns.get(MODEL).orElseThrow()).isSameAs(before);
  }

  @Test
  void theOpenApiDocumentDescribesTheSpotEndpoint() throws Exception {
    JsonNode api = JSON.readTree(http.getForObject("/v3/api-docs", String.class));

    assertThat(api.path("paths").has("/v1/spot")).isTrue();
    Map<String, JsonNode> parameters = new HashMap<>();
    api.path("paths")
        .path("/v1/spot")
        .path("get")
        .path("parameters")
        .forEach(p -> parameters.put(p.path("name").asText(), p));
    assertThat(parameters)
        .containsKeys(
            "model",
            "models",
            "lat",
            "lon",
            "time",
            "alt",
            "pressure",
            "n",
            "params",
            "method",
            "power",
            "run");
    for (String required : List.of("lat", "lon", "time")) {
      assertThat(parameters.get(required).path("required").asBoolean()).as(required).isTrue();
      assertThat(parameters.get(required).path("in").asText()).isEqualTo("query");
    }
    // One of model (one model) or models (several side by side) is required, never both.
    for (String either : List.of("model", "models")) {
      assertThat(parameters.get(either).path("required").asBoolean()).as(either).isFalse();
      assertThat(parameters.get(either).path("description").asText()).as(either).contains("model");
    }
    assertThat(parameters.get("alt").path("required").asBoolean()).isFalse();
    assertThat(parameters.get("method").path("schema").path("enum").toString())
        .contains("idw", "nearest", "bilinear");
  }

  /** Computes the answer here from the generator and compares it with the service's. */
  private void assertMatchesIndependentInterpolation(
      double lat, double lon, double alt, Instant time, int n) throws Exception {
    JsonNode body = ok(spot(lat, lon, time.toString(), alt, "&n=" + n));

    RegularLatLonGrid grid = (RegularLatLonGrid) RUN.grid();
    double[] distances = new double[grid.pointCount()];
    for (int p = 0; p < distances.length; p++) {
      distances[p] = ElasticsearchArc.meters(lat, lon, grid.latitude(p), grid.longitude(p));
    }
    List<Integer> nearest =
        IntStream.range(0, grid.pointCount())
            .boxed()
            .sorted(Comparator.comparingDouble((Integer p) -> distances[p]).thenComparing(p -> p))
            .limit(n)
            .toList();
    double[] weights = new double[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      int p = nearest.get(i);
      weights[i] =
          1
              / Math.pow(
                  Geodesic.WGS84.Inverse(lat, lon, grid.latitude(p), grid.longitude(p)).s12, 2);
      sum += weights[i];
    }
    for (int i = 0; i < n; i++) {
      weights[i] /= sum;
    }
    String where = String.format("(%s, %s, %s m, %s, n=%d)", lat, lon, alt, time, n);
    List<Integer> served = new ArrayList<>();
    body.path("neighbours").forEach(node -> served.add(node.path("point").asInt()));
    assertThat(served).as("neighbours of %s", where).containsExactlyElementsOf(nearest);

    double hours = (time.getEpochSecond() - RUN_TIME.getEpochSecond()) / 3600.0;
    int stepPosition = lowerPosition(RUN.steps(), hours);
    int step0 = RUN.steps().get(stepPosition);
    int step1 = RUN.steps().get(stepPosition + 1);
    double stepWeight = (hours - step0) / (step1 - step0);
    List<Double> levels = RUN.axes().getFirst().levels();
    int levelPosition = lowerPosition(levels, alt);
    double level0 = levels.get(levelPosition);
    double level1 = levels.get(levelPosition + 1);
    double levelWeight = (alt - level0) / (level1 - level0);

    for (Parameter parameter : RUN.parameters()) {
      double[] byStep = new double[2];
      for (int s = 0; s < 2; s++) {
        double[] byLevel = new double[2];
        for (int l = 0; l < 2; l++) {
          double level = l == 0 ? level0 : level1;
          long epoch = RUN.validTime(s == 0 ? step0 : step1).getEpochSecond();
          for (int i = 0; i < n; i++) {
            int p = nearest.get(i);
            float stored =
                (float)
                    WEATHER.value(
                        parameter.name(), grid.latitude(p), grid.longitude(p), level, epoch);
            byLevel[l] += weights[i] * stored;
          }
        }
        byStep[s] = byLevel[0] + (byLevel[1] - byLevel[0]) * levelWeight;
      }
      double expected = parameter.clamp(byStep[0] + (byStep[1] - byStep[0]) * stepWeight);
      double actual = body.path("values").path(parameter.name()).path("value").asDouble();
      assertThat(actual)
          .as("%s at %s", parameter.name(), where)
          .isCloseTo(expected, within(Math.max(1e-3 * Math.abs(expected), 1e-4)));
    }
  }

  /** Position of the axis value at or below v, such that the next one is above or equal to it. */
  private static int lowerPosition(List<? extends Number> axis, double v) {
    int position = 0;
    while (position < axis.size() - 2 && axis.get(position + 1).doubleValue() <= v) {
      position++;
    }
    return position;
  }

  private ResponseEntity<String> spot(
      double lat, double lon, String time, double alt, String extra) {
    return http.getForEntity(url(lat, lon, time, alt) + extra, String.class);
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

  private static JsonNode assertProblem(
      ResponseEntity<String> response, int status, String parameter, String detail)
      throws Exception {
    assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(status);
    assertThat(response.getHeaders().getContentType())
        .isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
    JsonNode problem = JSON.readTree(response.getBody());
    assertThat(problem.path("status").asInt()).isEqualTo(status);
    assertThat(problem.path("parameter").asText()).isEqualTo(parameter);
    if (detail != null) {
      assertThat(problem.path("detail").asText()).isEqualTo(detail);
    }
    return problem;
  }
}
