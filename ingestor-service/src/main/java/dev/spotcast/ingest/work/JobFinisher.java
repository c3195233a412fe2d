package dev.spotcast.ingest.work;

import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunRecord;
import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingest.job.JobConflictException;
import dev.spotcast.ingest.job.JobNotFoundException;
import dev.spotcast.ingest.job.JobState;
import dev.spotcast.ingest.job.JobStore;
import dev.spotcast.ingest.job.JobStore.ChunkSummary;
import dev.spotcast.ingest.job.Versioned;
import dev.spotcast.ingest.settings.JobProperties;
import dev.spotcast.ingestor.lifecycle.PublishPolicy;
import dev.spotcast.ingestor.lifecycle.RunLifecycle;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Ends jobs. Finishing a loaded run (search settings back, exact count, alias switch) is claimed on
 * the job document with optimistic concurrency, so of the instances that see the last chunk done
 * exactly one goes on; the claim carries a time, so a finisher that died is replaced after {@link
 * JobProperties#finishTimeout()}. A run that fails its count is not published: the alias stays on
 * the previous run. Nor is a run older than the one its model serves, unless its job says so
 * ({@link PublishPolicy}): it ends LOADED, servable by its run time.
 */
@Component
public class JobFinisher {

  private static final Logger log = LoggerFactory.getLogger(JobFinisher.class);

  private final JobStore store;
  private final RunCatalog catalog;
  private final RunLifecycle lifecycle;
  private final JobProperties properties;
  private final JobOutcomes outcomes;
  private final IngestMetrics metrics;

  public JobFinisher(
      JobStore store,
      RunLifecycle lifecycle,
      JobProperties properties,
      JobOutcomes outcomes,
      IngestMetrics metrics) {
    this.store = store;
    this.catalog = new RunCatalog(store.client());
    this.lifecycle = lifecycle;
    this.properties = properties;
    this.outcomes = outcomes;
    this.metrics = metrics;
  }

  /** Finishes the job if every chunk is done and nobody has claimed the finishing yet. */
  public void maybeFinish(String jobId) throws IOException {
    if (store.unfinishedChunks(jobId) > 0) {
      return;
    }
    Optional<Versioned<Job>> read = store.job(jobId);
    if (read.isEmpty()
        || read.get().value().state() != JobState.LOADING
        || read.get().value().finisher() != null) {
      return;
    }
    claimAndFinish(read.get());
  }

  /** Takes over a job whose finisher has been silent for too long (it died, or ES was down). */
  public void takeOver(Versioned<Job> stale) throws IOException {
    log.warn(
        "job {}: finishing claimed by {} at {} did not end; taking over",
        stale.value().id(),
        stale.value().finisher(),
        stale.value().finishingAt());
    Optional<Versioned<Job>> claimed =
        store.update(stale, stale.value().finishing(properties.instanceId(), Instant.now()));
    if (claimed.isEmpty()) {
      return;
    }
    if (store.unfinishedChunks(stale.value().id()) > 0) {
      // It was being failed or cancelled: never publish it.
      abandonRun(
          stale.value(), "its finisher " + stale.value().finisher() + " died while ending it");
      end(
          claimed.get(),
          JobState.FAILED,
          0,
          "its finisher " + stale.value().finisher() + " died while ending it");
      return;
    }
    finish(claimed.get());
  }

  private void claimAndFinish(Versioned<Job> read) throws IOException {
    Optional<Versioned<Job>> claimed =
        store.update(read, read.value().finishing(properties.instanceId(), Instant.now()));
    if (claimed.isEmpty()) {
      return; // another instance claimed it, or the job was cancelled
    }
    finish(claimed.get());
  }

  private void finish(Versioned<Job> claimed) throws IOException {
    Job job = claimed.value();
    RunRecord record =
        catalog
            .get(job.model(), job.runId())
            .orElseThrow(
                () ->
                    new IOException(
                        "run "
                            + job.runId()
                            + " of "
                            + job.model()
                            + " is missing from the catalog"));
    long counted = lifecycle.finishLoading(job.indices());
    ChunkSummary summary = store.summary(job.id());
    String failure = null;
    String note = null;
    if (counted != job.expectedDocuments()) {
      long refused = summary.failedDocuments();
      if (properties.publishWithFailures()
          && refused > 0
          && counted + refused == job.expectedDocuments()) {
        note =
            refused
                + " documents refused by Elasticsearch (see the dead-letter index); published without them";
      } else {
        failure =
            "Elasticsearch counts "
                + counted
                + " documents, the run has "
                + job.expectedDocuments()
                + (refused > 0 ? " (" + refused + " refused)" : "");
      }
    }
    if (failure != null) {
      lifecycle.fail(record, counted, failure);
      end(claimed, JobState.FAILED, counted, failure);
      return;
    }
    // Complete and counted: published, or, older than the served run, kept servable by its run
    // time.
    PublishPolicy policy = job.spec() == null ? PublishPolicy.IF_NEWER : job.spec().publishPolicy();
    // Within finish-timeout, or another instance takes the job over while the merge runs.
    lifecycle.beforePublishing(record);
    RunLifecycle.Completion completion =
        lifecycle.complete(record, counted, note, policy, "\"publish\": \"always\"");
    end(
        claimed,
        completion.published() ? JobState.PUBLISHED : JobState.LOADED,
        counted,
        completion.reason());
    lifecycle.forceMerge(record);
  }

  /**
   * Fails a job that cannot complete (a chunk failed for good, preparing failed): its run is marked
   * FAILED in the catalog with the reason and its indices are deleted (if so configured); the alias
   * is not touched. Does nothing if the job has already ended or is being finished by another.
   */
  public void fail(String jobId, String reason) throws IOException {
    for (int attempt = 0; attempt < 10; attempt++) {
      Optional<Versioned<Job>> read = store.job(jobId);
      if (read.isEmpty() || read.get().value().state().terminal()) {
        return;
      }
      Job job = read.get().value();
      if (job.finisher() != null && !job.finisher().equals(properties.instanceId())) {
        return;
      }
      Optional<Versioned<Job>> claimed =
          store.update(read.get(), job.finishing(properties.instanceId(), Instant.now()));
      if (claimed.isPresent()) {
        abandonRun(job, reason);
        end(claimed.get(), JobState.FAILED, 0, reason);
        return;
      }
    }
  }

  /**
   * Cancels a job: it will not be published. Refused once a job has ended or its finishing has
   * started (the alias may be moving).
   *
   * @return the cancelled job
   */
  public Job cancel(String jobId, String reason) throws IOException {
    for (int attempt = 0; attempt < 10; attempt++) {
      Versioned<Job> read = store.job(jobId).orElseThrow(() -> new JobNotFoundException(jobId));
      Job job = read.value();
      if (job.state().terminal()) {
        throw new JobConflictException("job " + jobId + " has already ended: " + job.state());
      }
      if (job.finisher() != null) {
        throw new JobConflictException(
            "job "
                + jobId
                + " is being finished by "
                + job.finisher()
                + " and can no longer be cancelled");
      }
      Optional<Versioned<Job>> claimed =
          store.update(read, job.finishing(properties.instanceId(), Instant.now()));
      if (claimed.isPresent()) {
        abandonRun(job, reason);
        return end(claimed.get(), JobState.CANCELLED, 0, reason);
      }
    }
    throw new JobConflictException("job " + jobId + " keeps changing; try again");
  }

  /**
   * Chunks of the job may still be writing here or elsewhere: the watchdog deletes its indices once
   * they stopped.
   */
  private void abandonRun(Job job, String reason) throws IOException {
    lifecycle.abandonWhileWritersStop(job.model(), job.runId(), job.indices(), reason);
  }

  private Job end(Versioned<Job> claimed, JobState state, long counted, String reason)
      throws IOException {
    Job ended = claimed.value().ended(state, counted, Instant.now(), reason);
    if (store.update(claimed, ended).isEmpty()) {
      // Only a takeover by another finisher writes a claimed job; it ends the job itself.
      log.warn("job {}: ending as {} lost to another writer", ended.id(), state);
      return store.job(ended.id()).map(Versioned::value).orElse(ended);
    }
    Duration took = Duration.between(ended.createdAt(), ended.finishedAt());
    // One structured line per run, for log search: key=value pairs.
    log.info(
        "run-ended job={} model={} run={} state={} documents={} expected={} chunks={} duration={}s trigger={} "
            + "finisher={} reason=\"{}\"",
        ended.id(),
        ended.model(),
        ended.runId(),
        state,
        counted,
        ended.expectedDocuments(),
        ended.chunkCount(),
        took.toMillis() / 1000.0,
        ended.trigger(),
        properties.instanceId(),
        reason == null ? "" : reason);
    metrics.jobEnded(ended);
    outcomes.publish(ended);
    return ended;
  }
}
