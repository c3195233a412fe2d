package dev.spotcast.bench.ingest;

import java.io.PrintWriter;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Prints phases as they finish, then the medians, the ratio and a row for docs/benchmarks.md. */
final class BenchReport {

  private final PrintWriter out;
  private final List<LoadPhaseResult> results = new ArrayList<>();

  BenchReport(PrintWriter out) {
    this.out = out;
  }

  List<LoadPhaseResult> results() {
    return results;
  }

  void phase(LoadPhaseResult r, String title, String detail) {
    results.add(r);
    out.printf("%n%s, repeat %d%n", title, r.repeat());
    if (r.streamSeconds() != null) {
      out.printf(
          "  %,d docs: load() %.2f s = %,.0f docs/s end to end; bulk streaming %.2f s = %,.0f docs/s%n",
          r.indexed(), r.seconds(), r.docsPerSecond(), r.streamSeconds(), r.streamDocsPerSecond());
    } else {
      out.printf(
          "  %,d docs in %.2f s = %,.0f docs/s%n", r.indexed(), r.seconds(), r.docsPerSecond());
    }
    out.printf(
        "  %s; counted %,d of %,d%s%n",
        detail, r.counted(), r.expected(), r.ok() ? " OK" : "  FAILED: " + r.failure());
    CpuUsage c = r.cpu();
    out.printf(
        "  CPU s over %.1f s (%.1f available): Elasticsearch %.1f, bench JVM %.1f, other processes %.1f, idle %.1f, steal %.1f%n",
        c.wallSeconds(),
        c.capacitySeconds(),
        c.elasticsearchSeconds(),
        c.benchSeconds(),
        c.otherSeconds(),
        c.machineIdleSeconds(),
        c.machineStealSeconds());
    out.printf(
        "  CPU per document: Elasticsearch %.1f us, bench JVM %.1f us; CPU-bound estimate %,.0f docs/s on %.1f cores%n",
        c.elasticsearchSeconds() * 1e6 / r.indexed(),
        c.benchSeconds() * 1e6 / r.indexed(),
        r.cpuBoundDocsPerSecond(),
        c.cores());
    if (!c.threads().isEmpty()) {
      String threads =
          c.threads().entrySet().stream()
              .sorted(
                  Comparator.comparingDouble((Map.Entry<String, double[]> e) -> -e.getValue()[0]))
              .filter(e -> e.getValue()[0] >= 0.05 || e.getValue()[1] >= 0.05)
              .map(e -> String.format("%s %.1f/%.1f", e.getKey(), e.getValue()[0], e.getValue()[1]))
              .collect(Collectors.joining(", "));
      out.printf("  bench threads, CPU s on-core/runnable-waiting: %s%n", threads);
    }
    if (c.disturbed()) {
      out.printf(
          "  WARNING: other processes used %.0f%% of the machine during this phase; its rate is not comparable%n",
          100 * c.otherSeconds() / c.capacitySeconds());
    }
    out.printf(
        "  bench JVM allocated %,.0f MB (%,.0f bytes/doc), %d GCs (%.2f s); ES write rejections %d%n",
        c.allocatedBytes() / 1e6,
        c.allocatedBytes() / (double) Math.max(1, r.expected()),
        c.gcCount(),
        c.gcMillis() / 1e3,
        c.writeRejected());
    out.flush();
  }

  /** Prints medians and the markdown row; true when every phase was complete. */
  boolean summary(
      String date, String machine, String elasticsearch, String documents, String settings) {
    List<LoadPhaseResult> lean = of("raw-source");
    List<LoadPhaseResult> raw = of("raw");
    List<LoadPhaseResult> spotcast = of("spotcast");
    boolean ok = results.stream().allMatch(LoadPhaseResult::ok);
    double rawMedian = median(raw, LoadPhaseResult::docsPerSecond);
    double loadMedian = median(spotcast, LoadPhaseResult::docsPerSecond);
    double streamMedian =
        median(
            spotcast, r -> r.streamDocsPerSecond() == null ? Double.NaN : r.streamDocsPerSecond());
    double rawCpuBound = median(raw, LoadPhaseResult::cpuBoundDocsPerSecond);
    double spotcastCpuBound = median(spotcast, LoadPhaseResult::cpuBoundDocsPerSecond);
    double leanMedian = median(lean, LoadPhaseResult::docsPerSecond);
    List<String> leanRatios = new ArrayList<>();
    for (int i = 0; i < Math.min(lean.size(), spotcast.size()); i++) {
      leanRatios.add(
          String.format("%.2f", spotcast.get(i).docsPerSecond() / lean.get(i).docsPerSecond()));
    }
    List<String> ratios = new ArrayList<>();
    for (int i = 0; i < Math.min(raw.size(), spotcast.size()); i++) {
      ratios.add(
          String.format("%.2f", spotcast.get(i).docsPerSecond() / raw.get(i).docsPerSecond()));
    }

    out.printf("%n== Summary (%d repeat%s, median) ==%n", raw.size(), raw.size() == 1 ? "" : "s");
    if (!lean.isEmpty()) {
      out.printf(
          "  raw bulk, leanest layout %,9.0f docs/s   %s  (values in _source only; ES CPU %.1f us/doc)%n",
          leanMedian,
          list(lean, LoadPhaseResult::docsPerSecond),
          median(lean, LoadPhaseResult::elasticsearchMicrosPerDocument));
    }
    out.printf(
        "  raw bulk, Spotcast layout%,9.0f docs/s   %s  (values in doc values; ES CPU %.1f us/doc)%n",
        rawMedian,
        list(raw, LoadPhaseResult::docsPerSecond),
        median(raw, LoadPhaseResult::elasticsearchMicrosPerDocument));
    out.printf(
        "  Spotcast end to end      %,9.0f docs/s   %s  (ES CPU %.1f us/doc)%n",
        loadMedian,
        list(spotcast, LoadPhaseResult::docsPerSecond),
        median(spotcast, LoadPhaseResult::elasticsearchMicrosPerDocument));
    out.printf(
        "  Spotcast bulk streaming  %,9.0f docs/s   %s%n",
        streamMedian,
        list(
            spotcast, r -> r.streamDocsPerSecond() == null ? Double.NaN : r.streamDocsPerSecond()));
    out.printf(
        "  ratio spotcast/raw: %.2f end to end (per repeat %s), %.2f streaming%n",
        loadMedian / rawMedian, String.join(" ", ratios), streamMedian / rawMedian);
    if (!lean.isEmpty()) {
      out.printf(
          "  ratio spotcast/raw leanest layout: %.2f end to end (per repeat %s), %.2f streaming%n",
          loadMedian / leanMedian, String.join(" ", leanRatios), streamMedian / leanMedian);
    }
    List<LoadPhaseResult> sender = of("sender");
    if (!sender.isEmpty()) {
      double senderMedian = median(sender, LoadPhaseResult::docsPerSecond);
      out.printf(
          "  BulkSender alone         %,9.0f docs/s   %s  ratio sender/raw %.2f, CPU-bound %.2f%n",
          senderMedian,
          list(sender, LoadPhaseResult::docsPerSecond),
          senderMedian / rawMedian,
          median(sender, LoadPhaseResult::cpuBoundDocsPerSecond) / rawCpuBound);
    }
    out.printf(
        "  CPU-bound estimate (ES + bench CPU per document): raw %,.0f, Spotcast %,.0f docs/s, ratio %.2f%n",
        rawCpuBound, spotcastCpuBound, spotcastCpuBound / rawCpuBound);
    if (!ok) {
      out.println("  INVALID: documents were lost or counts did not match (see the phases above)");
    }
    long disturbed = results.stream().filter(r -> r.cpu().disturbed()).count();
    String warning =
        disturbed == 0
            ? ""
            : String.format(
                "; %d of %d phases disturbed by other processes (repeat %s)",
                disturbed,
                results.size(),
                results.stream()
                    .filter(r -> r.cpu().disturbed())
                    .map(r -> Integer.toString(r.repeat()))
                    .distinct()
                    .collect(Collectors.joining(", ")));
    if (disturbed > 0) {
      out.println("  WARNING" + warning.substring(1) + ": compare the undisturbed repeats");
    }

    out.println();
    out.println("Markdown for docs/benchmarks.md:");
    out.println();
    out.println(
        "| Date | Machine | Elasticsearch | Documents | Raw bulk docs/s, leanest layout | Raw bulk docs/s, Spotcast layout"
            + " | Spotcast docs/s, end to end | Spotcast docs/s, bulk streaming | Ratio to leanest | Ratio end to end"
            + " | Ratio streaming | Ratio CPU-bound | Settings |");
    out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    out.printf(
        "| %s | %s | %s | %s | %s | %s | %s | %s | %.2f | %.2f | %.2f | %.2f | %s%s |%n",
        date,
        machine,
        elasticsearch,
        documents,
        lean.isEmpty() ? "-" : cell(leanMedian, lean, LoadPhaseResult::docsPerSecond),
        cell(rawMedian, raw, LoadPhaseResult::docsPerSecond),
        cell(loadMedian, spotcast, LoadPhaseResult::docsPerSecond),
        cell(
            streamMedian,
            spotcast,
            r -> r.streamDocsPerSecond() == null ? Double.NaN : r.streamDocsPerSecond()),
        loadMedian / leanMedian,
        loadMedian / rawMedian,
        streamMedian / rawMedian,
        spotcastCpuBound / rawCpuBound,
        settings + warning,
        ok ? "" : "; **INVALID: lost documents**");
    out.flush();
    return ok;
  }

  static String today() {
    return LocalDate.now(ZoneOffset.UTC).toString();
  }

  private List<LoadPhaseResult> of(String phase) {
    return results.stream().filter(r -> r.phase().equals(phase)).toList();
  }

  private static String cell(
      double median, List<LoadPhaseResult> runs, Function<LoadPhaseResult, Double> value) {
    if (runs.size() <= 1) {
      return String.format("%,.0f", median);
    }
    return String.format(
        "%,.0f (%s)",
        median,
        runs.stream()
            .map(r -> String.format("%,.0f", value.apply(r)))
            .collect(Collectors.joining(" / ")));
  }

  private static String list(List<LoadPhaseResult> runs, Function<LoadPhaseResult, Double> value) {
    return runs.size() <= 1
        ? ""
        : runs.stream()
            .map(r -> String.format("%,.0f", value.apply(r)))
            .collect(Collectors.joining("  ", "[", "]"));
  }

  static double median(List<LoadPhaseResult> runs, Function<LoadPhaseResult, Double> value) {
    double[] v =
        runs.stream().mapToDouble(value::apply).filter(d -> !Double.isNaN(d)).sorted().toArray();
    if (v.length == 0) {
      return Double.NaN;
    }
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }
}
