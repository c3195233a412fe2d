package dev.spotcast.ingest.api;

import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunRecord;
import dev.spotcast.ingest.job.JobStore;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The runs the query services serve now: one per model, from the run catalog and the models'
 * aliases.
 */
@RestController
@Tag(name = "runs")
public class RunsController {

  /**
   * A model's published run.
   *
   * @param age time since the run's reference time (how old the forecast is)
   * @param publishedAt when its load ended and it became visible
   * @param documents documents it holds
   */
  public record PublishedRun(
      String model,
      String run,
      Instant runTime,
      Duration age,
      Instant publishedAt,
      long documents,
      List<String> indices) {}

  private final RunCatalog catalog;

  public RunsController(JobStore store) {
    this.catalog = new RunCatalog(store.client());
  }

  @GetMapping("/v1/runs")
  @Operation(summary = "The published run of every model, with its age")
  public List<PublishedRun> published() throws IOException {
    Instant now = Instant.now();
    List<PublishedRun> runs = new ArrayList<>();
    for (Map.Entry<String, String> entry : catalog.publishedRunIds().entrySet()) {
      RunRecord record = catalog.get(entry.getKey(), entry.getValue()).orElse(null);
      if (record != null) {
        runs.add(
            new PublishedRun(
                record.model(),
                record.runId(),
                record.runTime(),
                Duration.between(record.runTime(), now),
                record.finishedAt(),
                record.indexedDocuments(),
                record.indices()));
      }
    }
    return runs;
  }
}
