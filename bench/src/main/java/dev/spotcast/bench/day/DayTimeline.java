package dev.spotcast.bench.day;

import dev.spotcast.bench.loadtest.JtlSummary.Sample;
import dev.spotcast.bench.stats.Percentiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The day benchmark cut into windows of equal length (10 s): what the users were offered and got in
 * each (JMeter's samples, by start time), what the machine did meanwhile (the sampler's readings)
 * and which phase of the day it was (the orchestrator's events).
 *
 * <p>Readings are a tab-separated file with a header line. A column is read by its name's ending:
 * {@code _ticks} a process's CPU ticks (shown as cores busy), {@code _total} a counter (shown per
 * second), {@code _sectors} a disk counter of 512-byte sectors (shown as MB/s), {@code _kb} a level
 * (shown as GB), {@code _level} a level (shown as it is); any other column is text (the run each
 * model serves) and shown as its last value. A counter that goes down between two readings (a
 * process restarted) gives no rate for that span.
 *
 * <p>Events are lines {@code epoch-ms TAB kind TAB text}: kind {@code phase} starts a phase (its
 * text is the phase's name); kind {@code switch} marks a publish switch, and the window it falls in
 * and the next {@link #SWITCH_WINDOWS} - 1 are the phase "switch TEXT"; kind {@code archive} with
 * the texts "MODEL RUN begins" and "MODEL RUN ends" bounds the snapshot of a retired run, and the
 * windows it overlaps, unless a switch's or a fault's, are the phase "archive".
 */
public final class DayTimeline {

  /** Windows counted as the time of a switch, the switch's own first. */
  static final int SWITCH_WINDOWS = 3;

  /** The users' targets in every window (issue 48). */
  static final double ANSWERED_TARGET = 0.995;

  static final long P99_TARGET_MS = 200;

  private static final double CLOCK_TICKS = 100.0;

  /** One window of the day. */
  public record Window(
      long start,
      String phase,
      long offered,
      long answered,
      long refused,
      long failed,
      long p50,
      long p99,
      Map<String, Double> measures,
      Map<String, String> texts) {

    /** The same window in another phase. */
    Window withPhase(String other) {
      return new Window(
          start, other, offered, answered, refused, failed, p50, p99, measures, texts);
    }

    public double answeredShare() {
      return offered == 0 ? 1 : (double) answered / offered;
    }

    public boolean meetsTargets() {
      return answeredShare() >= ANSWERED_TARGET && p99 < P99_TARGET_MS;
    }
  }

  /** One event of the orchestrator. */
  public record Event(long epochMs, String kind, String text) {}

  /**
   * How fresh one run was served: when its publisher put out its last step, and when the query
   * service first served it (null: never, within the day).
   *
   * @param model the model
   * @param run its run id
   * @param publishedMs when the publisher's last step of it was out (epoch ms)
   * @param servedMs when the query service first served it, or null
   */
  public record Freshness(String model, String run, long publishedMs, Long servedMs) {

    /** Wall-clock seconds from the last step to the first answer from the run; -1 if never. */
    public double seconds() {
      return servedMs == null ? -1 : (servedMs - publishedMs) / 1000.0;
    }
  }

  /**
   * Each run the publishers finished (events {@code publish "MODEL RUN ends"}) and when the query
   * service switched to it (events {@code switch "MODEL RUN"}), in the order they were published.
   */
  static List<Freshness> freshness(List<Event> events) {
    Map<String, Long> served = new HashMap<>();
    for (Event e : events) {
      if (e.kind().equals("switch")) {
        served.putIfAbsent(e.text().strip(), e.epochMs());
      }
    }
    List<Freshness> runs = new ArrayList<>();
    for (Event e : events) {
      String[] words = e.text().strip().split("\\s+");
      if (e.kind().equals("publish") && words.length == 3 && words[2].equals("ends")) {
        String key = words[0] + " " + words[1];
        runs.add(new Freshness(words[0], words[1], e.epochMs(), served.get(key)));
      }
    }
    return runs;
  }

  /** The sampler's readings: times and, per column, its values (numbers or text). */
  public record Readings(long[] times, Map<String, String[]> columns) {

    static Readings read(Path tsv) throws IOException {
      List<String> lines = Files.readAllLines(tsv);
      if (lines.isEmpty()) {
        return new Readings(new long[0], Map.of());
      }
      String[] header = lines.getFirst().split("\t");
      List<String[]> rows = new ArrayList<>();
      for (String line : lines.subList(1, lines.size())) {
        String[] fields = line.split("\t", -1);
        if (fields.length == header.length) {
          rows.add(fields);
        }
      }
      long[] times = new long[rows.size()];
      Map<String, String[]> columns = new LinkedHashMap<>();
      for (int c = 1; c < header.length; c++) {
        columns.put(header[c], new String[rows.size()]);
      }
      for (int r = 0; r < rows.size(); r++) {
        times[r] = Long.parseLong(rows.get(r)[0]);
        for (int c = 1; c < header.length; c++) {
          columns.get(header[c])[r] = rows.get(r)[c];
        }
      }
      return new Readings(times, columns);
    }
  }

  private DayTimeline() {}

  static List<Event> readEvents(Path tsv) throws IOException {
    List<Event> events = new ArrayList<>();
    for (String line : Files.readAllLines(tsv)) {
      String[] fields = line.split("\t", 3);
      if (fields.length == 3 && fields[0].matches("\\d+")) {
        events.add(new Event(Long.parseLong(fields[0]), fields[1], fields[2]));
      }
    }
    // In time order: the archive's events are added after the day, from the repository's records.
    events.sort(Comparator.comparingLong(Event::epochMs));
    return events;
  }

  /** A request the users had their answer to: HTTP 200, and the plan's assertions passed. */
  static boolean answered(Sample s) {
    return s.success() && s.code().equals("200");
  }

  /** A request the service refused (429, to be retried later); any other non-answer failed. */
  static boolean refused(Sample s) {
    return s.code().equals("429");
  }

  /**
   * The windows of {@code width} ms from {@code from} up to {@code to} (epoch ms); a sample counts
   * in the window it started in.
   */
  public static List<Window> windows(
      List<Sample> samples, Readings readings, List<Event> events, long from, long to, long width) {
    int count = (int) Math.max(0, (to - from) / width);
    List<List<Sample>> bySlot = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      bySlot.add(new ArrayList<>());
    }
    for (Sample s : samples) {
      long slot = Math.floorDiv(s.start() - from, width);
      if (slot >= 0 && slot < count) {
        bySlot.get((int) slot).add(s);
      }
    }
    List<Window> windows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long start = from + i * width;
      List<Sample> in = bySlot.get(i);
      long answered = 0;
      long refused = 0;
      long failed = 0;
      long[] elapsed = new long[in.size()];
      int n = 0;
      for (Sample s : in) {
        if (answered(s)) {
          answered++;
          elapsed[n++] = s.elapsed();
        } else if (refused(s)) {
          refused++;
        } else {
          failed++;
        }
      }
      long[] answeredElapsed = Arrays.copyOf(elapsed, n);
      Arrays.sort(answeredElapsed);
      Percentiles percentiles = n == 0 ? null : Percentiles.of(answeredElapsed);
      windows.add(
          new Window(
              start,
              phaseAt(events, start, width),
              in.size(),
              answered,
              refused,
              failed,
              percentiles == null ? 0 : percentiles.at(50),
              percentiles == null ? 0 : percentiles.at(99),
              measures(readings, start, start + width),
              texts(readings, start + width)));
    }
    return windows;
  }

  /**
   * The phase of the window starting at {@code start}: a switch or a fault within the last {@link
   * #SWITCH_WINDOWS} windows (the newest), else "archive" while a snapshot overlaps it, else the
   * last phase begun by then, else "before".
   */
  static String phaseAt(List<Event> events, long start, long width) {
    String phase = "before";
    String recentSwitch = null;
    Set<String> archiving = new HashSet<>();
    boolean archive = false;
    for (Event e : events) {
      if (e.kind().equals("phase") && e.epochMs() < start + width) {
        phase = e.text();
      }
      if ((e.kind().equals("switch") || e.kind().equals("fault"))
          && e.epochMs() < start + width
          && e.epochMs() >= start - (SWITCH_WINDOWS - 1) * width) {
        recentSwitch = e.kind().equals("switch") ? "switch " + e.text() : "fault";
      }
      String text = e.text().strip();
      if (e.kind().equals("archive") && text.endsWith(" begins") && e.epochMs() < start + width) {
        archiving.add(text.substring(0, text.length() - " begins".length()));
      }
      if (e.kind().equals("archive") && text.endsWith(" ends")) {
        boolean began = archiving.remove(text.substring(0, text.length() - " ends".length()));
        archive |= began && e.epochMs() > start;
      }
    }
    archive |= !archiving.isEmpty(); // begun before the window's end, not ended
    return recentSwitch != null ? recentSwitch : archive ? "archive" : phase;
  }

  /**
   * Each numeric column over [from, to): the rate between the readings around that span (counters,
   * ticks, sectors), or the last level read by its end.
   */
  static Map<String, Double> measures(Readings readings, long from, long to) {
    Map<String, Double> measures = new TreeMap<>();
    long[] times = readings.times();
    int first = -1;
    int last = -1;
    for (int i = 0; i < times.length; i++) {
      if (times[i] <= from) {
        first = i;
      }
      if (times[i] <= to) {
        last = i;
      }
    }
    if (last < 0) {
      return measures;
    }
    // The span's own readings; a span with none between takes the interval around it.
    int a = first < 0 ? 0 : first;
    int b = last;
    if (b == a && b + 1 < times.length) {
      b++;
    }
    for (Map.Entry<String, String[]> column : readings.columns().entrySet()) {
      String name = column.getKey();
      String[] values = column.getValue();
      if (name.endsWith("_kb")) {
        measures.put(name.replaceAll("_kb$", "_gb"), number(values[last]) / (1024.0 * 1024.0));
        continue;
      }
      if (name.endsWith("_level")) {
        measures.put(name, number(values[last]));
        continue;
      }
      boolean ticks = name.endsWith("_ticks");
      boolean counter = name.endsWith("_total");
      boolean sectors = name.endsWith("_sectors");
      if (!(ticks || counter || sectors) || b == a) {
        continue;
      }
      double seconds = (times[b] - times[a]) / 1000.0;
      double delta = number(values[b]) - number(values[a]);
      if (seconds <= 0 || Double.isNaN(delta) || delta < 0) {
        continue;
      }
      if (ticks) {
        measures.put(name.replaceAll("_ticks$", "_cores"), delta / CLOCK_TICKS / seconds);
      } else if (counter) {
        measures.put(name.replaceAll("_total$", "_per_s"), delta / seconds);
      } else {
        measures.put(name.replaceAll("_sectors$", "_mb_per_s"), delta * 512 / 1e6 / seconds);
      }
    }
    return measures;
  }

  /** Each text column's last value read by {@code to}. */
  static Map<String, String> texts(Readings readings, long to) {
    Map<String, String> texts = new TreeMap<>();
    long[] times = readings.times();
    int last = -1;
    for (int i = 0; i < times.length; i++) {
      if (times[i] <= to) {
        last = i;
      }
    }
    if (last < 0) {
      return texts;
    }
    for (Map.Entry<String, String[]> column : readings.columns().entrySet()) {
      String name = column.getKey();
      if (!(name.endsWith("_kb")
          || name.endsWith("_level")
          || name.endsWith("_ticks")
          || name.endsWith("_total")
          || name.endsWith("_sectors"))) {
        texts.put(name, column.getValue()[last]);
      }
    }
    return texts;
  }

  private static double number(String text) {
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
