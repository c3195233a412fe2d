package dev.spotcast.ingestor.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.spotcast.model.LevelType;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One field (t at 850 hPa, 0.25 degrees over Europe) written by ecCodes in each packing in
 * operational use: every grid point decodes to the value ecCodes prints in the sample's reference
 * csv (lat, lon, value with six decimals), exactly up to that printing and the float the value is
 * kept in.
 */
class PackingsTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "grid_ccsds_ed2",
        "grid_ieee_ed2",
        "grid_second_order_ed1",
        "grid_jpeg_ed2",
        "grid_complex_ed2",
        "grid_complex_spatial_differencing_ed2",
        "grid_simple_ed2"
      })
  void everyPointEqualsEccodes(String sample) throws Exception {
    List<String> rows = Files.readAllLines(Samples.file(sample + ".reference.csv"));
    assertThat(rows.get(0)).isEqualTo("lat,lon,value");
    try (ForecastFile file = ForecastFiles.open(Samples.file(sample + ".grib"))) {
      assertThat(file.fields()).hasSize(1);
      FieldRef field = file.fields().get(0);
      assertThat(field.parameter()).isEqualTo("t");
      assertThat(field.unit()).isEqualTo("K");
      assertThat(field.levelType()).isEqualTo(LevelType.ISOBARIC);
      assertThat(field.level()).isEqualTo(850.0);
      assertThat(field.referenceTime()).isEqualTo(Instant.parse("2026-11-20T12:00:00Z"));
      assertThat(field.stepMinutes()).isEqualTo(6 * 60);
      assertThat(field.member()).isNull();
      RegularLatLon grid = field.grid().regular().orElseThrow();
      // GRIB2 stores longitudes unsigned (350 for 10 W), GRIB1 signed: the same grid.
      assertThat(grid)
          .isIn(
              new RegularLatLon(60, -10, -0.25, 0.25, 81, 121),
              new RegularLatLon(60, 350, -0.25, 0.25, 81, 121));
      float[] values = field.read();
      assertThat(values).hasSize(rows.size() - 1).hasSize(121 * 81);
      for (int point = 0; point < values.length; point++) {
        String[] row = rows.get(point + 1).split(",");
        double lat = Double.parseDouble(row[0]);
        double lon = Double.parseDouble(row[1]);
        double expected = Double.parseDouble(row[2]);
        // The csv rounds to 1e-6; the field keeps a float (half an ulp of rounding).
        double tolerance = 5e-7 + Math.ulp((float) expected) / 2;
        if (Math.abs(values[point] - expected) > tolerance) {
          fail("%s point %d: decoded %s, ecCodes %s", sample, point, values[point], expected);
        }
        if (Math.abs(field.grid().latitude(point) - lat) > 5e-7
            || ReferenceValuesTest.longitudeDifference(field.grid().longitude(point), lon) > 5e-7) {
          fail(
              "%s point %d: at %s/%s, ecCodes %s/%s",
              sample, point, field.grid().latitude(point), field.grid().longitude(point), lat, lon);
        }
      }
    }
  }
}
