package dev.spotcast.ingest.work;

import dev.spotcast.ingest.job.Chunk;
import dev.spotcast.ingest.job.ChunkPlanner;
import dev.spotcast.ingest.job.InvalidJobException;
import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingest.job.JobConflictException;
import dev.spotcast.ingest.job.JobSources;
import dev.spotcast.ingest.job.JobSpec;
import dev.spotcast.ingest.job.JobState;
import dev.spotcast.ingest.job.JobStore;
import dev.spotcast.ingest.job.OpenedSource;
import dev.spotcast.ingest.job.RunLock;
import dev.spotcast.ingest.job.SliceRef;
import dev.spotcast.ingest.job.Trigger;
import dev.spotcast.ingest.job.Versioned;
import dev.spotcast.ingest.settings.JobProperties;
import dev.spotcast.ingestor.lifecycle.RunLifecycle;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.ShardingSpec;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Starts jobs, whatever triggers them. Submitting reads the spec's source (so a bad spec or an
 * unreadable file is refused at once, with the reason), takes the run's lock, begins the run
 * ({@link RunLifecycle#begin}, as the CLI loader does), stores the chunks and only then puts them
 * on the work topic. Any instance may then load them; see {@link ChunkWorker}.
 */
@Service
public class JobService {

  private static final Logger log = LoggerFactory.getLogger(JobService.class);

  private final JobStore store;
  private final WorkQueue queue;
  private final JobFinisher finisher;
  private final JobProperties properties;
  private final ShardingSpec sharding;
  private final ChunkPlanner planner;
  private final RunLifecycle lifecycle;
  private final JobSources sources;
  private final AtomicBoolean indexReady = new AtomicBoolean();

  public JobService(
      JobStore store,
      WorkQueue queue,
      JobFinisher finisher,
      JobProperties properties,
      ShardingSpec sharding,
      RunLifecycle lifecycle,
      JobSources sources) {
    this.store = store;
    this.sources = sources;
    this.queue = queue;
    this.finisher = finisher;
    this.properties = properties;
    this.sharding = sharding;
    this.planner = new ChunkPlanner(properties.chunkDocuments(), properties.minChunks());
    this.lifecycle = lifecycle;
  }

  /**
   * Starts a job for the spec's run.
   *
   * @param correlationId the announcement's id, or null
   * @return the job, LOADING (or already CANCELLED if it was cancelled while being prepared)
   * @throws dev.spotcast.ingest.job.InvalidJobException the spec or its files cannot make a run
   * @throws JobConflictException the run is published already or another job is loading it
   */
  public Job submit(JobSpec spec, Trigger trigger, String correlationId) throws IOException {
    return submit(spec, trigger, correlationId, null);
  }

  /**
   * As {@link #submit(JobSpec, Trigger, String)}, refusing files that do not hold the run
   * announced.
   *
   * @param expectedRunTime the run time the files must hold, or null for any
   */
  public Job submit(JobSpec spec, Trigger trigger, String correlationId, Instant expectedRunTime)
      throws IOException {
    ensureIndex();
    // Shards per index chosen now when not set, and stored with the job: every instance loads its
    // chunks with the same.
    ShardingSpec sharding = lifecycle.resolveShards(this.sharding);
    try (OpenedSource opened = sources.open(spec, sharding)) {
      ForecastRun run = opened.source().run();
      if (expectedRunTime != null && !expectedRunTime.equals(run.runTime())) {
        throw new InvalidJobException(
            "the files hold run "
                + run.runTime()
                + " of "
                + run.model()
                + ", not the announced "
                + expectedRunTime);
      }
      List<String> runIndices = opened.strategy().allIndices();
      if (lifecycle.isPublished(run.model(), runIndices)) {
        throw new JobConflictException(
            "run "
                + run.runId()
                + " of model "
                + run.model()
                + " is already published; load a new run instead");
      }
      List<List<SliceRef>> plan = planner.plan(opened.source().slices());
      Instant now = Instant.now();
      Job job =
          new Job(
              UUID.randomUUID().toString(),
              JobState.QUEUED,
              trigger,
              correlationId,
              spec,
              sharding,
              run.model(),
              run.runId(),
              run.runTime(),
              runIndices,
              run.documentCount(),
              plan.size(),
              properties.instanceId(),
              now,
              null,
              null,
              null,
              null,
              0,
              null);
      store.create(job.id(), job);
      Versioned<Job> created =
          store.job(job.id()).orElseThrow(() -> new IOException("job " + job.id() + " vanished"));
      lock(job);
      try {
        return prepare(created, opened, run, plan);
      } catch (IOException | RuntimeException e) {
        log.error("job {}: preparing run {} of {} failed", job.id(), run.runId(), run.model(), e);
        finisher.fail(job.id(), "preparing the run failed: " + e);
        throw e;
      }
    }
  }

  private Job prepare(
      Versioned<Job> created, OpenedSource opened, ForecastRun run, List<List<SliceRef>> plan)
      throws IOException {
    Job job = created.value();
    lifecycle.begin(opened.strategy(), job.createdAt());
    List<Chunk> chunks = new ArrayList<>();
    List<ChunkMessage> messages = new ArrayList<>();
    Instant queued = Instant.now();
    for (int i = 0; i < plan.size(); i++) {
      chunks.add(Chunk.todo(job.id(), i, plan.get(i), queued));
      messages.add(new ChunkMessage(job.id(), i));
    }
    store.putChunks(chunks);
    // Queued before the job says LOADING: if this instance dies in between, the job stays QUEUED
    // and the watchdog fails it after finish-timeout, rather than a LOADING job waiting for chunks
    // never sent.
    queue.send(messages);
    Optional<Versioned<Job>> loading = store.update(created, job.loading(Instant.now()));
    if (loading.isEmpty()) {
      // Cancelled while being prepared: the canceller has dealt with the run; workers skip its
      // chunks.
      return store.job(job.id()).map(Versioned::value).orElse(job);
    }
    log.info(
        "job {} ({}): loading run {} of {}: {} documents in {} chunks into {}",
        job.id(),
        job.trigger(),
        run.runId(),
        run.model(),
        run.documentCount(),
        plan.size(),
        job.indices());
    return loading.get().value();
  }

  /**
   * Makes this job the one loading its run. The lock document names the job; a lock whose job has
   * ended (or never started), or whose feed fetch is this instance's own or no longer beats, is
   * taken over with optimistic concurrency.
   */
  private void lock(Job job) throws IOException {
    String lockId = RunLock.idOf(job.model(), job.runId());
    RunLock mine = new RunLock(job.id(), job.model(), job.runId());
    if (store.create(lockId, mine)) {
      return;
    }
    for (int attempt = 0; attempt < 5; attempt++) {
      Optional<Versioned<RunLock>> held = store.lock(job.model(), job.runId());
      if (held.isEmpty()) {
        if (store.create(lockId, mine)) {
          return;
        }
        continue;
      }
      if (held.get().value().sweptAt(Instant.now())) {
        abandon(job);
        throw new JobConflictException(
            "run "
                + job.runId()
                + " of model "
                + job.model()
                + " is being cleaned up after its failed job "
                + held.get().value().jobId()
                + "; try again in a minute");
      }
      RunLock lock = held.get().value();
      if (lock.fetchedByOther(properties.instanceId(), Instant.now(), properties.staleAfter())) {
        abandon(job);
        throw new JobConflictException(
            "run "
                + job.runId()
                + " of model "
                + job.model()
                + " is being fetched from its publisher by instance "
                + lock.fetcher()
                + "; its feed loads it when complete");
      }
      Optional<Versioned<Job>> holder =
          lock.jobId() == null ? Optional.empty() : store.job(lock.jobId());
      if (holder.isPresent() && !holder.get().value().state().terminal()) {
        abandon(job);
        throw new JobConflictException(
            "run "
                + job.runId()
                + " of model "
                + job.model()
                + " is being loaded by job "
                + holder.get().value().id()
                + " ("
                + holder.get().value().state()
                + ")");
      }
      if (store.update(lockId, held.get(), mine, true).isPresent()) {
        return;
      }
    }
    abandon(job);
    throw new JobConflictException(
        "run " + job.runId() + " of model " + job.model() + " is contended; try again");
  }

  /**
   * A job that lost the run's lock never ran; it is marked CANCELLED so that it does not look
   * stuck.
   */
  private void abandon(Job job) throws IOException {
    store
        .job(job.id())
        .ifPresent(
            read -> {
              try {
                store.update(
                    read,
                    read.value()
                        .ended(JobState.CANCELLED, 0, Instant.now(), "another job loads this run"));
              } catch (IOException e) {
                log.warn("job {}: could not mark it cancelled", job.id(), e);
              }
            });
  }

  private void ensureIndex() throws IOException {
    if (!indexReady.get()) {
      store.ensureIndex();
      indexReady.set(true);
    }
  }
}
