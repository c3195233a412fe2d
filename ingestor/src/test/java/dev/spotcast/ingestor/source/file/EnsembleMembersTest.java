package dev.spotcast.ingestor.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An ERA5-style ensemble of data assimilation (GRIB1, ECMWF local definition 36, stream enda, type
 * an, members 0-3; written by ecCodes with samples/make_ensembles.py): every field is its member's,
 * member 0 included, and its values are ecCodes' at every point.
 */
class EnsembleMembersTest {

  @Test
  void localDefinition36MembersAreRecognised() throws Exception {
    List<String> rows = Files.readAllLines(Samples.file("era5_enda_ld36.reference.csv"));
    assertThat(rows.get(0)).isEqualTo("message,localDefinitionNumber,number,point,lat,lon,value");
    try (ForecastFile file = ForecastFiles.open(Samples.file("era5_enda_ld36.grib"))) {
      assertThat(file.format()).isEqualTo("GRIB1");
      assertThat(file.fields()).extracting(FieldRef::member).containsExactly(0, 1, 2, 3);
      float[][] values = new float[4][];
      for (FieldRef field : file.fields()) {
        values[field.message()] = field.read();
      }
      for (String line : rows.subList(1, rows.size())) {
        String[] row = line.split(",");
        int message = Integer.parseInt(row[0]);
        FieldRef field = file.fields().get(message);
        assertThat(row[1]).isEqualTo("36");
        assertThat(field.member()).isEqualTo(Integer.parseInt(row[2]));
        int point = Integer.parseInt(row[3]);
        double expected = Double.parseDouble(row[6]);
        double tolerance = field.source().precision() + 5e-7 + Math.ulp((float) expected) / 2;
        if (Math.abs(values[message][point] - expected) > tolerance) {
          fail(
              "message %d point %d: decoded %s, ecCodes %s",
              message, point, values[message][point], expected);
        }
        if (Math.abs(field.grid().latitude(point) - Double.parseDouble(row[4])) > 5e-7
            || ReferenceValuesTest.longitudeDifference(
                    field.grid().longitude(point), Double.parseDouble(row[5]))
                > 5e-7) {
          fail("message %d point %d: wrong coordinates", message, point);
        }
      }
    }
  }
}
