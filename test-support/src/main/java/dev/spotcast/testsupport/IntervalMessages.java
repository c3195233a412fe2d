package dev.spotcast.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * GRIB messages over time intervals as the centres encode them, written by ecCodes (the fixture
 * script {@code samples/make_intervals.py}, run with the Python of the ecCodes venv at {@code
 * SPOTCAST_ECCODES_HOME}) on a 2 x 3 grid at 50..49 N, 10..12 E, run 2026-11-20 00 UTC.
 *
 * @param edition 1 or 2
 * @param centre ecmf, kwbc or edzw
 * @param name a short name ("tp", "mx2t6") or a paramId ("228228")
 * @param stepType instant, accum, max, min or avg
 * @param stepUnits h or m: the unit of start and end
 * @param values the 6 values, north to south, west to east
 * @param member an ensemble member (GRIB2 template 4.11 for an interval), or null
 */
public record IntervalMessages(
    int edition,
    String centre,
    String name,
    String stepType,
    int start,
    int end,
    String stepUnits,
    double[] values,
    Integer member) {

  /** Not an ensemble member. */
  public IntervalMessages(
      int edition,
      String centre,
      String name,
      String stepType,
      int start,
      int end,
      String stepUnits,
      double[] values) {
    this(edition, centre, name, stepType, start, end, stepUnits, values, null);
  }

  /** The same message as ensemble member {@code number}. */
  public IntervalMessages ofMember(int number) {
    return new IntervalMessages(
        edition, centre, name, stepType, start, end, stepUnits, values, number);
  }

  /** An accumulation in GRIB2 over start..end hours. */
  public static IntervalMessages accum(
      String centre, String name, int start, int end, double... values) {
    return new IntervalMessages(2, centre, name, "accum", start, end, "h", values);
  }

  private String json() {
    StringBuilder v = new StringBuilder();
    for (double x : values) {
      v.append(v.isEmpty() ? "" : ",").append(x);
    }
    String param = name.matches("\\d+") ? "\"paramId\":" + name : "\"shortName\":\"" + name + "\"";
    return String.format(
        Locale.ROOT,
        "{\"edition\":%d,\"centre\":\"%s\",%s,\"stepType\":\"%s\",\"start\":%d,\"end\":%d,"
            + "\"stepUnits\":\"%s\",\"values\":[%s]%s}",
        edition,
        centre,
        param,
        stepType,
        start,
        end,
        stepUnits,
        v,
        member == null ? "" : ",\"member\":" + member);
  }

  /**
   * Writes the messages to {@code grib} with ecCodes.
   *
   * @param samples the project's samples directory (which holds the fixture script)
   */
  public static void write(List<IntervalMessages> messages, Path grib, Path samples)
      throws IOException, InterruptedException {
    Path spec = Files.createTempFile(grib.getParent(), "intervals", ".json");
    Files.writeString(
        spec, "[" + String.join(",", messages.stream().map(IntervalMessages::json).toList()) + "]");
    String home =
        System.getProperty("spotcast.eccodes.home", System.getenv("SPOTCAST_ECCODES_HOME"));
    if (home == null || home.isBlank()) {
      throw new IllegalStateException(
          "SPOTCAST_ECCODES_HOME is not set: the ecCodes venv ./spotcast installs writes the fixtures");
    }
    Process process =
        new ProcessBuilder(
                Path.of(home, "bin", "python").toString(),
                samples.resolve("make_intervals.py").toString(),
                spec.toString(),
                grib.toString())
            .redirectErrorStream(true)
            .start();
    String output = new String(process.getInputStream().readAllBytes());
    if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IllegalStateException("make_intervals.py failed: " + output);
    }
    Files.delete(spec);
  }
}
