package dev.spotcast.ingest.work;

import dev.spotcast.ingest.job.Chunk;
import dev.spotcast.ingest.job.ChunkState;
import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingest.job.JobState;
import dev.spotcast.ingest.job.JobStore;
import dev.spotcast.ingest.job.RunLock;
import dev.spotcast.ingest.job.Versioned;
import dev.spotcast.ingest.settings.JobProperties;
import dev.spotcast.ingestor.lifecycle.RunLifecycle;
import java.io.IOException;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Repairs what a dead instance leaves behind; every instance runs it, and every repair is an
 * optimistic-concurrency write, so only one instance makes each.
 *
 * <ul>
 *   <li>a RUNNING chunk without a heartbeat for {@code stale-after} goes back to TODO and onto the
 *       work topic (its owner died without letting go, e.g. killed, or its record was committed
 *       while skipped as "being loaded");
 *   <li>a TODO chunk queued {@code requeue-todo-after} ago and never claimed is sent again when the
 *       work topic holds fewer turns than there are chunks to load (a message was lost: a producer
 *       or broker failure after the chunk was stored, an offset committed without a chunk being
 *       loaded); a duplicate message is harmless, a turn that finds nothing to claim;
 *   <li>a LOADING job whose chunks are all DONE but that nobody finishes (its last worker died
 *       between the two steps) is finished;
 *   <li>a job whose finishing or preparation was claimed {@code finish-timeout} ago is taken over,
 *       or failed if it never got its chunks;
 *   <li>the indices of a run whose job failed or was cancelled (in the last {@code finish-timeout})
 *       are deleted once none of its chunks is alive, and again should a late bulk re-create one,
 *       if failed runs are deleted; meanwhile the run's lock says it is being swept, so no new job
 *       for the run starts under the deletion.
 * </ul>
 */
@Component
public class Watchdog {

  private static final Logger log = LoggerFactory.getLogger(Watchdog.class);
  private static final int BATCH = 500;

  private final JobStore store;
  private final JobProperties properties;
  private final WorkQueue queue;
  private final JobFinisher finisher;
  private final SourceCache sources;
  private final IngestMetrics metrics;
  private final RunLifecycle lifecycle;
  private final WorkBacklog backlog;

  public Watchdog(
      JobStore store,
      JobProperties properties,
      WorkQueue queue,
      JobFinisher finisher,
      SourceCache sources,
      IngestMetrics metrics,
      RunLifecycle lifecycle,
      WorkBacklog backlog) {
    this.lifecycle = lifecycle;
    this.backlog = backlog;
    this.store = store;
    this.properties = properties;
    this.queue = queue;
    this.finisher = finisher;
    this.sources = sources;
    this.metrics = metrics;
  }

  @Scheduled(
      fixedDelayString = "${spotcast.jobs.watchdog-interval:5s}",
      initialDelayString = "${spotcast.jobs.watchdog-interval:5s}")
  public void tick() {
    try {
      if (!store.client().indices().exists(e -> e.index(JobStore.INDEX)).value()) {
        return;
      }
      // Only chunks of LOADING jobs: those of ended jobs (TODO, or RUNNING under a killed owner)
      // stay as they are for good and must not fill the watchdog's page.
      List<String> loading =
          store.jobs(List.of(JobState.LOADING), BATCH).stream().map(j -> j.value().id()).toList();
      if (!loading.isEmpty()) {
        requeueStaleChunks(loading);
        requeueWaitingChunks(loading);
      }
      finishForgottenJobs();
      sweepFailedRuns();
    } catch (IOException | RuntimeException e) {
      log.warn("watchdog: {}", e.toString());
    }
    sources.evictIdle();
  }

  void requeueStaleChunks(List<String> loading) throws IOException {
    Instant before = Instant.now().minus(properties.staleAfter());
    for (Versioned<Chunk> stale : store.staleChunks(loading, before, BATCH)) {
      Chunk chunk = stale.value();
      String why = "owner " + chunk.owner() + " silent since " + chunk.heartbeat();
      if (store.update(stale, chunk.released(why, Instant.now()), true).isPresent()) {
        queue.send(List.of(new ChunkMessage(chunk.jobId(), chunk.number())));
        metrics.chunkRequeued("stale");
        log.warn("chunk {}: re-queued, {}", chunk.id(), why);
      }
    }
  }

  /**
   * Sends again the TODO chunks queued before {@code requeue-todo-after}, as many as have no turn
   * left on the work topic ({@link #turnsMissing}): a chunk still queued behind other runs is not
   * lost. The chunk's queuedAt moves first, with optimistic concurrency: of several watchdogs only
   * one re-sends it, and a worker that claims it meanwhile wins (the watchdog's write then fails
   * and nothing is sent). The message comes after the write, so a chunk never waits twice as long
   * for a message that was not sent.
   */
  void requeueWaitingChunks(List<String> loading) throws IOException {
    Instant now = Instant.now();
    List<Versioned<Chunk>> waiting =
        store.waitingChunks(loading, now.minus(properties.requeueTodoAfter()), BATCH);
    if (waiting.isEmpty()) {
      return;
    }
    long missing = turnsMissing(loading, waiting.size());
    for (Versioned<Chunk> read : waiting) {
      if (missing <= 0) {
        return;
      }
      Chunk chunk = read.value();
      if (store.update(read, chunk.requeued(now), true).isPresent()) {
        queue.send(List.of(new ChunkMessage(chunk.jobId(), chunk.number())));
        missing--;
        metrics.chunkRequeued("lost");
        log.warn(
            "chunk {}: TODO since {}, and the work topic holds fewer turns than chunks to load; sent"
                + " again (a message was lost)",
            chunk.id(),
            chunk.queuedAt());
      }
    }
  }

  /**
   * How many of the waiting chunks lack a turn: the TODO chunks of these jobs, less the records the
   * workers have not committed that are not holding a RUNNING chunk. All of them when the broker
   * cannot say.
   */
  private long turnsMissing(List<String> loading, int waiting) throws IOException {
    OptionalLong pending = backlog.pending();
    if (pending.isEmpty()) {
      return waiting;
    }
    long free = pending.getAsLong() - store.chunksIn(loading, ChunkState.RUNNING);
    long todo = store.chunksIn(loading, ChunkState.TODO);
    return Math.min(waiting, Math.max(0, todo - free));
  }

  void sweepFailedRuns() throws IOException {
    if (!lifecycle.deletesFailedRuns()) {
      return;
    }
    Instant now = Instant.now();
    for (Versioned<Job> read :
        store.endedSince(
            List.of(JobState.FAILED, JobState.CANCELLED),
            now.minus(properties.finishTimeout()),
            BATCH)) {
      Job job = read.value();
      if (job.indices() == null
          || job.indices().isEmpty()
          || store.liveChunks(job.id(), now.minus(properties.staleAfter())) > 0) {
        continue;
      }
      Optional<Versioned<RunLock>> lock = store.lock(job.model(), job.runId());
      if (lock.isEmpty()
          || !job.id().equals(lock.get().value().jobId())
          || lock.get().value().sweptAt(now)) {
        continue; // another job holds the run now (it deletes leftovers itself), or a sweep is
        // under way
      }
      String lockId = RunLock.idOf(job.model(), job.runId());
      Optional<Versioned<RunLock>> held =
          store.update(lockId, lock.get(), lock.get().value().sweepingSince(now), true);
      if (held.isEmpty()) {
        continue;
      }
      try {
        List<String> deleted = lifecycle.discardLeftovers(job.model(), job.runId(), job.indices());
        if (!deleted.isEmpty()) {
          log.info("job {}: deleted the indices {} of its {} run", job.id(), deleted, job.state());
        }
      } finally {
        store.update(lockId, held.get(), held.get().value().sweepingSince(null), true);
      }
    }
  }

  void finishForgottenJobs() throws IOException {
    Instant timeout = Instant.now().minus(properties.finishTimeout());
    Map<ChunkState, Long> active = new EnumMap<>(ChunkState.class);
    for (Versioned<Job> read : store.jobs(List.of(JobState.QUEUED, JobState.LOADING), BATCH)) {
      Job job = read.value();
      store.summary(job.id()).chunks().forEach((state, n) -> active.merge(state, n, Long::sum));
      if (job.finisher() != null) {
        if (job.finishingAt() != null && job.finishingAt().isBefore(timeout)) {
          finisher.takeOver(read);
        }
      } else if (job.state() == JobState.LOADING) {
        finisher.maybeFinish(job.id());
      } else if (job.createdAt().isBefore(timeout)) {
        finisher.fail(
            job.id(),
            "preparation by "
                + job.submittedBy()
                + " did not complete within "
                + properties.finishTimeout());
      }
    }
    metrics.activeChunks(active);
  }
}
