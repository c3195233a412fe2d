package dev.spotcast.query.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.ingestor.source.file.FieldRef;
import dev.spotcast.ingestor.source.file.FileForecastSource;
import dev.spotcast.ingestor.source.file.FileRuns;
import dev.spotcast.ingestor.source.file.ForecastFile;
import dev.spotcast.ingestor.source.file.ForecastFiles;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.ElasticsearchArc;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.SampleReference;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import net.sf.geographiclib.Geodesic;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.ResponseEntity;

/**
 * The real sample files, loaded through the file reader and the ingestor, answer spot queries with
 * what ECMWF's ecCodes reads from them: exactly at grid points, and as inverse-distance weighting
 * of the reference values between them; the NetCDF twin answers as its GRIB file; Lambert and
 * reduced Gaussian grids go through the geo-distance search.
 */
class SampleFilesIT extends ServiceTestBase {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Model id per sample file. */
  private static final Map<String, String> MODELS =
      Map.of(
          "uv_on_different_levels.grib", "it_uv_grib",
          "uv_on_different_levels.nc", "it_uv_nc",
          "lambert_grid.grib", "it_lambert",
          "reduced_gg.grib", "it_rgg",
          "regular_ll_msl.grib", "it_msl",
          "hpa_and_pa.grib", "it_hpa",
          "t_on_different_level_types.grib", "it_tlevels");

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void samplesAreServed() throws Exception {
    for (Map.Entry<String, String> sample : MODELS.entrySet()) {
      try (ForecastFile file =
          ForecastFiles.open(SampleReference.samples().resolve(sample.getKey()))) {
        List<FieldRef> fields = file.fields();
        for (FileForecastSource source :
            FileRuns.assemble(sample.getValue(), fields, Set.of(), ShardingSpec.DEFAULT)) {
          RunFixtures.ensurePublished(client, source);
          RunFixtures.awaitServed(publishedRuns, source.run().model(), source.run().runId());
        }
      }
    }
  }

  @Test
  void atGridPointsTheAnswerIsEcCodesValueOnIsobaricLevels() throws Exception {
    List<SampleReference> rows = sampleOf(SampleReference.read("uv_on_different_levels"), 60);
    for (SampleReference row : rows) {
      JsonNode body =
          ok(
              spot(
                  "it_uv_grib",
                  row.lat(),
                  row.lon(),
                  "&pressure=" + plain(row.apiLevel()),
                  row.validTime(),
                  4,
                  row.shortName()));
      assertValue(body, row, "uv grib");
      assertThat(body.path("neighbours").get(0).path("point").asInt()).isEqualTo(row.point());
      assertThat(body.path("neighbours").get(0).path("weight").asDouble()).isEqualTo(1.0);
    }
  }

  @Test
  void theNetcdfTwinAnswersAsTheGribFile() throws Exception {
    for (SampleReference row : sampleOf(SampleReference.read("uv_on_different_levels"), 40)) {
      String vertical = "&pressure=" + plain(row.apiLevel());
      JsonNode grib =
          ok(
              spot(
                  "it_uv_grib",
                  row.lat() + 0.7,
                  row.lon() + 1.3,
                  vertical,
                  row.validTime(),
                  4,
                  ""));
      JsonNode netcdf =
          ok(spot("it_uv_nc", row.lat() + 0.7, row.lon() + 1.3, vertical, row.validTime(), 4, ""));
      assertThat(netcdf.path("values"))
          .as("NetCDF vs GRIB at %s", row)
          .isEqualTo(grib.path("values"));
      assertThat(netcdf.path("neighbours")).isEqualTo(grib.path("neighbours"));
      assertValue(
          ok(spot("it_uv_nc", row.lat(), row.lon(), vertical, row.validTime(), 4, row.shortName())),
          row,
          "uv nc");
    }
  }

  @Test
  void betweenGridPointsTheAnswerIsInverseDistanceWeightingOfTheReferenceValues() throws Exception {
    List<SampleReference> all = SampleReference.read("uv_on_different_levels");
    Map<Integer, List<SampleReference>> byMessage =
        all.stream().collect(Collectors.groupingBy(SampleReference::message));
    SplittableRandom random = new SplittableRandom(3);
    for (int i = 0; i < 30; i++) {
      List<SampleReference> message = byMessage.get(random.nextInt(byMessage.size()));
      double lat = -80 + random.nextDouble() * 160;
      double lon = -180 + random.nextDouble() * 360;
      int n = 1 + random.nextInt(8);
      SampleReference any = message.getFirst();
      JsonNode body =
          ok(
              spot(
                  "it_uv_grib",
                  lat,
                  lon,
                  "&pressure=" + plain(any.apiLevel()),
                  any.validTime(),
                  n,
                  any.shortName()));
      assertThat(body.path("values").path(any.shortName()).path("value").asDouble())
          .as("%s at %s, %s, n=%d", any.shortName(), lat, lon, n)
          .isCloseTo(idw(message, lat, lon, n), within(1e-4));
    }
  }

  @Test
  void aParameterOnFewerLevelsIsAnsweredWhereItExistsAndUnavailableElsewhere() throws Exception {
    // v is on 1000, 700 and 500 hPa; u on 1000, 850, 700, 500 and 400.
    List<SampleReference> rows = SampleReference.read("uv_on_different_levels");
    SampleReference v700 = find(rows, "v", 700, 0);
    SampleReference v500 = find(rows, "v", 500, v700.point(), v700.validTime());
    Instant time = v700.validTime();

    JsonNode at850 = ok(spot("it_uv_grib", v700.lat(), v700.lon(), "&pressure=850", time, 4, ""));
    assertThat(at850.path("values").path("u").path("value").isNumber()).isTrue();
    assertThat(at850.path("values").path("v").path("value").isNull()).isTrue();
    assertThat(at850.path("values").path("v").path("reason").asText())
        .startsWith("v has no value at 850 hPa");

    JsonNode at775 = ok(spot("it_uv_grib", v700.lat(), v700.lon(), "&pressure=775", time, 4, "v"));
    assertThat(at775.path("values").path("v").path("value").isNull())
        .as("not interpolated across 850")
        .isTrue();

    JsonNode at600 = ok(spot("it_uv_grib", v700.lat(), v700.lon(), "&pressure=600", time, 4, "v"));
    double w = Math.log(600.0 / 500) / Math.log(700.0 / 500); // linear in ln p
    assertThat(at600.path("values").path("v").path("value").asDouble())
        .isCloseTo(v500.value() + (v700.value() - v500.value()) * w, within(1e-4));
    assertThat(at600.path("levels").get(0).path("type").asText()).isEqualTo("isobaric");
  }

  @Test
  void pressureLevelsGivenInPaAndHpaAreBothServedInHpa() throws Exception {
    for (SampleReference row : sampleOf(SampleReference.read("hpa_and_pa"), 30)) {
      assertValue(
          ok(
              spot(
                  "it_hpa",
                  row.lat(),
                  row.lon(),
                  "&pressure=" + plain(row.apiLevel()),
                  row.validTime(),
                  4,
                  "t")),
          row,
          "hpa_and_pa");
    }
    JsonNode levels =
        ok(http.getForEntity(
                "/v1/spot?model=it_hpa&lat=0&lon=0&pressure=0.05&time=2017-09-27T00:00:00Z",
                String.class))
            .path("levels");
    assertThat(levels.get(0).path("level").asDouble()).isEqualTo(0.01);
    assertThat(levels.get(1).path("level").asDouble()).isEqualTo(0.1);
  }

  @Test
  void singleLevelFieldsAndEnsembleMembersAreServedWithoutAVerticalCoordinate() throws Exception {
    // Member 5 of the ensemble is a model of its own.
    for (SampleReference row : sampleOf(SampleReference.read("regular_ll_msl"), 30)) {
      assertValue(
          ok(spot("it_msl_m5", row.lat(), row.lon(), "", row.validTime(), 4, "prmsl")),
          row,
          "msl member 5");
    }
    assertProblem(
        http.getForEntity(
            "/v1/spot?model=it_msl_m5&lat=0&lon=0&alt=10&time=2006-10-07T00:00:00Z", String.class),
        422,
        "alt");
  }

  @Test
  void unsupportedLevelTypesAreSkippedNeverMisfiled() throws Exception {
    List<SampleReference> rows = SampleReference.read("t_on_different_level_types");
    for (SampleReference row :
        sampleOf(rows.stream().filter(r -> r.typeOfLevel().equals("isobaricInhPa")).toList(), 20)) {
      assertValue(
          ok(spot("it_tlevels", row.lat(), row.lon(), "&pressure=100", row.validTime(), 4, "t")),
          row,
          "t isobaric");
    }
    JsonNode problem =
        assertProblem(
            http.getForEntity(
                "/v1/spot?model=it_tlevels&lat=0&lon=0&alt=100&time=2017-10-18T12:00:00Z",
                String.class),
            422,
            "alt");
    assertThat(problem.path("detail").asText())
        .contains("it has: isobaric levels 100..100 hPa (pressure=)");
  }

  @Test
  void lambertAndReducedGaussianGridsAreServedThroughTheGeoDistanceSearch() throws Exception {
    for (String sample : List.of("lambert_grid", "reduced_gg")) {
      String model = sample.equals("lambert_grid") ? "it_lambert" : "it_rgg";
      for (SampleReference row : sampleOf(SampleReference.read(sample), 40)) {
        String vertical =
            row.typeOfLevel().equals("heightAboveGround") ? "&alt=" + plain(row.level()) : "";
        JsonNode body =
            ok(spot(model, row.lat(), row.lon(), vertical, row.validTime(), 1, row.shortName()));
        assertValue(body, row, sample);
        JsonNode nearest = body.path("neighbours").get(0);
        assertThat(nearest.path("point").asInt())
            .as("%s nearest point to %s", sample, row)
            .isEqualTo(row.point());
        // Coordinates come from the documents (the projection's, not the request's): close to
        // ecCodes'.
        assertThat(nearest.path("distance").asDouble())
            .as("%s distance to %s", sample, row)
            .isLessThan(100.0);
        assertThat(nearest.path("lat").asDouble()).isCloseTo(row.lat(), within(1e-3));
      }
    }
  }

  private static void assertValue(JsonNode body, SampleReference row, String what) {
    JsonNode value = body.path("values").path(row.shortName());
    if (row.missing()) {
      // A missing value (bitmap) is not stored as a number: unavailable, with the reason.
      assertThat(value.path("value").isNull()).as("%s %s: %s", what, row, body).isTrue();
      assertThat(value.path("reason").asText()).contains("has no value");
      return;
    }
    assertThat(value.path("value").isNumber()).as("%s %s: %s", what, row, body).isTrue();
    // Stored as float: within float precision of ecCodes' value (finer than any packing step here).
    assertThat(value.path("value").asDouble())
        .as("%s %s", what, row)
        .isCloseTo(row.value(), within(2e-7 * Math.max(1, Math.abs(row.value()))));
  }

  /**
   * Inverse-distance weighting (power 2, WGS84 geodesic distances) of a message's reference values
   * at the n nearest points, ranked as Elasticsearch ranks them (arc distance on its sphere, then
   * point id).
   */
  private static double idw(List<SampleReference> message, double lat, double lon, int n) {
    double[] distances =
        message.stream()
            .mapToDouble(r -> Geodesic.WGS84.Inverse(lat, lon, r.lat(), r.normalisedLon()).s12)
            .toArray();
    double[] arcs =
        message.stream()
            .mapToDouble(r -> ElasticsearchArc.meters(lat, lon, r.lat(), r.normalisedLon()))
            .toArray();
    List<Integer> nearest =
        IntStream.range(0, message.size())
            .boxed()
            .sorted(
                Comparator.comparingDouble((Integer i) -> arcs[i])
                    .thenComparing(i -> message.get(i).point()))
            .limit(n)
            .toList();
    double sum = 0;
    double weighted = 0;
    for (int i : nearest) {
      double w = 1 / (distances[i] * distances[i]);
      sum += w;
      weighted += w * message.get(i).value();
    }
    return weighted / sum;
  }

  private static SampleReference find(
      List<SampleReference> rows, String name, double level, int point, Instant... time) {
    return rows.stream()
        .filter(
            r ->
                r.shortName().equals(name)
                    && r.level() == level
                    && (point == 0 || r.point() == point))
        .filter(r -> time.length == 0 || r.validTime().equals(time[0]))
        .filter(r -> Math.abs(r.lat()) < 60)
        .findFirst()
        .orElseThrow();
  }

  /**
   * A fixed pseudo-random sample of rows, so a test covers every message without thousands of
   * requests.
   */
  private static List<SampleReference> sampleOf(List<SampleReference> rows, int count) {
    SplittableRandom random = new SplittableRandom(11);
    List<SampleReference> picked = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      picked.add(rows.get(random.nextInt(rows.size())));
    }
    return picked;
  }

  private ResponseEntity<String> spot(
      String model, double lat, double lon, String vertical, Instant time, int n, String params) {
    String url =
        String.format(
            Locale.ROOT,
            "/v1/spot?model=%s&lat=%s&lon=%s%s&time=%s&n=%d%s",
            model,
            plain(lat),
            plain(lon),
            vertical,
            time,
            n,
            params.isEmpty() ? "" : "&params=" + params);
    return http.getForEntity(url, String.class);
  }

  private static String plain(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  private static JsonNode ok(ResponseEntity<String> response) throws Exception {
    assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(200);
    return JSON.readTree(response.getBody());
  }

  private static JsonNode assertProblem(
      ResponseEntity<String> response, int status, String parameter) throws Exception {
    assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(status);
    JsonNode problem = JSON.readTree(response.getBody());
    assertThat(problem.path("parameter").asText()).isEqualTo(parameter);
    return problem;
  }
}
