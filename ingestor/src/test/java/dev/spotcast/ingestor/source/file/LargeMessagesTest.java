package dev.spotcast.ingestor.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * GRIB1 messages over 8 MB, as ECMWF writes its large global fields: one of 12 MB (its length needs
 * the 24th bit) and one of 19 MB (over 16 MB, so its length is coded in units of 120 bytes). The
 * file is written by ecCodes (samples/make_ensembles.py with the Python of the ecCodes installation
 * the tests use), not committed.
 */
class LargeMessagesTest {

  @TempDir Path dir;

  @Test
  void largeGrib1MessagesAreFramedAndDecodedAsEccodesDoes() throws Exception {
    Path grib = dir.resolve("large.grib");
    generate(grib);
    List<String> rows = Files.readAllLines(Path.of(grib + ".reference.csv"));
    try (ForecastFile file = ForecastFiles.open(grib)) {
      assertThat(file.fields()).hasSize(2);
      assertThat(file.fields()).extracting(FieldRef::level).containsExactly(850.0, 500.0);
      assertThat(file.fields())
          .extracting(f -> f.grid().pointCount())
          .containsExactly(2880 * 1441, 3600 * 1801);
      float[][] values = {file.fields().get(0).read(), file.fields().get(1).read()};
      long lengths = 0;
      for (String line : rows.subList(1, rows.size())) {
        String[] row = line.split(",");
        int message = Integer.parseInt(row[0]);
        int point = Integer.parseInt(row[2]);
        FieldRef field = file.fields().get(message);
        double expected = Double.parseDouble(row[5]);
        if (Math.abs(values[message][point] - expected) > 5e-7 + Math.ulp((float) expected) / 2) {
          fail(
              "message %d point %d: decoded %s, ecCodes %s",
              message, point, values[message][point], expected);
        }
        assertThat(field.grid().latitude(point))
            .isCloseTo(Double.parseDouble(row[3]), Assertions.within(5e-7));
        lengths += message == 1 && point == 0 ? Long.parseLong(row[1]) : 0;
      }
      assertThat(lengths).as("the second message is over 16 MB").isGreaterThan(16L << 20);
    }
  }

  /**
   * Runs the fixture script with the Python of SPOTCAST_ECCODES_HOME (a venv with eccodes and
   * numpy).
   */
  static void generate(Path grib) throws Exception {
    String home = System.getProperty(Eccodes.HOME_PROPERTY, System.getenv(Eccodes.HOME_ENV));
    assertThat(home)
        .as("SPOTCAST_ECCODES_HOME (the ecCodes venv ./spotcast installs)")
        .isNotBlank();
    Path python = Path.of(home, "bin", "python");
    Process process =
        new ProcessBuilder(
                python.toString(),
                Samples.file("make_ensembles.py").toString(),
                "large",
                grib.toString())
            .redirectErrorStream(true)
            .start();
    String output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
  }
}
