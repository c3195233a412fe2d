package dev.spotcast.bench.day;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.spotcast.bench.day.DayTimeline.Event;
import dev.spotcast.bench.day.DayTimeline.Readings;
import dev.spotcast.bench.day.DayTimeline.Window;
import dev.spotcast.bench.loadtest.JtlSummary.Sample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DayTimelineTest {

  private static final long T0 = 1_800_000_000_000L;

  @TempDir Path dir;

  @Test
  void eachWindowCountsTheSamplesThatStartedInIt() throws Exception {
    List<Sample> samples = new ArrayList<>();
    // Window 0: 200 answered in 1..200 ms, 1 refused.
    for (int i = 1; i <= 200; i++) {
      samples.add(new Sample(T0 + i * 10, i, "spot", true, "200", ""));
    }
    samples.add(new Sample(T0 + 5_000, 1, "spot", false, "429", "Too Many Requests"));
    // Window 1: 10 answered at 5 ms, one 503.
    for (int i = 0; i < 10; i++) {
      samples.add(new Sample(T0 + 10_000 + i, 5, "series", true, "200", ""));
    }
    samples.add(new Sample(T0 + 19_999, 3000, "spot", false, "503", "unavailable"));
    List<Window> windows =
        DayTimeline.windows(samples, readings(), List.of(), T0, T0 + 20_000, 10_000);

    assertThat(windows).hasSize(2);
    Window first = windows.get(0);
    assertThat(first.offered()).isEqualTo(201);
    assertThat(first.answered()).isEqualTo(200);
    assertThat(first.refused()).isEqualTo(1);
    // Nearest rank over 1..200: p50 the 100th value, p99 the 198th.
    assertThat(first.p50()).isEqualTo(100);
    assertThat(first.p99()).isEqualTo(198);
    assertThat(first.answeredShare()).isCloseTo(200 / 201.0, within(1e-9));
    // 99.50 % answered: on target by the share; p99 198 < 200.
    assertThat(first.meetsTargets()).isTrue();
    Window second = windows.get(1);
    assertThat(second.offered()).isEqualTo(11);
    assertThat(second.failed()).isEqualTo(1);
    assertThat(second.p99()).isEqualTo(5);
    assertThat(second.meetsTargets()).as("10 of 11 answered").isFalse();
  }

  @Test
  void readingsBecomeRatesAndLevelsPerWindow() throws Exception {
    List<Window> windows =
        DayTimeline.windows(List.of(), readings(), List.of(), T0, T0 + 20_000, 10_000);
    // Between the readings at 0 and 10 s: ES 500 ticks = 0.5 cores; 200,000 documents = 20,000/s;
    // 20,000 sectors = 1.024 MB/s; page cache 2 GiB at 10 s.
    assertThat(windows.get(0).measures())
        .containsEntry("es_cores", 0.5)
        .containsEntry("ingest_docs_per_s", 20_000.0)
        .containsEntry("disk_read_mb_per_s", 1.024)
        .containsEntry("cached_gb", 2.0);
    assertThat(windows.get(0).texts()).containsEntry("served_gfs", "2026112800");
    // 10 to 20 s: ES 1,500 ticks more = 1.5 cores; the run served switched.
    assertThat(windows.get(1).measures()).containsEntry("es_cores", 1.5);
    assertThat(windows.get(1).texts()).containsEntry("served_gfs", "2026112806");
  }

  @Test
  void aLevelIsShownAsItIsAndACounterThatFellGivesNoRate() throws Exception {
    Path tsv = dir.resolve("levels.tsv");
    Files.writeString(
        tsv,
        String.join(
            "\n",
            "epoch_ms\tpace_limit_level\tes_ticks",
            T0 + "\t8\t5000",
            (T0 + 10_000) + "\t2\t100",
            (T0 + 20_000) + "\t4\t600"));
    List<Window> windows =
        DayTimeline.windows(List.of(), Readings.read(tsv), List.of(), T0, T0 + 20_000, 10_000);
    assertThat(windows.get(0).measures()).containsEntry("pace_limit_level", 2.0);
    assertThat(windows.get(0).measures()).doesNotContainKey("es_cores");
    assertThat(windows.get(1).measures())
        .containsEntry("pace_limit_level", 4.0)
        .containsEntry("es_cores", 0.5);
  }

  @Test
  void aSwitchIsItsOwnPhaseForThreeWindowsThenThePhaseGoesOn() {
    List<Event> events =
        List.of(
            new Event(T0, "phase", "idle"),
            new Event(T0 + 25_000, "phase", "loading"),
            new Event(T0 + 41_000, "switch", "gfs 2026112806"));
    assertThat(phasesOf(events, 8))
        .containsExactly(
            "idle",
            "idle",
            "loading",
            "loading",
            "switch gfs 2026112806",
            "switch gfs 2026112806",
            "switch gfs 2026112806",
            "loading");
  }

  @Test
  void aFaultIsItsOwnPhaseForThreeWindowsLikeASwitch() {
    List<Event> events =
        List.of(
            new Event(T0, "phase", "loading"),
            new Event(
                T0 + 12_000, "fault", "kill -9 of the ingestion service loading ecmwf 2026112606"));
    assertThat(phasesOf(events, 5))
        .containsExactly("loading", "fault", "fault", "fault", "loading");
  }

  @Test
  void aSnapshotsWindowsAreTheArchiveButASwitchKeepsItsOwn() {
    // gfs 2026112800's snapshot from 12 s to 31 s: windows 1, 2 and 3 overlap it; the switch at
    // 45 s takes windows 4, 5 and 6; ecmwf 2026112800's snapshot from 65 s never ends: 6 and 7 on.
    List<Event> events =
        List.of(
            new Event(T0, "phase", "loading"),
            new Event(T0 + 12_000, "archive", "gfs 2026112800 begins"),
            new Event(T0 + 31_000, "archive", "gfs 2026112800 ends"),
            new Event(T0 + 45_000, "switch", "gfs 2026112806"),
            new Event(T0 + 65_000, "archive", "ecmwf 2026112800 begins"));
    assertThat(phasesOf(events, 8))
        .containsExactly(
            "loading",
            "archive",
            "archive",
            "archive",
            "switch gfs 2026112806",
            "switch gfs 2026112806",
            "switch gfs 2026112806",
            "archive");
  }

  /** The phase of each of the first {@code windows} 10-s windows from T0. */
  private static List<String> phasesOf(List<Event> events, int windows) {
    List<String> phases = new ArrayList<>();
    for (int i = 0; i < windows; i++) {
      phases.add(DayTimeline.phaseAt(events, T0 + i * 10_000L, 10_000));
    }
    return phases;
  }

  @Test
  void aRunIsFreshFromItsLastStepToItsFirstAnswer() {
    List<Event> events =
        List.of(
            new Event(T0, "publish", "gfs 2026112606 starts"),
            new Event(T0 + 60_000, "publish", "gfs 2026112606 ends"),
            new Event(T0 + 70_000, "publish", "ecmwf 2026112606 ends"),
            new Event(T0 + 150_000, "switch", "gfs 2026112606"),
            new Event(T0 + 400_000, "switch", "gfs 2026112606"),
            new Event(T0 + 500_000, "publish", "gfs 2026112612 ends"));
    List<DayTimeline.Freshness> runs = DayTimeline.freshness(events);
    assertThat(runs)
        .containsExactly(
            new DayTimeline.Freshness("gfs", "2026112606", T0 + 60_000, T0 + 150_000L),
            new DayTimeline.Freshness("ecmwf", "2026112606", T0 + 70_000, null),
            new DayTimeline.Freshness("gfs", "2026112612", T0 + 500_000, null));
    assertThat(runs.getFirst().seconds()).isEqualTo(90.0);
    // 90 s of wall clock at 24 times: 36 minutes of the feeds' clock.
    assertThat(DayReport.freshnessTable(runs, 24))
        .contains("| gfs 2026112606 | 90 s | 36 min |")
        .contains("| ecmwf 2026112606 | not served within the day | - |");
  }

  @Test
  void theTablesNameTheWindowsThatMissed() {
    List<Sample> samples = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      samples.add(new Sample(T0 + i, 10, "spot", true, "200", ""));
      samples.add(new Sample(T0 + 10_000 + i, i < 98 ? 10 : 500, "spot", true, "200", ""));
    }
    List<Window> windows =
        DayTimeline.windows(
            samples,
            new Readings(new long[0], java.util.Map.of()),
            List.of(new Event(T0, "phase", "idle")),
            T0,
            T0 + 20_000,
            10_000);
    String tables = DayReport.tables(windows, 10_000);
    assertThat(tables).contains("| idle | 2 | 10 | 100.00 % | 100.00 % | 500 | 1 of 2 |");
    assertThat(tables).contains("1 of 2 windows missed").contains("- at 10 s (idle)");
    assertThat(tables).as("one phase: no row for the whole day").doesNotContain("the day");
  }

  @Test
  void theTablesSumTheWholeDay() {
    List<Sample> samples = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      samples.add(new Sample(T0 + i, 10, "spot", true, "200", ""));
      // The second window: 100 offered, 90 answered, the rest refused.
      samples.add(new Sample(T0 + 10_000 + i, 20, "spot", i < 90, i < 90 ? "200" : "429", ""));
    }
    List<Window> windows =
        DayTimeline.windows(
            samples,
            new Readings(new long[0], java.util.Map.of()),
            List.of(new Event(T0, "phase", "idle"), new Event(T0 + 10_000, "phase", "loading")),
            T0,
            T0 + 20_000,
            10_000);
    String tables = DayReport.tables(windows, 10_000);
    assertThat(tables).contains("| loading | 1 | 10 | 90.00 % | 90.00 % | 20 | 0 of 1 |");
    // 190 of 200 answered over the day; 200 offered in 20 s.
    assertThat(tables).contains("| **the day** | 2 | 10 | 95.00 % | 90.00 % | 20 | 1 of 2 |");
  }

  @Test
  void theTablesGiveTheDayAfterItsStartToo() {
    List<Sample> samples = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      // The start's window: 100 offered, 50 answered, the rest refused.
      samples.add(new Sample(T0 + i, 300, "spot", i < 50, i < 50 ? "200" : "429", ""));
      samples.add(new Sample(T0 + 10_000 + i, 10, "spot", true, "200", ""));
      samples.add(new Sample(T0 + 20_000 + i, 20, "spot", true, "200", ""));
    }
    // The first 20 s are the start, but only where idle: the loading's window stays loading.
    List<Window> windows =
        DayReport.markStart(
            DayTimeline.windows(
                samples,
                new Readings(new long[0], java.util.Map.of()),
                List.of(new Event(T0, "phase", "idle"), new Event(T0 + 10_000, "phase", "loading")),
                T0,
                T0 + 30_000,
                10_000),
            T0 + 20_000);
    assertThat(windows).extracting(Window::phase).containsExactly("start", "loading", "loading");
    String tables = DayReport.tables(windows, 10_000);
    // 250 of 300 answered over the day; 200 of 200 after the start, the worst p99 20 ms.
    assertThat(tables).contains("| **the day** | 3 | 10 | 83.33 % | 50.00 % | 300 | 2 of 3 |");
    assertThat(tables)
        .contains("| the day after the start | 2 | 10 | 100.00 % | 100.00 % | 20 | 2 of 2 |");
  }

  @Test
  void theModelsTableGivesEachModelAndKindAfterTheStart() {
    List<Sample> samples = new ArrayList<>();
    // Before the start (left out): a refused gfs spot.
    samples.add(new Sample(T0 - 1, 900, "spot", false, "429", "", "gfs"));
    // gfs spots: elapsed 1..100 ms, all answered; ecmwf spots: 8 answered (10..80 ms), 1 refused,
    // 1 failed; one ecmwf series of 300 ms.
    for (int i = 1; i <= 100; i++) {
      samples.add(new Sample(T0 + i, i, "spot", true, "200", "", "gfs"));
    }
    for (int i = 1; i <= 8; i++) {
      samples.add(new Sample(T0 + i, 10L * i, "spot", true, "200", "", "ecmwf"));
    }
    samples.add(new Sample(T0 + 9, 1, "spot", false, "429", "", "ecmwf"));
    samples.add(new Sample(T0 + 10, 5000, "spot", false, "504", "", "ecmwf"));
    samples.add(new Sample(T0 + 11, 300, "series", true, "200", "", "ecmwf"));
    String table = DayReport.modelsTable(samples, T0);
    // Nearest rank: p50 of 1..100 is 50, p99 99; of 10..80 (8 values) p50 the 4th (40), p99 the
    // 8th.
    assertThat(table)
        .contains("| ecmwf | series | 1 | 100.00 % | 0 | 0 | 300 | 300 |")
        .contains("| ecmwf | spot | 10 | 80.00 % | 1 | 1 | 40 | 80 |")
        .contains("| gfs | spot | 100 | 100.00 % | 0 | 0 | 50 | 99 |");
    assertThat(DayReport.modelsTable(samples.subList(0, 101), T0))
        .as("one model: nothing to split")
        .isEmpty();
  }

  @Test
  void theReportWritesItsWindowsTablesAndPicture() throws Exception {
    Path jtl = dir.resolve("day.csv");
    StringBuilder rows =
        new StringBuilder("timeStamp,elapsed,label,responseCode,success,failureMessage\n");
    for (int i = 0; i < 300; i++) {
      rows.append(T0 + i * 100).append(",").append(5 + i % 7).append(",spot,200,true,\n");
    }
    Files.writeString(jtl, rows);
    Path events = dir.resolve("events.tsv");
    Files.writeString(
        events, T0 + "\tphase\tidle\n" + (T0 + 15_000) + "\tswitch\tgfs 2026112806\n");
    readings();
    Path out = dir.resolve("report");
    DayReport.main(
        new String[] {
          "--jtl", jtl.toString(),
          "--readings", dir.resolve("readings.tsv").toString(),
          "--events", events.toString(),
          "--out", out.toString()
        });
    assertThat(Files.readAllLines(out.resolve("day-windows.tsv")))
        .as("a header and the two whole windows; the last, partial, is left out")
        .hasSize(3)
        .first()
        .asString()
        .startsWith("seconds\tphase\toffered");
    assertThat(Files.readString(out.resolve("day-tables.md")))
        .contains("| switch gfs 2026112806 |");
    byte[] png = Files.readAllBytes(out.resolve("day.png"));
    assertThat(png).startsWith(0x89, 'P', 'N', 'G');
  }

  private Readings readings() throws Exception {
    Path tsv = dir.resolve("readings.tsv");
    Files.writeString(
        tsv,
        String.join(
            "\n",
            "epoch_ms\tes_ticks\tingest_docs_total\tdisk_read_sectors\tcached_kb\tserved_gfs",
            T0 + "\t1000\t0\t0\t1048576\t2026112800",
            (T0 + 10_000) + "\t1500\t200000\t20000\t2097152\t2026112800",
            (T0 + 20_000) + "\t3000\t200000\t20000\t2097152\t2026112806",
            "torn line"));
    return Readings.read(tsv);
  }
}
