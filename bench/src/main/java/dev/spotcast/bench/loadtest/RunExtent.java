package dev.spotcast.bench.loadtest;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;

/**
 * What a published run covers, as far as random spot requests need to know: the grid's box, the
 * query parameter that selects a level ({@code alt}, {@code pressure}, or none for single-level
 * fields) with the lowest and highest level of that type, and the first and last valid time.
 *
 * <p>Built from command-line options ({@link #of}); {@code loadtest.sh} fills them from the
 * service's {@code GET /v1/models} answer (see {@code bench/run-extent.jq}).
 *
 * @param vertical the query parameter of the level type ({@code alt}, {@code pressure}), or the
 *     empty string when the requests carry none (single-level fields); the levels are then unused
 */
record RunExtent(
    double south,
    double north,
    double west,
    double east,
    String vertical,
    double lowestLevel,
    double highestLevel,
    Instant firstValid,
    Instant lastValid) {

  RunExtent {
    if (!(south <= north) || south < -90 || north > 90) {
      throw new IllegalArgumentException("latitudes must satisfy -90 <= south <= north <= 90");
    }
    if (!(west <= east) || east - west > 360) {
      throw new IllegalArgumentException(
          "longitudes must satisfy west <= east, at most 360 degrees apart");
    }
    if (!vertical.matches("[a-z]*")) {
      throw new IllegalArgumentException(
          "the vertical query parameter must be a lower-case name or empty; got '"
              + vertical
              + "'");
    }
    if (!(lowestLevel <= highestLevel)) {
      throw new IllegalArgumentException("the lowest level is above the highest");
    }
    if (lastValid.isBefore(firstValid)) {
      throw new IllegalArgumentException("the last valid time is before the first");
    }
  }

  /**
   * From option values as the demo's synth command takes them (height levels, queried with alt=).
   *
   * @param box "south,north,west,east" in degrees
   * @param levels comma list of the run's levels (only the lowest and highest matter)
   * @param runTime ISO-8601 instant, or "today" for today 00Z (what synth uses by default)
   * @param steps "first-last" in hours after the run time, or a single step
   */
  static RunExtent of(String box, String levels, String runTime, String steps) {
    return of(box, "alt", levels, runTime, steps, "from-run");
  }

  /**
   * As {@link #of(String, String, String, String)}, with the level type's query parameter ({@code
   * vertical}: "alt", "pressure", or "none" for no vertical parameter, when {@code levels} is
   * ignored) and {@code times} "FIRST..LAST" (ISO-8601 instants, the first and last valid time of
   * the run's steps) overriding run time and steps; "from-run" keeps them.
   */
  static RunExtent of(
      String box, String vertical, String levels, String runTime, String steps, String times) {
    double[] b = numbers(box, "box");
    if (b.length != 4) {
      throw new IllegalArgumentException("box must be south,north,west,east; got '" + box + "'");
    }
    String v = vertical.strip();
    if (v.equals("none")) {
      v = "";
    }
    double[] l = v.isEmpty() ? new double[] {0} : numbers(levels, "levels");
    Arrays.sort(l);
    if (!"from-run".equals(times.strip())) {
      String[] t = times.strip().split("\\.\\.");
      if (t.length != 2) {
        throw new IllegalArgumentException("times must be FIRST..LAST; got '" + times + "'");
      }
      return new RunExtent(
          b[0],
          b[1],
          b[2],
          b[3],
          v,
          l[0],
          l[l.length - 1],
          Instant.parse(t[0].strip()),
          Instant.parse(t[1].strip()));
    }
    Instant run =
        "today".equalsIgnoreCase(runTime.strip())
            ? LocalDate.now(ZoneOffset.UTC).atStartOfDay().toInstant(ZoneOffset.UTC)
            : Instant.parse(runTime.strip());
    String[] s = steps.strip().split("-");
    long first = Long.parseLong(s[0].strip());
    long last = s.length > 1 ? Long.parseLong(s[1].strip()) : first;
    return new RunExtent(
        b[0],
        b[1],
        b[2],
        b[3],
        v,
        l[0],
        l[l.length - 1],
        run.plus(Duration.ofHours(first)),
        run.plus(Duration.ofHours(last)));
  }

  private static double[] numbers(String list, String name) {
    List<String> parts =
        Arrays.stream(list.split(",")).map(String::strip).filter(p -> !p.isEmpty()).toList();
    if (parts.isEmpty()) {
      throw new IllegalArgumentException(name + " is empty");
    }
    return parts.stream().mapToDouble(Double::parseDouble).toArray();
  }
}
