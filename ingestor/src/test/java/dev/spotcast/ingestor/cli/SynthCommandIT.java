package dev.spotcast.ingestor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunStatus;
import dev.spotcast.testsupport.SharedElasticsearch;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class SynthCommandIT {

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int synth(String... args) {
    CommandLine cli = SpotcastIngestorCli.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    // The secured test node's CA and the ingest credential; the tests name --es themselves.
    List<String> all = new ArrayList<>(List.of("synth"));
    all.addAll(SharedElasticsearch.cliSecurityOptions(Role.INGEST));
    all.addAll(List.of(args));
    return cli.execute(all.toArray(String[]::new));
  }

  @Test
  void loadsARunAndPrintsProgressAndASummary() {
    int exit =
        synth(
            "--es",
            SharedElasticsearch.url(),
            "--model",
            "itcli",
            "--region",
            "0,0,4,4",
            "--resolution",
            "0.5",
            "--levels",
            "0,1000",
            "--steps",
            "0-3",
            "--run",
            "2026-11-21T06:00:00Z");
    assertThat(exit).as(err.toString()).isZero();
    // 9 x 9 points x 2 levels, the 4 steps in one document each (the default layout)
    assertThat(out.toString())
        .contains("81 points x 2 levels x 4 steps in blocks of 4 = 162 documents")
        .contains("itcli run 2026112106: PUBLISHED")
        .contains("indexed 162  counted 162  failed 0");

    // Loading the same run again is refused, unless the caller asks to keep the published one.
    String[] again = {
      "--es",
      SharedElasticsearch.url(),
      "--model",
      "itcli",
      "--region",
      "0,0,4,4",
      "--resolution",
      "0.5",
      "--levels",
      "0,1000",
      "--steps",
      "0-3",
      "--run",
      "2026-11-21T06:00:00Z"
    };
    assertThat(synth(again)).isEqualTo(2);
    assertThat(err.toString()).contains("already published");
    String[] keep = Arrays.copyOf(again, again.length + 1);
    keep[again.length] = "--keep-published";
    assertThat(synth(keep)).isZero();
    assertThat(out.toString()).contains("itcli run 2026112106 is already published; keeping it.");
  }

  /** --value-bits and --preload-values reach the run's record and its indices' settings. */
  @Test
  void valueBitsAndPreloadAreStoredWithTheRunAndItsIndices() throws Exception {
    int exit =
        synth(
            "--es",
            SharedElasticsearch.url(),
            "--model",
            "itcli16",
            "--region",
            "0,0,2,2",
            "--resolution",
            "1",
            "--levels",
            "0",
            "--steps",
            "0-3",
            "--run",
            "2026-11-21T06:00:00Z",
            "--value-bits",
            "16",
            "--preload-values");
    assertThat(exit).as(err.toString()).isZero();
    var client = ElasticsearchClients.create(SharedElasticsearch.settings(Role.INGEST));
    try {
      var record = new RunCatalog(client).get("itcli16", "2026112106").orElseThrow();
      assertThat(record.status()).isEqualTo(RunStatus.PUBLISHED);
      assertThat(record.run().sharding().valueBits()).isEqualTo(16);
      assertThat(record.run().sharding().preloadValues()).isTrue();
      assertThat(
              client
                  .indices()
                  .getSettings(
                      g -> g.index(record.indices()).name("index.store.preload").flatSettings(true))
                  .toString())
          .contains("dvd")
          .contains("cfs")
          // what an ids search reads to find the documents: the _id terms, bloom filter, postings
          .contains("tim")
          .contains("bfi")
          .contains("doc");
    } finally {
      client._transport().close();
    }
  }

  /**
   * The CLI follows the ingestion service's rule: the served forecast never goes back in time
   * unless asked.
   */
  @Test
  void anOlderRunIsLoadedBehindTheServedOneUnlessPublishAlways() throws Exception {
    String[] common = {
      "--es",
      SharedElasticsearch.url(),
      "--model",
      "itcliorder",
      "--region",
      "0,0,2,2",
      "--resolution",
      "1",
      "--levels",
      "0",
      "--steps",
      "0-1"
    };
    assertThat(synth(with(common, "--run", "2026-11-21T06:00:00Z"))).as(err.toString()).isZero();
    assertThat(out.toString()).contains("itcliorder run 2026112106: PUBLISHED");

    assertThat(synth(with(common, "--run", "2026-11-21T00:00:00Z"))).as(err.toString()).isZero();
    assertThat(out.toString())
        .contains(
            "itcliorder run 2026112100: LOADED, NOT SERVED - run 2026112100 is older than"
                + " the served run 2026112106: loaded but not published (--publish always publishes it)");
    var client = ElasticsearchClients.create(SharedElasticsearch.settings(Role.INGEST));
    try {
      RunCatalog catalog = new RunCatalog(client);
      assertThat(catalog.publishedRunIds()).containsEntry("itcliorder", "2026112106");
      assertThat(catalog.get("itcliorder", "2026112100"))
          .hasValueSatisfying(
              record ->
                  assertThat(record.status())
                      .as("servable by run=")
                      .isEqualTo(RunStatus.PUBLISHED));

      assertThat(synth(with(common, "--run", "2026-11-21T00:00:00Z", "--publish", "always")))
          .as(err.toString())
          .isZero();
      assertThat(out.toString()).contains("itcliorder run 2026112100: PUBLISHED");
      assertThat(catalog.publishedRunIds()).containsEntry("itcliorder", "2026112100");

      assertThat(synth(with(common, "--run", "2026-11-21T12:00:00Z", "--publish", "sometimes")))
          .isEqualTo(2);
      assertThat(err.toString()).contains("give if-newer or always");
    } finally {
      client._transport().close();
    }
  }

  private static String[] with(String[] common, String... more) {
    List<String> all = new ArrayList<>(List.of(common));
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  @Test
  void badOptionsExitWithAMessageNotAStackTrace() {
    assertThat(synth("--es", SharedElasticsearch.url(), "--region", "0,0,4")).isEqualTo(2);
    assertThat(err.toString())
        .contains("--region needs south,west,north,east")
        .doesNotContain("Exception");
    assertThat(synth("--es", SharedElasticsearch.url(), "--steps", "6-0")).isEqualTo(2);
    assertThat(err.toString()).contains("bad step range");
    assertThat(synth("--es", SharedElasticsearch.url(), "--yield-to", "localhost")).isEqualTo(2);
    assertThat(err.toString())
        .contains("--yield-to: localhost is not an address such as http://127.0.0.1:8080")
        .doesNotContain("Exception");
    assertThat(synth("--es", SharedElasticsearch.url(), "--value-bits", "8")).isEqualTo(2);
    assertThat(err.toString())
        .contains("--value-bits must be 32 (the values exactly) or 16")
        .doesNotContain("Exception");
    assertThat(synth("--es", SharedElasticsearch.url(), "--value-bits", "half")).isEqualTo(2);
    assertThat(err.toString()).contains("'half'").doesNotContain("Exception");
  }

  @Test
  void unreachableElasticsearchSaysWhatToDo() {
    assertThat(synth("--es", "http://127.0.0.1:1", "--region", "0,0,1,1")).isEqualTo(3);
    assertThat(err.toString())
        .contains("cannot reach Elasticsearch")
        .contains("./spotcast es start");
  }

  @Test
  void aRefusedCredentialExitsWithTheReasonButNeverTheSecret() {
    String wrong = "wrong-" + UUID.randomUUID();
    CommandLine cli = SpotcastIngestorCli.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int exit =
        cli.execute(
            "synth",
            "--es",
            SharedElasticsearch.url(),
            "--es-ca",
            SharedElasticsearch.settings(Role.INGEST).ca().toString(),
            "--es-username",
            "spotcast-ingest",
            "--es-password",
            wrong,
            "--region",
            "0,0,1,1");

    assertThat(exit).isEqualTo(3);
    assertThat(err.toString())
        .contains("refused user spotcast-ingest")
        .contains("401")
        .doesNotContain(wrong);
  }

  @Test
  void twoCredentialsAreABadOption() {
    assertThat(
            synth(
                "--es",
                SharedElasticsearch.url(),
                "--es-api-key",
                "a2V5OnZhbHVl",
                "--region",
                "0,0,1,1"))
        .isEqualTo(2);
    assertThat(err.toString())
        .contains("Set one Elasticsearch credential")
        .doesNotContain("a2V5OnZhbHVl");
  }
}
