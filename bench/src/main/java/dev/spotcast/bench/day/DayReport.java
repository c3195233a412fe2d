package dev.spotcast.bench.day;

import dev.spotcast.bench.day.DayTimeline.Event;
import dev.spotcast.bench.day.DayTimeline.Readings;
import dev.spotcast.bench.day.DayTimeline.Window;
import dev.spotcast.bench.loadtest.CommandLines;
import dev.spotcast.bench.loadtest.JtlSummary;
import dev.spotcast.bench.loadtest.JtlSummary.Sample;
import dev.spotcast.bench.stats.Percentiles;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The day benchmark's report from what its run left: JMeter's results, the sampler's readings and
 * the orchestrator's events. Writes {@code day-windows.tsv} (a line per 10-s window), {@code
 * day-tables.md} (a table per phase, and the windows that missed the users' targets) and {@code
 * day.png} (the day on one time axis: requests, latency, ingest, CPU and page cache, the publish
 * switches marked).
 */
public final class DayReport {

  @Command(
      name = "day-report",
      mixinStandardHelpOptions = true,
      sortOptions = false,
      description = "The day benchmark's windows, tables and picture (called by bench/day.sh).")
  static final class Options {
    @Option(names = "--jtl", required = true, description = "JMeter's CSV results")
    Path jtl;

    @Option(names = "--readings", required = true, description = "the sampler's readings (TSV)")
    Path readings;

    @Option(names = "--events", required = true, description = "the orchestrator's events (TSV)")
    Path events;

    @Option(names = "--out", required = true, description = "the folder to write the report to")
    Path out;

    @Option(
        names = "--window",
        defaultValue = "10",
        description = "seconds per window (default: ${DEFAULT-VALUE})")
    int window;

    @Option(names = "--title", defaultValue = "A day in production", description = "its title")
    String title;

    @Option(
        names = "--speed",
        defaultValue = "1",
        description = "the feeds' clock against the wall clock, for freshness in feed time")
    double speed;

    @Option(
        names = "--warmup",
        defaultValue = "0",
        description = "seconds from the first sample left out: the load generator's warm-up")
    int warmup;

    @Option(
        names = "--start",
        defaultValue = "0",
        description =
            "seconds from the first sample (the warm-up's included) whose idle windows are the"
                + " phase 'start': the query service's first minutes, its JIT compiling and its"
                + " cache empty; the tables give the day without them too")
    int start;
  }

  private DayReport() {}

  public static void main(String[] args) throws IOException {
    Options options = new Options();
    if (!CommandLines.parse(options, args)) {
      return;
    }
    List<Sample> samples = JtlSummary.readJtl(options.jtl);
    Readings readings = Readings.read(options.readings);
    List<Event> events = DayTimeline.readEvents(options.events);
    if (samples.isEmpty()) {
      throw new IllegalArgumentException("no samples in " + options.jtl);
    }
    long from =
        samples.stream().mapToLong(Sample::start).min().orElseThrow() + options.warmup * 1000L;
    long to = samples.stream().mapToLong(Sample::start).max().orElseThrow() + 1;
    long width = options.window * 1000L;
    long afterStart = from - options.warmup * 1000L + options.start * 1000L;
    List<Window> windows =
        markStart(DayTimeline.windows(samples, readings, events, from, to, width), afterStart);
    Files.createDirectories(options.out);
    Files.writeString(options.out.resolve("day-windows.tsv"), tsv(windows, from));
    String tables =
        tables(windows, width)
            + modelsTable(samples, Math.max(from, afterStart))
            + freshnessTable(DayTimeline.freshness(events), options.speed);
    Files.writeString(options.out.resolve("day-tables.md"), tables);
    picture(windows, events, from, width, options.title, options.out.resolve("day.png"));
    System.out.print(tables);
  }

  /**
   * A line per window: its offset, phase, the users' counts and percentiles, then every measure.
   */
  static String tsv(List<Window> windows, long from) {
    TreeSet<String> measures = new TreeSet<>();
    TreeSet<String> texts = new TreeSet<>();
    windows.forEach(
        w -> {
          measures.addAll(w.measures().keySet());
          texts.addAll(w.texts().keySet());
        });
    StringBuilder out =
        new StringBuilder("seconds\tphase\toffered\tanswered\trefused\tfailed\tp50_ms\tp99_ms");
    measures.forEach(m -> out.append('\t').append(m));
    texts.forEach(t -> out.append('\t').append(t));
    out.append('\n');
    for (Window w : windows) {
      out.append((w.start() - from) / 1000)
          .append('\t')
          .append(w.phase())
          .append('\t')
          .append(w.offered())
          .append('\t')
          .append(w.answered())
          .append('\t')
          .append(w.refused())
          .append('\t')
          .append(w.failed())
          .append('\t')
          .append(w.p50())
          .append('\t')
          .append(w.p99());
      for (String m : measures) {
        Double value = w.measures().get(m);
        out.append('\t').append(value == null ? "" : String.format(Locale.ROOT, "%.3f", value));
      }
      for (String t : texts) {
        out.append('\t').append(w.texts().getOrDefault(t, ""));
      }
      out.append('\n');
    }
    return out.toString();
  }

  /**
   * The phase of the query service's first minutes ({@code --start}): its JIT compiling, its cache
   * empty, the load generator starting beside it. The tables give the day without it too.
   */
  static final String START = "start";

  /** The windows, those idle ones that begin before {@code until} named {@link #START}. */
  static List<Window> markStart(List<Window> windows, long until) {
    return windows.stream()
        .map(w -> w.start() < until && w.phase().equals("idle") ? w.withPhase(START) : w)
        .toList();
  }

  /**
   * A table with a row per phase, in the order the phases first came: windows, the rate offered,
   * the share answered over the phase and in its worst window, the worst window's p99, how many
   * windows met the users' targets, and the mean of each measure; then the same over the whole day,
   * when it had more than one phase, and over the day after its {@link #START} phase when it had
   * one; then the windows that missed.
   */
  static String tables(List<Window> windows, long width) {
    Map<String, List<Window>> byPhase = new LinkedHashMap<>();
    for (Window w : windows) {
      byPhase.computeIfAbsent(w.phase(), p -> new ArrayList<>()).add(w);
    }
    TreeSet<String> measures = new TreeSet<>();
    windows.forEach(w -> measures.addAll(w.measures().keySet()));
    double seconds = width / 1000.0;
    StringBuilder out = new StringBuilder();
    out.append(
        "| phase | windows | offered req/s | answered | worst window | worst p99 ms | windows on target |");
    measures.forEach(m -> out.append(' ').append(m).append(" |"));
    out.append('\n').append("|---|---:|---:|---:|---:|---:|---:|");
    measures.forEach(m -> out.append("---:|"));
    out.append('\n');
    byPhase.forEach((phase, in) -> row(out, phase, in, measures, seconds));
    if (byPhase.size() > 1) {
      row(out, "**the day**", windows, measures, seconds);
      List<Window> after = windows.stream().filter(w -> !w.phase().equals(START)).toList();
      if (after.size() < windows.size() && !after.isEmpty()) {
        row(out, "the day after the start", after, measures, seconds);
      }
    }
    List<Window> missed = windows.stream().filter(w -> !w.meetsTargets()).toList();
    out.append('\n')
        .append(missed.size())
        .append(" of ")
        .append(windows.size())
        .append(" windows missed the users' targets (>= 99.5 % answered, p99 < 200 ms)")
        .append(missed.isEmpty() ? ".\n" : ":\n");
    long from = windows.isEmpty() ? 0 : windows.getFirst().start();
    for (Window w : missed) {
      out.append(
          String.format(
              Locale.ROOT,
              "- at %d s (%s): %d offered, %.2f %% answered, %d refused, %d failed, p99 %d ms%n",
              (w.start() - from) / 1000,
              w.phase(),
              w.offered(),
              100 * w.answeredShare(),
              w.refused(),
              w.failed(),
              w.p99()));
    }
    return out.toString();
  }

  /** One row of {@link #tables}: the windows {@code in}, named {@code name}. */
  private static void row(
      StringBuilder out, String name, List<Window> in, Set<String> measures, double seconds) {
    long offered = in.stream().mapToLong(Window::offered).sum();
    long answered = in.stream().mapToLong(Window::answered).sum();
    double worst = in.stream().mapToDouble(Window::answeredShare).min().orElse(1);
    long worstP99 = in.stream().mapToLong(Window::p99).max().orElse(0);
    long onTarget = in.stream().filter(Window::meetsTargets).count();
    out.append(
        String.format(
            Locale.ROOT,
            "| %s | %d | %.0f | %.2f %% | %.2f %% | %d | %d of %d |",
            name,
            in.size(),
            offered / (in.size() * seconds),
            offered == 0 ? 100.0 : 100.0 * answered / offered,
            100 * worst,
            worstP99,
            onTarget,
            in.size()));
    for (String m : measures) {
      double mean =
          in.stream()
              .map(w -> w.measures().get(m))
              .filter(v -> v != null)
              .mapToDouble(Double::doubleValue)
              .average()
              .orElse(Double.NaN);
      out.append(String.format(Locale.ROOT, " %.2f |", mean));
    }
    out.append('\n');
  }

  /**
   * A row per model and kind of request asked from {@code from} on (the day after its start): how
   * many, the share answered, refused (429) and failed, and the answers' p50 and p99. Empty when
   * the requests named one model or none: the phase table says it all then.
   */
  static String modelsTable(List<Sample> samples, long from) {
    Map<String, Map<String, List<Sample>>> byModelAndKind = new TreeMap<>();
    for (Sample s : samples) {
      if (s.start() >= from) {
        byModelAndKind
            .computeIfAbsent(s.model(), m -> new TreeMap<>())
            .computeIfAbsent(s.label(), k -> new ArrayList<>())
            .add(s);
      }
    }
    if (byModelAndKind.size() < 2) {
      return "";
    }
    StringBuilder out =
        new StringBuilder(
            "\n| model | kind | requests | answered | refused | failed | p50 ms | p99 ms |\n"
                + "|---|---|---:|---:|---:|---:|---:|---:|\n");
    byModelAndKind.forEach(
        (model, byKind) ->
            byKind.forEach(
                (kind, in) -> {
                  long[] elapsed =
                      in.stream()
                          .filter(DayTimeline::answered)
                          .mapToLong(Sample::elapsed)
                          .toArray();
                  long refused = in.stream().filter(DayTimeline::refused).count();
                  Percentiles p = Percentiles.of(elapsed);
                  out.append(
                      String.format(
                          Locale.ROOT,
                          "| %s | %s | %d | %.2f %% | %d | %d | %d | %d |%n",
                          model.isEmpty() ? "-" : model,
                          kind,
                          in.size(),
                          100.0 * elapsed.length / in.size(),
                          refused,
                          in.size() - elapsed.length - refused,
                          p.at(50),
                          p.at(99)));
                }));
    return out.toString();
  }

  /**
   * A row per run the publishers finished: how long after its last step the users were answered
   * from it, on the wall clock and on the feeds' clock ({@code speed} times faster).
   */
  static String freshnessTable(List<DayTimeline.Freshness> runs, double speed) {
    StringBuilder out =
        new StringBuilder(
            "\n| run | served after its last step: wall clock | on the feeds' clock |\n"
                + "|---|---:|---:|\n");
    for (DayTimeline.Freshness run : runs) {
      String name = run.model() + " " + run.run();
      if (run.servedMs() == null) {
        out.append("| ").append(name).append(" | not served within the day | - |\n");
      } else {
        double seconds = run.seconds();
        out.append(
            String.format(
                Locale.ROOT, "| %s | %.0f s | %.0f min |%n", name, seconds, seconds * speed / 60));
      }
    }
    return out.toString();
  }

  /** The day on one time axis (minutes), a panel per kind of figure, the switches marked. */
  static void picture(
      List<Window> windows, List<Event> events, long from, long width, String title, Path png)
      throws IOException {
    double seconds = width / 1000.0;
    NumberAxis minutes = new NumberAxis("minutes");
    CombinedDomainXYPlot plot = new CombinedDomainXYPlot(minutes);
    plot.add(
        panel(
            "requests/s",
            windows,
            from,
            Map.of(
                "offered", w -> w.offered() / seconds,
                "answered", w -> w.answered() / seconds,
                "refused or failed", w -> (w.refused() + w.failed()) / seconds)),
        3);
    plot.add(
        panel(
            "latency ms",
            windows,
            from,
            Map.of("p50", w -> (double) w.p50(), "p99", w -> (double) w.p99())),
        2);
    TreeSet<String> measures = new TreeSet<>();
    windows.forEach(w -> measures.addAll(w.measures().keySet()));
    // A panel per kind of measure, by its name's ending (DayTimeline): documents per second, levels
    // (the loader's pace), cores, disk MB/s, GB.
    Map<String, Map<String, ToDoubleFunction<Window>>> panels = new LinkedHashMap<>();
    for (String label :
        List.of("documents/s", "level", "CPU cores", "disk MB/s", "GB", "per second")) {
      panels.put(label, new LinkedHashMap<>());
    }
    for (String m : measures) {
      ToDoubleFunction<Window> value = w -> w.measures().getOrDefault(m, Double.NaN);
      String label =
          m.endsWith("_cores")
              ? "CPU cores"
              : m.endsWith("_gb")
                  ? "GB"
                  : m.endsWith("_mb_per_s")
                      ? "disk MB/s"
                      : m.endsWith("_level")
                          ? "level"
                          : m.contains("docs") ? "documents/s" : "per second";
      panels.get(label).put(m.replaceAll("_(cores|gb|level)$", ""), value);
    }
    panels.forEach(
        (label, lines) -> {
          if (!lines.isEmpty()) {
            plot.add(panel(label, windows, from, lines), label.equals("CPU cores") ? 2 : 1);
          }
        });
    for (Event e : events) {
      if (e.kind().equals("switch") || e.kind().equals("fault")) {
        ValueMarker marker = new ValueMarker((e.epochMs() - from) / 60000.0);
        marker.setPaint(e.kind().equals("fault") ? Color.RED : Color.GRAY);
        marker.setStroke(new BasicStroke(1f));
        marker.setLabel(e.text());
        for (Object sub : plot.getSubplots()) {
          ((XYPlot) sub).addDomainMarker(marker);
        }
      }
    }
    JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    ChartUtils.saveChartAsPNG(png.toFile(), chart, 1400, 1200);
  }

  private static XYPlot panel(
      String label, List<Window> windows, long from, Map<String, ToDoubleFunction<Window>> lines) {
    XYSeriesCollection data = new XYSeriesCollection();
    new TreeMap<>(lines)
        .forEach(
            (name, value) -> {
              XYSeries series = new XYSeries(name);
              for (Window w : windows) {
                series.add((w.start() - from) / 60000.0, value.applyAsDouble(w));
              }
              data.addSeries(series);
            });
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
    XYPlot plot = new XYPlot(data, null, new NumberAxis(label), renderer);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    return plot;
  }
}
