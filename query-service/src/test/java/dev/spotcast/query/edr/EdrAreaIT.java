package dev.spotcast.query.edr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.api.SpotApiIT;
import dev.spotcast.query.catalog.PublishedRuns;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiPredicate;
import net.sf.geographiclib.Geodesic;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.io.WKTReader;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.ResponseEntity;

/**
 * EDR area, cube, radius and trajectory queries on {@link SpotApiIT}'s run (1 degree, 40..50N,
 * 10W..10E) against the real Elasticsearch: the grid points answered are exactly those the test
 * finds inside the shape itself (JTS for the polygon, GeographicLib for the circle, the box by
 * hand), each with the value GET /v1/spot gives at that grid point with method=nearest; the
 * statistics are those of the values returned; a trajectory's values are GET /v1/spot's at each
 * vertex, time and level.
 */
class EdrAreaIT extends ServiceTestBase {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String MODEL = SpotApiIT.MODEL;
  private static final String TIME = "2026-11-21T04:20:00Z";

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void served() throws Exception {
    RunFixtures.spotRunServed(client, publishedRuns);
  }

  private JsonNode json(String path, int status) throws Exception {
    ResponseEntity<String> response = http.getForEntity(path, String.class);
    assertThat(response.getStatusCode().value())
        .as(path + ": " + response.getBody())
        .isEqualTo(status);
    return JSON.readTree(response.getBody());
  }

  /** The grid's points (lon, lat) that a test of their own keeps, as "lon lat" strings. */
  private static Set<String> gridPoints(BiPredicate<Double, Double> inside) {
    Set<String> points = new TreeSet<>();
    for (int lat = 40; lat <= 50; lat++) {
      for (int lon = -10; lon <= 10; lon++) {
        if (inside.test((double) lon, (double) lat)) {
          points.add(key(lon, lat));
        }
      }
    }
    return points;
  }

  private static String key(double lon, double lat) {
    return lon + " " + lat;
  }

  /** The (lon, lat) of a MultiPoint coverage's composite axis, as "lon lat" strings, in order. */
  private static List<String> answered(JsonNode coverage) {
    List<String> points = new ArrayList<>();
    for (JsonNode tuple : coverage.path("domain").path("axes").path("composite").path("values")) {
      points.add(key(tuple.get(0).asDouble(), tuple.get(1).asDouble()));
    }
    return points;
  }

  @Test
  void anAreaAnswersEveryGridPointInsideThePolygonWithItsValueAndStatistics() throws Exception {
    String polygon = "POLYGON((-5 41, 3 41, -1 47, -5 41))";
    Geometry shape = new WKTReader().read(polygon);
    GeometryFactory factory = new GeometryFactory();
    Set<String> expected =
        gridPoints((lon, lat) -> shape.covers(factory.createPoint(new Coordinate(lon, lat))));
    assertThat(expected).hasSizeGreaterThan(20);

    JsonNode coverage =
        json(
            "/edr/collections/"
                + MODEL
                + "/area?coords="
                + polygon
                + "&z=500&datetime="
                + TIME
                + "&parameter-name=t,u",
            200);
    assertThat(coverage.path("domain").path("domainType").asText()).isEqualTo("MultiPoint");
    List<String> points = answered(coverage);
    assertThat(new TreeSet<>(points)).isEqualTo(expected);
    assertThat(points).hasSameSizeAs(expected);
    assertThat(coverage.path("domain").path("axes").path("t").path("values").get(0).asText())
        .isEqualTo(TIME);
    assertThat(coverage.path("domain").path("axes").path("z").path("values").get(0).asDouble())
        .isEqualTo(500);

    JsonNode t = coverage.path("ranges").path("t").path("values");
    assertThat(t).hasSize(points.size());
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double sum = 0;
    for (int i = 0; i < t.size(); i++) {
      min = Math.min(min, t.get(i).asDouble());
      max = Math.max(max, t.get(i).asDouble());
      sum += t.get(i).asDouble();
    }
    JsonNode statistics = coverage.path("spotcast:statistics").path("t");
    assertThat(statistics.path("min").asDouble()).isEqualTo(min);
    assertThat(statistics.path("max").asDouble()).isEqualTo(max);
    assertThat(statistics.path("mean").asDouble()).isCloseTo(sum / t.size(), within(1e-9));
    assertThat(statistics.path("count").asInt()).isEqualTo(t.size());

    // Each value is the spot answer at that very grid point.
    for (int i : new int[] {0, points.size() / 2, points.size() - 1}) {
      String[] lonLat = points.get(i).split(" ");
      JsonNode spot =
          json(
              "/v1/spot?model="
                  + MODEL
                  + "&lat="
                  + lonLat[1]
                  + "&lon="
                  + lonLat[0]
                  + "&alt=500&method=nearest&params=t&time="
                  + TIME,
              200);
      assertThat(t.get(i).asDouble())
          .as(points.get(i))
          .isCloseTo(spot.path("values").path("t").path("value").asDouble(), within(1e-9));
    }

    JsonNode geo =
        json(
            "/edr/collections/"
                + MODEL
                + "/area?coords="
                + polygon
                + "&z=500&datetime="
                + TIME
                + "&parameter-name=t&f=GeoJSON",
            200);
    assertThat(geo.path("features")).hasSize(points.size());
    assertThat(geo.path("statistics").path("t").path("mean").asDouble())
        .isCloseTo(sum / t.size(), within(1e-9));
  }

  @Test
  void aCubeAndARadiusAnswerTheGridPointsInsideThem() throws Exception {
    JsonNode cube =
        json(
            "/edr/collections/"
                + MODEL
                + "/cube?bbox=-2.5,41,1,43.2&z=500&datetime="
                + TIME
                + "&parameter-name=t",
            200);
    assertThat(new TreeSet<>(answered(cube)))
        .isEqualTo(gridPoints((lon, lat) -> lon >= -2.5 && lon <= 1 && lat >= 41 && lat <= 43.2));

    // 150 km around 45N 0E: the points whose geodesic distance is at most 150 km.
    JsonNode radius =
        json(
            "/edr/collections/"
                + MODEL
                + "/radius?coords=POINT(0 45)&within=150&within-units=km&z=500"
                + "&datetime="
                + TIME
                + "&parameter-name=t",
            200);
    Set<String> within =
        gridPoints((lon, lat) -> Geodesic.WGS84.Inverse(45, 0, lat, lon).s12 <= 150_000);
    assertThat(within).hasSizeGreaterThan(4);
    assertThat(new TreeSet<>(answered(radius))).isEqualTo(within);
  }

  @Test
  void aTrajectoryAnswersEachVertexAsASpotRequestAtItsTimeAndLevel() throws Exception {
    String path =
        "LINESTRINGZM(-3.3 41.2 250 1795226400, 0.7 44.9 750 1795233600, 4.1 47.3 1500 1795237200)";
    JsonNode coverage =
        json(
            "/edr/collections/" + MODEL + "/trajectory?coords=" + path + "&parameter-name=t,u",
            200);
    assertThat(coverage.path("domain").path("domainType").asText()).isEqualTo("Trajectory");
    JsonNode tuples = coverage.path("domain").path("axes").path("composite").path("values");
    assertThat(tuples).hasSize(3);
    double[][] vertices = {{-3.3, 41.2, 250}, {0.7, 44.9, 750}, {4.1, 47.3, 1500}};
    String[] times = {"2026-11-21T02:00:00Z", "2026-11-21T04:00:00Z", "2026-11-21T05:00:00Z"};
    for (int i = 0; i < 3; i++) {
      assertThat(tuples.get(i).get(0).asText()).isEqualTo(times[i]);
      assertThat(tuples.get(i).get(3).asDouble()).isEqualTo(vertices[i][2]);
      JsonNode spot =
          json(
              "/v1/spot?model="
                  + MODEL
                  + "&lat="
                  + vertices[i][1]
                  + "&lon="
                  + vertices[i][0]
                  + "&alt="
                  + vertices[i][2]
                  + "&params=t,u&time="
                  + times[i],
              200);
      assertThat(coverage.path("ranges").path("t").path("values").get(i).asDouble())
          .isCloseTo(spot.path("values").path("t").path("value").asDouble(), within(1e-9));
      assertThat(coverage.path("ranges").path("u").path("values").get(i).asDouble())
          .isCloseTo(spot.path("values").path("u").path("value").asDouble(), within(1e-9));
    }
    // Without M and Z: every vertex at datetime and z.
    JsonNode plain =
        json(
            "/edr/collections/"
                + MODEL
                + "/trajectory?coords=LINESTRING(-3.3 41.2, 0.7 44.9)&z=500"
                + "&datetime="
                + TIME
                + "&parameter-name=t&f=GeoJSON",
            200);
    assertThat(plain.path("features")).hasSize(2);
    JsonNode spot =
        json("/v1/spot?model=" + MODEL + "&lat=44.9&lon=0.7&alt=500&params=t&time=" + TIME, 200);
    assertThat(plain.path("features").get(1).path("properties").path("t").asDouble())
        .isCloseTo(spot.path("values").path("t").path("value").asDouble(), within(1e-9));
  }

  /**
   * Abstract Tests 57 and 59 of the OGC suite (/conf/edr/rc-z-response,
   * /conf/core/datetime-response, area): an interval answers every step of the run inside it (a
   * MultiPointSeries), no z every level (a composite of x, y, z), each value the one the area query
   * at that instant and level answers.
   */
  @Test
  void anAreaOverAnIntervalWithoutZAnswersEveryStepAndLevel() throws Exception {
    String area =
        "/edr/collections/"
            + MODEL
            + "/area?coords=POLYGON((-2 44, 0 44, 0 46, -2 46, -2 44))&parameter-name=t";
    JsonNode all = json(area + "&datetime=2026-11-21T01:00:00Z/2026-11-21T03:00:00Z", 200);
    JsonNode domain = all.path("domain");
    assertThat(domain.path("domainType").asText()).isEqualTo("MultiPointSeries");
    assertThat(domain.path("axes").path("t").path("values").toString())
        .isEqualTo("[\"2026-11-21T01:00:00Z\",\"2026-11-21T02:00:00Z\",\"2026-11-21T03:00:00Z\"]");
    JsonNode composite = domain.path("axes").path("composite");
    assertThat(composite.path("coordinates").toString()).isEqualTo("[\"x\",\"y\",\"z\"]");
    assertThat(composite.path("values")).hasSize(9 * 4);
    JsonNode range = all.path("ranges").path("t");
    assertThat(range.path("axisNames").toString()).isEqualTo("[\"t\",\"composite\"]");
    assertThat(range.path("shape").toString()).isEqualTo("[3,36]");
    JsonNode at2 =
        json(area + "&z=500&datetime=2026-11-21T02:00:00Z", 200).path("domain").path("axes");
    JsonNode at2Values =
        json(area + "&z=500&datetime=2026-11-21T02:00:00Z", 200)
            .path("ranges")
            .path("t")
            .path("values");
    for (int p = 0; p < at2.path("composite").path("values").size(); p++) {
      JsonNode point = at2.path("composite").path("values").get(p);
      int c = -1;
      for (int i = 0; i < 36; i++) {
        JsonNode tuple = composite.path("values").get(i);
        if (tuple.get(0).equals(point.get(0))
            && tuple.get(1).equals(point.get(1))
            && tuple.get(2).asDouble() == 500) {
          c = i;
        }
      }
      assertThat(c).as("point %s", point).isNotNegative();
      assertThat(range.path("values").get(36 + c)).isEqualTo(at2Values.get(p));
    }
    JsonNode features =
        json(area + "&z=500&datetime=2026-11-21T01:00:00Z/2026-11-21T03:00:00Z&f=GeoJSON", 200)
            .path("features");
    assertThat(features).hasSize(27);
  }

  /**
   * Abstract Tests 91 and 93 of the OGC suite (/conf/trajectory): a LINESTRING with a datetime
   * interval and no z answers the whole path at every step inside, at every level.
   */
  @Test
  void aTrajectoryOverAnIntervalWithoutZAnswersEveryStepAndLevel() throws Exception {
    JsonNode coverage =
        json(
            "/edr/collections/"
                + MODEL
                + "/trajectory?coords=LINESTRING(-2 44, -1 45, 0 46)&parameter-name=t"
                + "&datetime=2026-11-21T01:00:00Z/2026-11-21T02:00:00Z",
            200);
    JsonNode composite = coverage.path("domain").path("axes").path("composite");
    assertThat(coverage.path("domain").path("domainType").asText()).isEqualTo("Trajectory");
    assertThat(composite.path("coordinates").toString()).isEqualTo("[\"t\",\"x\",\"y\",\"z\"]");
    assertThat(composite.path("values")).hasSize(2 * 3 * 4);
    assertThat(composite.path("values").get(0).get(0).asText()).isEqualTo("2026-11-21T01:00:00Z");
    assertThat(composite.path("values").get(12).get(0).asText()).isEqualTo("2026-11-21T02:00:00Z");
    assertThat(coverage.path("ranges").path("t").path("shape").toString()).isEqualTo("[24]");
  }

  @Test
  void badShapesTooLargeAreasAndIntervalsAreRefusedNamingTheParameter() throws Exception {
    String area = "/edr/collections/" + MODEL + "/area?z=500&datetime=" + TIME + "&coords=";
    assertThat(json(area + "POINT(0 45)", 400).path("parameter").asText()).isEqualTo("coords");
    assertThat(json(area + "POLYGON((0 45, 1 45))", 400).path("parameter").asText())
        .isEqualTo("coords");
    // The whole grid: 231 points, more than the 200 this test service allows.
    JsonNode tooLarge = json(area + "POLYGON((-11 39, 11 39, 11 51, -11 51, -11 39))", 413);
    assertThat(tooLarge.path("parameter").asText()).isEqualTo("coords");
    assertThat(tooLarge.path("detail").asText()).contains("more than 200 grid points");
    assertThat(
            json(area + "POLYGON((100 10, 101 10, 101 11, 100 10))", 422)
                .path("parameter")
                .asText())
        .isEqualTo("coords");
    // 9 points x 7 steps x 4 levels: 252 values per parameter, more than the 200 allowed.
    JsonNode tooMany =
        json(
            "/edr/collections/"
                + MODEL
                + "/area?coords=POLYGON((-2 44, 0 44, 0 46, -2 46, -2 44))&parameter-name=t"
                + "&datetime=2026-11-21T00:00:00Z/..",
            413);
    assertThat(tooMany.path("parameter").asText()).isEqualTo("datetime");
    // An interval with no step of the run inside: 422.
    assertThat(
            json(
                    "/edr/collections/"
                        + MODEL
                        + "/area?z=500&coords=POLYGON((-5 41, 3 41, -1 47, -5 41))"
                        + "&datetime=2026-11-22T01:00:00Z/2026-11-22T03:00:00Z",
                    422)
                .path("parameter")
                .asText())
        .isEqualTo("datetime");
    assertThat(json("/edr/collections/" + MODEL + "/cube?z=500", 400).path("parameter").asText())
        .isEqualTo("bbox");
    assertThat(
            json("/edr/collections/" + MODEL + "/cube?z=500&bbox=1,2,3", 400)
                .path("parameter")
                .asText())
        .isEqualTo("bbox");
    assertThat(
            json(
                    "/edr/collections/"
                        + MODEL
                        + "/radius?z=500&coords=POINT(0 45)&within=5&within-units=furlong",
                    400)
                .path("parameter")
                .asText())
        .isEqualTo("within-units");
    assertThat(
            json(
                    "/edr/collections/"
                        + MODEL
                        + "/trajectory?coords=LINESTRINGZ(0 45 500, 1 46 500)&z=500",
                    400)
                .path("parameter")
                .asText())
        .isEqualTo("z");
  }
}
