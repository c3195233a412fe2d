package dev.spotcast.ingestor.lifecycle;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.index.ForecastIndexName;
import dev.spotcast.index.ForecastIndices;
import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunStatus;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the last K runs of a model: once a run is published (the alias has moved to it), the
 * indices of older runs beyond the K newest are deleted and their catalog records marked RETIRED.
 * Runs newer than the published one (being loaded by someone else) are never touched. With an
 * archive repository, such a run is moved there instead ({@link RunArchive}: its record ARCHIVED);
 * a run whose snapshot fails is kept as it is (logged and counted), and the next publish tries
 * again.
 */
public final class RunRetention {

  private static final Logger log = LoggerFactory.getLogger(RunRetention.class);

  private final ForecastIndices indices;
  private final RunCatalog catalog;
  private final RunArchive archive;
  private final String repository;

  /** Runs past the K newest deleted. */
  public RunRetention(ElasticsearchClient client) {
    this(client, null);
  }

  /**
   * Runs past the K newest moved to the snapshot repository {@code archiveRepository}, or deleted
   * when it is null.
   */
  public RunRetention(ElasticsearchClient client, String archiveRepository) {
    this.indices = new ForecastIndices(client);
    this.catalog = new RunCatalog(client);
    this.archive = new RunArchive(client);
    this.repository = archiveRepository;
  }

  /**
   * Retires the model's runs older than {@code publishedRunId} beyond the {@code keep} newest (the
   * published run counts as one).
   *
   * @return the run ids whose indices were deleted (archived first with an archive repository),
   *     oldest first; a run whose snapshot failed is not among them
   */
  public List<String> retire(String model, String publishedRunId, int keep) throws IOException {
    if (keep < 1) {
      throw new IllegalArgumentException("keep at least the published run, got " + keep);
    }
    // Run ids are yyyyMMddHH: their string order is their time order.
    TreeMap<String, List<String>> byRun = new TreeMap<>();
    for (String index : indices.indicesOf(model)) {
      ForecastIndexName.parse(index)
          .ifPresent(
              name -> byRun.computeIfAbsent(name.runId(), r -> new ArrayList<>()).add(index));
    }
    List<String> older = new ArrayList<>(byRun.headMap(publishedRunId, false).descendingKeySet());
    List<String> retired = new ArrayList<>();
    for (int i = keep - 1; i < older.size(); i++) {
      retired.add(0, older.get(i));
    }
    List<String> removed = new ArrayList<>();
    for (String runId : retired) {
      String why = "only the last " + keep + " runs of " + model + " are kept";
      if (repository != null) {
        try {
          archive.archive(repository, model, runId, byRun.get(runId), "archived: " + why);
          removed.add(runId);
        } catch (ArchiveException e) {
          log.error(
              "run {} of {} NOT archived, kept ({} snapshot failures so far): {}",
              runId,
              model,
              RunArchive.failedArchives(),
              e.getMessage());
        }
        continue;
      }
      indices.delete(byRun.get(runId));
      var record = catalog.get(model, runId);
      if (record.isPresent()) {
        catalog.save(
            record
                .get()
                .finished(
                    RunStatus.RETIRED,
                    record.get().indexedDocuments(),
                    Instant.now(),
                    "retired: " + why));
      }
      log.info("retired run {} of {}: deleted {}", runId, model, byRun.get(runId));
      removed.add(runId);
    }
    return removed;
  }
}
