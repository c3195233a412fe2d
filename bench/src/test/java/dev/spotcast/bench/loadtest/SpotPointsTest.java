package dev.spotcast.bench.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.bench.query.Cities;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The points CSV over a run: its vertical column, box and times; and, with jq installed, the whole
 * path loadtest.sh takes from a canned {@code GET /v1/models} answer
 * (src/test/resources/models.json, written from the query service's ModelsController records)
 * through run-extent.jq to the CSV.
 */
class SpotPointsTest {

  private static final Path MODELS = Path.of("src/test/resources/models.json");
  private static final Path FILTER = Path.of("run-extent.jq");

  @TempDir Path dir;

  @Test
  void heightLevelsGiveAnAltFragmentWithinTheLevels() throws IOException {
    List<String[]> rows =
        write(
            RunExtent.of(
                "-90,90,-180,180",
                "alt",
                "0,1000,3000,5000",
                "2026-11-21T00:00:00Z",
                "0-24",
                "from-run"));
    assertThat(rows).hasSize(1000);
    for (String[] row : rows) {
      assertThat(row[2]).startsWith("&alt=");
      assertThat(Double.parseDouble(row[2].substring(5))).isBetween(0.0, 5000.0);
      assertThat(Instant.parse(row[3]))
          .isBetween(Instant.parse("2026-11-21T00:00:00Z"), Instant.parse("2026-11-22T00:00:00Z"));
    }
  }

  @Test
  void singleLevelRunsGiveAnEmptyColumnAndTheSameOtherColumns() throws IOException {
    RunExtent alt =
        RunExtent.of("-10,10,0,20", "alt", "0,100", "2026-11-21T00:00:00Z", "0-6", "from-run");
    RunExtent none =
        RunExtent.of("-10,10,0,20", "none", "ignored", "2026-11-21T00:00:00Z", "0-6", "from-run");
    List<String[]> withAlt = write(alt);
    List<String[]> without = write(none);
    assertThat(without).allSatisfy(row -> assertThat(row[2]).isEmpty());
    for (int i = 0; i < withAlt.size(); i++) {
      assertThat(without.get(i)[0]).isEqualTo(withAlt.get(i)[0]);
      assertThat(without.get(i)[1]).isEqualTo(withAlt.get(i)[1]);
      assertThat(without.get(i)[3]).isEqualTo(withAlt.get(i)[3]);
    }
  }

  @Test
  void theCityWorkloadDrawsCitiesByPopulationNearTheGround() throws IOException {
    Path csv = dir.resolve("cities.csv");
    // Paris and Lyon inside the box, Sydney outside it: only the first two are drawn, Paris about 4
    // times as often.
    Files.writeString(
        csv,
        "latitude,longitude,population,name\n48.85341,2.3488,2000000,Paris\n"
            + "45.74846,4.84671,500000,Lyon\n-33.86785,151.20732,4000000,Sydney, NSW\n");
    RunExtent run =
        RunExtent.of(
            "30,60,-10,30", "alt", "2,10,500,1000", "2026-11-21T00:00:00Z", "0-24", "from-run");
    Path out = dir.resolve("city-points.csv");
    SpotPoints.write(
        out,
        run,
        1000,
        42,
        Cities.read(csv).within(run.south(), run.north(), run.west(), run.east()),
        0,
        List.of("demo"),
        null,
        null);
    List<String[]> rows = rows(out);
    long paris = rows.stream().filter(row -> row[0].equals("48.85341")).count();
    long lyon = rows.stream().filter(row -> row[0].equals("45.74846")).count();
    assertThat(paris + lyon).isEqualTo(1000);
    assertThat(paris).isBetween(740L, 860L); // 0.8 of 1000
    assertThat(rows)
        .allSatisfy(
            row -> assertThat(Double.parseDouble(row[2].substring(5))).isBetween(2.0, 102.0));
  }

  @Test
  void aShareOfTheRowsAreSeriesAndThePlacesDoNotDependOnIt() throws IOException {
    RunExtent run =
        RunExtent.of("-10,10,0,20", "alt", "0,100", "2026-11-21T00:00:00Z", "0-6", "from-run");
    Path spots = dir.resolve("spots.csv");
    Path mixed = dir.resolve("mixed.csv");
    SpotPoints.write(spots, run, 2000, 42, null, 0, List.of("demo"), null, null);
    SpotPoints.write(mixed, run, 2000, 42, null, 0.25, List.of("demo"), null, null);
    List<String[]> spotRows = rows(spots);
    List<String[]> mixedRows = rows(mixed);
    assertThat(spotRows).allSatisfy(row -> assertThat(row[4]).isEqualTo("spot"));
    assertThat(mixedRows).allSatisfy(row -> assertThat(row[4]).isIn("spot", "series"));
    long series = mixedRows.stream().filter(row -> row[4].equals("series")).count();
    assertThat(series).isBetween(440L, 560L); // 0.25 of 2000 = 500, +-5 standard deviations
    for (int i = 0; i < spotRows.size(); i++) {
      assertThat(mixedRows.get(i)[0]).isEqualTo(spotRows.get(i)[0]);
      assertThat(mixedRows.get(i)[1]).isEqualTo(spotRows.get(i)[1]);
      assertThat(mixedRows.get(i)[2]).isEqualTo(spotRows.get(i)[2]);
      assertThat(mixedRows.get(i)[3]).isEqualTo(spotRows.get(i)[3]);
    }
  }

  @Test
  void severalModelsAreAskedInTurnAndThePlacesDoNotDependOnThem() throws IOException {
    RunExtent run =
        RunExtent.of("-10,10,0,20", "alt", "2,10", "2026-11-21T00:00:00Z", "0-6", "from-run");
    Path one = dir.resolve("one-model.csv");
    Path two = dir.resolve("two-models.csv");
    SpotPoints.write(one, run, 1001, 42, null, 0.1, List.of("gfs"), null, null);
    SpotPoints.write(two, run, 1001, 42, null, 0.1, List.of("gfs", "ecmwf"), null, null);
    List<String[]> oneRows = rows(one);
    List<String[]> twoRows = rows(two);
    assertThat(oneRows).allSatisfy(row -> assertThat(row[5]).isEqualTo("gfs"));
    // Row i asks models[i % 2]: 501 of gfs, 500 of ecmwf, alternating from the first.
    assertThat(twoRows.get(0)[5]).isEqualTo("gfs");
    assertThat(twoRows.get(1)[5]).isEqualTo("ecmwf");
    assertThat(twoRows.get(1000)[5]).isEqualTo("gfs");
    assertThat(twoRows.stream().filter(row -> row[5].equals("ecmwf")).count()).isEqualTo(500);
    for (int i = 0; i < oneRows.size(); i++) {
      assertThat(Arrays.copyOf(twoRows.get(i), 5)).isEqualTo(Arrays.copyOf(oneRows.get(i), 5));
    }
  }

  /** The path of the plan's sampler of this name (spot-constant-rate.jmx), its XML unescaped. */
  private static String samplerPath(String sampler) throws IOException {
    String plan = Files.readString(Path.of("../jmeter/spot-constant-rate.jmx"));
    Matcher m =
        Pattern.compile(
                "testname=\""
                    + sampler
                    + "\">(?:\\s*<[^>]*>[^<]*</stringProp>)*?\\s*"
                    + "<stringProp name=\"HTTPSampler.path\">([^<]*)<")
            .matcher(plan);
    assertThat(m.find()).as("the plan's %s sampler", sampler).isTrue();
    return m.group(1).replace("&amp;", "&");
  }

  @Test
  void vegetasTargetsAskWhatJmetersPlanAsksOfEachRow() throws IOException {
    RunExtent run =
        RunExtent.of("-10,10,0,20", "alt", "2,10", "2026-11-21T00:00:00Z", "0-6", "from-run");
    Path points = dir.resolve("points.csv");
    Path targets = dir.resolve("targets.json");
    SpotPoints.Requests requests = new SpotPoints.Requests("http://127.0.0.1:8091", 4, "t,2t");
    SpotPoints.write(points, run, 200, 42, null, 0.3, List.of("gfs", "ecmwf"), targets, requests);
    List<String[]> rows = rows(points);
    List<String> lines = Files.readAllLines(targets);
    assertThat(lines).hasSize(rows.size());
    String spot = samplerPath("spot");
    String series = samplerPath("series");
    for (int i = 0; i < rows.size(); i++) {
      String[] row = rows.get(i);
      String vertical = row.length > 2 ? row[2] : "";
      String path =
          (row[4].equals("series") ? series : spot)
              .replace("${model}", row[5])
              .replace("${lat}", row[0])
              .replace("${lon}", row[1])
              .replace("${vertical}", vertical)
              .replace("${time}", row[3])
              .replace("${neighbours}", "4")
              .replace("${seriesParams}", "t,2t");
      assertThat(lines.get(i))
          .isEqualTo(
              "{\"method\":\"GET\",\"url\":\"http://127.0.0.1:8091" + path + "\",\"header\":{}}");
    }
    assertThat(lines)
        .anyMatch(l -> l.contains("/v1/series?"))
        .anyMatch(l -> l.contains("/v1/spot?"));
    // One row by hand: the plan's spot path with its values in place.
    assertThat(requests.url("1.50000", "-2.25000", "&alt=5", "2026-11-21T03:00:00Z", "spot", "gfs"))
        .isEqualTo(
            "http://127.0.0.1:8091/v1/spot?model=gfs&lat=1.50000&lon=-2.25000&alt=5"
                + "&time=2026-11-21T03:00:00Z&n=4");
    assertThat(requests.url("1.50000", "-2.25000", "", "2026-11-21T03:00:00Z", "series", "gfs"))
        .isEqualTo(
            "http://127.0.0.1:8091/v1/series?model=gfs&lat=1.50000&lon=-2.25000&n=4&params=t,2t");
  }

  @Test
  void aModelIdThatIsNotOneIsRefused() {
    RunExtent run =
        RunExtent.of("-10,10,0,20", "alt", "2,10", "2026-11-21T00:00:00Z", "0-6", "from-run");
    Path out = dir.resolve("refused.csv");
    assertThatThrownBy(
            () -> SpotPoints.write(out, run, 10, 42, null, 0, List.of("gfs", "ec mwf"), null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--models");
    assertThatThrownBy(() -> SpotPoints.write(out, run, 10, 42, null, 0, List.of(), null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--models");
  }

  @Test
  void levelsAreRoundedInsideTheRunsLevels() {
    assertThat(SpotPoints.level(612.34, 250, 1000)).isEqualTo("612.3");
    assertThat(SpotPoints.level(1000.0, 250, 1000)).isEqualTo("1000");
    assertThat(SpotPoints.level(0.2599, 0.1, 0.26))
        .isEqualTo("0.26"); // 0.3 would be above the highest level
    assertThat(SpotPoints.level(0.00001, 0.00001, 1)).isEqualTo("0.00001"); // no exponent
  }

  @Test
  void longitudesPastTheAntimeridianAreWrapped() throws IOException {
    assertThat(SpotPoints.longitude180(190)).isEqualTo(-170);
    assertThat(SpotPoints.longitude180(-180)).isEqualTo(-180);
    List<String[]> rows =
        write(RunExtent.of("0,10,170,200", "alt", "2,10", "2026-11-21T00:00:00Z", "0", "from-run"));
    assertThat(rows)
        .allSatisfy(
            row -> {
              double lon = Double.parseDouble(row[1]);
              assertThat(lon >= 170 || lon <= -160).as("lon %s", lon).isTrue();
            });
  }

  @Test
  void badVerticalParametersAreRefused() {
    assertThatThrownBy(() -> RunExtent.of("0,1,0,1", "alt=1&x", "0", "today", "0", "from-run"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  // --- From the canned GET /v1/models through run-extent.jq (skipped without jq) ---------------

  @Test
  void heightModelFromTheCatalog() throws Exception {
    String[] e = extent("demo", "auto");
    assertThat(e)
        .containsExactly(
            "OK",
            "2026112100",
            "alt",
            "0,1000,3000,5000",
            "2026-11-21T00:00:00Z..2026-11-22T00:00:00Z",
            "-90,90,-180,180",
            "height above ground (alt, 4 levels)");
    assertThat(write(fromExtent(e))).allSatisfy(row -> assertThat(row[2]).matches("&alt=[0-9.]+"));
  }

  @Test
  void isobaricModelFromTheCatalog() throws Exception {
    // auto: isobaric has 5 levels, height above ground 2; the regional grid starts at 350 E = -10.
    String[] e = extent("gfs-eu", "auto");
    assertThat(e[0]).isEqualTo("OK");
    assertThat(e[2]).isEqualTo("pressure");
    assertThat(e[3]).isEqualTo("250,500,700,850,1000");
    assertThat(e[4])
        .isEqualTo("2026-11-21T06:00:00Z..2026-11-21T12:00:00Z"); // steps sorted by step
    assertThat(e[5]).isEqualTo("30,70,-10,15");
    List<String[]> rows = write(fromExtent(e));
    for (String[] row : rows) {
      assertThat(row[2]).startsWith("&pressure=");
      assertThat(Double.parseDouble(row[2].substring(10))).isBetween(250.0, 1000.0);
      assertThat(Double.parseDouble(row[0])).isBetween(30.0, 70.0);
      assertThat(Double.parseDouble(row[1])).isBetween(-10.0, 15.0);
    }
    assertThat(extent("gfs-eu", "alt")).contains("alt", "2,10");
    assertThat(extent("gfs-eu", "none")).contains("none", "-");
  }

  @Test
  void singleLevelModelFromTheCatalog() throws Exception {
    String[] e = extent("stations", "auto");
    assertThat(e)
        .containsExactly(
            "OK",
            "2026112012",
            "none",
            "-",
            "2026-11-20T12:00:00Z..2026-11-21T00:00:00Z",
            "41.5,51,-180,180",
            "surface; mean sea level");
    assertThat(write(fromExtent(e))).allSatisfy(row -> assertThat(row[2]).isEmpty());
    assertThat(extent("stations", "pressure"))
        .containsExactly("ERROR", "no-vertical", "surface; mean sea level");
  }

  @Test
  void unknownModelListsThePublishedOnes() throws Exception {
    assertThat(extent("nope", "auto")).containsExactly("ERROR", "no-model", "demo,gfs-eu,stations");
  }

  /** As loadtest.sh passes it to Maven: box, vertical, levels, times. */
  private static RunExtent fromExtent(String[] e) {
    return RunExtent.of(e[5], e[2], e[3], "today", "0-24", e[4]);
  }

  @Test
  void theCommandLineTakesNegativeCoordinatesAsValuesAndKeepsTheDefaults() {
    SpotPoints.Options options = new SpotPoints.Options();
    new picocli.CommandLine(options)
        .parseArgs("--box", "-10,10,-20,20", "--count=5", "--times", "from-run");
    assertThat(options.box).isEqualTo("-10,10,-20,20");
    assertThat(options.count).isEqualTo(5);
    assertThat(options.out).isEqualTo(Path.of("points.csv"));
    assertThat(List.of(options.vertical, options.levels, options.run, options.steps))
        .containsExactly("alt", "0,1000,3000,5000", "today", "0-24");
    assertThatThrownBy(
            () -> new picocli.CommandLine(new SpotPoints.Options()).parseArgs("--count", "many"))
        .hasMessageContaining("--count");
    assertThatThrownBy(
            () -> new picocli.CommandLine(new SpotPoints.Options()).parseArgs("--colour", "red"))
        .hasMessageContaining("Unknown option")
        .hasMessageContaining("'--colour'");
  }

  private static String[] extent(String model, String vertical) throws Exception {
    Assumptions.assumeTrue(onPath("jq"), "jq is not installed");
    Process jq =
        new ProcessBuilder(
                "jq",
                "-r",
                "-f",
                FILTER.toString(),
                "--arg",
                "model",
                model,
                "--arg",
                "vertical",
                vertical,
                MODELS.toString())
            .redirectErrorStream(true)
            .start();
    String out = new String(jq.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(jq.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(jq.exitValue()).as(out).isZero();
    return out.split("\t", -1);
  }

  private static boolean onPath(String command) {
    for (String p : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (Files.isExecutable(Path.of(p, command))) {
        return true;
      }
    }
    return false;
  }

  /** The CSV's rows after its header, every column kept (an empty one too, as JMeter keeps it). */
  private static List<String[]> rows(Path csv) throws IOException {
    return Files.readAllLines(csv).stream().skip(1).map(l -> l.split(",", -1)).toList();
  }

  private List<String[]> write(RunExtent run) throws IOException {
    Path csv = Files.createTempFile(dir, "points", ".csv");
    SpotPoints.write(csv, run, 1000, 42);
    List<String> lines = Files.readAllLines(csv);
    assertThat(lines.getFirst()).isEqualTo("lat,lon,vertical,time,kind,model");
    // split with -1 keeps the empty vertical column, as JMeter's CSV Data Set does.
    return lines.stream()
        .skip(1)
        .map(l -> l.split(",", -1))
        .peek(r -> assertThat(r).hasSize(6))
        .toList();
  }
}
