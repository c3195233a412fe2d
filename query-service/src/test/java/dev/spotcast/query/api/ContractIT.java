package dev.spotcast.query.api;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Contract tests generated from the service's own OpenAPI description by Schemathesis (from PyPI;
 * {@code ./spotcast test} installs it and names its venv in {@code SPOTCAST_SCHEMATHESIS_HOME}):
 * for every operation, examples, boundary values and fuzzed inputs are sent to the real service on
 * the real Elasticsearch, and every answer must be no 5xx, a status the description lists, its
 * media type and its schema. The seed is fixed, so a run is repeatable.
 */
class ContractIT extends ServiceTestBase {

  static final String HOME = "SPOTCAST_SCHEMATHESIS_HOME";

  @LocalServerPort private int port;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void runIsServed() throws Exception {
    RunFixtures.spotRunServed(client, publishedRuns);
  }

  @Test
  void everyAnswerIsDocumentedAndNoneIsAServerError() throws Exception {
    // Values that exist, so that generated requests reach the forecast logic rather than a 404.
    Path config = Files.createTempFile("schemathesis", ".toml");
    Files.writeString(
        config,
        "[parameters]\nmodel = \""
            + SpotApiIT.MODEL
            + "\"\ninstanceId = \""
            + SpotApiIT.RUN.runId()
            + "\"\nlocId = \"porto\"\n");
    schemathesis(
        List.of("--config-file", config.toString()),
        "run",
        "--checks",
        "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
        "--max-examples",
        "60");
  }

  /**
   * The EDR API's own definition (OpenAPI 3.0, server at /edr, what an EDR client and the OGC suite
   * read): its required coords and bbox, bbox as an array (style form, explode false), datetime
   * intervals and queries without z, generated from it, are answered as it says and never 5xx.
   */
  @Test
  void theEdrApiDefinitionIsKeptToo() throws Exception {
    Path config = Files.createTempFile("schemathesis", ".toml");
    Files.writeString(
        config,
        "[parameters]\nmodel = \""
            + SpotApiIT.MODEL
            + "\"\ninstanceId = \""
            + SpotApiIT.RUN.runId()
            + "\"\nlocId = \"porto\"\n");
    schemathesisOn(
        "/edr/api",
        List.of("--config-file", config.toString()),
        "run",
        "--checks",
        "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
        "--max-examples",
        "30");
  }

  /**
   * Without fixed values: the coverage phase leaves out each required parameter in turn, sends
   * values of the wrong type and malformed ones; none of it may be answered 5xx.
   */
  @Test
  void missingAndMalformedParametersAreNeverAServerError() throws Exception {
    schemathesis(
        List.of(),
        "run",
        "--phases",
        "examples,coverage",
        "--checks",
        "not_a_server_error",
        "--max-examples",
        "20");
  }

  /**
   * Runs st with these global options and run options against the service; fails on any finding.
   */
  private void schemathesis(List<String> global, String... run) throws Exception {
    schemathesisOn("/v3/api-docs", global, run);
  }

  /** Runs st against the description at this path of the service. */
  private void schemathesisOn(String description, List<String> global, String... run)
      throws Exception {
    String home = System.getenv(HOME);
    assertThat(home)
        .as(
            HOME
                + " is not set: run ./spotcast test, or install schemathesis into a venv and set "
                + HOME
                + " to it")
        .isNotBlank();
    Path st = Path.of(home, "bin", "st");
    assertThat(st).as("schemathesis' st in " + HOME).isExecutable();
    Path report = Files.createTempFile("schemathesis", ".txt");
    Path junit = Files.createTempFile("schemathesis", ".xml");
    List<String> command = new ArrayList<>();
    command.add(st.toString());
    command.addAll(global);
    command.addAll(List.of(run));
    command.addAll(
        List.of(
            "http://127.0.0.1:" + port + description,
            "--seed",
            "20261124",
            "--generation-deterministic",
            "--workers",
            "2",
            "--request-timeout",
            "20",
            "--no-color",
            "--max-failures",
            "50",
            "--report",
            "junit",
            "--report-junit-path",
            junit.toString()));
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(report.toFile())
            .start();
    boolean ended = process.waitFor(10, TimeUnit.MINUTES);
    if (!ended) {
      process.destroyForcibly();
    }
    String output = Files.readString(report, StandardCharsets.UTF_8);
    System.out.println(output);
    assertThat(ended).as("schemathesis ended within 10 minutes").isTrue();
    assertThat(process.exitValue())
        .as("schemathesis found answers that break the contract:%n%s", output)
        .isZero();
  }
}
