package dev.spotcast.ingestor.feed;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunRecord;
import dev.spotcast.index.RunStatus;
import dev.spotcast.ingestor.cli.SpotcastIngestorCli;
import dev.spotcast.testsupport.NginxServer;
import dev.spotcast.testsupport.PublishedTree;
import dev.spotcast.testsupport.SharedElasticsearch;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A fetched folder is what {@code spotcast ingest} loads: a GFS-like run written by ecCodes (t at
 * 850 and 500 hPa, u and v at 850 hPa, steps 0 and 6, from the 0.25° packing sample), served by
 * nginx, fetched (v left out), then loaded into the shared real Elasticsearch and published with
 * every document of the fetched fields.
 */
class FeedLoadIT {

  private static final Instant RUN = Instant.parse("2026-11-26T00:00:00Z");
  private static final String MODEL = "it_feed";

  @TempDir Path work;

  @Test
  void aFetchedRunLoadsAndIsPublished() throws Exception {
    Path fields = work.resolve("fields");
    Files.createDirectories(fields);
    writeFields(fields);
    Path fetched = work.resolve("fetched");
    try (NginxServer nginx = NginxServer.start(work.resolve("nginx"))) {
      for (int step : List.of(0, 6)) {
        List<PublishedTree.Message> messages = new ArrayList<>();
        for (String[] field :
            new String[][] {
              {"TMP", "850", "t"}, {"TMP", "500", "t"}, {"UGRD", "850", "u"}, {"VGRD", "850", "v"}
            }) {
          byte[] grib =
              Files.readAllBytes(fields.resolve(field[2] + "_" + field[1] + "_" + step + ".grib2"));
          messages.add(new PublishedTree.Message(field[0], field[1] + " mb", grib));
        }
        Trees.gfs(nginx.root(), "load/", RUN, step, messages);
      }
      try (HttpFetcher http =
          new HttpFetcher(
              FeedSettings.defaults().withRetries(2, Duration.ofMillis(10), Duration.ofMillis(10)),
              new FetchStats())) {
        FetchReport report =
            new RunFetcher(new GfsLayout(), nginx.url("load"), http)
                .fetch(
                    RUN,
                    new FieldSelection(
                        List.of("TMP", "UGRD"), List.of("850", "500"), List.of(0, 6), Set.of()),
                    fetched,
                    RunFetcher.Listener.NONE);
        assertThat(report.complete()).as(report.notDone().toString()).isTrue();
        assertThat(report.count(FieldOutcome.Status.FETCHED)).isEqualTo(6);
      }
    }

    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = SpotcastIngestorCli.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    List<String> args = new ArrayList<>(List.of("ingest", "--es", SharedElasticsearch.url()));
    args.addAll(SharedElasticsearch.cliSecurityOptions(Role.INGEST));
    args.addAll(List.of("--model", MODEL, "--keep-published", fetched.toString()));
    int exit = cli.execute(args.toArray(String[]::new));

    assertThat(exit).as(out + "\n" + err).isZero();
    ElasticsearchClient client =
        ElasticsearchClients.create(SharedElasticsearch.settings(Role.INGEST));
    try {
      RunRecord record = new RunCatalog(client).get(MODEL, "2026112600").orElseThrow();
      assertThat(record.status()).isEqualTo(RunStatus.PUBLISHED);
      // 121 x 81 points, levels 500 and 850 hPa, steps 0 and 6 in one document per point and
      // level (the default layout).
      assertThat(record.run().stepsPerDocument()).isEqualTo(2);
      assertThat(record.indexedDocuments())
          .isEqualTo(121L * 81 * 2)
          .isEqualTo(record.run().documentCount());
    } finally {
      client._transport().close();
    }
  }

  /** t, u, v on 850 hPa and t on 500 hPa, steps 0 and 6 of the run, one file each, by ecCodes. */
  private void writeFields(Path dir) throws Exception {
    String home = System.getenv("SPOTCAST_ECCODES_HOME");
    assertThat(home)
        .as("SPOTCAST_ECCODES_HOME (the ecCodes venv ./spotcast installs)")
        .isNotBlank();
    String sample =
        Path.of(System.getProperty("spotcast.samples", "../samples"), "grid_simple_ed2.grib")
            .toString();
    Path script = dir.resolve("make.py");
    Files.writeString(
        script,
        """
        import eccodes as ec, sys
        sample, out = sys.argv[1], sys.argv[2]
        for step in (0, 6):
            for name, level in (("t", 850), ("t", 500), ("u", 850), ("v", 850)):
                with open(sample, "rb") as f:
                    h = ec.codes_grib_new_from_file(f)
                ec.codes_set(h, "dataDate", 20261126)
                ec.codes_set(h, "dataTime", 0)
                ec.codes_set(h, "stepRange", str(step))
                ec.codes_set(h, "shortName", name)
                ec.codes_set(h, "level", level)
                with open("%s/%s_%d_%d.grib2" % (out, name, level, step), "wb") as o:
                    ec.codes_write(h, o)
                ec.codes_release(h)
        """);
    Process process =
        new ProcessBuilder(
                Path.of(home, "bin", "python").toString(),
                script.toString(),
                sample,
                dir.toString())
            .redirectErrorStream(true)
            .start();
    String output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
  }
}
