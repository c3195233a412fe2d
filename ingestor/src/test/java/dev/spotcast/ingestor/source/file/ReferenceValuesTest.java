package dev.spotcast.ingestor.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.assertj.core.api.Assertions.within;

import dev.spotcast.ingestor.source.file.ReferenceCsv.Row;
import dev.spotcast.model.LevelType;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every row of every sample's ecCodes reference csv: the decoded value at the row's point index
 * agrees with ecCodes within the field's packing precision (half the quantisation step 2^E/10^D of
 * the message's packing, plus float rounding of 1e-6 relative), the point's latitude/longitude
 * within {@link #COORDINATE_TOLERANCE} degrees, and the field's parameter, unit, level, times,
 * member and grid type agree with the row. Rows of fields the reader skips (hybrid levels) must be
 * in skipped() with a reason naming the level type, and in no field.
 */
class ReferenceValuesTest {

  private static final Logger log = LoggerFactory.getLogger(ReferenceValuesTest.class);

  /**
   * Degrees; the same for every grid kind, Lambert included (measured: see the log line per
   * sample).
   */
  static final double COORDINATE_TOLERANCE = 1e-4;

  /** ecCodes' default missingValue, which it prints for bitmap-masked points. */
  private static final double ECCODES_MISSING = 9999.0;

  @ParameterizedTest
  @ValueSource(
      strings = {
        "uv_on_different_levels",
        "regular_ll_msl",
        "lambert_grid",
        "reduced_gg",
        "t_on_different_level_types",
        "hpa_and_pa"
      })
  void everyReferenceRowMatches(String sample) throws Exception {
    List<Row> rows = ReferenceCsv.read(Samples.file(sample + ".reference.csv"));
    Map<Integer, List<Row>> byMessage = rows.stream().collect(Collectors.groupingBy(Row::message));
    double maxValueDiff = 0;
    double maxCoordinateDiff = 0;
    long decodedValues = 0;
    long decodeNanos = 0;
    try (ForecastFile file = ForecastFiles.open(Samples.file(sample + ".grib"))) {
      Map<Integer, FieldRef> fields = new HashMap<>();
      file.fields()
          .forEach(
              f -> assertThat(fields.put(f.message(), f)).as("one field per message").isNull());
      assertThat(fields.size() + file.skipped().size()).isEqualTo(byMessage.size());
      for (var entry : byMessage.entrySet()) {
        int message = entry.getKey();
        Row first = entry.getValue().get(0);
        FieldRef field = fields.get(message);
        if (first.typeOfLevel().equals("hybrid")) {
          assertThat(field).as("message %d on a hybrid level is no field", message).isNull();
          assertThat(file.skipped())
              .filteredOn(s -> s.message() == message)
              .singleElement()
              .satisfies(
                  s ->
                      assertThat(s.reason())
                          .startsWith("hybrid level " + (long) first.level() + ":")
                          .contains("level type not supported"));
          continue;
        }
        assertThat(field).as("message %d", message).isNotNull();
        assertMetadata(field, first);
        long start = System.nanoTime();
        float[] values = field.read();
        decodeNanos += System.nanoTime() - start;
        decodedValues += values.length;
        double precision = field.source().precision();
        assertThat(values).hasSize(field.grid().pointCount());
        FieldGrid grid = field.grid();
        for (Row row : entry.getValue()) {
          // Plain comparisons: tens of thousands of rows, AssertJ only to report a failure.
          int point = row.pointIndex();
          float value = values[point];
          if (Float.isNaN(value)) {
            if (row.value() != ECCODES_MISSING) {
              fail("message %d point %d: decoded missing, ecCodes %s", message, point, row.value());
            }
          } else {
            double diff = Math.abs(value - row.value());
            if (diff > precision + 1e-6 * Math.abs(row.value()) + 1e-9) {
              fail(
                  "message %d point %d: decoded %s, ecCodes %s (precision %s)",
                  message, point, value, row.value(), precision);
            }
            maxValueDiff = Math.max(maxValueDiff, diff);
          }
          double latDiff = Math.abs(grid.latitude(point) - row.latitude());
          double lonDiff = longitudeDifference(grid.longitude(point), row.longitude());
          double lon = grid.longitude(point);
          if (latDiff > COORDINATE_TOLERANCE
              || lonDiff > COORDINATE_TOLERANCE
              || lon < -180
              || lon >= 180) {
            fail(
                "message %d point %d: at %s/%s, ecCodes %s/%s",
                message, point, grid.latitude(point), lon, row.latitude(), row.longitude());
          }
          maxCoordinateDiff = Math.max(maxCoordinateDiff, Math.max(latDiff, lonDiff));
        }
      }
    }
    log.info(
        "{}: {} rows, max |value - ecCodes| = {}, max coordinate difference = {} degrees, "
            + "decoded {} values at {} values/s",
        sample,
        rows.size(),
        maxValueDiff,
        maxCoordinateDiff,
        decodedValues,
        String.format(Locale.ROOT, "%.3g", decodedValues / (decodeNanos / 1e9)));
  }

  private static void assertMetadata(FieldRef field, Row row) {
    assertThat(field.parameter()).isEqualTo(row.shortName());
    assertThat(normaliseUnit(field.unit())).isEqualTo(normaliseUnit(row.units()));
    assertThat(field.levelType()).isEqualTo(levelType(row.typeOfLevel()));
    double expectedLevel =
        row.typeOfLevel().equals("isobaricInPa") ? row.level() / 100 : row.level();
    assertThat(field.level()).isCloseTo(expectedLevel, within(1e-9));
    assertThat(field.referenceTime()).isEqualTo(row.referenceTime());
    assertThat(field.stepMinutes()).isEqualTo(row.step() * 60);
    // ecCodes prints number 0 for GRIB1 fields whose local section is not an ensemble one.
    Integer expectedMember =
        row.number() != null && row.number() == 0 && row.edition() == 1 ? null : row.number();
    assertThat(field.member()).isEqualTo(expectedMember);
    assertThat(field.grid().kind()).isEqualTo(row.gridType());
    assertThat(field.grid().regular())
        .isEqualTo(row.gridType().equals("regular_ll") ? field.grid().regular() : Optional.empty());
  }

  static LevelType levelType(String typeOfLevel) {
    return switch (typeOfLevel) {
      case "isobaricInhPa", "isobaricInPa" -> LevelType.ISOBARIC;
      case "heightAboveGround" -> LevelType.HEIGHT_ABOVE_GROUND;
      case "surface" -> LevelType.SURFACE;
      case "meanSea" -> LevelType.MEAN_SEA_LEVEL;
      default -> throw new IllegalArgumentException(typeOfLevel);
    };
  }

  /** "W m^-2" and "W m**-2" are the same unit. */
  static String normaliseUnit(String unit) {
    return unit.replace("^", "**").replace(" ", "");
  }

  static double longitudeDifference(double a, double b) {
    double d = Math.abs(a - b) % 360;
    return Math.min(d, 360 - d);
  }
}
