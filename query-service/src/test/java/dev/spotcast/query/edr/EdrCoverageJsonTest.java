package dev.spotcast.query.edr;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.query.spot.SeriesForecast;
import dev.spotcast.query.spot.SpotForecast;
import dev.spotcast.query.spot.Vertical;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The CoverageJSON and GeoJSON of a series: their shape, checked against the CoverageJSON rules.
 */
class EdrCoverageJsonTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Instant RUN = Instant.parse("2026-11-21T00:00:00Z");

  private static SeriesForecast series() {
    List<SeriesForecast.Step> steps = new ArrayList<>();
    for (int s = 0; s < 3; s++) {
      Map<String, SpotForecast.Value> values = new LinkedHashMap<>();
      values.put("t", SpotForecast.Value.of(280 + s, "K"));
      values.put(
          "rh",
          s == 1
              ? SpotForecast.Value.unavailable("%", "no value at level 500")
              : SpotForecast.Value.of(50 + s, "%"));
      steps.add(new SeriesForecast.Step(s, RUN.plusSeconds(3600L * s), values));
    }
    return new SeriesForecast(
        "m",
        RUN,
        45.5,
        -160,
        750.0,
        null,
        "idw",
        Map.of("t", "K", "rh", "%"),
        steps,
        List.of(),
        null,
        false);
  }

  @Test
  void aPointSeriesCoverageWithOneNdArrayPerParameterAlongT() throws Exception {
    PointSamples samples = PointSamples.of(series(), Vertical.height(750), List.of());
    JsonNode coverage = JSON.valueToTree(CoverageJson.of(samples));

    assertThat(coverage.path("type").asText()).isEqualTo("Coverage");
    JsonNode domain = coverage.path("domain");
    assertThat(domain.path("type").asText()).isEqualTo("Domain");
    assertThat(domain.path("domainType").asText()).isEqualTo("PointSeries");
    assertThat(names(domain.path("axes"))).containsExactly("x", "y", "z", "t");
    assertThat(domain.path("axes").path("x").path("values").toString()).isEqualTo("[-160.0]");
    assertThat(domain.path("axes").path("y").path("values").toString()).isEqualTo("[45.5]");
    assertThat(domain.path("axes").path("z").path("values").toString()).isEqualTo("[750.0]");
    assertThat(domain.path("axes").path("t").path("values").toString())
        .isEqualTo("[\"2026-11-21T00:00:00Z\",\"2026-11-21T01:00:00Z\",\"2026-11-21T02:00:00Z\"]");

    // Every axis is referenced exactly once; x, y by CRS84, t by a Gregorian TemporalRS, z by a
    // VerticalCRS.
    List<String> referenced = new ArrayList<>();
    for (JsonNode r : domain.path("referencing")) {
      r.path("coordinates").forEach(c -> referenced.add(c.asText()));
      String type = r.path("system").path("type").asText();
      switch (r.path("coordinates").get(0).asText()) {
        case "x" -> {
          assertThat(type).isEqualTo("GeographicCRS");
          assertThat(r.path("system").path("id").asText())
              .isEqualTo("http://www.opengis.net/def/crs/OGC/1.3/CRS84");
        }
        case "t" -> {
          assertThat(type).isEqualTo("TemporalRS");
          assertThat(r.path("system").path("calendar").asText()).isEqualTo("Gregorian");
        }
        case "z" -> {
          assertThat(type).isEqualTo("VerticalCRS");
          assertThat(
                  r.path("system")
                      .path("cs")
                      .path("csAxes")
                      .get(0)
                      .path("unit")
                      .path("symbol")
                      .asText())
              .isEqualTo("m");
        }
        default -> throw new AssertionError("unexpected referencing " + r);
      }
    }
    assertThat(referenced).containsExactlyInAnyOrder("x", "y", "z", "t");

    assertThat(names(coverage.path("parameters"))).containsExactly("t", "rh");
    JsonNode t = coverage.path("parameters").path("t");
    assertThat(t.path("type").asText()).isEqualTo("Parameter");
    assertThat(t.path("description").path("en").asText()).contains("Air temperature");
    assertThat(t.path("unit").path("symbol").asText()).isEqualTo("K");
    assertThat(t.path("observedProperty").path("label").path("en").asText())
        .isEqualTo("Air temperature");

    assertThat(names(coverage.path("ranges"))).containsExactly("t", "rh");
    for (String name : List.of("t", "rh")) {
      JsonNode range = coverage.path("ranges").path(name);
      assertThat(range.path("type").asText()).isEqualTo("NdArray");
      assertThat(range.path("dataType").asText()).isEqualTo("float");
      // The shape gives the length of each axis named, in the domain; values hold their product.
      int product = 1;
      for (int i = 0; i < range.path("axisNames").size(); i++) {
        String axis = range.path("axisNames").get(i).asText();
        int length = range.path("shape").get(i).asInt();
        assertThat(domain.path("axes").path(axis).path("values").size()).isEqualTo(length);
        product *= length;
      }
      assertThat(range.path("values").size()).isEqualTo(product);
    }
    assertThat(coverage.path("ranges").path("t").path("values").toString())
        .isEqualTo("[280.0,281.0,282.0]");
    assertThat(coverage.path("ranges").path("rh").path("values").toString())
        .isEqualTo("[50.0,null,52.0]");
  }

  @Test
  void withoutALevelThereIsNoZAxis() {
    PointSamples samples = PointSamples.of(series(), null, List.of("rh"));
    JsonNode coverage = JSON.valueToTree(CoverageJson.of(samples));
    assertThat(names(coverage.path("domain").path("axes"))).containsExactly("x", "y", "t");
    assertThat(coverage.path("domain").path("referencing")).hasSize(2);
    assertThat(names(coverage.path("ranges"))).containsExactly("rh");
  }

  @Test
  void aSpotAnswerIsASeriesOfOneTime() {
    Map<String, SpotForecast.Value> values = new LinkedHashMap<>();
    values.put("t", SpotForecast.Value.of(281.5, "K"));
    SpotForecast spot =
        new SpotForecast(
            "m",
            RUN,
            RUN.plusSeconds(5400),
            45.5,
            5.25,
            null,
            850.0,
            "idw",
            values,
            List.of(),
            List.of(),
            List.of());
    JsonNode coverage =
        JSON.valueToTree(CoverageJson.of(PointSamples.of(spot, Vertical.pressure(850), List.of())));
    assertThat(coverage.path("domain").path("axes").path("t").path("values").toString())
        .isEqualTo("[\"2026-11-21T01:30:00Z\"]");
    assertThat(coverage.path("ranges").path("t").path("shape").toString()).isEqualTo("[1]");
    assertThat(
            coverage
                .path("domain")
                .path("referencing")
                .get(1)
                .path("system")
                .path("cs")
                .path("csAxes")
                .get(0)
                .path("direction")
                .asText())
        .isEqualTo("down");
  }

  @Test
  void geoJsonHasOnePointFeaturePerTime() {
    JsonNode collection =
        JSON.valueToTree(GeoJson.of(PointSamples.of(series(), Vertical.height(750), List.of())));
    assertThat(collection.path("type").asText()).isEqualTo("FeatureCollection");
    assertThat(collection.path("features")).hasSize(3);
    JsonNode second = collection.path("features").get(1);
    assertThat(second.path("type").asText()).isEqualTo("Feature");
    assertThat(second.path("geometry").toString())
        .isEqualTo("{\"type\":\"Point\",\"coordinates\":[-160.0,45.5]}");
    assertThat(second.path("properties").toString())
        .isEqualTo("{\"datetime\":\"2026-11-21T01:00:00Z\",\"z\":750.0,\"t\":281.0,\"rh\":null}");
    assertThat(collection.path("parameters").path("rh").path("unit").path("symbol").asText())
        .isEqualTo("%");
  }

  private static List<String> names(JsonNode object) {
    List<String> names = new ArrayList<>();
    Iterator<String> it = object.fieldNames();
    it.forEachRemaining(names::add);
    return names;
  }
}
