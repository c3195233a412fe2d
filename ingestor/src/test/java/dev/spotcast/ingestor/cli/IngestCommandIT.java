package dev.spotcast.ingestor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunRecord;
import dev.spotcast.index.RunStatus;
import dev.spotcast.testsupport.SharedElasticsearch;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code spotcast ingest} against a real Elasticsearch: real sample files load and publish with a
 * summary; a bad file (empty, not a forecast file, truncated) stops the command with a message that
 * names it, nothing of the run is published, and the run published before stays published.
 */
class IngestCommandIT {

  private static final String MODEL = "it_ingest";

  /** The reference time of the u/v sample: 2017-10-18 12 UTC. */
  private static final String UV_RUN = "2017101812";

  private static ElasticsearchClient client;

  @TempDir Path temp;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @BeforeAll
  static void connect() {
    client = ElasticsearchClients.create(SharedElasticsearch.settings(Role.INGEST));
  }

  @AfterAll
  static void close() throws Exception {
    client._transport().close();
  }

  private int ingest(String... args) {
    CommandLine cli = SpotcastIngestorCli.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    List<String> all = new ArrayList<>(List.of("ingest", "--es", SharedElasticsearch.url()));
    all.addAll(SharedElasticsearch.cliSecurityOptions(Role.INGEST));
    all.addAll(List.of(args));
    return cli.execute(all.toArray(String[]::new));
  }

  private static Path sample(String name) {
    String configured = System.getProperty("spotcast.samples");
    return (configured != null ? Path.of(configured) : Path.of("..", "samples")).resolve(name);
  }

  @Test
  void loadsTheRunsOfGribFilesAndSaysWhatItSkipped() throws Exception {
    int exit =
        ingest(
            "--model",
            "it_files",
            sample("uv_on_different_levels.grib").toString(),
            sample("t_on_different_level_types.grib").toString(),
            "--keep-published");

    assertThat(exit).as(out + "\n" + err).isZero();
    // Both files have reference time 2017-10-18 12 UTC: one run with the fields of both.
    assertThat(out.toString())
        .contains("GRIB1, 16 fields")
        .contains("skipped")
        .contains("hybrid")
        .containsPattern("it_files run 2017101812: (PUBLISHED|.*already published)");
    RunRecord record = new RunCatalog(client).get("it_files", UV_RUN).orElseThrow();
    assertThat(record.status()).isEqualTo(RunStatus.PUBLISHED);
    // 72 x 37 points; isobaric levels 100, 400, 500, 700, 850, 1000 hPa; steps 0, 6, 12, all three
    // in one document per point and level (the default layout).
    assertThat(record.run().stepsPerDocument()).isEqualTo(3);
    assertThat(record.indexedDocuments())
        .isEqualTo(2664L * 6)
        .isEqualTo(record.run().documentCount());
  }

  @Test
  void aBadFileStopsTheCommandAndThePreviousRunStaysPublished() throws Exception {
    // The previous run: the msl sample (2006-10-04 00 UTC, member 5).
    assertThat(
            ingest("--model", MODEL, sample("regular_ll_msl.grib").toString(), "--keep-published"))
        .as(out + "\n" + err)
        .isZero();
    String published = new RunCatalog(client).publishedRunIds().get(MODEL + "_m5");
    assertThat(published).isEqualTo("2006100400");

    byte[] grib = Files.readAllBytes(sample("regular_ll_msl.grib"));
    Path empty = Files.write(temp.resolve("empty.grib2"), new byte[0]);
    Path text = Files.writeString(temp.resolve("notes.grib2"), "this is not a forecast file\n");
    Path truncated =
        Files.write(temp.resolve("truncated.grib2"), Arrays.copyOf(grib, grib.length / 2));
    for (Path bad : List.of(empty, text, truncated)) {
      out.getBuffer().setLength(0);
      err.getBuffer().setLength(0);
      // A good file of a newer run next to the bad one: nothing may be loaded.
      int exit =
          ingest(
              "--model", MODEL, sample("uv_on_different_levels.grib").toString(), bad.toString());

      assertThat(exit).as("%s: %s", bad, err).isEqualTo(1);
      assertThat(err.toString())
          .as("message for %s", bad.getFileName())
          .contains(bad.toString())
          .contains("nothing loaded")
          .doesNotContain("Exception");
      assertThat(new RunCatalog(client).publishedRunIds())
          .containsEntry(MODEL + "_m5", published)
          .doesNotContainKey(MODEL);
      assertThat(new RunCatalog(client).get(MODEL, UV_RUN)).isEmpty();
    }
    assertThat(err.toString()).contains("truncated");
  }

  @Test
  void aPathThatMatchesNothingIsAUsageError() {
    assertThat(ingest("--model", MODEL, temp.resolve("nothing-here-*.grib").toString()))
        .isEqualTo(2);
    assertThat(err.toString()).contains("nothing-here-*.grib").contains("no such file");
  }

  @Test
  void aFolderLoadsEveryFileInIt() throws Exception {
    Files.copy(sample("reduced_gg.grib"), temp.resolve("a.grib"));
    assertThat(ingest("--model", "it_folder", temp.toString(), "--keep-published"))
        .as(out + "\n" + err)
        .isZero();
    assertThat(out.toString()).contains("reduced_gg").contains("10u");
    assertThat(Files.list(temp).map(p -> p.getFileName().toString()).toList())
        .as("no index files next to the input")
        .containsExactly("a.grib");
  }

  @Test
  void anEra5EnsembleInLocalDefinition36LoadsAsAnEnsemble() throws Exception {
    // GRIB1, ECMWF local definition 36 (stream enda, type an), members 0-3 of t at 850 hPa,
    // 2026-11-20 12 UTC.
    int exit =
        ingest(
            "--model",
            "it_enda",
            sample("era5_enda_ld36.grib").toString(),
            "--members",
            "0,2",
            "--keep-published");

    assertThat(exit).as(out + "\n" + err).isZero();
    assertThat(out.toString()).contains("GRIB1, 4 fields");
    assertThat(new RunCatalog(client).publishedRunIds())
        .containsEntry("it_enda_m0", "2026112012")
        .containsEntry("it_enda_m2", "2026112012")
        .doesNotContainKeys("it_enda", "it_enda_m1", "it_enda_m3");
    RunRecord member2 = new RunCatalog(client).get("it_enda_m2", "2026112012").orElseThrow();
    assertThat(member2.indexedDocuments()).isEqualTo(72L * 37);
  }

  @Test
  void aFieldThatCannotBeDecodedStopsTheLoadWithOneLineAndNoStackTrace() throws Exception {
    // The file opens (framing and keys are sound) but its data section is too short for the 40 bits
    // per value its data representation section now claims: the failure comes while loading.
    byte[] grib = Files.readAllBytes(sample("grid_simple_ed2.grib"));
    grib[162] = 40;
    Path bad = Files.write(temp.resolve("bad_bits.grib2"), grib);
    PrintStream console = System.err;
    ByteArrayOutputStream consoleBytes = new ByteArrayOutputStream();
    int exit;
    System.setErr(new PrintStream(consoleBytes, true));
    try {
      exit = ingest("--model", "it_bad_bits", bad.toString());
    } finally {
      System.setErr(console);
    }

    assertThat(exit).as(out + "\n" + err).isEqualTo(1);
    assertThat(out.toString())
        .containsPattern(
            "NOT PUBLISHED - source failed: "
                + Pattern.quote(bad.toString())
                + ": corrupt GRIB file: message 0 at byte 0 values cannot be decoded: key values: .+");
    assertThat(consoleBytes.toString() + err).doesNotContain("\tat ").doesNotContain("Exception");
    assertThat(new RunCatalog(client).publishedRunIds()).doesNotContainKey("it_bad_bits");
  }
}
