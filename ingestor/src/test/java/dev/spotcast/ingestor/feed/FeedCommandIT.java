package dev.spotcast.ingestor.feed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.ingestor.cli.SpotcastIngestorCli;
import dev.spotcast.testsupport.NginxServer;
import dev.spotcast.testsupport.PublishedTree;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code spotcast fetch} as a user runs it, against a real nginx serving a GFS tree: progress and a
 * summary that says how to load the folder; a run not all published yet exits 1 naming what is
 * missing; bad input exits with one line and no stack trace.
 */
class FeedCommandIT {

  @TempDir static Path work;
  @TempDir Path target;

  private static NginxServer nginx;

  /** The newest GFS cycle now: what 'latest' must find. */
  private static Instant newest;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @BeforeAll
  static void publish() throws Exception {
    nginx = NginxServer.start(work.resolve("nginx"));
    newest = RunTimes.cyclesBefore(Instant.now(), new GfsLayout(), 1).getFirst();
    // The newest cycle has steps 0 and 3 (a test publishes 6 later).
    Trees.gfs(nginx.root(), "gfs/", newest, 0, PublishedTree.gfsMessages());
    Trees.gfs(nginx.root(), "gfs/", newest, 3, PublishedTree.gfsMessages());
  }

  @AfterAll
  static void stop() throws Exception {
    if (nginx != null) {
      nginx.close();
    }
  }

  private int fetch(String... args) {
    CommandLine cli = SpotcastIngestorCli.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    List<String> all = new ArrayList<>(List.of("fetch"));
    all.addAll(List.of(args));
    return cli.execute(all.toArray(String[]::new));
  }

  private List<String> errLines() {
    return err.toString().lines().toList();
  }

  @Test
  void fetchesTheLatestRunWithProgressAndSaysHowToLoadIt() {
    int exit =
        fetch(
            "gfs",
            "--run",
            "latest",
            "--params",
            "TMP,UGRD",
            "--levels",
            "850,2m",
            "--steps",
            "0-3/3",
            "--to",
            target.toString(),
            "--base-url",
            nginx.url("gfs"));

    assertThat(exit).as(err.toString()).isZero();
    String run = RunTimes.run(newest);
    assertThat(out.toString())
        .contains("Fetching gfs run " + run + " from " + nginx.url("gfs"))
        .containsPattern("6 / 6 fields  0\\.\\d MB  [\\d.]+ MB/s  ETA 0s")
        .contains("gfs run " + run + ": 6 of 6 wanted fields in " + target)
        .contains("(6 fetched now, 0 already there)")
        .contains("Load it with: ./spotcast ingest " + target + " --model gfs");
    assertThat(target.resolve("gfs_" + run + "_f003_TMP_2-m-above-ground.grib2")).exists();
  }

  @Test
  void aRunNotAllPublishedExitsOneNamingWhatIsMissingAndTheNextCallFetchesTheRest()
      throws Exception {
    String run = RunTimes.run(newest);
    String[] args = {
      "gfs",
      "--run",
      run,
      "--params",
      "TMP",
      "--levels",
      "850",
      "--steps",
      "0,6",
      "--to",
      target.toString(),
      "--base-url",
      nginx.url("gfs"),
      "--retry-wait",
      "10"
    };
    assertThat(fetch(args)).isEqualTo(1);
    assertThat(errLines())
        .containsExactly(
            "  missing TMP @ * +6h: NOT_PUBLISHED (404: not published (yet) ("
                + new GfsLayout().indexUrl(nginx.url("gfs"), newest, 6)
                + "))",
            "spotcast: 1 wanted fields are not there; run the same command again later to fetch"
                + " only those");

    Trees.gfs(nginx.root(), "gfs/", newest, 6, PublishedTree.gfsMessages());
    err.getBuffer().setLength(0);
    out.getBuffer().setLength(0);
    assertThat(fetch(args)).as(err.toString()).isZero();
    assertThat(out.toString()).contains("(1 fetched now, 1 already there)");
  }

  @Test
  void badInputExitsWithOneLineAndNoStackTrace() {
    String to = target.toString();
    String base = nginx.url("gfs");
    assertThat(fetch("jma", "--params", "t", "--steps", "0", "--to", to)).isEqualTo(2);
    assertThat(errLines())
        .containsExactly(
            "spotcast: unknown publisher 'jma': give one of gfs, ecmwf, ecmwf-aifs, ecmwf-ens,"
                + " icon-eu");

    err.getBuffer().setLength(0);
    assertThat(fetch("gfs", "--run", "2026-11-26", "--params", "TMP", "--steps", "0", "--to", to))
        .isEqualTo(2);
    assertThat(errLines())
        .containsExactly(
            "spotcast: a run is 'latest' or yyyymmddHH (UTC), e.g. 2026112600; got '2026-11-26'");

    err.getBuffer().setLength(0);
    assertThat(fetch("gfs", "--params", "TMP", "--steps", "0-x", "--to", to)).isEqualTo(2);
    assertThat(errLines()).hasSize(1).first().asString().startsWith("spotcast: steps must look");

    err.getBuffer().setLength(0);
    assertThat(fetch("gfs", "--params", "TMP", "--steps", "0", "--to", to, "--min-body-rate", "-1"))
        .isEqualTo(2);
    assertThat(errLines())
        .containsExactly(
            "spotcast: --min-body-rate must be >= 0 bytes per second (0: no floor); got -1");

    err.getBuffer().setLength(0);
    assertThat(
            fetch("gfs", "--params", "TMP", "--steps", "0", "--to", to, "--min-body-rate", "1KB"))
        .isEqualTo(2);
    assertThat(errLines())
        .containsExactly(
            "spotcast: Invalid value for option '--min-body-rate': '1KB' is not a long;"
                + " see 'spotcast fetch --help'");

    err.getBuffer().setLength(0);
    Instant old = newest.minus(Duration.ofDays(3)).truncatedTo(ChronoUnit.DAYS);
    String args = RunTimes.run(old);
    assertThat(
            fetch(
                "gfs",
                "--run",
                args,
                "--params",
                "TMP",
                "--steps",
                "0",
                "--to",
                to,
                "--base-url",
                base))
        .isEqualTo(1);
    assertThat(errLines())
        .containsExactly(
            "spotcast: gfs run "
                + args
                + " is not published at "
                + base
                + " (its first wanted step is not there); try --run latest");

    err.getBuffer().setLength(0);
    assertThat(
            fetch(
                "gfs",
                "--params",
                "TMP",
                "--steps",
                "0",
                "--to",
                to,
                "--base-url",
                nginx.url("nothing-here"),
                "--latest-cycles",
                "2"))
        .isEqualTo(1);
    assertThat(errLines())
        .hasSize(1)
        .first()
        .asString()
        .startsWith("spotcast: no gfs run of the last 2 cycles");

    err.getBuffer().setLength(0);
    assertThat(
            fetch(
                "icon-eu",
                "--params",
                "t",
                "--levels",
                "level9",
                "--steps",
                "0",
                "--to",
                to,
                "--base-url",
                base))
        .isEqualTo(2);
    assertThat(errLines()).hasSize(1).first().asString().contains("ICON-EU level 'level9'");
    assertThat(err.toString()).doesNotContain("Exception").doesNotContain("\tat ");
  }
}
