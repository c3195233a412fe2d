package dev.spotcast.bench.query;

import static java.util.stream.Collectors.joining;

import com.sun.management.OperatingSystemMXBean;
import dev.spotcast.bench.cpu.MachineIo;
import dev.spotcast.index.RunRecord;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.sharding.ShardingStrategy;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Prints the machine, the run, each phase as it ends, then medians, ratios and rows for
 * docs/benchmarks.md.
 */
final class QueryBenchReport {

  private final PrintWriter out;
  private final QueryBenchOptions options;
  private final List<QueryPhaseResult> results = new ArrayList<>();
  private String machine = "?";
  private String elasticsearch = "?";
  private String runLine = "?";
  private String mixLine = "?";

  /**
   * The host's memory copy rate at the start ({@link MemoryProbe}); NaN before {@link #machine}.
   */
  private double memoryAtStart = Double.NaN;

  QueryBenchReport(PrintWriter out, QueryBenchOptions options) {
    this.out = out;
    this.options = options;
  }

  /**
   * A report of the same bench for other options (another layout of {@code bench sharding}): its
   * windows' memory copy rates are compared with this report's start.
   */
  QueryBenchReport forOptions(QueryBenchOptions other) {
    QueryBenchReport report = new QueryBenchReport(out, other);
    report.memoryAtStart = memoryAtStart;
    return report;
  }

  void machine(Map<String, String> node, List<ProcessHandle> esProcesses) {
    int cores = Runtime.getRuntime().availableProcessors();
    double memory = Double.NaN;
    if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
      memory = os.getTotalMemorySize() / 1073741824.0;
    }
    machine = String.format(Locale.ROOT, "%d cores (%s), %.0f GiB RAM", cores, cpuModel(), memory);
    elasticsearch =
        String.format(
            Locale.ROOT,
            "Elasticsearch %s, heap %s, %s processors",
            node.getOrDefault("version", "?"),
            node.getOrDefault("heap", "?"),
            node.getOrDefault("processors", "?"));
    out.printf("Spotcast bench query, %s%n", Instant.now().truncatedTo(ChronoUnit.SECONDS));
    memoryAtStart = MemoryProbe.copyGigabytesPerSecond();
    out.printf(
        Locale.ROOT,
        "Machine: %s, %s %s, Java %s; load average %s; memory copy %.2f GB/s, random read %.0f ns"
            + " (one thread)%n",
        machine,
        System.getProperty("os.name"),
        System.getProperty("os.version"),
        System.getProperty("java.version"),
        CpuWatch.loadAverage(),
        memoryAtStart,
        MemoryProbe.randomReadNanos());
    out.printf(
        "%s at %s; its CPU is %s%n",
        elasticsearch,
        options.elasticsearch,
        esProcesses.isEmpty()
            ? "not measured (not a local process)"
            : "measured (pid "
                + esProcesses.stream().map(p -> String.valueOf(p.pid())).collect(joining(", "))
                + (esProcesses.size() > 1 ? ": " + esProcesses.size() + " nodes, summed)" : ")"));
    out.flush();
  }

  void run(RunRecord record) {
    ForecastRun run = record.run();
    ShardingStrategy strategy = new ShardingStrategy(run);
    runLine =
        String.format(
            Locale.ROOT,
            "%s: %,d points x %d levels x %d steps = %.2f M docs, %d indices x %d shards",
            run.model(),
            run.grid().pointCount(),
            run.axes().getFirst().levels().size(),
            run.steps().size(),
            run.documentCount() / 1e6,
            strategy.allIndices().size(),
            strategy.shardsPerIndex());
    out.printf(
        "Run: %s run %s, levels %s, steps %s, %s%n  %s%n",
        run.model(), run.runId(), run.axes().getFirst().levels(), run.steps(), runLine, run.grid());
    out.flush();
  }

  void mix(ForecastRun run, List<QueryBench.Prepared> prepared) {
    if (prepared.isEmpty()) {
      return;
    }
    ShardingStrategy strategy = new ShardingStrategy(run);
    int[] combinations = new int[5];
    int multi = 0;
    long keys = 0;
    long shards = 0;
    long body = 0;
    for (QueryBench.Prepared p : prepared) {
      int combos = p.sizes().stream().mapToInt(Integer::intValue).sum() / options.neighbours;
      combinations[Math.min(4, combos)]++;
      if (p.search().multi()) {
        multi++;
      }
      if (p.search().routing() == null) {
        // Routed by _id: every shard of every index searched.
        shards += (long) strategy.shardsPerIndex() * p.search().indices().size();
      } else {
        String[] routing = p.search().routing().split(",");
        keys += routing.length;
        Set<Integer> distinct = new HashSet<>();
        for (String key : routing) {
          distinct.add(strategy.shardOf(key));
        }
        shards += (long) distinct.size() * p.search().indices().size();
      }
      body += p.raw().body().length;
    }
    int n = prepared.size();
    mixLine =
        String.format(
            Locale.ROOT,
            "%.0f%% read 4 (level, step) combinations, %.0f%% 2, %.0f%% 1; %.0f%% span two indices (_msearch); "
                + "%.1f routing keys and %.2f shards per request on average; request body %.0f bytes",
            100.0 * combinations[4] / n,
            100.0 * combinations[2] / n,
            100.0 * combinations[1] / n,
            100.0 * multi / n,
            (double) keys / n,
            (double) shards / n,
            (double) body / n);
    out.printf("Requests: %s%n", mixLine);
    QueryBench.Prepared first = prepared.getFirst();
    out.printf(
        "  e.g. GET /v1/spot?%s%n       %s %s%n       %s%n",
        first.spot().queryString(),
        first.raw().method(),
        first.raw().pathAndQuery(),
        abbreviate(first.raw().bodyText().replace("\n", "\\n"), 600));
    if (options.seriesShare > 0) {
      long series = 0;
      int firstSeries = -1;
      for (int i = 0; i < n; i++) {
        if (RequestMix.isSeries(i, options.seriesShare)) {
          series++;
          firstSeries = firstSeries < 0 ? i : firstSeries;
        }
      }
      out.printf(
          Locale.ROOT,
          "Service phase: %,d of the %,d requests (%.1f%%) sent as time series at the same place,"
              + " the rest as spot requests; e.g. request %d:%n  GET /v1/series?%s%n",
          series,
          n,
          100.0 * series / n,
          firstSeries,
          firstSeries < 0
              ? "-"
              : RequestMix.seriesQuery(
                  prepared.get(firstSeries).spot().queryString(), options.seriesParams));
    }
    out.flush();
  }

  void phase(QueryPhaseResult r) {
    results.add(r);
    CpuWatch.Usage c = r.cpu();
    out.printf(
        Locale.ROOT,
        "%n%-26s repeat %d: %,8.0f req/s  p50 %6.2f  p95 %6.2f  p99 %7.2f  mean %6.2f ms  errors %d  %,.0f bytes/answer%n",
        r.phase().toUpperCase(Locale.ROOT),
        r.repeat(),
        r.requestsPerSecond(),
        r.latency().p50(),
        r.latency().p95(),
        r.latency().p99(),
        r.latency().mean(),
        r.errors(),
        r.meanResponseBytes());
    StringBuilder cpu = new StringBuilder();
    cpu.append(
        String.format(
            Locale.ROOT,
            "load generator %.2f (%.0f%% of the machine)",
            c.loadGenerator(),
            100 * c.loadGeneratorShare()));
    c.processes()
        .forEach((name, cores) -> cpu.append(String.format(Locale.ROOT, ", %s %.2f", name, cores)));
    cpu.append(
        String.format(Locale.ROOT, ", other processes %.2f, steal %.2f", c.others(), c.steal()));
    out.printf(
        "  CPU in cores over %.0f s: %s; load average %s%n", c.wallSeconds(), cpu, c.loadAverage());
    if (!Double.isNaN(memoryAtStart)) {
      out.printf("  %s%n", MemoryProbe.after(memoryAtStart, MemoryProbe.copyGigabytesPerSecond()));
    }
    StringBuilder perRequest = new StringBuilder();
    perRequest.append(
        String.format(
            Locale.ROOT, "load generator %.3f", r.cpuMillisPerRequest(c.loadGenerator())));
    c.processes()
        .forEach(
            (name, cores) -> {
              if (cores > 0.01) {
                perRequest.append(
                    String.format(Locale.ROOT, ", %s %.3f", name, r.cpuMillisPerRequest(cores)));
              }
            });
    out.printf("  CPU ms per request: %s%n", perRequest);
    MachineIo io = c.io();
    if (io != null && r.ok() > 0) {
      out.printf(
          Locale.ROOT,
          "  Disk per request (whole machine): %.3f major page faults, %.2f KiB paged in, %.3f disk"
              + " reads of %.2f KiB; page cache %,d MiB at the end%n",
          io.majorFaults() / (double) r.ok(),
          io.pagedInKib() / (double) r.ok(),
          io.diskReads() / (double) r.ok(),
          io.diskReadKib() / (double) r.ok(),
          io.pageCacheKib() >> 10);
    }
    SearchStats.Delta search = r.search();
    if (search != null && search.queries() > 0) {
      out.printf(
          Locale.ROOT,
          "  Elasticsearch shard searches: %.2f per request; query phase %.2f ms, fetch phase %.2f ms each%n",
          (double) search.queries() / Math.max(1, r.ok() + r.errors()),
          search.queryMillisEach(),
          search.fetchMillisEach());
    }
    if (r.disturbed()) {
      out.printf(
          "  NOTE: processes outside the benchmark used %.0f%% of the machine during this phase%n",
          100 * c.others() / c.cores());
    }
    if (!r.byKind().isEmpty()) {
      r.byKind()
          .forEach(
              (kind, k) ->
                  out.printf(
                      Locale.ROOT,
                      "  %-8s %,8.0f req/s  p50 %6.2f  p95 %6.2f  p99 %7.2f  mean %6.2f ms  errors %d%n",
                      kind + ":",
                      k.ok() / r.seconds(),
                      k.latency().p50(),
                      k.latency().p95(),
                      k.latency().p99(),
                      k.latency().mean(),
                      k.errors()));
    } else if (options.seriesShare > 0 && r.phase().equals("service")) {
      out.printf(
          Locale.ROOT,
          "  (figures for the mix of spot and series requests, %.0f%% series: %s gives totals only)%n",
          100 * options.seriesShare,
          options.generator.name().toLowerCase(Locale.ROOT));
    }
    if (r.errors() > 0) {
      out.printf("  ERRORS: %d, first: %s%n", r.errors(), r.firstError());
    }
    out.flush();
  }

  boolean anyErrors() {
    return results.stream().anyMatch(r -> r.errors() > 0);
  }

  /**
   * Medians over repeats (the undisturbed ones when there are any), paired ratios (phases of the
   * same repeat ran back to back), the fields conclusion, and rows for docs/benchmarks.md.
   */
  void summary() {
    Map<String, List<QueryPhaseResult>> byPhase = new LinkedHashMap<>();
    for (QueryPhaseResult r : results) {
      byPhase.computeIfAbsent(r.phase(), k -> new ArrayList<>()).add(r);
    }
    out.printf(
        "%nSummary: medians over the repeats in which other processes used under 10%% of the machine "
            + "(all repeats, marked *, when none did); %s, %d s measured per phase%n%n",
        loadShape(), options.duration.toSeconds());
    out.println(
        "| phase | repeats | req/s | p50 ms | p95 ms | p99 ms | errors | CPU ms/request: ES / service / load gen."
            + " | ES query / fetch ms per shard search | bytes/answer | load gen. share | other processes | load avg |");
    out.println("|---|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---:|---|");
    Map<String, Summary> summaries = new LinkedHashMap<>();
    for (Map.Entry<String, List<QueryPhaseResult>> e : byPhase.entrySet()) {
      Summary s = Summary.of(e.getValue());
      summaries.put(e.getKey(), s);
      out.printf(
          Locale.ROOT,
          "| %s | %s | %,.0f | %.1f | %.1f | %.1f | %d | %s / %s / %s | %s / %s | %,.0f | %.0f%% | %.2f cores | %s |%n",
          e.getKey(),
          s.repeats,
          s.rps,
          s.p50,
          s.p95,
          s.p99,
          s.errors,
          num(s.esCpuMs),
          num(s.serviceCpuMs),
          num(s.loadGenCpuMs),
          num(s.queryMs),
          num(s.fetchMs),
          s.bytes,
          100 * s.loadGenShare,
          s.others,
          s.loadAverage);
    }
    // The service's own request on regular grids is the ids one: compare with it when it was
    // measured.
    String rawPhase = summaries.containsKey("raw-ids") ? "raw-ids" : "raw";
    Summary raw = summaries.get(rawPhase);
    Summary service = summaries.get("service");
    String date = LocalDate.now(ZoneOffset.UTC).toString();
    if (raw != null && service != null) {
      Pairs throughput = pairs("service", rawPhase, QueryPhaseResult::requestsPerSecond);
      out.printf(
          Locale.ROOT,
          "%nservice/%s throughput per repeat: %s -> median %.2f (target >= 0.8); p50 %.2fx, p99 %.2fx%n",
          rawPhase,
          throughput.list(),
          throughput.median(),
          service.p50 / raw.p50,
          service.p99 / raw.p99);
      double rawCpu = raw.esCpuMs + raw.loadGenCpuMs;
      double serviceCpu = service.esCpuMs + service.serviceCpuMs + service.loadGenCpuMs;
      out.printf(
          Locale.ROOT,
          "CPU per request: raw %.2f ms (Elasticsearch %.2f + load generator %.2f); service %.2f ms (Elasticsearch %.2f"
              + " + service %.2f + load generator %.2f). With the machine's CPUs saturated the rates go as the inverse:"
              + " expected ratio %.2f.%n",
          rawCpu,
          raw.esCpuMs,
          raw.loadGenCpuMs,
          serviceCpu,
          service.esCpuMs,
          service.serviceCpuMs,
          service.loadGenCpuMs,
          rawCpu / serviceCpu);
      out.printf("%nRow for docs/benchmarks.md:%n");
      out.println(
          "| date | machine | Elasticsearch | run | load | raw ES (service's query) | /v1/spot | service/raw | CPU ms/request raw / service | load generator CPU | load avg |");
      out.println("|---|---|---|---|---|---|---|---|---|---|---|");
      out.printf(
          Locale.ROOT,
          "| %s | %s | %s | %s | %,d %s requests, n=%d, %s, %d+%d s, %s repeats | %,.0f req/s, p50/p95/p99 %.1f/%.1f/%.1f ms | %,.0f req/s, p50/p95/p99 %.1f/%.1f/%.1f ms | **%.2f** | %.1f / %.1f (service itself %.1f) | %.0f%% / %.0f%% | %s |%n",
          date,
          machine,
          elasticsearch,
          runLine,
          options.requests,
          options.sampling.name().toLowerCase(Locale.ROOT),
          options.neighbours,
          loadShape(),
          options.warmup.toSeconds(),
          options.duration.toSeconds(),
          service.repeats,
          raw.rps,
          raw.p50,
          raw.p95,
          raw.p99,
          service.rps,
          service.p50,
          service.p95,
          service.p99,
          throughput.median(),
          rawCpu,
          serviceCpu,
          service.serviceCpuMs,
          100 * raw.loadGenShare,
          100 * service.loadGenShare,
          service.loadAverage);
    }
    out.flush();
  }

  /** Ratios a/b of a metric between two phases of the same repeat. */
  private record Pairs(List<Double> ratios) {
    double median() {
      double[] v =
          ratios.stream()
              .filter(d -> !d.isNaN())
              .mapToDouble(Double::doubleValue)
              .sorted()
              .toArray();
      if (v.length == 0) {
        return Double.NaN;
      }
      return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    String list() {
      return ratios.stream().map(d -> String.format(Locale.ROOT, "%.2f", d)).toList().toString();
    }
  }

  /**
   * Paired ratios over the repeats in which neither phase was disturbed, or over all when none
   * qualifies.
   */
  private Pairs pairs(String a, String b, ToDoubleFunction<QueryPhaseResult> metric) {
    List<QueryPhaseResult[]> all = new ArrayList<>();
    for (QueryPhaseResult x : results) {
      if (!x.phase().equals(a)) {
        continue;
      }
      for (QueryPhaseResult y : results) {
        if (y.phase().equals(b) && y.repeat() == x.repeat()) {
          all.add(new QueryPhaseResult[] {x, y});
        }
      }
    }
    List<QueryPhaseResult[]> clean =
        all.stream().filter(p -> !p[0].disturbed() && !p[1].disturbed()).toList();
    List<QueryPhaseResult[]> used = clean.isEmpty() ? all : clean;
    return new Pairs(
        used.stream().map(p -> metric.applyAsDouble(p[0]) / metric.applyAsDouble(p[1])).toList());
  }

  private static double process(QueryPhaseResult r, String name) {
    return r.cpu().processes().getOrDefault(name, Double.NaN);
  }

  private static String num(double value) {
    return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.2f", value);
  }

  /** Medians of a phase's repeats. */
  private record Summary(
      String repeats,
      double rps,
      double p50,
      double p95,
      double p99,
      long errors,
      double esCpuMs,
      double serviceCpuMs,
      double loadGenCpuMs,
      double queryMs,
      double fetchMs,
      double bytes,
      double loadGenShare,
      double others,
      String loadAverage) {

    static Summary of(List<QueryPhaseResult> all) {
      List<QueryPhaseResult> clean = all.stream().filter(r -> !r.disturbed()).toList();
      List<QueryPhaseResult> rs = clean.isEmpty() ? all : clean;
      String repeats = clean.isEmpty() ? all.size() + "*" : clean.size() + " of " + all.size();
      QueryPhaseResult middle =
          rs.stream()
              .sorted(Comparator.comparingDouble(QueryPhaseResult::requestsPerSecond))
              .toList()
              .get(rs.size() / 2);
      return new Summary(
          repeats,
          median(rs, QueryPhaseResult::requestsPerSecond),
          median(rs, r -> r.latency().p50()),
          median(rs, r -> r.latency().p95()),
          median(rs, r -> r.latency().p99()),
          all.stream().mapToLong(QueryPhaseResult::errors).sum(),
          median(rs, r -> r.cpuMillisPerRequest(process(r, "elasticsearch"))),
          median(rs, r -> r.cpuMillisPerRequest(process(r, "service"))),
          median(rs, r -> r.cpuMillisPerRequest(r.cpu().loadGenerator())),
          median(rs, r -> r.search() == null ? Double.NaN : r.search().queryMillisEach()),
          median(rs, r -> r.search() == null ? Double.NaN : r.search().fetchMillisEach()),
          median(rs, QueryPhaseResult::meanResponseBytes),
          median(rs, r -> r.cpu().loadGeneratorShare()),
          median(rs, r -> r.cpu().others()),
          middle.cpu().loadAverage());
    }

    private static double median(List<QueryPhaseResult> rs, ToDoubleFunction<QueryPhaseResult> f) {
      double[] values = rs.stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).sorted().toArray();
      int n = values.length;
      if (n == 0) {
        return Double.NaN;
      }
      return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }
  }

  private static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim().replaceAll("\\s+", " ");
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return System.getProperty("os.arch");
  }

  /** "16 wrk connections", "16 workers" or "500 req/s offered". */
  private String loadShape() {
    String mix =
        options.seriesShare > 0
            ? String.format(
                Locale.ROOT,
                ", service requests %.0f%% series (params %s)",
                100 * options.seriesShare,
                options.seriesParams.isEmpty() ? "all" : String.join(",", options.seriesParams))
            : "";
    if (options.rate > 0) {
      return String.format(Locale.ROOT, "%.0f req/s offered (open model)", options.rate) + mix;
    }
    return options.concurrency
        + (options.generator == QueryBenchOptions.Generator.WRK ? " wrk connections" : " workers")
        + mix;
  }

  private static String abbreviate(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max) + "...";
  }
}
