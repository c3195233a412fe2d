package dev.spotcast.ingestor.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import dev.spotcast.index.ForecastDocument;
import dev.spotcast.ingestor.source.ForecastSource.Slice;
import dev.spotcast.model.Aggregation;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.testsupport.CfIntervals;
import dev.spotcast.testsupport.IntervalMessages;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fields over time intervals, written by ecCodes as ECMWF, GFS and DWD encode them (GRIB2 template
 * 4.8, GRIB1 time range indicator 4), load as amounts per output interval equal to the differences
 * worked out here from the encoded values; maxima keep their windows; energies become mean fluxes.
 */
class IntervalFieldsTest {

  @TempDir Path dir;

  private List<FieldRef> write(String name, List<IntervalMessages> messages) throws Exception {
    Path grib = dir.resolve(name + ".grib");
    IntervalMessages.write(messages, grib, Samples.file("make_intervals.py").getParent());
    ForecastFile file = ForecastFiles.open(grib);
    assertThat(file.skipped()).isEmpty();
    return file.fields();
  }

  private FileForecastSource load(String name, List<IntervalMessages> messages) throws Exception {
    List<FileForecastSource> runs =
        FileRuns.assemble("m", write(name, messages), Set.of(), ShardingSpec.DEFAULT);
    assertThat(runs).hasSize(1);
    return runs.getFirst();
  }

  /** The stored values of a parameter at grid point p, by step. */
  private static Map<Integer, Float> stored(FileForecastSource source, String parameter, int p)
      throws Exception {
    Map<Integer, Float> byStep = new LinkedHashMap<>();
    for (Slice slice : source.slices()) {
      List<ForecastDocument> docs = new ArrayList<>();
      source.produce(slice, (a, l, s, doc) -> docs.add(doc));
      ForecastDocument doc = docs.get(p);
      int steps = doc.valuesPerParameter();
      for (int i = 0; i < doc.parameterNames().length; i++) {
        for (int k = 0; k < steps; k++) {
          float value = doc.values()[i * steps + k];
          if (doc.parameterNames()[i].equals(parameter) && !Float.isNaN(value)) {
            byStep.put(source.run().steps().get(slice.stepPosition() + k), value);
          }
        }
      }
    }
    return byStep;
  }

  @Test
  void ecmwfAccumulatesFromTheStartOfTheRun() throws Exception {
    // tp in m at 0, 1, 2, 3 and (3-hourly) 6 h; point 1 decreases from 2 to 3 h (packing noise).
    FileForecastSource source =
        load(
            "ecmwf",
            List.of(
                IntervalMessages.accum("ecmf", "tp", 0, 0, 0, 0, 0, 0, 0, 0),
                IntervalMessages.accum("ecmf", "tp", 0, 1, 0.001, 0.002, 0, 0, 0, 0),
                IntervalMessages.accum("ecmf", "tp", 0, 2, 0.003, 0.004, 0, 0, 0, 0),
                IntervalMessages.accum("ecmf", "tp", 0, 3, 0.0035, 0.0039, 0, 0, 0, 0),
                IntervalMessages.accum("ecmf", "tp", 0, 6, 0.0065, 0.0049, 0, 0, 0, 0)));
    ForecastRun run = source.run();
    Parameter tp = run.parameter("tp");

    assertThat(run.steps()).containsExactly(0, 1, 2, 3, 6);
    assertThat(run.stepUnitMinutes()).isEqualTo(60);
    assertThat(tp.aggregation()).isEqualTo(Aggregation.SUM);
    assertThat(tp.starts()).containsExactly(0, 0, 1, 2, 3);
    assertThat(tp.unit()).isEqualTo("m");
    Map<Integer, Float> p0 = stored(source, "tp", 0);
    assertThat(p0.get(0)).isEqualTo(0f);
    assertThat(p0.get(1)).isCloseTo(0.001f, within(1e-9f));
    assertThat(p0.get(2)).isCloseTo(0.002f, within(1e-9f)); // 0.003 - 0.001
    assertThat(p0.get(3)).isCloseTo(0.0005f, within(1e-9f)); // 0.0035 - 0.003
    assertThat(p0.get(6)).isCloseTo(0.003f, within(1e-9f)); // 0.0065 - 0.0035
    Map<Integer, Float> p1 = stored(source, "tp", 1);
    assertThat(p1.get(3)).as("a decrease is stored as 0").isEqualTo(0f);
    assertThat(p1.get(6)).isCloseTo(0.001f, within(1e-9f)); // 0.0049 - 0.0039
    // Counted each time the value is made: the run was read twice above.
    assertThat(source.negativeAmounts()).isEqualTo(2);
  }

  @Test
  void gfsWindowsRestartEverySixHours() throws Exception {
    // APCP (kg m-2) hourly: 0-1 .. 0-6 grow by 1 an hour at point 0, then 6-7, 6-8 by 2 an hour.
    List<IntervalMessages> messages = new ArrayList<>();
    for (int e = 1; e <= 6; e++) {
      messages.add(IntervalMessages.accum("kwbc", "228228", 0, e, e, 0, 0, 0, 0, 0));
    }
    messages.add(IntervalMessages.accum("kwbc", "228228", 6, 7, 2, 0, 0, 0, 0, 0));
    messages.add(IntervalMessages.accum("kwbc", "228228", 6, 8, 4, 0, 0, 0, 0, 0));
    FileForecastSource source = load("gfs", messages);
    Parameter tp = source.run().parameter("tp");

    assertThat(source.run().steps()).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
    assertThat(tp.starts()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
    assertThat(stored(source, "tp", 0))
        .containsExactly(
            Map.entry(1, 1f),
            Map.entry(2, 1f),
            Map.entry(3, 1f),
            Map.entry(4, 1f),
            Map.entry(5, 1f),
            Map.entry(6, 1f),
            Map.entry(7, 2f),
            Map.entry(8, 2f));
  }

  @Test
  void documentsOfBlocksOfStepsCarryTheValuesOfOneStepDocuments() throws Exception {
    // The GFS hourly windows of the test above (amounts made by differences), in blocks of 3
    // steps: 1-3, 4-6, 7-8; the same values at every point, level and step.
    List<IntervalMessages> messages = new ArrayList<>();
    for (int e = 1; e <= 6; e++) {
      messages.add(IntervalMessages.accum("kwbc", "228228", 0, e, e, 2 * e, 0, 0, 0, 0));
    }
    messages.add(IntervalMessages.accum("kwbc", "228228", 6, 7, 2, 1, 0, 0, 0, 0));
    messages.add(IntervalMessages.accum("kwbc", "228228", 6, 8, 4, 3, 0, 0, 0, 0));
    List<FieldRef> fields = write("gfs-blocks", messages);
    FileForecastSource steps =
        FileRuns.assemble("m", fields, Set.of(), ShardingSpec.DEFAULT.withStepsPerDocument(1))
            .getFirst();
    FileForecastSource blocks =
        FileRuns.assemble("m", fields, Set.of(), ShardingSpec.DEFAULT.withStepsPerDocument(3))
            .getFirst();
    assertThat(blocks.slices()).extracting(Slice::stepPosition).containsOnly(0, 3, 6);

    Map<String, Float> expected = new LinkedHashMap<>();
    for (Slice slice : steps.slices()) {
      steps.produce(
          slice,
          (a, l, s, doc) -> {
            for (int i = 0; i < doc.parameterNames().length; i++) {
              expected.put(
                  doc.point()
                      + "/"
                      + doc.level()
                      + "/"
                      + doc.step()
                      + "/"
                      + doc.parameterNames()[i],
                  doc.values()[i]);
            }
          });
    }
    Map<String, Float> found = new LinkedHashMap<>();
    List<Integer> lengths = new ArrayList<>();
    for (Slice slice : blocks.slices()) {
      blocks.produce(
          slice,
          (a, l, s, doc) -> {
            assertThat(s).isEqualTo(slice.stepPosition());
            lengths.add(doc.steps());
            for (int i = 0; i < doc.parameterNames().length; i++) {
              for (int k = 0; k < doc.steps(); k++) {
                int step = blocks.run().steps().get(s + k);
                found.put(
                    doc.point() + "/" + doc.level() + "/" + step + "/" + doc.parameterNames()[i],
                    doc.values()[i * doc.steps() + k]);
              }
            }
          });
    }
    assertThat(found).containsExactlyInAnyOrderEntriesOf(expected);
    // Point 1 by hand: 0-2 minus 0-1 is 4 - 2; 6-8 minus 6-7 is 3 - 1.
    assertThat(at(found, 1, 2)).containsExactly(2f);
    assertThat(at(found, 1, 8)).containsExactly(2f);
    assertThat(lengths).containsOnly(3, 2);
    assertThat(blocks.run().documentCount()).isEqualTo(steps.run().documentCount() / 8 * 3);
  }

  /** The tp values of a point and step among values keyed point/level/step/parameter. */
  private static List<Float> at(Map<String, Float> values, int point, int step) {
    return values.entrySet().stream()
        .filter(e -> e.getKey().startsWith(point + "/") && e.getKey().endsWith("/" + step + "/tp"))
        .map(Map.Entry::getValue)
        .toList();
  }

  @Test
  void gfsThreeHourlyAlternatesWindowsOfThreeAndSixHours() throws Exception {
    FileForecastSource source =
        load(
            "gfs3",
            List.of(
                IntervalMessages.accum("kwbc", "228228", 0, 3, 3, 0, 0, 0, 0, 0),
                IntervalMessages.accum("kwbc", "228228", 0, 6, 5, 0, 0, 0, 0, 0),
                IntervalMessages.accum("kwbc", "228228", 6, 9, 7, 0, 0, 0, 0, 0),
                IntervalMessages.accum("kwbc", "228228", 6, 12, 8, 0, 0, 0, 0, 0)));

    assertThat(source.run().parameter("tp").starts()).containsExactly(0, 3, 6, 9);
    assertThat(stored(source, "tp", 0))
        .containsExactly(Map.entry(3, 3f), Map.entry(6, 2f), Map.entry(9, 7f), Map.entry(12, 1f));
  }

  @Test
  void grib1TimeRangeIndicatorFourIsAnAccumulation() throws Exception {
    FileForecastSource source =
        load(
            "grib1",
            List.of(
                new IntervalMessages(
                    1, "ecmf", "tp", "accum", 0, 6, "h", new double[] {0.002, 0, 0, 0, 0, 0}),
                new IntervalMessages(
                    1, "ecmf", "tp", "accum", 0, 12, "h", new double[] {0.005, 0, 0, 0, 0, 0})));
    // GRIB1 packs with 24 bits: the amounts are the differences of the decoded values.
    List<FieldRef> raw = ForecastFiles.open(dir.resolve("grib1.grib")).fields();
    float first = raw.get(0).read()[0];
    float second = raw.get(1).read()[0];

    assertThat(raw.get(0).aggregation()).isEqualTo(Aggregation.SUM);
    assertThat(raw.get(1).startMinutes()).isEqualTo(0);
    assertThat(raw.get(1).stepMinutes()).isEqualTo(720);
    assertThat(stored(source, "tp", 0))
        .containsExactly(Map.entry(6, first), Map.entry(12, (float) ((double) second - first)));
  }

  @Test
  void maximaKeepTheirWindows() throws Exception {
    FileForecastSource source =
        load(
            "mx2t6",
            List.of(
                new IntervalMessages(
                    2, "ecmf", "mx2t6", "max", 0, 6, "h", new double[] {280, 0, 0, 0, 0, 0}),
                new IntervalMessages(
                    2, "ecmf", "mx2t6", "max", 6, 12, "h", new double[] {285, 0, 0, 0, 0, 0})));
    Parameter mx = source.run().parameter("mx2t6");

    assertThat(mx.aggregation()).isEqualTo(Aggregation.MAXIMUM);
    assertThat(mx.starts()).containsExactly(0, 6);
    assertThat(stored(source, "mx2t6", 0)).containsExactly(Map.entry(6, 280f), Map.entry(12, 285f));
  }

  @Test
  void accumulatedEnergyBecomesAMeanFlux() throws Exception {
    // ssrd in J m-2: 0-1 h 3.6 MJ, 0-3 h 14.4 MJ: 1000 W m-2, then 10.8 MJ over 2 h = 1500 W m-2.
    FileForecastSource source =
        load(
            "ssrd",
            List.of(
                IntervalMessages.accum("ecmf", "ssrd", 0, 1, 3.6e6, 0, 0, 0, 0, 0),
                IntervalMessages.accum("ecmf", "ssrd", 0, 3, 14.4e6, 0, 0, 0, 0, 0)));
    Parameter ssrd = source.run().parameter("ssrd");

    assertThat(ssrd.aggregation()).isEqualTo(Aggregation.MEAN);
    assertThat(ssrd.unit()).isEqualTo("W m**-2");
    assertThat(ssrd.starts()).containsExactly(0, 1);
    assertThat(stored(source, "ssrd", 0)).containsExactly(Map.entry(1, 1000f), Map.entry(3, 1500f));
  }

  private static IntervalMessages mean(
      int edition, String centre, String name, int start, int end, double... values) {
    return new IntervalMessages(edition, centre, name, "avg", start, end, "h", values);
  }

  @Test
  void dwdMeansSinceTheStartOfTheRunAreTakenApartHourByHour() throws Exception {
    // ICON's ASWDIR_S (W m-2), the mean since the run's start: 0-0 (no time: no value), 100 over
    // 0-1 h, 150 over 0-2 h, 200 over 0-3 h, then 3-hourly 250 over 0-6 h. Point 1 is negative, as
    // a net thermal flux is: means are never clamped.
    FileForecastSource source =
        load(
            "icon-means",
            List.of(
                mean(2, "edzw", "ASWDIR_S", 0, 0, 0, 0, 0, 0, 0, 0),
                mean(2, "edzw", "ASWDIR_S", 0, 1, 100, -10, 0, 0, 0, 0),
                mean(2, "edzw", "ASWDIR_S", 0, 2, 150, -20, 0, 0, 0, 0),
                mean(2, "edzw", "ASWDIR_S", 0, 3, 200, -20, 0, 0, 0, 0),
                mean(2, "edzw", "ASWDIR_S", 0, 6, 250, -30, 0, 0, 0, 0)));
    Parameter aswdir = source.run().parameter("ASWDIR_S");

    assertThat(aswdir).as("the name as ecCodes gives it").isNotNull();
    assertThat(source.run().parameter("aswdir_s")).isSameAs(aswdir);
    assertThat(aswdir.lowerCaseName()).isEqualTo("aswdir_s");
    assertThat(aswdir.aggregation()).isEqualTo(Aggregation.MEAN);
    assertThat(aswdir.unit()).isEqualTo("W m-2");
    assertThat(source.run().steps()).as("0-0 holds no time: no step").containsExactly(1, 2, 3, 6);
    assertThat(aswdir.starts()).containsExactly(0, 1, 2, 3);
    // 1 h: 100; 2 h: 150 * 2 - 100 = 200; 3 h: 200 * 3 - 150 * 2 = 300; 6 h: (250 * 6 - 200 * 3) /
    // 3.
    assertThat(stored(source, "ASWDIR_S", 0))
        .containsExactly(
            Map.entry(1, 100f), Map.entry(2, 200f), Map.entry(3, 300f), Map.entry(6, 300f));
    // -10; -20 * 2 + 10 = -30; -20 * 3 + 40 = -20; (-30 * 6 + 60) / 3 = -40.
    assertThat(stored(source, "ASWDIR_S", 1))
        .containsExactly(
            Map.entry(1, -10f), Map.entry(2, -30f), Map.entry(3, -20f), Map.entry(6, -40f));
    assertThat(source.negativeAmounts()).isZero();
  }

  @Test
  void gfsAveragesInWindowsRestartingEverySixHoursWithoutStepZero() throws Exception {
    // DSWRF (ecCodes: avg_sdswrf, paramId 235035) and TCDC (tcc, %) as GFS writes them hourly:
    // 0-1 .. 0-6, then 6-7, 6-8; no field at f000.
    double[] dswrf = {0, 30, 60, 100, 150, 200, 400, 600};
    int[][] windows = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {6, 7}, {6, 8}};
    List<IntervalMessages> messages = new ArrayList<>();
    for (int i = 0; i < windows.length; i++) {
      int[] w = windows[i];
      messages.add(mean(2, "kwbc", "235035", w[0], w[1], dswrf[i], 0, 0, 0, 0, 0));
      messages.add(mean(2, "kwbc", "228164", w[0], w[1], 10 * (i + 1), 0, 0, 0, 0, 0));
    }
    FileForecastSource source = load("gfs-means", messages);
    Parameter flux = source.run().parameter("avg_sdswrf");

    assertThat(source.run().steps()).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
    assertThat(flux.aggregation()).isEqualTo(Aggregation.MEAN);
    assertThat(flux.starts()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
    // The hour ending at e: mean(0-e) * e - mean(0-(e-1)) * (e-1); 6-7 as it is; 6-8: 600*2 - 400.
    assertThat(stored(source, "avg_sdswrf", 0))
        .containsExactly(
            Map.entry(1, 0f),
            Map.entry(2, 60f),
            Map.entry(3, 120f),
            Map.entry(4, 220f),
            Map.entry(5, 350f),
            Map.entry(6, 450f),
            Map.entry(7, 400f),
            Map.entry(8, 800f));
    // tcc: 10, 20*2-10 = 30, 30*3-40 = 50, 40*4-90 = 70, 90, 110; then 70; 80*2-70 = 90.
    assertThat(stored(source, "tcc", 0))
        .containsExactly(
            Map.entry(1, 10f),
            Map.entry(2, 30f),
            Map.entry(3, 50f),
            Map.entry(4, 70f),
            Map.entry(5, 90f),
            Map.entry(6, 110f),
            Map.entry(7, 70f),
            Map.entry(8, 90f));
  }

  @Test
  void grib1TimeRangeIndicatorThreeIsAMeanTakenApart() throws Exception {
    FileForecastSource source =
        load(
            "grib1-mean",
            List.of(
                mean(1, "ecmf", "2t", 0, 6, 280, 0, 0, 0, 0, 0),
                mean(1, "ecmf", "2t", 0, 12, 283, 0, 0, 0, 0, 0)));
    // GRIB1 packs with 24 bits: the means are made from the decoded values.
    List<FieldRef> raw = ForecastFiles.open(dir.resolve("grib1-mean.grib")).fields();
    double first = raw.get(0).read()[0];
    double second = raw.get(1).read()[0];

    assertThat(raw.get(0).aggregation()).isEqualTo(Aggregation.MEAN);
    assertThat(source.run().parameter("2t").starts()).containsExactly(0, 6);
    Map<Integer, Float> p0 = stored(source, "2t", 0);
    assertThat(p0.get(6)).isEqualTo((float) first);
    assertThat(p0.get(12)).isEqualTo((float) (second * 2 - first)); // about 286
    assertThat(p0.get(12)).isCloseTo(286f, within(1e-3f));
  }

  @Test
  void meansOverWindowsThatOverlapStandForTheirOwnWindows() throws Exception {
    // A 6-hour mean every 3 hours (0-6, 3-9, 6-12): 3-9 cannot be taken apart from the others.
    FileForecastSource source =
        load(
            "overlap",
            List.of(
                mean(2, "ecmf", "2t", 0, 6, 280, 0, 0, 0, 0, 0),
                mean(2, "ecmf", "2t", 3, 9, 282, 0, 0, 0, 0, 0),
                mean(2, "ecmf", "2t", 6, 12, 284, 0, 0, 0, 0, 0)));

    // ecCodes names a GRIB2 time-mean 2 m temperature avg_2t.
    assertThat(source.run().parameter("avg_2t").starts()).containsExactly(0, 3, 6);
    assertThat(stored(source, "avg_2t", 0))
        .containsExactly(Map.entry(6, 280f), Map.entry(9, 282f), Map.entry(12, 284f));
    assertThat(source.dropped()).isEmpty();
  }

  @Test
  void fifteenMinuteOutputLoadsInSteps() throws Exception {
    List<IntervalMessages> messages = new ArrayList<>();
    for (int m = 15; m <= 60; m += 15) {
      messages.add(
          new IntervalMessages(
              2, "edzw", "tp", "accum", 0, m, "m", new double[] {m / 15.0, 0, 0, 0, 0, 0}));
    }
    FileForecastSource source = load("icon", messages);
    ForecastRun run = source.run();

    assertThat(run.stepUnitMinutes()).isEqualTo(15);
    assertThat(run.steps()).containsExactly(1, 2, 3, 4);
    assertThat(run.validTime(4)).isEqualTo(run.runTime().plusSeconds(3600));
    assertThat(run.parameter("tp").starts()).containsExactly(0, 1, 2, 3);
    assertThat(stored(source, "tp", 0))
        .containsExactly(Map.entry(1, 1f), Map.entry(2, 1f), Map.entry(3, 1f), Map.entry(4, 1f));
  }

  @Test
  void anEnsembleMembersAccumulationInTemplate411() throws Exception {
    List<FileForecastSource> runs =
        FileRuns.assemble(
            "ens",
            write(
                "member",
                List.of(
                    IntervalMessages.accum("ecmf", "tp", 0, 6, 0.004, 0, 0, 0, 0, 0).ofMember(3),
                    IntervalMessages.accum("ecmf", "tp", 0, 12, 0.006, 0, 0, 0, 0, 0).ofMember(3))),
            Set.of(),
            ShardingSpec.DEFAULT);

    assertThat(runs).hasSize(1);
    FileForecastSource source = runs.getFirst();
    assertThat(source.run().model()).isEqualTo("ens_m3");
    assertThat(source.run().parameter("tp").aggregation()).isEqualTo(Aggregation.SUM);
    Map<Integer, Float> p0 = stored(source, "tp", 0);
    assertThat(p0.get(6)).isCloseTo(0.004f, within(1e-9f));
    assertThat(p0.get(12)).isCloseTo(0.002f, within(1e-9f));
  }

  @Test
  void gustsAreMaximaOverTheirWindowsAtTenMetres() throws Exception {
    FileForecastSource source =
        load(
            "gusts",
            List.of(
                new IntervalMessages(
                    2, "ecmf", "10fg", "max", 0, 6, "h", new double[] {12.5, 0, 0, 0, 0, 0}),
                new IntervalMessages(
                    2, "ecmf", "10fg", "max", 6, 12, "h", new double[] {17, 0, 0, 0, 0, 0})));
    Parameter gust = source.run().parameter("10fg");

    assertThat(gust.aggregation()).isEqualTo(Aggregation.MAXIMUM);
    assertThat(gust.starts()).containsExactly(0, 6);
    assertThat(stored(source, "10fg", 0)).containsExactly(Map.entry(6, 12.5f), Map.entry(12, 17f));
  }

  @Test
  void netcdfWithCellMethodsAndTimeBounds() throws Exception {
    ForecastFile file =
        ForecastFiles.open(
            CfIntervals.write(dir.resolve("tp.nc"), "tp", "step: sum", "kg m**-2", 4, 9.5f));
    assertThat(file.skipped()).isEmpty();
    assertThat(file.fields())
        .extracting(FieldRef::startMinutes, FieldRef::stepMinutes, FieldRef::aggregation)
        .containsExactly(tuple(0, 360, Aggregation.SUM), tuple(0, 720, Aggregation.SUM));
    FileForecastSource source =
        FileRuns.assemble("m", file.fields(), Set.of(), ShardingSpec.DEFAULT).getFirst();

    assertThat(source.run().parameter("tp").starts()).containsExactly(0, 6);
    assertThat(stored(source, "tp", 0)).containsExactly(Map.entry(6, 4f), Map.entry(12, 5.5f));
  }

  @Test
  void netcdfMeanWithTimeBoundsIsTakenApart() throws Exception {
    // "time: mean" over 0-6 h (3) and 0-12 h (4.5): 6-12 h is (4.5 * 12 - 3 * 6) / 6 = 6.
    ForecastFile file =
        ForecastFiles.open(
            CfIntervals.write(
                dir.resolve("mtpr.nc"), "mtpr", "time: mean", "kg m**-2 s**-1", 3, 4.5f));
    assertThat(file.fields())
        .extracting(FieldRef::startMinutes, FieldRef::stepMinutes, FieldRef::aggregation)
        .containsExactly(tuple(0, 360, Aggregation.MEAN), tuple(0, 720, Aggregation.MEAN));
    FileForecastSource source =
        FileRuns.assemble("m", file.fields(), Set.of(), ShardingSpec.DEFAULT).getFirst();

    assertThat(source.run().parameter("mtpr").starts()).containsExactly(0, 6);
    assertThat(stored(source, "mtpr", 0)).containsExactly(Map.entry(6, 3f), Map.entry(12, 6f));
  }
}
