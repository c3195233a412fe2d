package dev.spotcast.bench.sizing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The unit costs a sizing is computed from, each per place-level-step (the mission's document: a
 * location x altitude x forecast step, whatever number of steps a stored document carries) or per
 * request, as the benchmarks print them.
 *
 * @param esIndexMicros Elasticsearch's CPU per place-level-step indexed, in microseconds
 * @param ingestorMicros the ingestor's CPU per place-level-step (decoding or generating included)
 * @param bytesPerValue disk per place-level-step and copy, all parameters of the run
 * @param spotEsMillis Elasticsearch's CPU per spot request, in milliseconds
 * @param spotServiceMillis the query service's CPU per spot request
 * @param seriesEsMillis Elasticsearch's CPU per series request (every step at a place)
 * @param seriesServiceMillis the query service's CPU per series request
 */
public record MeasuredCosts(
    double esIndexMicros,
    double ingestorMicros,
    double bytesPerValue,
    double spotEsMillis,
    double spotServiceMillis,
    double seriesEsMillis,
    double seriesServiceMillis) {

  private static final Pattern RUN =
      Pattern.compile(
          "Run: model \\S+, ([\\d,]+) points .*? x (\\d+) levels x (\\d+) steps = ([\\d,]+) documents");
  private static final Pattern CPU =
      Pattern.compile("CPU per document: .*Spotcast ES ([\\d.]+) us \\+ ingestor ([\\d.]+) us");
  private static final Pattern LOADED = Pattern.compile("Loaded ([\\d,]+) documents in ");
  private static final Pattern INDEX = Pattern.compile("index at the end: ([\\d,]+) MB in ");
  private static final Pattern SERVICE_PHASE = Pattern.compile("^SERVICE\\s+repeat \\d+:");
  private static final Pattern PER_REQUEST = Pattern.compile("^\\s*CPU ms per request: (.*)$");
  private static final Pattern PROCESS = Pattern.compile("(elasticsearch|service) ([\\d.]+)");

  /** What `./spotcast bench scale` printed for its ingestor load, per place-level-step. */
  public record Ingest(double esMicros, double ingestorMicros, double bytesPerValue) {}

  /** Mean CPU per request of the service phases of a `./spotcast bench query` output. */
  public record Requests(double esMillis, double serviceMillis, int phases) {}

  /**
   * The load's costs from a {@code bench scale} output: its CPU per document and the index at the
   * end, divided by the steps each document carried (the run's points x levels x steps over its
   * documents).
   *
   * @throws IllegalArgumentException naming the line that is missing
   */
  public static Ingest ingestFrom(String log) {
    Matcher run = find(RUN, log, "the 'Run: model ...' line");
    double values =
        number(run.group(1)) * Double.parseDouble(run.group(2)) * Double.parseDouble(run.group(3));
    double valuesPerDocument = values / number(run.group(4));
    Matcher cpu = find(CPU, log, "the 'CPU per document: ... Spotcast ES' line");
    Matcher loaded = find(LOADED, log, "the 'Loaded N documents' line");
    Matcher index = find(INDEX, log, "the 'index at the end' line");
    double loadedValues = number(loaded.group(1)) * valuesPerDocument;
    return new Ingest(
        Double.parseDouble(cpu.group(1)) / valuesPerDocument,
        Double.parseDouble(cpu.group(2)) / valuesPerDocument,
        number(index.group(1)) * (1 << 20) / loadedValues);
  }

  /**
   * The mean of the service phases' CPU per request in a {@code bench query} output (an absent
   * process, printed only above 0.01 cores, counts as 0).
   *
   * @throws IllegalArgumentException when the output has no measured service phase
   */
  public static Requests requestsFrom(String log) {
    List<double[]> phases = new ArrayList<>();
    boolean inService = false;
    for (String line : log.split("\n")) {
      if (SERVICE_PHASE.matcher(line).find()) {
        inService = true;
        continue;
      }
      Matcher perRequest = PER_REQUEST.matcher(line);
      if (inService && perRequest.find()) {
        double es = 0;
        double service = 0;
        Matcher p = PROCESS.matcher(perRequest.group(1));
        while (p.find()) {
          if (p.group(1).equals("elasticsearch")) {
            es = Double.parseDouble(p.group(2));
          } else {
            service = Double.parseDouble(p.group(2));
          }
        }
        phases.add(new double[] {es, service});
        inService = false;
      }
    }
    if (phases.isEmpty()) {
      throw new IllegalArgumentException(
          "no measured SERVICE phase with a 'CPU ms per request' line in the bench query output");
    }
    double es = phases.stream().mapToDouble(p -> p[0]).average().orElseThrow();
    double service = phases.stream().mapToDouble(p -> p[1]).average().orElseThrow();
    return new Requests(es, service, phases.size());
  }

  /** One line a person can check against the benchmarks. */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "indexing %.3f us (Elasticsearch) + %.3f us (ingestor) of CPU and %.1f bytes of disk per"
            + " place-level-step; a spot %.2f + %.2f ms, a series %.2f + %.2f ms of CPU"
            + " (Elasticsearch + service)",
        esIndexMicros,
        ingestorMicros,
        bytesPerValue,
        spotEsMillis,
        spotServiceMillis,
        seriesEsMillis,
        seriesServiceMillis);
  }

  private static Matcher find(Pattern pattern, String log, String what) {
    Matcher m = pattern.matcher(log);
    if (!m.find()) {
      throw new IllegalArgumentException("the bench scale output has no " + what);
    }
    return m;
  }

  private static double number(String digits) {
    return Double.parseDouble(digits.replace(",", ""));
  }
}
