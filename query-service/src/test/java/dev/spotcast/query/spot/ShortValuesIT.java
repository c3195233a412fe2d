package dev.spotcast.query.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.SampleReference;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.testsupport.IntervalMessages;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.ResponseEntity;

/**
 * Runs loaded with {@code --value-bits 16} against what ECMWF's ecCodes reads from the files: each
 * value comes back within half a packing step of its series' range (range / 65534 / 2, the bound of
 * GRIB's simple packing at 16 bits), and ECMWF's accumulated precipitation, a series from 0 to 16
 * mm, is still answered to a thousandth of a millimetre, amounts over periods included. The real
 * file's series have two steps, which the packing keeps at its ends; the fixture's 13-step
 * temperature shows the bound between them.
 */
class ShortValuesIT extends ServiceTestBase {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String UV = "it_uv_grib16";
  private static final String TP = "it_tp16";
  private static final ShardingSpec SHORT =
      new ShardingSpec(
          3,
          0,
          2,
          10.0,
          ShardingSpec.Routing.TILE,
          ShardingSpec.ALL_STEPS,
          ShardingSpec.SHORT_BITS,
          false);

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void shortRunsAreServed() throws Exception {
    RunFixtures.fileServed(
        client,
        publishedRuns,
        UV,
        SampleReference.samples().resolve("uv_on_different_levels.grib"),
        SHORT);
    // ECMWF's tp (m, accumulated from the start): 0, 1, 3, 4 mm at 0-3 h, 7, 10, 16 mm at 6-12 h.
    double[][] acc = {
      {0, 0}, {1, 0.001}, {2, 0.003}, {3, 0.004}, {6, 0.007}, {9, 0.010}, {12, 0.016}
    };
    List<IntervalMessages> messages = new ArrayList<>();
    for (double[] a : acc) {
      messages.add(IntervalMessages.accum("ecmf", "tp", 0, (int) a[0], a[1], 0, 0, 0, 0, 0));
    }
    // 2 m temperature at 50 N 10 E on each hour 0-12: 13 values spread over 250-290 K.
    for (int step = 0; step <= 12; step++) {
      messages.add(
          new IntervalMessages(
              2, "ecmf", "2t", "instant", step, step, "h", new double[] {t2(step), 0, 0, 0, 0, 0}));
    }
    RunFixtures.gribServed(client, publishedRuns, TP, messages, SHORT);
  }

  /** The 2 m temperature of the fixture at a step: the golden ratio's multiples, 250-290 K. */
  private static double t2(int step) {
    double golden = (Math.sqrt(5) - 1) / 2;
    double turn = step * golden - Math.floor(step * golden);
    return 250 + 40 * turn;
  }

  @Test
  void theRunsAreStoredInSixteenBits() {
    for (String model : List.of(UV, TP)) {
      assertThat(publishedRuns.get(model).orElseThrow().run().valueBits()).as(model).isEqualTo(16);
    }
  }

  @Test
  void atGridPointsEachValueIsEcCodesWithinHalfAStepOfItsSeriesRange() throws Exception {
    List<SampleReference> rows = SampleReference.read("uv_on_different_levels");
    // The series a packed block holds: one parameter at one point and level, every step.
    Map<String, double[]> ranges = new HashMap<>();
    for (SampleReference row : rows) {
      if (!row.missing()) {
        ranges.merge(
            series(row),
            new double[] {row.value(), row.value()},
            (a, b) -> new double[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
      }
    }
    SplittableRandom random = new SplittableRandom(16);
    for (int i = 0; i < 80; i++) {
      SampleReference row = rows.get(random.nextInt(rows.size()));
      if (row.missing()) {
        continue;
      }
      String url =
          String.format(
              Locale.ROOT,
              "/v1/spot?model=%s&lat=%s&lon=%s&pressure=%s&time=%s&n=4&params=%s",
              UV,
              plain(row.lat()),
              plain(row.lon()),
              plain(row.apiLevel()),
              row.validTime(),
              row.shortName());
      double answer = ok(url).path("values").path(row.shortName()).path("value").asDouble();
      double[] range = ranges.get(series(row));
      double halfStep = (range[1] - range[0]) / 65534 / 2;
      assertThat(answer)
          .as("%s", row)
          .isCloseTo(row.value(), within(halfStep + rounding(row.value())));
    }
  }

  @Test
  void aSeriesOfThirteenStepsComesBackWithinHalfAStepOfItsRange() throws Exception {
    double min = Double.MAX_VALUE;
    double max = -Double.MAX_VALUE;
    for (int step = 0; step <= 12; step++) {
      min = Math.min(min, t2(step));
      max = Math.max(max, t2(step));
    }
    double halfStep = (max - min) / 65534 / 2;
    int inexact = 0;
    for (int step = 0; step <= 12; step++) {
      String url =
          String.format(
              Locale.ROOT,
              "/v1/spot?model=%s&lat=50&lon=10&alt=2&params=2t&time=2026-11-20T%02d:00:00Z",
              TP,
              step);
      double answer = ok(url).path("values").path("2t").path("value").asDouble();
      assertThat(answer)
          .as("step %d", step)
          .isCloseTo(t2(step), within(halfStep + rounding(t2(step))));
      if (Math.abs(answer - t2(step)) > rounding(t2(step))) {
        inexact++;
      }
    }
    // Not a vacuous bound: values between the ends are off by more than float rounding, as 16
    // bits make them.
    assertThat(inexact).as("answers that show the packing").isPositive();
  }

  /**
   * Float arithmetic on top of the packing: values are decoded as floats, and the packed reference
   * and step are floats, as in GRIB.
   */
  private static double rounding(double value) {
    return 4 * Math.ulp((float) value);
  }

  @Test
  void precipitationIsAnsweredToAThousandthOfAMillimetre() throws Exception {
    String place = "/v1/spot?model=" + TP + "&lat=50&lon=10&params=tp&time=2026-11-20T";
    // The hour to 02 UTC: 3 - 1 mm.
    assertThat(ok(place + "02:00:00Z").path("values").path("tp").path("value").asDouble())
        .isCloseTo(0.002, within(1e-6));
    // 02-05 UTC: all of 2-3 h (1 mm) and two thirds of 3-6 h (2 mm).
    assertThat(ok(place + "05:00:00Z&period=3h").path("values").path("tp").path("value").asDouble())
        .isCloseTo(0.003, within(1e-6));
    // The whole 12 h: 16 mm.
    assertThat(
            ok(place + "12:00:00Z&period=PT12H").path("values").path("tp").path("value").asDouble())
        .isCloseTo(0.016, within(1e-6));
  }

  private static String series(SampleReference row) {
    return row.shortName() + "/" + row.level() + "/" + row.point();
  }

  private static String plain(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  private JsonNode ok(String url) throws Exception {
    ResponseEntity<String> response = http.getForEntity(url, String.class);
    assertThat(response.getStatusCode().value()).as(url + ": " + response.getBody()).isEqualTo(200);
    return JSON.readTree(response.getBody());
  }
}
