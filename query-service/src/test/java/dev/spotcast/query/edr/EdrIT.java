package dev.spotcast.query.edr;

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
import java.util.ArrayList;
import java.util.List;
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
 * The OGC API - EDR endpoints against two runs of a synthetic model loaded by the ingestor into the
 * real Elasticsearch: the metadata from the catalog, and position queries that answer exactly what
 * GET /v1/series and GET /v1/spot answer for the same point, level and times.
 */
class EdrIT extends ServiceTestBase {

  static final String MODEL = "itedr";
  static final long SEED = 13;

  /** 40..44N, 10..6W, 1 degree. */
  static final ForecastRun EARLIER = run(Instant.parse("2026-11-21T00:00:00Z"));

  static final ForecastRun LATER = run(Instant.parse("2026-11-21T06:00:00Z"));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final MediaType COVERAGE_JSON =
      MediaType.parseMediaType("application/prs.coverage+json");
  private static final MediaType GEO_JSON = MediaType.parseMediaType("application/geo+json");

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void bothRunsAreLoadedTheLaterPublished() throws Exception {
    RunFixtures.ensureEarlierAndLaterRuns(
        client,
        publishedRuns,
        new SyntheticForecastSource(EARLIER, SEED),
        new SyntheticForecastSource(LATER, SEED));
  }

  @Test
  void theLandingPageAndConformanceLinkAndDeclareTheClasses() throws Exception {
    JsonNode landing = ok(http.getForEntity("/edr", String.class));
    List<String> rels = new ArrayList<>();
    landing.path("links").forEach(l -> rels.add(l.path("rel").asText()));
    assertThat(rels).contains("self", "conformance", "data", "service-desc");

    JsonNode conformance = ok(http.getForEntity("/edr/conformance", String.class));
    assertThat(conformance.path("conformsTo").toString())
        .contains("http://www.opengis.net/spec/ogcapi-edr-1/1.0/conf/core")
        .contains("http://www.opengis.net/spec/ogcapi-edr-1/1.0/conf/covjson")
        .contains("http://www.opengis.net/spec/ogcapi-edr-1/1.0/conf/oas30")
        .contains("http://www.opengis.net/spec/ogcapi-edr-1/1.0/conf/geojson");
  }

  /**
   * Abstract Test 136 (/conf/locations) and Abstract Tests 20, 21 (/conf/geojson/definition,
   * content) of the OGC suite, which checks GeoJSON through the locations query: the collection
   * offers it, the list answers 200 without parameters in GeoJSON, and a location answers as the
   * position query at its coordinates; an unknown locId is 404 naming it.
   */
  @Test
  void theLocationsAreNamedPlacesAnsweredAsPositions() throws Exception {
    JsonNode collection = ok(http.getForEntity("/edr/collections/" + MODEL, String.class));
    assertThat(collection.path("data_queries").has("locations")).isTrue();
    String list = "/edr/collections/" + MODEL + "/locations";
    ResponseEntity<String> response = http.getForEntity(list + "?f=GeoJSON", String.class);
    JsonNode places = ok(response);
    assertThat(places.path("type").asText()).isEqualTo("FeatureCollection");
    assertThat(places.path("features").size()).isPositive();
    JsonNode first = places.path("features").get(0);
    assertThat(first.path("geometry").path("type").asText()).isEqualTo("Point");
    assertThat(ok(http.getForEntity(list, String.class)).path("features"))
        .hasSameSizeAs(places.path("features"));
    assertThat(first.path("id").asText()).isEqualTo("porto");
    assertThat(first.path("properties").path("name").asText()).isEqualTo("Porto");
    assertThat(first.path("geometry").path("coordinates").toString()).isEqualTo("[-8.61,41.15]");
    JsonNode atPlace = ok(http.getForEntity(list + "/porto?z=250", String.class));
    JsonNode atPoint =
        ok(
            http.getForEntity(
                "/edr/collections/" + MODEL + "/position?coords=POINT(-8.61 41.15)&z=250",
                String.class));
    assertThat(atPlace).isEqualTo(atPoint);
    JsonNode features =
        ok(http.getForEntity(list + "/porto?z=250&f=GeoJSON", String.class)).path("features");
    assertThat(features).hasSize(3);
    problem(list + "/nowhere?z=250", 404, "locId");
    problem(list + "?f=csv", 400, "f");
    problem(list + "/porto?z=250&datetime=soon", 400, "datetime");
  }

  /**
   * Abstract Tests 2 and 3 (/conf/core/root-op, root-success) and 6 (/conf/core/conformance) of the
   * OGC suite ets-ogcapi-edr10: the landing page at the API's base, with and without the slash, as
   * the suite asks for it (f=application/json); the conformance with a slash too.
   */
  @Test
  void theLandingPageIsAtTheBaseWithAndWithoutTheSlash() throws Exception {
    for (String path : new String[] {"/edr", "/edr/", "/edr/?f=application/json", "/edr?f=json"}) {
      JsonNode landing = ok(http.getForEntity(path, String.class));
      assertThat(landing.path("links").toString()).as(path).contains("\"service-desc\"");
    }
    assertThat(ok(http.getForEntity("/edr/conformance/", String.class)).path("conformsTo").size())
        .isPositive();
  }

  /**
   * Abstract Tests 4 and 5 (/conf/core/api-definition, api-definition-success): the landing page's
   * service-desc link names OpenAPI 3.0, and the document it leads to is OpenAPI 3.0 with its
   * server at the EDR base and the paths below it; Abstract Tests 36, 54, 70, 92
   * (/conf/edr/rc-coords-definition) and 42, 58, 74 (/conf/core/datetime-definition): coords and
   * bbox required, bbox an array, datetime style form, explode false.
   */
  @Test
  void theApiDefinitionIsOpenApi30OfTheEdrBase() throws Exception {
    JsonNode landing = ok(http.getForEntity("/edr", String.class));
    JsonNode desc = null;
    for (JsonNode link : landing.path("links")) {
      if (link.path("rel").asText().equals("service-desc")) {
        desc = link;
      }
    }
    assertThat(desc).isNotNull();
    String type = desc.path("type").asText();
    assertThat(type).isEqualTo("application/vnd.oai.openapi+json;version=3.0");
    org.springframework.http.HttpHeaders headers = new org.springframework.http.HttpHeaders();
    headers.setAccept(List.of(MediaType.parseMediaType(type)));
    ResponseEntity<String> response =
        http.exchange(
            desc.path("href").asText(),
            org.springframework.http.HttpMethod.GET,
            new org.springframework.http.HttpEntity<>(headers),
            String.class);
    JsonNode api = ok(response);
    assertThat(response.getHeaders().getContentType().toString()).startsWith("application/vnd.oai");
    assertThat(api.path("openapi").asText()).startsWith("3.0.");
    assertThat(api.path("servers").get(0).path("url").asText()).endsWith("/edr");
    JsonNode paths = api.path("paths");
    assertThat(paths.has("/")).isTrue();
    assertThat(paths.has("/conformance")).isTrue();
    assertThat(paths.has("/collections")).isTrue();
    assertThat(paths.has("/collections/{model}/position")).isTrue();
    assertThat(paths.has("/v1/spot") || paths.has("/edr/collections")).isFalse();
    assertThat(api.toString()).doesNotContain("\"null\"]");
    for (String query : new String[] {"position", "area", "radius", "trajectory", "cube"}) {
      JsonNode parameters =
          paths.path("/collections/{model}/" + query).path("get").path("parameters");
      for (JsonNode parameter : parameters) {
        String name = parameter.path("name").asText();
        if (name.equals("coords") || name.equals("bbox")) {
          assertThat(parameter.path("required").asBoolean()).as(query + " " + name).isTrue();
        }
        if (name.equals("bbox")) {
          assertThat(parameter.path("schema").path("type").asText()).isEqualTo("array");
          assertThat(parameter.path("explode").asBoolean(true)).isFalse();
        }
        if (name.equals("datetime")) {
          assertThat(parameter.path("style").asText()).as(query).isEqualTo("form");
          assertThat(parameter.path("explode").isBoolean()).as(query).isTrue();
          assertThat(parameter.path("explode").asBoolean()).as(query).isFalse();
        }
      }
    }
  }

  /**
   * Abstract Test 41 (/conf/edr/rc-z-response) of the OGC suite: without z, parameters with levels
   * are answered at every level (a VerticalProfile at an instant, a Grid of one point over t and z
   * for an interval), each value the one z= answers.
   */
  @Test
  void withoutZAPositionAnswersEveryLevel() throws Exception {
    String position =
        "/edr/collections/" + MODEL + "/position?coords=POINT(-8 42)&parameter-name=t";
    JsonNode all = ok(http.getForEntity(position, String.class));
    assertThat(all.path("domain").path("domainType").asText()).isEqualTo("Grid");
    JsonNode axes = all.path("domain").path("axes");
    assertThat(axes.path("z").path("values").toString()).isEqualTo("[0.0,500.0]");
    int times = axes.path("t").path("values").size();
    assertThat(times).isEqualTo(3);
    JsonNode range = all.path("ranges").path("t");
    assertThat(range.path("axisNames").toString()).isEqualTo("[\"t\",\"z\"]");
    assertThat(range.path("shape").toString()).isEqualTo("[3,2]");
    double[] levels = {0, 500};
    for (int z = 0; z < 2; z++) {
      JsonNode one =
          ok(http.getForEntity(position + "&z=" + (int) levels[z], String.class))
              .path("ranges")
              .path("t")
              .path("values");
      for (int t = 0; t < times; t++) {
        assertThat(range.path("values").get(t * 2 + z)).isEqualTo(one.get(t));
      }
    }
    JsonNode profile =
        ok(http.getForEntity(position + "&datetime=2026-11-21T09:00:00Z", String.class));
    assertThat(profile.path("domain").path("domainType").asText()).isEqualTo("VerticalProfile");
    assertThat(profile.path("ranges").path("t").path("shape").toString()).isEqualTo("[1,2]");
    JsonNode features =
        ok(http.getForEntity(position + "&f=GeoJSON", String.class)).path("features");
    assertThat(features).hasSize(6);
    assertThat(features.get(1).path("properties").path("z").asDouble()).isEqualTo(500);
  }

  @Test
  void theCollectionsListTheModelWithItsParametersAndExtents() throws Exception {
    JsonNode collections =
        ok(http.getForEntity("/edr/collections", String.class)).path("collections");
    JsonNode model = null;
    for (JsonNode c : collections) {
      if (c.path("id").asText().equals(MODEL)) {
        model = c;
      }
    }
    assertThat(model).as("%s in %s", MODEL, collections).isNotNull();
    assertThat(ok(http.getForEntity("/edr/collections/" + MODEL, String.class))).isEqualTo(model);

    JsonNode extent = model.path("extent");
    assertThat(extent.path("spatial").path("bbox").toString())
        .isEqualTo("[[-10.0,40.0,-6.0,44.0]]");
    assertThat(extent.path("temporal").path("interval").toString())
        .isEqualTo("[[\"2026-11-21T06:00:00Z\",\"2026-11-21T12:00:00Z\"]]");
    assertThat(extent.path("temporal").path("values")).hasSize(3);
    assertThat(extent.path("vertical").path("values").toString()).isEqualTo("[\"0\",\"500\"]");
    assertThat(model.path("level_types").get(0).path("type").asText())
        .isEqualTo("height above ground");
    assertThat(model.path("level_types").get(0).path("levels").toString()).isEqualTo("[0.0,500.0]");

    JsonNode parameters = model.path("parameter_names");
    List<String> names = new ArrayList<>();
    parameters.fieldNames().forEachRemaining(names::add);
    // Stored, then the wind, then the derived variables the spot makes from them.
    assertThat(names)
        .containsExactly(
            "t",
            "u",
            "v",
            "rh",
            "pres",
            "wind_speed",
            "wind_direction",
            "dew_point",
            "apparent_temperature",
            "is_day");
    assertThat(parameters.path("t").path("type").asText()).isEqualTo("Parameter");
    assertThat(parameters.path("t").path("unit").path("symbol").asText()).isEqualTo("K");
    assertThat(parameters.path("t").path("observedProperty").path("label").path("en").asText())
        .isEqualTo("Air temperature");
    assertThat(parameters.path("wind_direction").path("unit").path("symbol").asText())
        .isEqualTo("deg");

    JsonNode position = model.path("data_queries").path("position").path("link");
    assertThat(position.path("href").asText()).endsWith("/edr/collections/" + MODEL + "/position");
    assertThat(position.path("variables").path("query_type").asText()).isEqualTo("position");
    assertThat(model.path("output_formats").toString()).isEqualTo("[\"CoverageJSON\",\"GeoJSON\"]");
    assertThat(model.path("crs").toString()).isEqualTo("[\"CRS84\"]");
  }

  @Test
  void theInstancesAreTheModelsRuns() throws Exception {
    JsonNode instances =
        ok(http.getForEntity("/edr/collections/" + MODEL + "/instances", String.class))
            .path("instances");
    List<String> ids = new ArrayList<>();
    instances.forEach(i -> ids.add(i.path("id").asText()));
    assertThat(ids).containsExactly("2026112106", "2026112100");
    assertThat(instances.get(1).path("extent").path("temporal").path("interval").toString())
        .isEqualTo("[[\"2026-11-21T00:00:00Z\",\"2026-11-21T06:00:00Z\"]]");
    assertThat(
            instances
                .get(1)
                .path("data_queries")
                .path("position")
                .path("link")
                .path("href")
                .asText())
        .endsWith("/edr/collections/" + MODEL + "/instances/2026112100/position");
    assertThat(
            ok(http.getForEntity(
                    "/edr/collections/" + MODEL + "/instances/2026112100", String.class))
                .path("id")
                .asText())
        .isEqualTo("2026112100");
  }

  @Test
  void aPositionAtAGridPointIsWhatTheSeriesAnswers() throws Exception {
    // 352E is 8W: the longitude is normalised as /v1 does.
    for (String coords : new String[] {"POINT(-8 42)", "POINT(352 42)"}) {
      ResponseEntity<String> response =
          http.getForEntity(
              "/edr/collections/" + MODEL + "/position?coords=" + coords + "&z=250", String.class);
      assertThat(response.getHeaders().getContentType()).isEqualTo(COVERAGE_JSON);
      JsonNode coverage = ok(response);
      JsonNode series =
          ok(
              http.getForEntity(
                  "/v1/series?model=" + MODEL + "&lat=42&lon=-8&alt=250", String.class));
      assertSameAsSeries(coverage, series, 250);
    }

    // Another parameter set and an interval: the steps in it.
    JsonNode part =
        ok(
            http.getForEntity(
                "/edr/collections/"
                    + MODEL
                    + "/position?coords=POINT(-7 43)&z=500"
                    + "&parameter-name=t,wind_speed&datetime=2026-11-21T08:00:00Z/..",
                String.class));
    JsonNode partSeries =
        ok(
            http.getForEntity(
                "/v1/series?model="
                    + MODEL
                    + "&lat=43&lon=-7&alt=500&params=t,u,v&from=2026-11-21T08:00:00Z",
                String.class));
    assertThat(part.path("domain").path("axes").path("t").path("values").toString())
        .isEqualTo("[\"2026-11-21T09:00:00Z\",\"2026-11-21T12:00:00Z\"]");
    List<String> ranges = new ArrayList<>();
    part.path("ranges").fieldNames().forEachRemaining(ranges::add);
    assertThat(ranges).containsExactly("t", "wind_speed");
    assertSameAsSeries(part, partSeries, 500);

    // The earlier run, as an instance: what run= of /v1/series answers.
    JsonNode earlier =
        ok(
            http.getForEntity(
                "/edr/collections/"
                    + MODEL
                    + "/instances/2026112100/position?coords=POINT(-8 42)&z=250",
                String.class));
    assertSameAsSeries(
        earlier,
        ok(
            http.getForEntity(
                "/v1/series?model=" + MODEL + "&lat=42&lon=-8&alt=250&run=2026112100",
                String.class)),
        250);
  }

  @Test
  void anInstantIsInterpolatedInTimeAsTheSpotIs() throws Exception {
    JsonNode coverage =
        ok(
            http.getForEntity(
                "/edr/collections/"
                    + MODEL
                    + "/position?coords=POINT(-8.3 41.6)&z=100&datetime=2026-11-21T07:30:00Z",
                String.class));
    JsonNode spot =
        ok(
            http.getForEntity(
                "/v1/spot?model=" + MODEL + "&lat=41.6&lon=-8.3&alt=100&time=2026-11-21T07:30:00Z",
                String.class));
    assertThat(coverage.path("domain").path("axes").path("t").path("values").toString())
        .isEqualTo("[\"2026-11-21T07:30:00Z\"]");
    spot.path("values")
        .properties()
        .forEach(
            e -> {
              JsonNode range = coverage.path("ranges").path(e.getKey());
              assertThat(range.path("shape").toString()).isEqualTo("[1]");
              assertThat(range.path("values").get(0))
                  .as(e.getKey())
                  .isEqualTo(e.getValue().path("value"));
              assertThat(
                      coverage
                          .path("parameters")
                          .path(e.getKey())
                          .path("unit")
                          .path("symbol")
                          .asText())
                  .isEqualTo(e.getValue().path("unit").asText());
            });
  }

  @Test
  void geoJsonHasAPointFeaturePerTime() throws Exception {
    ResponseEntity<String> response =
        http.getForEntity(
            "/edr/collections/"
                + MODEL
                + "/position?coords=POINT(-8 42)&z=250&f=GeoJSON&parameter-name=t,rh",
            String.class);
    assertThat(response.getHeaders().getContentType()).isEqualTo(GEO_JSON);
    JsonNode collection = ok(response);
    JsonNode series =
        ok(
            http.getForEntity(
                "/v1/series?model=" + MODEL + "&lat=42&lon=-8&alt=250&params=t,rh", String.class));
    assertThat(collection.path("type").asText()).isEqualTo("FeatureCollection");
    JsonNode features = collection.path("features");
    assertThat(features).hasSize(3);
    for (int i = 0; i < 3; i++) {
      JsonNode feature = features.get(i);
      JsonNode step = series.path("steps").get(i);
      assertThat(feature.path("geometry").toString())
          .isEqualTo("{\"type\":\"Point\",\"coordinates\":[-8.0,42.0]}");
      assertThat(feature.path("properties").path("datetime").asText())
          .isEqualTo(step.path("time").asText());
      assertThat(feature.path("properties").path("t"))
          .isEqualTo(step.path("values").path("t").path("value"));
      assertThat(feature.path("properties").path("rh"))
          .isEqualTo(step.path("values").path("rh").path("value"));
    }
  }

  @Test
  void withoutFAnAcceptHeaderChoosesGeoJson() throws Exception {
    HttpHeaders headers = new HttpHeaders();
    headers.setAccept(List.of(GEO_JSON));
    ResponseEntity<String> response =
        http.exchange(
            "/edr/collections/" + MODEL + "/position?coords=POINT(-8 42)&z=250&parameter-name=t",
            HttpMethod.GET,
            new HttpEntity<>(headers),
            String.class);
    assertThat(response.getHeaders().getContentType()).isEqualTo(GEO_JSON);
    assertThat(ok(response).path("features")).hasSize(3);
  }

  @Test
  void badInputIsABadRequestNamingTheParameter() throws Exception {
    String position = "/edr/collections/" + MODEL + "/position?";
    problem(position + "z=250", 400, "coords");
    JsonNode line = problem(position + "coords=LINESTRING(0 40, 1 41)&z=250", 400, "coords");
    assertThat(line.path("detail").asText()).contains("only POINT");
    problem(position + "coords=POINT(-8)&z=250", 400, "coords");
    problem(position + "coords=POINT(-8 95)&z=250", 400, "coords");
    problem(position + "coords=POINT(NaN 42)&z=250", 400, "coords");
    problem(position + "coords=POINT(-8 42)&z=high", 400, "z");
    problem(position + "coords=POINT(-8 42)&parameter-name=t,2t", 400, "parameter-name");
    problem(position + "coords=POINT(-8 42)&z=250&datetime=soon", 400, "datetime");
    problem(position + "coords=POINT(-8 42)&z=250&datetime=2026-11-21T07:00:00", 400, "datetime");
    problem(
        position + "coords=POINT(-8 42)&z=250&datetime=2026-11-21T09:00:00Z/2026-11-21T07:00:00Z",
        400,
        "datetime");
    problem(position + "coords=POINT(-8 42)&z=250&parameter-name=nosuch", 400, "parameter-name");
    problem(position + "coords=POINT(-8 42)&z=250&f=csv", 400, "f");
    // Well-formed but outside the run: 422 as for /v1/spot and /v1/series, naming the EDR
    // parameter.
    JsonNode before =
        problem(
            position + "coords=POINT(-8 42)&z=250&datetime=2026-11-21T05:00:00Z", 422, "datetime");
    assertThat(before.path("detail").asText())
        .contains("valid: 2026-11-21T06:00:00Z..2026-11-21T12:00:00Z");
    problem(
        position + "coords=POINT(-8 42)&z=250&datetime=../2026-11-21T05:00:00Z", 422, "datetime");
    problem(position + "coords=POINT(-8 42)&z=2500", 422, "z");
    problem(position + "coords=POINT(5 42)&z=250", 422, "coords");
  }

  @Test
  void unknownModelsAndInstancesAreNotFound() throws Exception {
    problem("/edr/collections/nosuchmodel", 404, "model");
    problem("/edr/collections/nosuchmodel/instances", 404, "model");
    problem("/edr/collections/nosuchmodel/position?coords=POINT(-8 42)&z=250", 404, "model");
    problem(
        "/edr/collections/" + MODEL + "/instances/2026112012/position?coords=POINT(-8 42)&z=250",
        404,
        "instanceId");
    problem("/edr/collections/" + MODEL + "/instances/2026112012", 404, "instanceId");
  }

  @Test
  void theEndpointsAreDocumentedInOpenApi() throws Exception {
    JsonNode paths = JSON.readTree(http.getForObject("/v3/api-docs", String.class)).path("paths");
    assertThat(paths.has("/edr")).isTrue();
    assertThat(paths.has("/edr/conformance")).isTrue();
    assertThat(paths.has("/edr/collections")).isTrue();
    assertThat(paths.has("/edr/collections/{model}")).isTrue();
    assertThat(paths.has("/edr/collections/{model}/instances")).isTrue();
    assertThat(paths.path("/edr/collections/{model}/position").path("get").toString())
        .contains("\"coords\"")
        .contains("\"z\"")
        .contains("\"datetime\"")
        .contains("\"parameter-name\"")
        .contains("\"f\"")
        .contains("application/prs.coverage+json")
        .contains("application/geo+json");
    assertThat(paths.has("/edr/collections/{model}/instances/{instanceId}/position")).isTrue();
    for (String query : new String[] {"area", "cube", "radius"}) {
      assertThat(paths.path("/edr/collections/{model}/" + query).path("get").toString())
          .as(query)
          .contains("\"z\"")
          .contains("\"datetime\"")
          .contains("\"parameter-name\"")
          .contains("\"f\"")
          .doesNotContain("\"parameterName\"")
          .doesNotContain("\"accept\"");
      assertThat(
              paths
                  .path("/edr/collections/{model}/" + query)
                  .path("get")
                  .path("responses")
                  .has("413"))
          .as(query)
          .isTrue();
      assertThat(
              paths
                  .path("/edr/collections/{model}/" + query)
                  .path("get")
                  .path("responses")
                  .has("422"))
          .as(query)
          .isTrue();
    }
    assertThat(paths.path("/edr/collections/{model}/trajectory").path("get").toString())
        .contains("\"coords\"");
    assertThat(
            JSON.readTree(http.getForObject("/v3/api-docs", String.class))
                .path("paths")
                .path("/v1/spot")
                .path("get")
                .toString())
        .contains("\"cell_selection\"")
        .contains("\"elevation\"")
        .contains("\"ensemble\"")
        .doesNotContain("\"cellSelection\"");
  }

  /** Every range of the coverage holds, step by step, the value the series answered. */
  private static void assertSameAsSeries(JsonNode coverage, JsonNode series, double z) {
    assertThat(coverage.path("type").asText()).isEqualTo("Coverage");
    JsonNode axes = coverage.path("domain").path("axes");
    assertThat(coverage.path("domain").path("domainType").asText()).isEqualTo("PointSeries");
    assertThat(axes.path("x").path("values").get(0).asDouble())
        .isEqualTo(series.path("lon").asDouble());
    assertThat(axes.path("y").path("values").get(0).asDouble())
        .isEqualTo(series.path("lat").asDouble());
    assertThat(axes.path("z").path("values").get(0).asDouble()).isEqualTo(z);
    JsonNode steps = series.path("steps");
    assertThat(axes.path("t").path("values")).hasSize(steps.size());
    assertThat(coverage.path("ranges").size()).isPositive();
    coverage
        .path("ranges")
        .properties()
        .forEach(
            range -> {
              JsonNode values = range.getValue().path("values");
              assertThat(range.getValue().path("shape").toString())
                  .isEqualTo("[" + steps.size() + "]");
              for (int i = 0; i < steps.size(); i++) {
                assertThat(axes.path("t").path("values").get(i).asText())
                    .isEqualTo(steps.get(i).path("time").asText());
                assertThat(values.get(i))
                    .as("%s at %s", range.getKey(), steps.get(i).path("time"))
                    .isEqualTo(steps.get(i).path("values").path(range.getKey()).path("value"));
              }
            });
  }

  private JsonNode ok(ResponseEntity<String> response) throws Exception {
    assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(200);
    return JSON.readTree(response.getBody());
  }

  private JsonNode problem(String url, int status, String parameter) throws Exception {
    ResponseEntity<String> response = http.getForEntity(url, String.class);
    assertThat(response.getStatusCode().value())
        .as(url + " -> " + response.getBody())
        .isEqualTo(status);
    assertThat(response.getHeaders().getContentType())
        .isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
    JsonNode problem = JSON.readTree(response.getBody());
    assertThat(problem.path("parameter").asText())
        .as(url + " -> " + response.getBody())
        .isEqualTo(parameter);
    return problem;
  }

  private static ForecastRun run(Instant runTime) {
    return ForecastRun.of(
        MODEL,
        runTime,
        RegularLatLonGrid.covering(40, -10, 44, -6, 1.0),
        LevelType.HEIGHT_ABOVE_GROUND,
        List.of(0.0, 500.0),
        List.of(0, 3, 6),
        SyntheticWeather.PARAMETERS,
        ShardingSpec.DEFAULT);
  }
}
