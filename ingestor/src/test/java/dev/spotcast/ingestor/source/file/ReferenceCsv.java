package dev.spotcast.ingestor.source.file;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** ecCodes' readings of a sample (NAME.reference.csv): one row per listed grid point. */
final class ReferenceCsv {

  /** One row; number is null where ecCodes had none. */
  record Row(
      int message,
      int edition,
      String shortName,
      String units,
      String typeOfLevel,
      double level,
      Instant referenceTime,
      int step,
      Integer number,
      String gridType,
      int pointIndex,
      double latitude,
      double longitude,
      double value) {}

  private ReferenceCsv() {}

  static List<Row> read(Path csv) throws IOException {
    List<String> lines = Files.readAllLines(csv);
    if (!lines
        .get(0)
        .startsWith(
            "message,edition,shortName,units,typeOfLevel,level,dataDate,dataTime,step,number,")) {
      throw new IllegalStateException("unexpected header in " + csv + ": " + lines.get(0));
    }
    return lines.stream().skip(1).filter(l -> !l.isBlank()).map(ReferenceCsv::parse).toList();
  }

  private static Row parse(String line) {
    String[] f = line.split(",", -1);
    LocalDate date = LocalDate.parse(f[6], DateTimeFormatter.BASIC_ISO_DATE);
    int time = Integer.parseInt(f[7]);
    Instant reference = date.atTime(time / 100, time % 100).toInstant(ZoneOffset.UTC);
    return new Row(
        Integer.parseInt(f[0]),
        Integer.parseInt(f[1]),
        f[2],
        f[3],
        f[4],
        Double.parseDouble(f[5]),
        reference,
        Integer.parseInt(f[8]),
        f[9].isEmpty() ? null : Integer.valueOf(f[9]),
        f[10],
        Integer.parseInt(f[11]),
        Double.parseDouble(f[12]),
        Double.parseDouble(f[13]),
        Double.parseDouble(f[14]));
  }
}
