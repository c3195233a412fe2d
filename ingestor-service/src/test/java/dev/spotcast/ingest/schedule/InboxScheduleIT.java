package dev.spotcast.ingest.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorInstance;
import dev.spotcast.ingest.Samples;
import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingest.schedule.InboxScanner.ScanResult;
import dev.spotcast.model.ForecastRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A daily tick loads the complete run folders of the inbox that are not loaded yet, and only those.
 */
class InboxScheduleIT {

  private static final String SAMPLE = "uv_on_different_levels.grib";

  @TempDir Path inbox;

  @Test
  void aTickLoadsACompleteRunAndIgnoresAnIncompleteOne() throws Exception {
    String model = Fixtures.model("inbox");
    String other = Fixtures.model("inbox_partial");
    ForecastRun run = Samples.run(SAMPLE, model);
    Path complete = Files.createDirectories(inbox.resolve("a-complete"));
    Files.copy(Samples.file(SAMPLE), complete.resolve("uv.grib"));
    Files.writeString(
        complete.resolve("manifest.json"),
        "{\"model\": \"" + model + "\", \"files\": [\"uv.grib\"]}");
    // Files arrived, no manifest yet: still being delivered.
    Path noManifest = Files.createDirectories(inbox.resolve("b-no-manifest"));
    Files.copy(Samples.file(SAMPLE), noManifest.resolve("uv.grib"));
    // A manifest listing a file that is not there yet.
    Path missingFile = Files.createDirectories(inbox.resolve("c-missing-file"));
    Files.copy(Samples.file(SAMPLE), missingFile.resolve("uv.grib"));
    Files.writeString(
        missingFile.resolve("manifest.json"),
        "{\"model\": \"" + other + "\", \"files\": [\"uv.grib\", \"uv-step-18.grib\"]}");

    Map<String, Object> properties = IngestorInstance.fleet(Fixtures.prefix("inbox"));
    properties.put("spotcast.schedule.inbox", inbox.toString());
    try (IngestorInstance instance = IngestorInstance.start("inbox-1", properties)) {
      InboxScanner scanner = instance.bean(InboxScanner.class);

      ScanResult first = scanner.scan();

      assertThat(first.started()).extracting(Job::model).containsExactly(model);
      assertThat(first.skipped())
          .anySatisfy(s -> assertThat(s).startsWith("b-no-manifest: incomplete"))
          .anySatisfy(
              s ->
                  assertThat(s).startsWith("c-missing-file: incomplete (uv-step-18.grib missing)"));
      JsonNode job = instance.awaitEnded(first.started().getFirst().id(), Duration.ofMinutes(2));
      assertThat(job.path("state").asText()).as(job.toPrettyString()).isEqualTo("PUBLISHED");
      assertThat(job.path("trigger").asText()).isEqualTo("SCHEDULE");
      assertThat(Fixtures.servedCount(model)).isEqualTo(run.documentCount());
      assertThat(Fixtures.published(other)).isEmpty();

      ScanResult second = scanner.scan();

      assertThat(second.started()).as("a loaded run is not loaded again").isEmpty();
      assertThat(second.skipped())
          .anySatisfy(s -> assertThat(s).startsWith("a-complete: not loaded again"));
    }
  }

  @Test
  void theCronExpressionIsWired() throws Exception {
    Map<String, Object> properties = IngestorInstance.fleet(Fixtures.prefix("cron"));
    properties.put("spotcast.schedule.inbox", inbox.toString());
    properties.put("spotcast.schedule.cron", "*/1 * * * * *");
    String model = Fixtures.model("cron");
    Path folder = Files.createDirectories(inbox.resolve("run"));
    Files.copy(Samples.file(SAMPLE), folder.resolve("uv.grib"));
    Files.writeString(
        folder.resolve("manifest.json"),
        "{\"model\": \"" + model + "\", \"files\": [\"uv.grib\"]}");
    try (IngestorInstance instance = IngestorInstance.start("cron-1", properties)) {
      Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
      while (Fixtures.published(model).isEmpty()) {
        assertThat(Instant.now()).as("the scheduled scan never loaded the run").isBefore(deadline);
        Thread.sleep(200);
      }
    }
  }
}
