package dev.spotcast.ingestor.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files that cannot be read fail with a {@link ForecastFileException} whose message is "FILE:
 * reason" and whose reason says what is wrong, never with a raw library exception.
 */
class BadFilesTest {

  @TempDir Path dir;

  private byte[] sample(String name) throws IOException {
    return Files.readAllBytes(Samples.file(name));
  }

  private Path write(String name, byte[] bytes) throws IOException {
    return Files.write(dir.resolve(name), bytes);
  }

  private AbstractThrowableAssert<?, ?> assertFails(Path file) {
    return assertThatThrownBy(() -> ForecastFiles.open(file).close())
        .isInstanceOf(ForecastFileException.class)
        .satisfies(
            e -> {
              ForecastFileException fe = (ForecastFileException) e;
              assertThat(fe.file()).isEqualTo(file);
              assertThat(fe.getMessage()).isEqualTo(file + ": " + fe.reason());
            });
  }

  private static String reason(Throwable e) {
    return ((ForecastFileException) e).reason();
  }

  @Test
  void emptyFile() throws IOException {
    assertFails(write("empty.grib", new byte[0]))
        .satisfies(e -> assertThat(reason(e)).isEqualTo("empty file"));
  }

  @Test
  void missingFile() {
    assertFails(dir.resolve("nothing.grib"))
        .satisfies(e -> assertThat(reason(e)).isEqualTo("file not found"));
  }

  @Test
  void textFile() throws IOException {
    Path text =
        write("forecast.grib", "this is not a forecast\n".getBytes(StandardCharsets.US_ASCII));
    assertFails(text).satisfies(e -> assertThat(reason(e)).isEqualTo("not a GRIB or NetCDF file"));
    // The message may reach someone who cannot read the file: none of its bytes are quoted.
    assertFails(text).satisfies(e -> assertThat(e.getMessage()).doesNotContain("this is"));
  }

  @Test
  void truncatedInTheDataSection() throws IOException {
    Path cut = write("cut.grib", Arrays.copyOf(sample("uv_on_different_levels.grib"), 1000));
    assertFails(cut)
        .satisfies(
            e ->
                assertThat(reason(e))
                    .isEqualTo(
                        "truncated GRIB file: message 0 at byte 0 declares 1440 bytes but the file ends after 1000 of them"));
  }

  @Test
  void truncatedInAMessageHeader() throws IOException {
    Path cut = write("cut.grib", Arrays.copyOf(sample("uv_on_different_levels.grib"), 1440 + 10));
    assertFails(cut)
        .satisfies(
            e ->
                assertThat(reason(e))
                    .startsWith("truncated GRIB file: the header of message 1")
                    .contains("cut off"));
  }

  @Test
  void truncatedGrib2InTheProductDefinition() throws IOException {
    Path cut = write("cut.grib2", Arrays.copyOf(sample("regular_ll_msl.grib"), 60));
    assertFails(cut)
        .satisfies(
            e -> assertThat(reason(e)).startsWith("truncated GRIB file: message 0 at byte 0"));
  }

  @Test
  void corruptSectionLength() throws IOException {
    byte[] bytes = sample("uv_on_different_levels.grib");
    int second = 1440;
    bytes[second + 8] = (byte) 0xff; // the length of message 1's product definition section
    bytes[second + 9] = (byte) 0xff;
    assertFails(write("corrupt.grib", bytes))
        .satisfies(
            e ->
                assertThat(reason(e))
                    .startsWith("corrupt GRIB file: message 1 at byte 1440 cannot be decoded: "));
  }

  @Test
  void corruptGrib2SectionLength() throws IOException {
    byte[] bytes = sample("regular_ll_msl.grib");
    bytes[16] = (byte) 0x7f; // the length of section 1
    assertFails(write("corrupt.grib2", bytes))
        .satisfies(
            e ->
                assertThat(reason(e))
                    .startsWith("corrupt GRIB file: message 0 at byte 0 cannot be decoded: "));
  }

  @Test
  void corruptEndMarker() throws IOException {
    byte[] bytes = sample("uv_on_different_levels.grib");
    bytes[1440 - 2] = 'X';
    assertFails(write("corrupt.grib", bytes))
        .satisfies(
            e ->
                assertThat(reason(e))
                    .isEqualTo(
                        "corrupt GRIB file: message 0 at byte 0 does not end with '7777' where its declared length of "
                            + "1440 bytes ends"));
  }

  @Test
  void unknownGribEdition() throws IOException {
    byte[] bytes = sample("uv_on_different_levels.grib");
    bytes[7] = 3;
    assertFails(write("corrupt.grib", bytes))
        .satisfies(e -> assertThat(reason(e)).contains("message 0 at byte 0 has edition 3"));
  }

  @Test
  void gridTypeNotSupportedByTheLibrary() throws IOException {
    assertFails(write("spaceview.grib", withGrib1GridType("lambert_grid.grib", 90)))
        .satisfies(
            e ->
                assertThat(reason(e))
                    .isEqualTo(
                        "no supported fields: message 0 (nlwrs): grid type unknown (GRIB1 data representation type 90)"
                            + " not supported: ecCodes gives no latitude and longitude for its points"));
  }

  @Test
  void gridWhosePointsCannotBeComputed() throws IOException {
    // A Lambert definition read as rotated lat/lon: its first and last latitudes contradict its
    // scan order.
    assertFails(write("rotated.grib", withGrib1GridType("lambert_grid.grib", 10)))
        .satisfies(
            e ->
                assertThat(reason(e))
                    .isEqualTo(
                        "no supported fields: message 0 (nlwrs): grid type rotated_ll: ecCodes cannot compute its points"
                            + " (Grid description is wrong or inconsistent)"));
  }

  @Test
  void brokenNetcdf() throws IOException {
    byte[] bytes = Arrays.copyOf(sample("uv_on_different_levels.nc"), 2000);
    assertFails(write("cut.nc", bytes))
        .satisfies(e -> assertThat(reason(e)).startsWith("not a readable NetCDF file"));
  }

  @Test
  void onlyUnsupportedFieldsIsAnError() throws IOException {
    byte[] bytes = sample("t_on_different_level_types.grib");
    byte[] hybridOnly =
        Arrays.copyOfRange(bytes, 1440, bytes.length); // message 1: GRIB2 on a hybrid level
    assertFails(write("hybrid.grib", hybridOnly))
        .satisfies(
            e ->
                assertThat(reason(e))
                    .startsWith(
                        "no supported fields: message 0 (t): hybrid level 100: level type not supported"));
  }

  @Test
  void closedFileCannotBeRead() throws Exception {
    ForecastFile file = ForecastFiles.open(Samples.file("reduced_gg.grib"));
    FieldRef field = file.fields().get(0);
    file.close();
    assertThatThrownBy(field::read)
        .isInstanceOf(ForecastFileException.class)
        .hasMessageEndingWith("the file is closed");
  }

  /**
   * A copy of a single-message GRIB1 sample with its GDS data representation type (octet 6)
   * replaced.
   */
  private byte[] withGrib1GridType(String name, int type) throws IOException {
    byte[] bytes = sample(name);
    int pdsLength = ((bytes[8] & 0xff) << 16) | ((bytes[9] & 0xff) << 8) | (bytes[10] & 0xff);
    bytes[8 + pdsLength + 5] = (byte) type;
    return bytes;
  }
}
