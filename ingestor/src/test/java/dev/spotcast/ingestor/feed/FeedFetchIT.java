package dev.spotcast.ingestor.feed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.ingestor.feed.FieldOutcome.Status;
import dev.spotcast.testsupport.NginxServer;
import dev.spotcast.testsupport.NginxServer.Access;
import dev.spotcast.testsupport.PublishedTree;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fetches runs from a real nginx serving each publisher's tree (written by {@link PublishedTree}
 * from real GRIB messages) and checks, through nginx's access log, what was asked for: only the
 * wanted byte ranges, merged when adjacent, never a checked field twice. The faults are nginx
 * configuration ({@link NginxServer}): a step not published yet, 503s, Range ignored, an HTML page,
 * a file shorter than its index, a field the file lacks.
 */
class FeedFetchIT {

  private static final Instant RUN = Instant.parse("2026-11-26T00:00:00Z");
  private static final int ATTEMPTS = 3;

  @TempDir static Path work;
  @TempDir Path target;

  private static NginxServer nginx;

  @BeforeAll
  static void startNginx() throws Exception {
    nginx = NginxServer.start(work.resolve("nginx"));
  }

  @AfterAll
  static void stopNginx() throws Exception {
    if (nginx != null) {
      nginx.close();
    }
  }

  private static FetchReport fetch(
      FeedLayout layout, String prefix, FieldSelection selection, Path dir) throws IOException {
    try (HttpFetcher http = http()) {
      return new RunFetcher(layout, nginx.url(prefix), http)
          .fetch(RUN, selection, dir, RunFetcher.Listener.NONE);
    }
  }

  private static HttpFetcher http() {
    return new HttpFetcher(
        FeedSettings.defaults()
            .withRetries(ATTEMPTS, Duration.ofMillis(10), Duration.ofMillis(40))
            .withUserAgent("spotcast-test/1"),
        new FetchStats());
  }

  private static FieldSelection select(List<String> params, List<String> levels, Integer... steps) {
    return new FieldSelection(params, levels, List.of(steps), Set.of());
  }

  private static List<Access> ranges(String prefix) throws IOException {
    return nginx.accesses(prefix).stream().filter(a -> !a.range().isEmpty()).toList();
  }

  @Test
  void gfsFetchesOnlyTheWantedRangesAndNeverACheckedFieldTwice() throws Exception {
    PublishedTree.Published f000 =
        Trees.gfs(nginx.root(), "gfs1/", RUN, 0, PublishedTree.gfsMessages());
    Trees.gfs(nginx.root(), "gfs1/", RUN, 6, PublishedTree.gfsMessages());
    // Messages: PRMSL 0+19781, TMP 850 19781+13399, UGRD 850 33180+16384, VGRD 850 49564+2344,
    // TMP 2 m 51908+8449, TMP 500 60357+39374 (the last: to the end of the 99731-byte file).
    assertThat(f000.size()).isEqualTo(99731);
    FieldSelection wanted = select(List.of("TMP", "UGRD"), List.of("850", "2m", "500"), 0, 6);

    FetchReport first = fetch(new GfsLayout(), "gfs1/", wanted, target);

    assertThat(first.complete()).as(first.notDone().toString()).isTrue();
    assertThat(first.count(Status.FETCHED)).isEqualTo(8);
    for (FieldOutcome field : first.fields()) {
      String level = field.key().level();
      assertThat(target.resolve(field.file()))
          .as(field.key().toString())
          .hasBinaryContent(f000.field(field.key().param(), level));
    }
    assertThat(target.resolve("gfs_2026112600_f006_TMP_2-m-above-ground.grib2")).exists();
    // Two requests per step: TMP+UGRD at 850 hPa (adjacent), TMP 2 m up to the end (TMP 500
    // follows it); PRMSL and VGRD are never asked for.
    List<Access> asked = ranges("gfs1/");
    assertThat(asked)
        .extracting(Access::range)
        .containsExactlyInAnyOrder(
            "bytes=19781-49563", "bytes=51908-", "bytes=19781-49563", "bytes=51908-");
    assertThat(asked).allMatch(a -> a.status() == 206 && a.method().equals("GET"));
    long wantedBytes = 13399 + 16384 + 8449 + 39374;
    assertThat(asked.stream().mapToLong(Access::bytes).sum()).isEqualTo(2 * wantedBytes);
    assertThat(first.fieldBytes()).isEqualTo(2 * wantedBytes);
    assertThat(first.stats().retries()).isZero();

    FetchReport again = fetch(new GfsLayout(), "gfs1/", wanted, target);

    assertThat(again.complete()).isTrue();
    assertThat(again.count(Status.ALREADY_FETCHED)).isEqualTo(8);
    assertThat(ranges("gfs1/")).as("no field fetched twice").hasSize(4);
    assertThat(again.stats().bytesReceived()).as("the two indexes only").isLessThan(1000);
  }

  @Test
  void aStepNotPublishedYetIsFetchedOnTheNextRunAndNothingElse() throws Exception {
    Trees.gfs(nginx.root(), "gfs4/", RUN, 0, PublishedTree.gfsMessages());
    FieldSelection wanted = select(List.of("TMP"), List.of("850"), 0, 6);

    FetchReport partial = fetch(new GfsLayout(), "gfs4/", wanted, target);

    assertThat(partial.complete()).isFalse();
    assertThat(partial.fields())
        .extracting(f -> f.key().step() + " " + f.status())
        .containsExactly("0 FETCHED", "6 NOT_PUBLISHED");
    assertThat(partial.stats().retries()).as("a 404 is not retried").isZero();

    PublishedTree.Published f006 =
        Trees.gfs(nginx.root(), "gfs4/", RUN, 6, PublishedTree.gfsMessages());
    FetchReport rest = fetch(new GfsLayout(), "gfs4/", wanted, target);

    assertThat(rest.complete()).isTrue();
    assertThat(rest.fields())
        .extracting(f -> f.key().step() + " " + f.status())
        .containsExactly("0 ALREADY_FETCHED", "6 FETCHED");
    assertThat(target.resolve("gfs_2026112600_f006_TMP_850-mb.grib2"))
        .hasBinaryContent(f006.field("TMP", "850 mb"));
    assertThat(ranges("gfs4/"))
        .extracting(a -> a.uri().substring(a.uri().lastIndexOf('.')) + " " + a.range())
        .containsExactly(".f000 bytes=19781-33179", ".f006 bytes=19781-33179");
  }

  @Test
  void fiveHundredThreesAreRetriedWithBackoffCountedAndResumedLater() throws Exception {
    PublishedTree.Published f000 =
        Trees.gfs(nginx.root(), "dataflag/", RUN, 0, PublishedTree.gfsMessages());
    FieldSelection wanted = select(List.of("PRMSL", "VGRD"), List.of(), 0);
    Files.createFile(nginx.dataFlag());
    FetchReport failing;
    try {
      failing = fetch(new GfsLayout(), "dataflag/", wanted, target);
    } finally {
      Files.delete(nginx.dataFlag());
    }

    assertThat(failing.fields()).extracting(FieldOutcome::status).containsOnly(Status.FAILED);
    assertThat(failing.fields().getFirst().detail()).contains("503");
    // Two ranges (PRMSL and VGRD are apart), each tried ATTEMPTS times.
    assertThat(failing.stats().retries()).isEqualTo(2 * (ATTEMPTS - 1));
    assertThat(ranges("dataflag/")).hasSize(2 * ATTEMPTS).allMatch(a -> a.status() == 503);

    FetchReport later = fetch(new GfsLayout(), "dataflag/", wanted, target);

    assertThat(later.complete()).isTrue();
    assertThat(later.stats().retries()).isZero();
    assertThat(target.resolve("gfs_2026112600_f000_VGRD_850-mb.grib2"))
        .hasBinaryContent(f000.field("VGRD", "850 mb"));
  }

  @Test
  void aBodyThatTricklesUnderTheFloorIsAbortedAndRetriedNotWaitedFor() throws Exception {
    // nginx sends 1,224 bytes at once (headers included), then 200 bytes each second (its
    // limit_rate sends a second's worth, then waits 1,000 ms for the next; a socket read saw gaps
    // of 1,000.5-1,004.2 ms): the 13,399-byte range would take a minute. The timeout is 2 s, twice
    // nginx's gap, so the idle check never fires, whatever the
    // host's timer jitter (at a 1-s timeout, a gap of 1,000 ms and a few made it fire in CI). The
    // floor, 2,000 bytes over each 2-s timeout, stops the body in its third second.
    Trees.gfs(nginx.root(), "trickle/", RUN, 0, PublishedTree.gfsMessages());
    FieldSelection wanted = select(List.of("TMP"), List.of("850 mb"), 0);
    FetchReport report;
    try (HttpFetcher http =
        new HttpFetcher(
            FeedSettings.defaults()
                .withRetries(ATTEMPTS, Duration.ofMillis(10), Duration.ofMillis(40))
                .withRequestTimeout(Duration.ofSeconds(2))
                .withMinBodyRate(1_000)
                .withUserAgent("spotcast-test/1"),
            new FetchStats())) {
      report =
          new RunFetcher(new GfsLayout(), nginx.url("trickle/"), http)
              .fetch(RUN, wanted, target, RunFetcher.Listener.NONE);
    }

    assertThat(report.fields()).extracting(FieldOutcome::status).containsOnly(Status.FAILED);
    assertThat(report.fields().getFirst().detail())
        .contains("under the floor of 1000 bytes/s: the body trickled");
    assertThat(report.stats().retries()).isEqualTo(ATTEMPTS - 1);
    // Each try was cut short: nginx sent far less than the range (its access log's body bytes).
    assertThat(ranges("trickle/"))
        .hasSize(ATTEMPTS)
        .allMatch(a -> a.bytes() < 5_000, "under 5,000 of the range's 13,399 bytes sent per try");
  }

  @Test
  void anIndexAnswering503IsRetriedThenReportedForTheStep() throws Exception {
    Trees.gfs(nginx.root(), "gfs5/", RUN, 0, PublishedTree.gfsMessages());
    Files.createFile(nginx.flag());
    FetchReport report;
    try {
      report = fetch(new GfsLayout(), "gfs5/", select(List.of("TMP"), List.of(), 0), target);
    } finally {
      Files.delete(nginx.flag());
    }
    assertThat(report.fields()).extracting(FieldOutcome::status).containsExactly(Status.FAILED);
    assertThat(report.stats().retries()).isEqualTo(ATTEMPTS - 1);
    assertThat(nginx.accesses("gfs5/"))
        .extracting(a -> a.uri().endsWith(".idx") + " " + a.status())
        .containsOnly("true 503")
        .hasSize(ATTEMPTS);
  }

  @Test
  void aServerIgnoringRangeSendsWholeFilesTheRangesAreCutOutAndCounted() throws Exception {
    PublishedTree.Published f000 =
        Trees.gfs(nginx.root(), "norange/", RUN, 0, PublishedTree.gfsMessages());
    FieldSelection wanted = select(List.of("TMP", "UGRD"), List.of("850", "500"), 0);

    FetchReport report = fetch(new GfsLayout(), "norange/", wanted, target);

    assertThat(report.complete()).as(report.notDone().toString()).isTrue();
    assertThat(target.resolve("gfs_2026112600_f000_TMP_500-mb.grib2"))
        .hasBinaryContent(f000.field("TMP", "500 mb"));
    assertThat(target.resolve("gfs_2026112600_f000_UGRD_850-mb.grib2"))
        .hasBinaryContent(f000.field("UGRD", "850 mb"));
    // Two ranges asked (850 hPa pair; 500 hPa to the end), each answered with the whole file.
    assertThat(ranges("norange/"))
        .hasSize(2)
        .allMatch(a -> a.status() == 200 && a.bytes() == 99731);
    assertThat(report.stats().rangesIgnored()).isEqualTo(2);
    long wantedBytes = 13399 + 16384 + 39374;
    assertThat(report.stats().bytesOutsideRanges()).isEqualTo(2 * 99731 - wantedBytes);
  }

  @Test
  void ecmwfLatestRunAndClosedRanges() throws Exception {
    EcmwfLayout ifs = EcmwfLayout.ifs();
    PublishedTree.Published step0 =
        Trees.ecmwf(nginx.root(), "ecmwf/", ifs, RUN, 0, PublishedTree.ecmwfMessages(), "");
    Trees.ecmwf(nginx.root(), "ecmwf/", ifs, RUN, 3, PublishedTree.ecmwfMessages(), "");
    FieldSelection wanted = select(List.of("msl", "2t", "10u", "t"), List.of("sfc", "850"), 0, 3);

    try (HttpFetcher http = http()) {
      RunFetcher fetcher = new RunFetcher(ifs, nginx.url("ecmwf"), http);
      assertThat(fetcher.latest(wanted, Instant.parse("2026-11-26T20:00:00Z"), 8)).contains(RUN);
      assertThat(fetcher.latest(wanted, Instant.parse("2026-11-27T20:00:00Z"), 3)).isEmpty();
    }
    // 18z, 12z, 06z not there, then 00z; the later day's 18z, 12z, 06z (all oper since IFS 50r1).
    assertThat(nginx.accesses("ecmwf/"))
        .extracting(
            a ->
                a.method()
                    + " "
                    + a.uri().substring(a.uri().lastIndexOf('/') + 1)
                    + " "
                    + a.status())
        .containsExactly(
            "HEAD 20261126180000-0h-oper-fc.index 404",
            "HEAD 20261126120000-0h-oper-fc.index 404",
            "HEAD 20261126060000-0h-oper-fc.index 404",
            "HEAD 20261126000000-0h-oper-fc.index 200",
            "HEAD 20261127180000-0h-oper-fc.index 404",
            "HEAD 20261127120000-0h-oper-fc.index 404",
            "HEAD 20261127060000-0h-oper-fc.index 404");

    FetchReport report = fetch(ifs, "ecmwf/", wanted, target);

    assertThat(report.complete()).as(report.notDone().toString()).isTrue();
    assertThat(report.count(Status.FETCHED)).isEqualTo(8);
    assertThat(target.resolve("ecmwf_2026112600_f003_t_850.grib2"))
        .hasBinaryContent(step0.field("t", "850"));
    assertThat(target.resolve("ecmwf_2026112600_f000_10u_sfc.grib2"))
        .hasBinaryContent(step0.field("10u", "sfc"));
    // msl, 2t, t 850 adjacent; u 850 and t 500 not wanted; 10u with its known length.
    assertThat(ranges("ecmwf/"))
        .extracting(Access::range)
        .containsExactlyInAnyOrder(
            "bytes=0-49563", "bytes=60357-99730", "bytes=0-49563", "bytes=60357-99730");
  }

  @Test
  void aFileShorterThanItsIndexAndAFieldTheFileLacksAreReported() throws Exception {
    EcmwfLayout ifs = EcmwfLayout.ifs();
    String lacking =
        "{\"param\": \"z\", \"levtype\": \"pl\", \"levelist\": \"500\", \"step\": \"0\","
            + " \"_offset\": 200000, \"_length\": 5000}\n";
    PublishedTree.Published step0 =
        Trees.ecmwf(nginx.root(), "broken/", ifs, RUN, 0, PublishedTree.ecmwfMessages(), lacking);
    // The file is cut 100 bytes short: the index's last field (10u) runs past its end.
    try (FileChannel file = FileChannel.open(step0.file(), StandardOpenOption.WRITE)) {
      file.truncate(step0.size() - 100);
    }
    FieldSelection wanted = select(List.of("msl", "10u", "z"), List.of(), 0);

    FetchReport report = fetch(ifs, "broken/", wanted, target);

    assertThat(report.fields())
        .extracting(f -> f.key().param() + " " + f.status())
        .containsExactlyInAnyOrder("msl FETCHED", "10u NOT_IN_FILE", "z NOT_IN_FILE");
    assertThat(report.fields())
        .filteredOn(f -> f.key().param().equals("10u"))
        .first()
        .extracting(FieldOutcome::detail)
        .asString()
        .contains("the file is 99631 bytes but its index puts fields up to byte 99731");
    assertThat(target.resolve("ecmwf_2026112600_f000_msl_sfc.grib2"))
        .hasBinaryContent(step0.field("msl", "sfc"));
    assertThat(target.resolve("ecmwf_2026112600_f000_10u_sfc.grib2")).doesNotExist();
    // The short file is retried (it may still be being written), the 416 is not.
    assertThat(report.stats().retries()).isEqualTo(ATTEMPTS - 1);
    assertThat(ranges("broken/"))
        .extracting(a -> a.range() + " " + a.status())
        .containsExactlyInAnyOrder(
            "bytes=0-19780 206",
            "bytes=60357-99730 206",
            "bytes=60357-99730 206",
            "bytes=60357-99730 206",
            "bytes=200000-204999 416");
    try (var files = Files.list(target)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .as("no temporary file left behind")
          .containsExactlyInAnyOrder(
              "ecmwf_2026112600_f000_msl_sfc.grib2", FetchManifest.FILE_NAME);
    }
  }

  @Test
  void anHtmlPageInsteadOfGribIsRefused() throws Exception {
    EcmwfLayout ifs = EcmwfLayout.ifs();
    Trees.ecmwf(nginx.root(), "html/", ifs, RUN, 0, PublishedTree.ecmwfMessages(), "");

    FetchReport report = fetch(ifs, "html/", select(List.of("msl"), List.of(), 0), target);

    assertThat(report.fields()).extracting(FieldOutcome::status).containsExactly(Status.FAILED);
    assertThat(report.fields().getFirst().detail()).contains("text/html body instead of GRIB");
    assertThat(report.stats().retries()).isEqualTo(ATTEMPTS - 1);
  }

  @Test
  void iconEuFieldsAreFetchedWholeAndDecompressed() throws Exception {
    byte[] t2m = PublishedTree.sample(1);
    byte[] t850 = PublishedTree.sample(2);
    for (int step : List.of(0, 1)) {
      Trees.icon(nginx.root(), "icon/", RUN, FieldKey.of("t_2m", "single", step), t2m);
      Trees.icon(nginx.root(), "icon/", RUN, FieldKey.of("t", "850", step), t850);
    }
    IconEuLayout icon = new IconEuLayout();

    FetchReport single = fetch(icon, "icon/", select(List.of("t_2m"), List.of(), 0, 1), target);
    FetchReport upper = fetch(icon, "icon/", select(List.of("T"), List.of("850"), 0, 1, 2), target);

    assertThat(single.complete()).isTrue();
    assertThat(target.resolve("icon-eu_2026112600_f001_t-2m_single.grib2")).hasBinaryContent(t2m);
    assertThat(target.resolve("icon-eu_2026112600_f000_t_850.grib2")).hasBinaryContent(t850);
    assertThat(upper.fields())
        .extracting(f -> f.key().step() + " " + f.status())
        .containsExactly("0 FETCHED", "1 FETCHED", "2 NOT_PUBLISHED");
    List<Access> gets = nginx.accesses("icon/");
    assertThat(gets)
        .extracting(a -> a.uri().substring(a.uri().lastIndexOf('/') + 1) + " " + a.status())
        .containsExactlyInAnyOrder(
            "icon-eu_europe_regular-lat-lon_single-level_2026112600_000_T_2M.grib2.bz2 200",
            "icon-eu_europe_regular-lat-lon_single-level_2026112600_001_T_2M.grib2.bz2 200",
            "icon-eu_europe_regular-lat-lon_pressure-level_2026112600_000_850_T.grib2.bz2 200",
            "icon-eu_europe_regular-lat-lon_pressure-level_2026112600_001_850_T.grib2.bz2 200",
            "icon-eu_europe_regular-lat-lon_pressure-level_2026112600_002_850_T.grib2.bz2 404");
    // Compressed on the wire: fewer bytes received than the fields hold.
    assertThat(single.stats().bytesReceived()).isLessThan(2L * t2m.length);
  }

  @Test
  void downloadsPerHostAreBoundedAndConnectionsReused() throws Exception {
    for (int step : List.of(0, 3, 6, 9)) {
      Trees.gfs(nginx.root(), "slow/", RUN, step, PublishedTree.gfsMessages());
    }
    // PRMSL and UGRD 850 are apart: two ranges per step, eight in all, each 0.6-1 s at 10 KB/s.
    FieldSelection wanted = select(List.of("PRMSL", "UGRD"), List.of(), 0, 3, 6, 9);
    FetchReport report;
    try (HttpFetcher http =
        new HttpFetcher(
            FeedSettings.defaults()
                .withParallelPerHost(2)
                .withRetries(ATTEMPTS, Duration.ofMillis(10), Duration.ofMillis(40)),
            new FetchStats())) {
      report =
          new RunFetcher(new GfsLayout(), nginx.url("slow"), http)
              .fetch(RUN, wanted, target, RunFetcher.Listener.NONE);
    }

    assertThat(report.complete()).as(report.notDone().toString()).isTrue();
    List<Access> requests = nginx.accesses("slow/");
    assertThat(requests).hasSize(4 + 8);
    // By nginx's clock: two requests in flight at once, never more.
    int most = 0;
    for (Access a : requests) {
      double t = a.start() + 0.0005;
      int inFlight = (int) requests.stream().filter(b -> b.start() <= t && t < b.end()).count();
      most = Math.max(most, inFlight);
    }
    assertThat(most).as(requests.toString()).isEqualTo(2);
    // Kept-alive connections: twelve requests over at most two of them.
    assertThat(requests.stream().map(Access::connection).distinct().count()).isBetween(1L, 2L);
  }
}
