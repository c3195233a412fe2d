package dev.spotcast.ingestor.lifecycle;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch._types.ShardStatistics;
import co.elastic.clients.elasticsearch.snapshot.SnapshotInfo;
import co.elastic.clients.json.JsonData;
import dev.spotcast.index.ForecastIndices;
import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunRecord;
import dev.spotcast.index.RunStatus;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Old runs on cheaper storage: a run past {@code keep-runs} goes to a snapshot repository of
 * Elasticsearch (a filesystem repository here; S3, GCS or Azure in production through
 * Elasticsearch's own repository types, docs/operations.md "Archive") instead of being deleted, and
 * comes back on demand.
 *
 * <ul>
 *   <li>{@link #archive}: one snapshot per run ({@code spotcast-MODEL-RUNID}) of exactly its
 *       indices, waited for and checked (state SUCCESS, every shard of every index in it); only
 *       then is its record ARCHIVED (with the snapshot's name and size) and are its indices
 *       deleted. A snapshot that fails leaves the run as it was, logged and counted ({@link
 *       #failedArchives}). Needs the ingest credential's {@code create_snapshot}.
 *   <li>{@link #restore}: the run's indices back from its snapshot (no alias, no global state),
 *       waited for, counted against its record, and the record PUBLISHED again: servable by {@code
 *       run=}, never moved behind its model's alias (which keeps serving the newest run). Needs the
 *       archive credential (docs/security.md): restoring is a privilege the loaders do not hold. A
 *       restored run keeps its snapshot in its record, so that the next retention archives it again
 *       without a new snapshot.
 * </ul>
 */
public final class RunArchive {

  private static final Logger log = LoggerFactory.getLogger(RunArchive.class);

  /** The prefix of the snapshots of runs, in a repository other snapshots may share. */
  public static final String SNAPSHOT_PREFIX = "spotcast-";

  /** Archived runs listed at most: far more than any archive holds per model and run. */
  public static final int MAX_LISTED = 10_000;

  /** How long a snapshot or a restore of one run may take (a large run on slow storage). */
  static final Duration LIMIT = Duration.ofHours(2);

  private static final Duration POLL = Duration.ofMillis(250);
  private static final AtomicLong FAILED_ARCHIVES = new AtomicLong();

  private final ElasticsearchClient client;
  private final ForecastIndices indices;
  private final RunCatalog catalog;

  public RunArchive(ElasticsearchClient client) {
    this.client = client;
    this.indices = new ForecastIndices(client);
    this.catalog = new RunCatalog(client);
  }

  /**
   * A restored run.
   *
   * @param record its record now (PUBLISHED)
   * @param restored false when it had been restored already (nothing done)
   * @param took how long the restore took, until every primary shard was started and counted
   */
  public record Restored(RunRecord record, boolean restored, Duration took) {}

  /** The snapshot of a run: {@code spotcast-MODEL-RUNID} (model ids are lower case). */
  public static String snapshotName(String model, String runId) {
    return SNAPSHOT_PREFIX + RunRecord.idOf(model, runId);
  }

  /** Snapshots that failed since this process started (their runs were kept). */
  public static long failedArchives() {
    return FAILED_ARCHIVES.get();
  }

  /**
   * Moves a run to {@code repository}: snapshot, check, record ARCHIVED, indices deleted.
   *
   * @param runIndices the run's indices that exist now
   * @param why the reason kept with the record
   * @return the snapshot that holds the run
   * @throws ArchiveException (FAILED) when the snapshot cannot be taken or is not complete: the run
   *     is kept, untouched
   */
  public RunRecord.Snapshot archive(
      String repository, String model, String runId, List<String> runIndices, String why)
      throws IOException {
    String name = snapshotName(model, runId);
    RunRecord.Snapshot snapshot;
    try {
      snapshot = snapshot(repository, name, model, runId, runIndices);
    } catch (ArchiveException | IOException e) {
      FAILED_ARCHIVES.incrementAndGet();
      throw e;
    } catch (ElasticsearchException e) {
      FAILED_ARCHIVES.incrementAndGet();
      throw new ArchiveException(
          ArchiveException.Kind.FAILED,
          "snapshot "
              + name
              + " of run "
              + runId
              + " of "
              + model
              + " in repository "
              + repository
              + " failed ("
              + e.getMessage()
              + "); the run is kept. Is the repository registered (docs/operations.md, \"Archive\")?",
          e);
    }
    // The record first: should the delete fail, the next retention finds the indices and the
    // snapshot again, and deletes them; a record left PUBLISHED without indices would hide the run.
    Optional<RunRecord> record = catalog.get(model, runId);
    if (record.isPresent()) {
      catalog.save(record.get().archived(snapshot, why));
    }
    indices.delete(runIndices);
    log.info(
        "archived run {} of {} in snapshot {} of repository {} ({} bytes); deleted {}",
        runId,
        model,
        name,
        repository,
        snapshot.bytes(),
        runIndices);
    return snapshot;
  }

  /** Every archived run, by model then run id. */
  public List<RunRecord> archived() throws IOException {
    return catalog.withStatus(RunStatus.ARCHIVED, MAX_LISTED);
  }

  /**
   * Brings an archived run back: its indices restored from its snapshot and counted, its record
   * PUBLISHED (servable by {@code run=}; the model's alias is not touched).
   *
   * @throws ArchiveException UNKNOWN_RUN when the catalog has no such run, CONFLICT when it is not
   *     archived or some of its indices exist already, FAILED when Elasticsearch fails the restore
   *     or the count differs from the record's
   */
  public Restored restore(String model, String runId) throws IOException {
    RunRecord record =
        catalog
            .get(model, runId)
            .orElseThrow(
                () ->
                    new ArchiveException(
                        ArchiveException.Kind.UNKNOWN_RUN,
                        "model " + model + " has no run " + runId + " in the catalog"));
    if (record.archive() == null) {
      throw new ArchiveException(
          ArchiveException.Kind.CONFLICT,
          "run "
              + runId
              + " of "
              + model
              + " is "
              + record.status()
              + " and was never archived: there is nothing to restore");
    }
    List<String> present = indices.existing(record.indices());
    if (record.status() == RunStatus.PUBLISHED && present.size() == record.indices().size()) {
      return new Restored(record, false, Duration.ZERO);
    }
    if (record.status() != RunStatus.ARCHIVED) {
      throw new ArchiveException(
          ArchiveException.Kind.CONFLICT,
          "run " + runId + " of " + model + " is " + record.status() + ", not ARCHIVED");
    }
    // All of them: a restore that was started and not seen to its end (the caller gone); it is
    // waited for and counted like a new one, and the count decides.
    boolean resumed = present.size() == record.indices().size();
    if (!present.isEmpty() && !resumed) {
      throw new ArchiveException(
          ArchiveException.Kind.CONFLICT,
          "run "
              + runId
              + " of "
              + model
              + " is archived but its indices "
              + present
              + " exist and others not (an interrupted restore?): delete them with the ingest"
              + " credential and restore again");
    }
    RunRecord.Snapshot snapshot = record.archive();
    Instant start = Instant.now();
    try {
      if (resumed) {
        log.info("run {} of {}: its indices exist, finishing their restore", runId, model);
      } else {
        client
            .snapshot()
            .restore(
                r ->
                    r.repository(snapshot.repository())
                        .snapshot(snapshot.name())
                        .indices(record.indices())
                        .includeGlobalState(false)
                        .includeAliases(false)
                        .waitForCompletion(false));
      }
    } catch (ElasticsearchException e) {
      throw new ArchiveException(
          ArchiveException.Kind.FAILED,
          "restoring run "
              + runId
              + " of "
              + model
              + " from snapshot "
              + snapshot.name()
              + " of repository "
              + snapshot.repository()
              + " failed: "
              + e.getMessage(),
          e);
    }
    if (!indices.awaitPrimaries(record.indices(), LIMIT)) {
      throw new ArchiveException(
          ArchiveException.Kind.FAILED,
          "the restored indices of run " + runId + " of " + model + " did not start in " + LIMIT);
    }
    long counted = indices.count(record.indices());
    Duration took = Duration.between(start, Instant.now());
    if (counted != record.indexedDocuments()) {
      throw new ArchiveException(
          ArchiveException.Kind.FAILED,
          "run "
              + runId
              + " of "
              + model
              + " restored with "
              + counted
              + " documents, its record says "
              + record.indexedDocuments()
              + "; it stays ARCHIVED");
    }
    RunRecord restored =
        record.finished(
            RunStatus.PUBLISHED,
            counted,
            Instant.now(),
            "restored from snapshot "
                + snapshot.name()
                + " of "
                + snapshot.repository()
                + ": servable by run="
                + runId
                + ", not behind the model's alias; archived again by the next retention");
    catalog.save(restored);
    log.info(
        "restored run {} of {} from snapshot {}: {} documents, {} bytes in {}",
        runId,
        model,
        snapshot.name(),
        counted,
        snapshot.bytes(),
        took);
    return new Restored(restored, true, took);
  }

  /** The complete snapshot of the run: the one there is, else a new one, waited for and checked. */
  private RunRecord.Snapshot snapshot(
      String repository, String name, String model, String runId, List<String> runIndices)
      throws IOException {
    Optional<SnapshotInfo> existing = find(repository, name);
    if (existing.isEmpty()) {
      client
          .snapshot()
          .create(
              c ->
                  c.repository(repository)
                      .snapshot(name)
                      .indices(runIndices)
                      .includeGlobalState(false)
                      .metadata(Map.of("model", JsonData.of(model), "run", JsonData.of(runId)))
                      .waitForCompletion(false));
    }
    SnapshotInfo info = existing.isPresent() ? existing.get() : awaitDone(repository, name);
    List<String> problems = problems(info, runIndices);
    if (!problems.isEmpty()) {
      throw new ArchiveException(
          ArchiveException.Kind.FAILED,
          "snapshot "
              + name
              + " in repository "
              + repository
              + " does not hold run "
              + runId
              + " of "
              + model
              + " completely ("
              + String.join("; ", problems)
              + "); the run is kept"
              + (existing.isPresent()
                  ? ". It was there before: delete it as an administrator and retention retries"
                  : ""));
    }
    long bytes =
        client
            .snapshot()
            .status(s -> s.repository(repository).snapshot(name))
            .snapshots()
            .getFirst()
            .stats()
            .total()
            .sizeInBytes();
    Long end = info.endTimeInMillis();
    return new RunRecord.Snapshot(
        repository, name, bytes, end == null ? Instant.now() : Instant.ofEpochMilli(end));
  }

  private Optional<SnapshotInfo> find(String repository, String name) throws IOException {
    return client
        .snapshot()
        .get(g -> g.repository(repository).snapshot(name).ignoreUnavailable(true))
        .snapshots()
        .stream()
        .findFirst();
  }

  private SnapshotInfo awaitDone(String repository, String name) throws IOException {
    Instant deadline = Instant.now().plus(LIMIT);
    while (true) {
      Optional<SnapshotInfo> info = find(repository, name);
      if (info.isPresent() && !"IN_PROGRESS".equals(info.get().state())) {
        return info.get();
      }
      if (Instant.now().isAfter(deadline)) {
        throw new ArchiveException(
            ArchiveException.Kind.FAILED,
            "snapshot " + name + " in repository " + repository + " not done after " + LIMIT);
      }
      try {
        Thread.sleep(POLL);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while waiting for snapshot " + name, e);
      }
    }
  }

  /** Why the snapshot does not hold these indices completely; empty when it does. */
  static List<String> problems(SnapshotInfo info, List<String> runIndices) {
    List<String> problems = new ArrayList<>();
    if (!"SUCCESS".equals(info.state())) {
      problems.add("state " + info.state() + (info.reason() == null ? "" : ": " + info.reason()));
    }
    ShardStatistics shards = info.shards();
    if (shards == null
        || shards.failed().intValue() != 0
        || shards.successful().intValue() != shards.total().intValue()) {
      problems.add(
          shards == null
              ? "no shard counts"
              : shards.successful() + " of " + shards.total() + " shards complete");
    }
    List<String> missing = new ArrayList<>(runIndices);
    missing.removeAll(info.indices());
    if (!missing.isEmpty()) {
      problems.add("indices missing: " + missing);
    }
    return problems;
  }
}
