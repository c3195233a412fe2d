package dev.spotcast.ingest.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorInstance;
import dev.spotcast.ingest.Samples;
import dev.spotcast.ingest.schedule.InboxScanner;
import dev.spotcast.ingest.schedule.InboxScanner.ScanResult;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real instance reads files only inside its data roots, whichever way a path reaches it: a REST
 * job, a run folder's manifest in the inbox, or a Kafka announcement. Paths that climb out with
 * {@code ..}, absolute paths elsewhere, links pointing out and globs leading out are refused, and
 * no refusal quotes a file's content.
 */
class FileConfinementIT {

  /** What an attacker would like to read: the start of /etc/passwd. */
  private static final String SECRET = "root:x:0:0:root:/root:/bin/bash\n";

  @TempDir static Path tmp;
  private static Path data;
  private static Path outside;
  private static Path inbox;
  private static Map<String, Object> fleet;
  private static IngestorInstance instance;

  @BeforeAll
  static void start() throws IOException {
    data = Files.createDirectories(tmp.resolve("data"));
    outside = Files.createDirectories(tmp.resolve("outside"));
    inbox = Files.createDirectories(tmp.resolve("inbox"));
    Files.writeString(outside.resolve("passwd.grib2"), SECRET);
    Files.writeString(data.resolve("notes.grib2"), SECRET);
    Files.createSymbolicLink(data.resolve("link.grib2"), outside.resolve("passwd.grib2"));
    Files.createSymbolicLink(data.resolve("escape"), outside);
    fleet = IngestorInstance.fleet(Fixtures.prefix("confine"));
    fleet.put("spotcast.files.roots", data + "," + Samples.folder());
    fleet.put("spotcast.schedule.inbox", inbox.toString());
    instance = IngestorInstance.start("confine-1", fleet);
  }

  @AfterAll
  static void stop() {
    if (instance != null) {
      instance.close();
    }
  }

  private static HttpResponse<String> submitFiles(String path) throws Exception {
    return instance.post(
        "/v1/ingestions",
        """
        {"files": {"model": "%s", "paths": ["%s"]}}
        """
            .formatted(Fixtures.model("confine"), path));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "../outside/passwd.grib2", // relative (to the first root), climbing out
        "DATA/../outside/passwd.grib2", // absolute, climbing out
        "OUTSIDE/passwd.grib2", // absolute, outside every root
        "OUTSIDE/nothing.grib2", // the same, for a file that does not exist: the same answer
        "/etc/passwd",
        "/", // would walk the whole filesystem
        "DATA/link.grib2", // a link in a root to a file outside
        "DATA/escape/*.grib2", // a glob under a link to a folder outside
        "DATA/*/../../outside/*.grib2", // a glob whose pattern climbs out
      })
  void restPathsLeadingOutAreRefused(String template) throws Exception {
    String path = template.replace("DATA", data.toString()).replace("OUTSIDE", outside.toString());

    HttpResponse<String> response = submitFiles(path);

    assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    assertThat(response.body())
        .contains("files.paths: " + path + ": ")
        .containsAnyOf("outside the data roots", "may not lead out of its folder")
        .doesNotContain("root:x");
  }

  @Test
  void aFileInsideARootThatIsNoForecastIsRefusedWithoutItsContent() throws Exception {
    HttpResponse<String> response = submitFiles(data.resolve("notes.grib2").toString());

    assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
    assertThat(response.body())
        .contains("notes.grib2: not a GRIB or NetCDF file")
        .doesNotContain("root:x");

    HttpResponse<String> missing = submitFiles(data.resolve("nothing.grib2").toString());
    assertThat(missing.statusCode()).as(missing.body()).isEqualTo(400);
    assertThat(missing.body()).contains(data.resolve("nothing.grib2") + ": no such file");
  }

  @Test
  void manifestNamesLeadingOutOfTheirRunFolderAreRefused() throws Exception {
    String model = Fixtures.model("confine_inbox");
    manifest("a-dotdot", model, "../../outside/passwd.grib2");
    manifest("b-absolute", model, outside.resolve("passwd.grib2").toString());
    Path linked = manifest("c-link", model, "link.grib2");
    Files.createSymbolicLink(linked.resolve("link.grib2"), outside.resolve("passwd.grib2"));
    manifest("d-glob", model, "*/../../../outside/*.grib2");
    // A run folder that is itself a link to a folder outside, with a manifest there.
    Files.writeString(
        outside.resolve("manifest.json"),
        "{\"model\": \"" + model + "\", \"files\": [\"passwd.grib2\"]}");
    Files.createSymbolicLink(inbox.resolve("e-folder-link"), outside);

    ScanResult scan = instance.bean(InboxScanner.class).scan();

    assertThat(scan.started()).isEmpty();
    assertThat(scan.skipped())
        .anySatisfy(
            s ->
                assertThat(s)
                    .isEqualTo(
                        "a-dotdot: cannot be loaded: manifest.json: ../../outside/passwd.grib2: leads outside the run folder"))
        .anySatisfy(
            s ->
                assertThat(s)
                    .startsWith("b-absolute: cannot be loaded: manifest.json: ")
                    .endsWith("names in a manifest are relative to the run folder"))
        .anySatisfy(
            s ->
                assertThat(s)
                    .isEqualTo(
                        "c-link: cannot be loaded: manifest.json: link.grib2: leads outside the run folder"))
        .anySatisfy(
            s ->
                assertThat(s)
                    .isEqualTo(
                        "d-glob: cannot be loaded: manifest.json: */../../../outside/*.grib2: leads outside the run folder"))
        .anySatisfy(
            s ->
                assertThat(s)
                    .isEqualTo(
                        "e-folder-link: cannot be loaded: the folder leads outside the inbox"))
        .allSatisfy(s -> assertThat(s).doesNotContain("root:x"));
    assertThat(Fixtures.published(model)).isEmpty();
  }

  private static Path manifest(String folder, String model, String file) throws IOException {
    Path run = Files.createDirectories(inbox.resolve(folder));
    Files.writeString(
        run.resolve("manifest.json"),
        "{\"model\": \"" + model + "\", \"files\": [\"" + file + "\"]}");
    return run;
  }

  @Test
  void announcedPathsLeadingOutAreDeadLettered() throws Exception {
    String topic = (String) fleet.get("spotcast.kafka.announcements");
    String deadLetters = (String) fleet.get("spotcast.kafka.dead-letters");
    String model = Fixtures.model("confine_announced");
    String[] paths = {
      outside.resolve("passwd.grib2").toString(),
      data + "/../outside/passwd.grib2",
      data.resolve("link.grib2").toString(),
      data + "/escape/*.grib2"
    };
    for (int i = 0; i < paths.length; i++) {
      Fixtures.send(
          topic,
          model,
          """
          {"id": "out-%d-%s", "model": "%s", "runTime": "2026-01-01T00:00:00Z", "files": ["%s"]}
          """
              .formatted(i, model, model, paths[i]));
    }

    for (int i = 0; i < paths.length; i++) {
      String id = "out-" + i + "-" + model;
      ConsumerRecord<String, String> dead =
          Fixtures.awaitRecord(deadLetters, r -> r.value().contains(id), Duration.ofMinutes(1));
      assertThat(Fixtures.header(dead, "kafka_dlt-exception-message"))
          .as(paths[i])
          .contains(
              "announcement " + id + ": files.paths: " + paths[i] + ": outside the data roots")
          .doesNotContain("root:x");
    }
    assertThat(Fixtures.published(model)).isEmpty();
  }
}
