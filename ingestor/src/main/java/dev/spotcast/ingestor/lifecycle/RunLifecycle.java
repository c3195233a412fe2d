package dev.spotcast.ingestor.lifecycle;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.index.ForecastIndexName;
import dev.spotcast.index.ForecastIndices;
import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunRecord;
import dev.spotcast.index.RunStatus;
import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.sharding.ShardingStrategy;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The life of one run in Elasticsearch, the same for the CLI loader ({@link RunLoader}) and the
 * ingestion service's jobs:
 *
 * <ol>
 *   <li>{@link #begin}: the index template and the run catalog exist, leftovers of an earlier
 *       attempt at this run are deleted, the run's indices are created with loading settings (no
 *       replicas, no refresh, async translog) and its catalog record says LOADING;
 *   <li>documents are loaded (by the caller);
 *   <li>{@link #finishLoading}: search settings and replicas restored, refreshed, counted;
 *   <li>then exactly one of {@link #complete}, which decides by the {@link PublishPolicy} between
 *       {@link #publish} (the alias moves in one request, the record says PUBLISHED, older runs
 *       beyond {@code keep-runs} are retired) followed by {@link #forceMerge}, or {@link
 *       #keepServable} (a run older than the one served: servable by its run time, the alias
 *       untouched), or {@link #fail} (the record says FAILED with the reason, the indices are
 *       deleted if so configured; the alias is never touched), or {@link #abandon} when the load
 *       stopped before a count (an exception, a cancel, a dead worker).
 * </ol>
 *
 * <p>Why this order after publishing: the alias switch is what readers wait for, so it comes first;
 * retention only deletes indices and is quick (with an archive repository it first takes one
 * snapshot per retired run: seconds for a small run, minutes for a large one, docs/operations.md
 * "Archive"), so the caller can report the run published right after it; the force-merge may take
 * minutes on a large run and changes nothing a reader sees, so it comes last. Neither retention nor
 * the merge can unpublish a run: their failures are logged and the next publish retries the
 * retention.
 */
public final class RunLifecycle {

  private static final Logger log = LoggerFactory.getLogger(RunLifecycle.class);

  /** How long {@link #finishLoading} waits for a run's replicas to be copied. */
  static final Duration REPLICA_WAIT = Duration.ofMinutes(10);

  /** How long {@link #beforePublishing} waits for a preloaded run's indices to serve again. */
  static final Duration REOPEN_WAIT = Duration.ofMinutes(10);

  /** How often a force merge under way is asked whether it finished. */
  static final Duration MERGE_POLL = Duration.ofSeconds(2);

  private final ElasticsearchClient client;
  private final LoaderSettings settings;
  private final AfterPublish afterPublish;
  private final ForecastIndices indices;
  private final RunCatalog catalog;
  private final RunPublisher publisher;

  public RunLifecycle(
      ElasticsearchClient client, LoaderSettings settings, AfterPublish afterPublish) {
    this.client = client;
    this.settings = settings;
    this.afterPublish = afterPublish;
    this.indices = new ForecastIndices(client);
    this.catalog = new RunCatalog(client);
    this.publisher = new RunPublisher(client);
  }

  /**
   * Whether any of the run's indices is behind its model's alias now (such a run is never loaded
   * again).
   */
  public boolean isPublished(String model, List<String> runIndices) throws IOException {
    return publisher.publishedIndices(model).stream().anyMatch(runIndices::contains);
  }

  /** The newest run behind the model's alias (the one it serves), or null when it serves none. */
  public String servedRunId(String model) throws IOException {
    return publisher.publishedIndices(model).stream()
        .map(ForecastIndexName::parse)
        .flatMap(Optional::stream)
        .map(ForecastIndexName::runId)
        .max(String::compareTo)
        .orElse(null);
  }

  /**
   * The spec with its shards per index chosen for this cluster when not set ({@link
   * ClusterShards#resolve}): what a run about to be loaded is recorded with. A number set by hand
   * stays, and the log says when it leaves data nodes without the run's writes ({@link
   * ClusterShards#advice}). Either way the cluster's health is asked once.
   */
  public ShardingSpec resolveShards(ShardingSpec spec) {
    if (spec.shardsAuto()) {
      return ClusterShards.resolve(client, spec);
    }
    ClusterShards.adviceFor(client, spec.shardsPerIndex())
        .ifPresent(advice -> log.warn("shards per index: {}", advice));
    return spec;
  }

  /** Creates the run's indices for loading and saves its LOADING record; returns that record. */
  public RunRecord begin(ShardingStrategy strategy, Instant started) throws IOException {
    List<String> runIndices = strategy.allIndices();
    indices.installTemplate();
    catalog.ensureIndex();
    indices.delete(runIndices); // leftovers of an earlier failed attempt at this run
    indices.createForLoading(strategy, settings.loadingReplicas());
    RunRecord record = RunRecord.loading(strategy.run(), runIndices, started);
    catalog.save(record);
    return record;
  }

  /**
   * Restores search settings and replicas, refreshes, and counts the run's documents. With
   * replicas, waits (at most {@link #REPLICA_WAIT}) until every copy is started, so that a
   * published run survives the loss of a node from its first answer; a cluster that cannot place
   * them (fewer nodes than copies) is told in the log, and the run, complete on its primaries, goes
   * on.
   */
  public long finishLoading(List<String> runIndices) throws IOException {
    // A run to be force-merged keeps merging nothing until then: the merge restores the policy.
    indices.finishLoading(runIndices, settings.replicas(), !afterPublish.forceMerge());
    if (settings.replicas() > 0 && !indices.awaitAllCopies(runIndices, REPLICA_WAIT)) {
      log.warn(
          "the {} replica(s) of {} are not all started after {}; the run is complete on its primaries "
              + "and goes on (are there {} nodes for its copies?)",
          settings.replicas(),
          runIndices,
          REPLICA_WAIT,
          settings.replicas() + 1);
    }
    return indices.count(runIndices);
  }

  /**
   * What became of a complete, counted run.
   *
   * @param published whether the model now serves it
   * @param reason why it was not published (it is older than the served run), else the note given
   * @param retired the run ids retention deleted after publishing, oldest first
   */
  public record Completion(boolean published, String reason, List<String> retired) {}

  /**
   * Ends a complete, counted run by the one rule of both entry points, the CLI and the ingestion
   * service's jobs: it is published ({@link #publish}) unless the policy keeps the served forecast
   * from going back in time ({@link PublishPolicy}); then it is kept servable by its run time and
   * the model goes on serving the newer run ({@link #keepServable}). The caller reports the
   * outcome, then calls {@link #forceMerge}.
   *
   * @param note a remark kept with the record (e.g. documents refused), or null
   * @param override how the caller's user publishes an older run anyway, for the reason
   */
  public Completion complete(
      RunRecord record, long counted, String note, PublishPolicy policy, String override)
      throws IOException {
    String served = servedRunId(record.model());
    if (!policy.publishes(record.runId(), served)) {
      String why =
          "run "
              + record.runId()
              + " is older than the served run "
              + served
              + ": loaded but not published ("
              + override
              + " publishes it)";
      String reason = note == null ? why : note + "; " + why;
      keepServable(record, counted, reason);
      return new Completion(false, reason, List.of());
    }
    return new Completion(true, note, publish(record, counted, note));
  }

  /**
   * Makes the run visible (one alias request), marks its record PUBLISHED and retires the model's
   * older runs beyond {@code keep-runs}.
   *
   * @param note a remark kept with the published record (e.g. documents refused), or null
   * @return the run ids retired, oldest first
   */
  public List<String> publish(RunRecord record, long counted, String note) throws IOException {
    publisher.publish(new ShardingStrategy(record.run()));
    catalog.save(record.finished(RunStatus.PUBLISHED, counted, Instant.now(), note));
    log.info("published run {} of {}: {} documents", record.runId(), record.model(), counted);
    if (afterPublish.keepRuns() == 0) {
      return List.of();
    }
    try {
      List<String> retired =
          new RunRetention(client, afterPublish.archiveRepository())
              .retire(record.model(), record.runId(), afterPublish.keepRuns());
      if (!retired.isEmpty()) {
        log.info(
            "retired runs {} of {} (keep-runs {})",
            retired,
            record.model(),
            afterPublish.keepRuns());
      }
      return retired;
    } catch (IOException | RuntimeException e) {
      log.warn(
          "run {} of {} published, but retiring older runs failed (the next publish retries): {}",
          record.runId(),
          record.model(),
          e.toString());
      return List.of();
    }
  }

  /**
   * A complete, counted run that its model is not to serve (a newer run is served): its record says
   * PUBLISHED, so it can be asked for by its run time, but the alias stays where it is. Older runs
   * are not retired for it.
   */
  public void keepServable(RunRecord record, long counted, String reason) throws IOException {
    catalog.save(record.finished(RunStatus.PUBLISHED, counted, Instant.now(), reason));
    log.info("run {} of {} loaded, not served: {}", record.runId(), record.model(), reason);
  }

  /**
   * Merges the published run's indices to one segment if so configured, unless they were merged
   * before publishing (blocks until merged).
   */
  public void forceMerge(RunRecord record) {
    if (!afterPublish.forceMerge() || afterPublish.mergeBeforePublish()) {
      return;
    }
    merge(record, "published");
  }

  /**
   * Before {@link #complete}, the complete run made ready for its first users: its indices merged
   * to one segment if so configured to merge before publishing (blocks until merged; should the
   * merge fail, the run is published as loaded), then, for a run whose values are preloaded ({@code
   * preloadValues} of its spec), closed and opened again so that Elasticsearch reads them into the
   * page cache now rather than at a node's next start. Pages a load has just written are the
   * kernel's first to evict, while those of the run served until now, read over and over, are kept:
   * without this, a new run larger than what memory holds beside the old one answers its first
   * users from the disk.
   *
   * @throws IOException when the indices do not serve again within {@link #REOPEN_WAIT}: the run is
   *     then not published (a closed index would answer nothing)
   */
  public void beforePublishing(RunRecord record) throws IOException {
    if (afterPublish.mergeBeforePublish()) {
      merge(record, "complete, not yet published");
    }
    if (record.run().sharding().preloadValues()) {
      long start = System.nanoTime();
      indices.reopen(record.indices(), REOPEN_WAIT);
      log.info(
          "run {} of {}: values read into the page cache in {} s",
          record.runId(),
          record.model(),
          (System.nanoTime() - start) / 1_000_000_000L);
    }
  }

  private void merge(RunRecord record, String state) {
    long start = System.nanoTime();
    log.info(
        "force-merging run {} of {} to one segment per shard ({} indices; minutes on a large run)",
        record.runId(),
        record.model(),
        record.indices().size());
    try {
      indices.forceMerge(record.indices(), MERGE_POLL);
      log.info(
          "run {} of {} merged in {} s",
          record.runId(),
          record.model(),
          (System.nanoTime() - start) / 1_000_000_000L);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      log.warn(
          "run {} of {} {}; stopped waiting for its force merge, which Elasticsearch goes on"
              + " with",
          record.runId(),
          record.model(),
          state);
    } catch (IOException | RuntimeException e) {
      log.warn(
          "run {} of {} {}, but force-merging its indices failed: {}",
          record.runId(),
          record.model(),
          state,
          e.toString());
    } finally {
      restoreMergePolicy(record);
    }
  }

  /**
   * Gives a run's indices the default merge policy, kept off by {@link #finishLoading} for a run to
   * be force-merged; a failure is logged, as the merge's: the run serves either way.
   */
  private void restoreMergePolicy(RunRecord record) {
    try {
      indices.restoreMergePolicy(record.indices());
    } catch (IOException | RuntimeException e) {
      log.warn(
          "run {} of {}: could not restore the default merge policy of {}: {}",
          record.runId(),
          record.model(),
          record.indices(),
          e.toString());
    }
  }

  /**
   * A counted run that is not to be published: its record FAILED with the reason, its indices
   * deleted if so configured.
   */
  public void fail(RunRecord record, long counted, String reason) throws IOException {
    catalog.save(record.finished(RunStatus.FAILED, counted, Instant.now(), reason));
    log.error("run {} of {} NOT published: {}", record.runId(), record.model(), reason);
    if (settings.deleteFailedRuns()) {
      indices.delete(record.indices());
    } else if (afterPublish.forceMerge()) {
      restoreMergePolicy(record); // kept off for a merge that will not come
    }
  }

  /**
   * Ends a run whose load stopped before it was counted. Only a LOADING record is marked FAILED (a
   * published record of the same run is never overwritten); the indices are deleted if so
   * configured, otherwise their search settings are restored, so nothing is left with loading
   * settings. A published run's indices are never touched.
   */
  public void abandon(String model, String runId, List<String> runIndices, String reason)
      throws IOException {
    abandon(model, runId, runIndices, reason, true);
  }

  /**
   * As {@link #abandon}, for a load whose writers are other processes that may still have bulks in
   * flight: deleting an index under them would let a bulk re-create it from the template alone. The
   * indices are left for {@link #discardLeftovers}, to be called once no writer is alive.
   */
  public void abandonWhileWritersStop(
      String model, String runId, List<String> runIndices, String reason) throws IOException {
    abandon(model, runId, runIndices, reason, false);
  }

  /**
   * Deletes what is left of a FAILED run's indices, if failed runs are deleted: nothing when the
   * run is loading again, has been published since, or was not failed. Safe to repeat.
   *
   * @return the indices deleted
   */
  public List<String> discardLeftovers(String model, String runId, List<String> runIndices)
      throws IOException {
    if (!settings.deleteFailedRuns() || runIndices == null || runIndices.isEmpty()) {
      return List.of();
    }
    var record = catalog.get(model, runId);
    if (record.isPresent() && record.get().status() != RunStatus.FAILED
        || isPublished(model, runIndices)) {
      return List.of();
    }
    List<String> present = indices.existing(runIndices);
    indices.delete(present);
    if (!present.isEmpty()) {
      log.info("run {} of {}: deleted the failed run's indices {}", runId, model, present);
    }
    return present;
  }

  /** Whether failed runs' indices are deleted ({@code delete-failed-runs}). */
  public boolean deletesFailedRuns() {
    return settings.deleteFailedRuns();
  }

  private void abandon(
      String model, String runId, List<String> runIndices, String reason, boolean deleteNow)
      throws IOException {
    var record = catalog.get(model, runId);
    if (record.isPresent() && record.get().status() == RunStatus.LOADING) {
      catalog.save(record.get().finished(RunStatus.FAILED, 0, Instant.now(), reason));
      log.error("run {} of {} NOT published: {}", runId, model, reason);
    }
    if (runIndices == null || runIndices.isEmpty() || isPublished(model, runIndices)) {
      return;
    }
    if (!settings.deleteFailedRuns()) {
      indices.finishLoading(runIndices, settings.replicas());
    } else if (deleteNow) {
      indices.delete(runIndices);
    }
  }

  /**
   * As {@link #abandon}, for a load that already failed with {@code cause}: its own failure is
   * added to it.
   */
  public void abandonAfter(Throwable cause, RunRecord record) {
    try {
      abandon(record.model(), record.runId(), record.indices(), "the load stopped: " + cause);
    } catch (IOException | RuntimeException e) {
      cause.addSuppressed(e);
    }
  }
}
