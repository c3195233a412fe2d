package dev.spotcast.query;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * One row of a sample's {@code NAME.reference.csv}: what ECMWF's ecCodes decodes at one grid point
 * of one message. The test vectors every answer about the samples is checked against.
 */
public record SampleReference(
    int message,
    String shortName,
    String typeOfLevel,
    double level,
    Instant validTime,
    String gridType,
    int point,
    double lat,
    double lon,
    double value) {

  private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyyMMddHHmm");

  /**
   * The samples folder: the build sets {@code spotcast.samples}; from a module folder it is
   * ../samples.
   */
  public static Path samples() {
    String configured = System.getProperty("spotcast.samples");
    Path folder = configured != null ? Path.of(configured) : Path.of("..", "samples");
    if (!Files.isDirectory(folder)) {
      throw new IllegalStateException("samples folder not found at " + folder.toAbsolutePath());
    }
    return folder;
  }

  public static List<SampleReference> read(String sample) throws IOException {
    List<String> lines = Files.readAllLines(samples().resolve(sample + ".reference.csv"));
    return lines.stream().skip(1).filter(l -> !l.isBlank()).map(SampleReference::parse).toList();
  }

  private static SampleReference parse(String line) {
    // message,edition,shortName,units,typeOfLevel,level,dataDate,dataTime,step,number,gridType,
    // pointIndex,latitude,longitude,value
    String[] f = line.split(",", -1);
    Instant reference =
        LocalDateTime.parse(f[6] + String.format("%04d", Integer.parseInt(f[7])), DATE_TIME)
            .toInstant(ZoneOffset.UTC);
    Instant valid = reference.plusSeconds(3600L * Integer.parseInt(f[8]));
    return new SampleReference(
        Integer.parseInt(f[0]),
        f[2],
        f[4],
        Double.parseDouble(f[5]),
        valid,
        f[10],
        Integer.parseInt(f[11]),
        Double.parseDouble(f[12]),
        Double.parseDouble(f[13]),
        Double.parseDouble(f[14]));
  }

  /**
   * The level as the API takes it: pressure in hPa (a level in Pa divided by 100), heights in m.
   */
  public double apiLevel() {
    return typeOfLevel.equals("isobaricInPa") ? level / 100 : level;
  }

  /** ecCodes writes a missing value (bitmap) as its default missingValue, 9999. */
  public boolean missing() {
    return value == 9999;
  }

  /** Longitude in [-180, 180), as the API answers it. */
  public double normalisedLon() {
    return ((lon + 180) % 360 + 360) % 360 - 180;
  }
}
