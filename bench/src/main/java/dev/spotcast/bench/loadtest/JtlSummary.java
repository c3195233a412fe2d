package dev.spotcast.bench.loadtest;

import dev.spotcast.bench.cpu.MachineTicks;
import dev.spotcast.bench.query.VegetaFormat;
import dev.spotcast.bench.stats.Percentiles;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The result table of {@code ./spotcast loadtest}: throughput, latency percentiles and errors of
 * the steady phase from JMeter's CSV results (JTL), and the load generator's share of the machine's
 * CPU from the samples {@code bench/loadtest.sh} took of /proc during the run.
 *
 * <p>Percentiles are nearest-rank: the smallest elapsed time such that at least p % of the steady
 * samples took no longer, i.e. element ceil(p/100 * n) of the sorted elapsed times (1-based).
 * Throughput is (n - 1) requests over the time between the first and the last steady start.
 *
 * <p>The steady phase may hold several labels, one per kind of request ({@code spot steady} and
 * {@code series steady} when the plan mixes time series in): the totals cover them all, and each
 * label then gets a row of its own with its count, its share of the throughput, the share answered
 * with HTTP 200, its percentiles and its errors.
 *
 * <p>With {@code --warmup S} the phases come from the start times: a sample labelled {@code spot}
 * that started within S seconds of the first sample is {@code spot warm-up}, a later one {@code
 * spot steady} (the plan sends its full rate from the start and labels nothing itself).
 *
 * <pre>
 * java -cp jmeter/target/classes dev.spotcast.bench.loadtest.JtlSummary --jtl results.csv [--cpu cpu.tsv]
 *     [--warmup 10] [--label "spot steady,series steady"] [--rate 2000] [--report path/index.html]
 * </pre>
 */
public final class JtlSummary {

  private JtlSummary() {}

  /**
   * One JTL row, as far as the tables need it; {@code model} is the request's {@code model=}, empty
   * when the JTL has no URL column or the URL none.
   */
  public record Sample(
      long start,
      long elapsed,
      String label,
      boolean success,
      String code,
      String message,
      String model) {

    /** A row whose model is not known. */
    public Sample(
        long start, long elapsed, String label, boolean success, String code, String message) {
      this(start, elapsed, label, success, code, message, "");
    }
  }

  /** The value of a URL's {@code model} query parameter (not decoded: model ids need no escape). */
  static String modelOf(String url) {
    int query = url.indexOf('?');
    if (query < 0) {
      return "";
    }
    for (String pair : url.substring(query + 1).split("&")) {
      if (pair.startsWith("model=")) {
        return pair.substring("model=".length());
      }
    }
    return "";
  }

  /**
   * One /proc reading: wall clock, JMeter's CPU ticks, the machine's busy and total ticks, cores.
   */
  record CpuReading(long epochMs, long jmeterTicks, long busyTicks, long totalTicks) {}

  /**
   * One reading of the service's actuator: wall clock, live platform threads, heap used, requests
   * in progress.
   */
  record ServiceReading(long epochMs, long threads, long heapBytes, long activeRequests) {}

  /** The command line (picocli); loadtest.sh passes every option. */
  @Command(
      name = "JtlSummary",
      mixinStandardHelpOptions = true,
      sortOptions = false,
      description =
          "Prints the load test's table from JMeter's CSV results and the samplers' logs.")
  static final class Options {
    @Option(names = "--jtl", description = "JMeter's CSV results")
    Path jtl;

    @Option(
        names = "--vegeta",
        description =
            "vegeta's results as 'vegeta encode -to=csv' writes them, instead of --jtl: each"
                + " request labelled spot or series by its URL, successful when answered 200")
    Path vegeta;

    @Option(names = "--cpu", description = "/proc readings taken during the test (loadtest.sh)")
    Path cpu;

    @Option(
        names = "--service",
        description = "the service's actuator readings taken during the test (loadtest.sh)")
    Path service;

    @Option(
        names = "--label",
        defaultValue = "spot steady",
        split = ",",
        description =
            "labels of the steady phase's samples, comma-separated: one per kind of request"
                + " (default: ${DEFAULT-VALUE})")
    List<String> label;

    @Option(
        names = "--warmup",
        description =
            "seconds from the first sample that are the warm-up: each sample's label gets"
                + " ' warm-up' or ' steady' by its start time")
    Integer warmup;

    @Option(names = "--rate", description = "the rate offered, req/s")
    String rate;

    @Option(names = "--report", description = "where the HTML report is")
    String report;
  }

  public static void main(String[] args) throws IOException {
    Options options = new Options();
    if (!CommandLines.parse(options, args)) {
      return;
    }
    if ((options.jtl == null) == (options.vegeta == null)) {
      System.err.println("JtlSummary: give the results as --jtl FILE (JMeter) or --vegeta FILE");
      System.exit(2);
    }
    String generator = options.jtl != null ? "JMeter" : "vegeta";
    List<Sample> samples = options.jtl != null ? readJtl(options.jtl) : readVegeta(options.vegeta);
    if (options.warmup != null) {
      samples = phases(samples, options.warmup);
    }
    List<CpuReading> cpu = options.cpu != null ? readCpu(options.cpu) : List.of();
    List<ServiceReading> service =
        options.service != null ? readService(options.service) : List.of();
    System.out.print(
        table(samples, cpu, service, options.label, options.rate, options.report, generator));
  }

  /**
   * @param generator the load generator whose CPU {@code cpu} holds, as the table names it
   */
  static String table(
      List<Sample> all,
      List<CpuReading> cpu,
      List<ServiceReading> service,
      List<String> steadyLabels,
      String rate,
      String report,
      String generator) {
    List<Sample> steady = all.stream().filter(s -> steadyLabels.contains(s.label())).toList();
    List<Sample> others = all.stream().filter(s -> !steadyLabels.contains(s.label())).toList();
    StringBuilder out = new StringBuilder();
    if (steady.isEmpty()) {
      out.append(
          String.format(
              Locale.ROOT,
              "No '%s' samples in the results (%d samples in all): "
                  + "the run ended before its steady phase began.%n",
              String.join("' or '", steadyLabels),
              all.size()));
      return out.toString();
    }
    long[] elapsed = steady.stream().mapToLong(Sample::elapsed).sorted().toArray();
    long first = steady.stream().mapToLong(Sample::start).min().orElseThrow();
    long last = steady.stream().mapToLong(Sample::start).max().orElseThrow();
    double seconds = (last - first) / 1000.0;
    double throughput = seconds > 0 ? (steady.size() - 1) / seconds : Double.NaN;
    long errors = steady.stream().filter(s -> !s.success()).count();
    long answered = steady.stream().filter(JtlSummary::answered).count();

    row(
        out,
        "steady phase",
        String.format(Locale.ROOT, "%.1f s, %,d requests", seconds, steady.size()));
    row(
        out,
        "throughput",
        String.format(
            Locale.ROOT,
            "%.1f req/s%s",
            throughput,
            rate == null
                ? ""
                : String.format(
                    Locale.ROOT,
                    "  (target %s, %.1f %%)",
                    rate,
                    100 * throughput / Double.parseDouble(rate))));
    row(
        out,
        "answered (200)",
        String.format(Locale.ROOT, "%,d (%.1f %%)", answered, 100.0 * answered / steady.size()));
    row(out, "latency p50", percentile(elapsed, 50) + " ms");
    row(out, "latency p95", percentile(elapsed, 95) + " ms");
    row(out, "latency p99", percentile(elapsed, 99) + " ms");
    row(out, "latency max", elapsed[elapsed.length - 1] + " ms");
    row(
        out,
        "errors",
        String.format(Locale.ROOT, "%,d (%.2f %%)", errors, 100.0 * errors / steady.size()));
    topErrors(steady)
        .forEach((why, n) -> row(out, "", String.format(Locale.ROOT, "%,d x %s", n, why)));
    byStatus(steady)
        .forEach(
            (code, elapsedOfCode) ->
                row(
                    out,
                    "HTTP " + code,
                    String.format(
                        Locale.ROOT,
                        "%,d (%.1f %%), p50 %d / p95 %d / p99 %d / max %d ms",
                        elapsedOfCode.length,
                        100.0 * elapsedOfCode.length / steady.size(),
                        percentile(elapsedOfCode, 50),
                        percentile(elapsedOfCode, 95),
                        percentile(elapsedOfCode, 99),
                        elapsedOfCode[elapsedOfCode.length - 1])));
    long outside = steady.stream().filter(x -> x.code().equals("422")).count();
    if (outside > 0) {
      // A plan draws its times and heights from the run served when it starts: a test that outlives
      // that run asks the next one for hours it does not have. Not the service's capacity.
      row(
          out,
          "of them 422",
          String.format(
              Locale.ROOT,
              "%,d: times or heights the served run does not have; answered %.1f %% of the rest (a"
                  + " test that outlives its run: --times inside both runs)",
              outside,
              100.0 * answered / (steady.size() - outside)));
    }
    Map<String, List<Sample>> kinds = byLabel(steady, steadyLabels);
    if (kinds.size() > 1) {
      row(out, "by request kind", "requests, req/s, answered (200), latency, errors");
      kinds.forEach((label, of) -> row(out, label, kindLine(of, steady.size(), throughput)));
    }
    row(out, generator + " CPU", cpuShare(cpu, first, last));
    if (!service.isEmpty()) {
      row(out, "service (actuator)", serviceBounds(service, first, last));
    }
    if (!others.isEmpty()) {
      long otherErrors = others.stream().filter(s -> !s.success()).count();
      row(
          out,
          "warm-up (not above)",
          String.format(Locale.ROOT, "%,d requests, %,d errors", others.size(), otherErrors));
    }
    if (report != null) {
      row(out, "HTML report", report);
    }
    return out.toString();
  }

  /**
   * Each sample's label with its phase: {@code " warm-up"} when it started less than {@code
   * warmupSeconds} after the first sample, {@code " steady"} otherwise.
   */
  static List<Sample> phases(List<Sample> samples, int warmupSeconds) {
    long steadyFrom =
        samples.stream().mapToLong(Sample::start).min().orElse(0) + 1000L * warmupSeconds;
    return samples.stream()
        .map(
            s ->
                new Sample(
                    s.start(),
                    s.elapsed(),
                    s.label() + (s.start() < steadyFrom ? " warm-up" : " steady"),
                    s.success(),
                    s.code(),
                    s.message(),
                    s.model()))
        .toList();
  }

  /** Answered: HTTP 200, whatever the assertions said of the body. */
  private static boolean answered(Sample s) {
    return s.code().equals("200");
  }

  /** The steady samples of each label that has any, in the order of {@code labels}. */
  static Map<String, List<Sample>> byLabel(List<Sample> steady, List<String> labels) {
    Map<String, List<Sample>> out = new LinkedHashMap<>();
    for (String label : labels) {
      List<Sample> of = steady.stream().filter(s -> s.label().equals(label)).toList();
      if (!of.isEmpty()) {
        out.putIfAbsent(label, of);
      }
    }
    return out;
  }

  /**
   * One kind's row: its count; its rate, the total throughput times its share of the steady
   * requests (so that the kinds' rates add up to the total); the share answered with 200; its
   * nearest-rank percentiles; its errors.
   */
  static String kindLine(List<Sample> of, int steadyCount, double throughput) {
    long[] elapsed = of.stream().mapToLong(Sample::elapsed).sorted().toArray();
    long answered = of.stream().filter(JtlSummary::answered).count();
    long errors = of.stream().filter(s -> !s.success()).count();
    return String.format(
        Locale.ROOT,
        "%,d, %.1f req/s, %.1f %%, p50 %d / p95 %d / p99 %d ms, %,d (%.2f %%)",
        of.size(),
        throughput * of.size() / steadyCount,
        100.0 * answered / of.size(),
        percentile(elapsed, 50),
        percentile(elapsed, 95),
        percentile(elapsed, 99),
        errors,
        100.0 * errors / of.size());
  }

  /** Nearest rank ({@link Percentiles}) of the sorted values. */
  static long percentile(long[] sorted, double p) {
    return Percentiles.of(sorted).at(p);
  }

  /** JMeter's CPU over [from, to] (epoch ms) as cores and as a share of the whole machine. */
  static String cpuShare(List<CpuReading> cpu, long from, long to) {
    List<CpuReading> inside =
        cpu.stream().filter(r -> r.epochMs() >= from && r.epochMs() <= to).toList();
    if (inside.size() < 2) {
      return "n/a (fewer than two /proc readings in the steady phase)";
    }
    CpuReading a = inside.getFirst();
    CpuReading b = inside.getLast();
    double wall = (b.epochMs() - a.epochMs()) / 1000.0;
    double jmeterCores = (b.jmeterTicks() - a.jmeterTicks()) / MachineTicks.TICKS_PER_SECOND / wall;
    double total = b.totalTicks() - a.totalTicks();
    double share = (b.jmeterTicks() - a.jmeterTicks()) / total;
    double busy = (b.busyTicks() - a.busyTicks()) / total;
    return String.format(
        Locale.ROOT,
        "%.1f %% of the machine (%.2f cores of %d); machine busy %.1f %%",
        100 * share,
        jmeterCores,
        Math.round(total / MachineTicks.TICKS_PER_SECOND / wall),
        100 * busy);
  }

  /**
   * Elapsed times (sorted) of the samples of each HTTP status, most frequent first; only when there
   * is more than one status, so that the latency of the accepted requests shows apart from the shed
   * ones.
   */
  static Map<String, long[]> byStatus(List<Sample> samples) {
    Map<String, List<Long>> codes = new HashMap<>();
    for (Sample s : samples) {
      codes
          .computeIfAbsent(s.code().isBlank() ? "none" : s.code(), c -> new ArrayList<>())
          .add(s.elapsed());
    }
    Map<String, long[]> out = new LinkedHashMap<>();
    if (codes.size() > 1) {
      codes.entrySet().stream()
          .sorted((a, b) -> Integer.compare(b.getValue().size(), a.getValue().size()))
          .forEach(
              e ->
                  out.put(
                      e.getKey(),
                      e.getValue().stream().mapToLong(Long::longValue).sorted().toArray()));
    }
    return out;
  }

  /**
   * The service's live threads, heap and requests in progress over [from, to]: first reading and
   * maximum.
   */
  static String serviceBounds(List<ServiceReading> readings, long from, long to) {
    List<ServiceReading> inside =
        readings.stream().filter(r -> r.epochMs() >= from && r.epochMs() <= to).toList();
    if (inside.isEmpty()) {
      return "n/a (no actuator reading in the steady phase)";
    }
    ServiceReading start = inside.getFirst();
    return String.format(
        Locale.ROOT,
        "threads %d -> max %d; heap used %,d -> max %,d MB; requests in progress max %d",
        start.threads(),
        inside.stream().mapToLong(ServiceReading::threads).max().orElseThrow(),
        start.heapBytes() >> 20,
        inside.stream().mapToLong(ServiceReading::heapBytes).max().orElseThrow() >> 20,
        inside.stream().mapToLong(ServiceReading::activeRequests).max().orElseThrow());
  }

  private static Map<String, Long> topErrors(List<Sample> samples) {
    Map<String, Long> counts = new HashMap<>();
    for (Sample s : samples) {
      if (!s.success()) {
        String why =
            s.code()
                + " "
                + (s.message().isBlank() ? "" : s.message().lines().findFirst().orElse(""));
        counts.merge(
            why.length() > 100 ? why.substring(0, 100) + "..." : why.strip(), 1L, Long::sum);
      }
    }
    Map<String, Long> top = new LinkedHashMap<>();
    counts.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(3)
        .forEach(e -> top.put(e.getKey(), e.getValue()));
    return top;
  }

  private static void row(StringBuilder out, String name, String value) {
    out.append(String.format(Locale.ROOT, "  %-22s %s%n", name, value));
  }

  /** JMeter's CSV results (header line first); rows cut short by a killed JMeter are skipped. */
  public static List<Sample> readJtl(Path jtl) throws IOException {
    CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();
    try (Reader in = Files.newBufferedReader(jtl);
        CSVParser parser = CSVParser.parse(in, format)) {
      if (parser.getHeaderNames().isEmpty()) {
        return List.of(); // an empty file: JMeter wrote nothing
      }
      for (String column :
          List.of("timeStamp", "elapsed", "label", "success", "responseCode", "failureMessage")) {
        if (!parser.getHeaderMap().containsKey(column)) {
          throw new IllegalArgumentException(
              "the JTL has no column '" + column + "': " + parser.getHeaderNames());
        }
      }
      boolean withUrl = parser.getHeaderMap().containsKey("URL");
      List<Sample> samples = new ArrayList<>();
      for (CSVRecord r : parser) {
        if (!r.isConsistent()) {
          continue;
        }
        samples.add(
            new Sample(
                Long.parseLong(r.get("timeStamp")),
                Long.parseLong(r.get("elapsed")),
                r.get("label"),
                Boolean.parseBoolean(r.get("success")),
                r.get("responseCode"),
                r.get("failureMessage"),
                withUrl ? modelOf(r.get("URL")) : ""));
      }
      return samples;
    }
  }

  /**
   * vegeta's results ({@link VegetaFormat#results}) as samples: started at the request's start
   * (ms), its latency (whole ms, rounded down as JMeter's elapsed is), labelled {@code spot} or
   * {@code series} by its URL, successful when answered with 200; a request with no answer has no
   * code and Go's error as its message, a refused one what its problem+json says.
   */
  public static List<Sample> readVegeta(Path csv) throws IOException {
    List<Sample> samples = new ArrayList<>();
    try (Reader in = Files.newBufferedReader(csv)) {
      VegetaFormat.results(
          in,
          r ->
              samples.add(
                  new Sample(
                      r.startNanos() / 1_000_000,
                      r.latencyNanos() / 1_000_000,
                      r.kind(),
                      r.status() == 200,
                      r.status() == 0 ? "" : Integer.toString(r.status()),
                      r.status() == 0 ? VegetaFormat.reason(r.error()) : failure(r),
                      modelOf(r.url()))));
    }
    return samples;
  }

  /** Why an answered request failed: nothing for a 200, else what its problem+json says. */
  private static String failure(VegetaFormat.Result r) {
    return r.status() == 200 ? "" : r.problem();
  }

  static List<ServiceReading> readService(Path tsv) throws IOException {
    return readNumbers(tsv, 4).stream()
        .map(v -> new ServiceReading(v[0], v[1], v[2], v[3]))
        .toList();
  }

  static List<CpuReading> readCpu(Path tsv) throws IOException {
    return readNumbers(tsv, 4).stream().map(v -> new CpuReading(v[0], v[1], v[2], v[3])).toList();
  }

  /**
   * Lines of whitespace-separated whole numbers with exactly {@code columns} fields; others are
   * skipped.
   */
  private static List<long[]> readNumbers(Path tsv, int columns) throws IOException {
    if (!Files.exists(tsv)) {
      return List.of();
    }
    return Files.readAllLines(tsv).stream()
        .map(line -> line.trim().split("\\s+"))
        .filter(f -> f.length == columns)
        .map(f -> Arrays.stream(f).mapToLong(Long::parseLong).toArray())
        .toList();
  }
}
