package dev.spotcast.ingest.work;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.ingest.job.Chunk;
import dev.spotcast.ingest.job.ChunkState;
import dev.spotcast.ingest.job.InvalidJobException;
import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingest.job.JobState;
import dev.spotcast.ingest.job.JobStore;
import dev.spotcast.ingest.job.OpenedSource;
import dev.spotcast.ingest.job.SliceRef;
import dev.spotcast.ingest.job.Versioned;
import dev.spotcast.ingest.settings.JobProperties;
import dev.spotcast.ingest.work.DeadLetterIndex.DeadLetter;
import dev.spotcast.ingestor.bulk.BulkListener;
import dev.spotcast.ingestor.bulk.FailureKind;
import dev.spotcast.ingestor.bulk.LoadPipeline;
import dev.spotcast.ingestor.bulk.LoadStats;
import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.bulk.ShardBatch;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.AbstractMessageListenerContainer;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.stereotype.Component;

/**
 * Loads chunks from the work topic. Each instance runs {@code spotcast.kafka.work-concurrency}
 * consumers of one shared group, so the fleet's threads take chunks off the same queue until it is
 * empty. Each record is a turn ({@link Turns}): claim the first claimable chunk of the most urgent
 * unfinished job, whichever chunk the record names (optimistic concurrency on the chunk's document:
 * two instances never both load it), produce its slices through the ingestor's {@link
 * LoadPipeline}, wait until Elasticsearch has acknowledged every document, mark it DONE, and only
 * then commit the record's offset. A chunk redone after a crash overwrites the same document ids.
 *
 * <p>While loading, a heartbeat keeps the chunk's document fresh; a chunk whose owner stops beating
 * is claimed again by the next turn, or put back on the topic by the {@link Watchdog}. Stopping the
 * instance lets go of its chunks at once: in-flight chunks stop at the next document, their bulks
 * are awaited, they go back to TODO and their records are not committed, so the consumer that
 * inherits the partition has their turns.
 */
@Component
public class ChunkWorker implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(ChunkWorker.class);
  private static final Duration STOP_WAIT = Duration.ofSeconds(60);

  /**
   * Refused documents kept per chunk attempt: enough to see the cause without flooding the index.
   */
  private static final int MAX_DEAD_LETTERS = 1_000;

  /** The jobs whose chunks turns claim. */
  private static final List<JobState> UNFINISHED = List.of(JobState.QUEUED, JobState.LOADING);

  private static final int JOBS_PER_TURN = 500;

  /**
   * Claimable chunks read per job in a turn: more than the claims the fleet usually makes between
   * two refreshes of the job store, which may still show as claimable.
   */
  private static final int CANDIDATES_PER_JOB = 32;

  /** Pages of candidates a turn reads per job, each after a refresh, when all were claimed. */
  private static final int PAGES_PER_JOB = 8;

  private final JobStore store;
  private final ElasticsearchClient client;
  private final LoaderSettings loaderSettings;
  private final JobProperties properties;
  private final SourceCache sources;
  private final WorkQueue queue;
  private final JobFinisher finisher;
  private final IngestMetrics metrics;
  private final DeadLetterIndex deadLetters;
  private final Yielding yielding;
  private final Map<String, InFlight> inFlight = new ConcurrentHashMap<>();
  private volatile boolean stopping;
  private volatile boolean running;
  private ScheduledExecutorService heartbeat;

  public ChunkWorker(
      JobStore store,
      LoaderSettings loaderSettings,
      JobProperties properties,
      SourceCache sources,
      WorkQueue queue,
      JobFinisher finisher,
      IngestMetrics metrics,
      DeadLetterIndex deadLetters,
      Yielding yielding) {
    this.yielding = yielding;
    this.store = store;
    this.client = store.client();
    this.loaderSettings = loaderSettings;
    this.properties = properties;
    this.sources = sources;
    this.queue = queue;
    this.finisher = finisher;
    this.metrics = metrics;
    this.deadLetters = deadLetters;
  }

  /** Why a chunk stops before its end. */
  enum Abort {
    /** This instance is shutting down: the chunk goes back to TODO, its record is not committed. */
    STOPPING,
    /** The job was cancelled or failed meanwhile. */
    JOB_ENDED,
    /** Another instance took the chunk over (this one was thought dead). */
    LOST
  }

  /** A chunk this instance is loading; its version moves with every heartbeat. */
  private static final class InFlight {
    final Job job;
    final LoadStats stats;
    Versioned<Chunk> chunk;
    volatile Abort abort;

    InFlight(Job job, Versioned<Chunk> chunk, LoadStats stats) {
      this.job = job;
      this.chunk = chunk;
      this.stats = stats;
    }
  }

  /** What to do with the record once the chunk is handled. */
  enum Outcome {
    COMMIT,
    COMMIT_THEN_FINISH,
    LEAVE
  }

  @KafkaListener(
      id = "chunk-worker",
      topics = "${spotcast.kafka.work}",
      groupId = "${spotcast.kafka.work-group}",
      concurrency = "${spotcast.kafka.work-concurrency}",
      containerFactory = "workListenerFactory")
  public void onChunk(ConsumerRecord<String, String> record, Acknowledgment ack)
      throws IOException {
    if (stopping) {
      pause(); // not committed: whoever gets the partition next reads it again
      return;
    }
    ChunkMessage message = queue.parse(record.value());
    Outcome outcome = handle(message);
    if (outcome != Outcome.LEAVE) {
      ack.acknowledge();
    }
    if (outcome == Outcome.COMMIT_THEN_FINISH) {
      finisher.maybeFinish(message.jobId());
    }
  }

  /**
   * One turn (see {@link Turns}): claims the first claimable chunk of the first unfinished job and
   * loads it, whichever chunk the message names. Every chunk put on the topic, or put back, comes
   * with a message, so there are at least as many turns as chunks to load; a turn that finds
   * nothing left to claim is committed, and a chunk a turn could not reach (its message was lost)
   * is sent again by the {@link Watchdog}.
   */
  Outcome handle(ChunkMessage message) throws IOException {
    Instant silentSince = Instant.now().minus(properties.staleAfter());
    for (Versioned<Job> job :
        Turns.order(store.jobs(UNFINISHED, JOBS_PER_TURN), this::chunksLeft)) {
      for (int page = 0; page < PAGES_PER_JOB; page++) {
        List<Versioned<Chunk>> candidates =
            store.claimableChunks(job.value().id(), silentSince, CANDIDATES_PER_JOB);
        for (Versioned<Chunk> candidate : candidates) {
          Optional<Versioned<Chunk>> claimed = claim(candidate.value());
          if (claimed.isPresent()) {
            log.debug(
                "chunk {}: claimed in the turn of {}",
                claimed.get().value().id(),
                Chunk.idOf(message.jobId(), message.chunk()));
            return load(job.value(), claimed.get());
          }
        }
        if (candidates.size() < CANDIDATES_PER_JOB) {
          break; // every claimable chunk of the job was tried
        }
        // A whole page claimed by others since the last refresh (many workers at once): look again.
        store.refresh();
      }
    }
    return Outcome.COMMIT;
  }

  /** A job's chunks left to load: all of a job still being prepared (its chunks not yet stored). */
  private long chunksLeft(Job job) throws IOException {
    return job.state() == JobState.QUEUED ? job.chunkCount() : store.chunksLeft(job.id());
  }

  /**
   * Claims the chunk if its stored version (read in real time: the search that found it may be a
   * refresh behind) is still TODO, or RUNNING under an owner silent for {@code stale-after}; empty
   * when another worker has it.
   */
  private Optional<Versioned<Chunk>> claim(Chunk candidate) throws IOException {
    Optional<Versioned<Chunk>> read = store.chunk(candidate.jobId(), candidate.number());
    if (read.isEmpty()) {
      return Optional.empty();
    }
    Chunk chunk = read.get().value();
    Instant now = Instant.now();
    switch (chunk.state()) {
      case TODO -> {
        // claim below
      }
      case RUNNING -> {
        boolean fresh =
            chunk.heartbeat() != null
                && chunk.heartbeat().isAfter(now.minus(properties.staleAfter()));
        if (fresh || inFlight.containsKey(chunk.id())) {
          return Optional.empty(); // its owner is at it
        }
        log.info(
            "chunk {}: taking over from {} (last heartbeat {})",
            chunk.id(),
            chunk.owner(),
            chunk.heartbeat());
      }
      default -> {
        return Optional.empty(); // finished chunks are never redone
      }
    }
    return store.update(read.get(), chunk.claimed(properties.instanceId(), now), false);
  }

  private Outcome load(Job job, Versioned<Chunk> claimed) throws IOException {
    Chunk chunk = claimed.value();
    LoadStats stats = new LoadStats();
    InFlight flight = new InFlight(job, claimed, stats);
    inFlight.put(chunk.id(), flight);
    metrics.chunkStarted();
    List<DeadLetter> letters = Collections.synchronizedList(new ArrayList<>());
    String failure = null;
    try {
      failure = produce(job, chunk, flight, stats, letters);
    } finally {
      inFlight.remove(chunk.id());
    }
    if (!letters.isEmpty()) {
      deadLetters.store(letters);
      letters.forEach(letter -> metrics.deadLetter("document"));
      log.warn(
          "chunk {}: {} documents refused by Elasticsearch, kept in {}: {}",
          chunk.id(),
          letters.size(),
          DeadLetterIndex.INDEX,
          FailureReasons.summary(stats.failuresByReason()));
    }
    if (flight.abort != null) {
      metrics.chunkEnded(job, ChunkState.TODO, stats);
      return aborted(flight);
    }
    if (failure == null) {
      failure = check(chunk, stats);
    }
    Instant now = Instant.now();
    if (failure == null || acceptedWithFailures(chunk, stats, failure)) {
      Optional<Versioned<Chunk>> done;
      synchronized (flight) {
        // Refreshed, so that the count of unfinished chunks that follows sees it.
        String accepted = failure;
        done =
            write(
                flight,
                c ->
                    c.finished(
                        ChunkState.DONE,
                        stats.produced(),
                        stats.indexed(),
                        stats.failed(),
                        accepted,
                        now),
                true);
      }
      metrics.chunkEnded(job, ChunkState.DONE, stats);
      if (done.isEmpty()) {
        log.warn("chunk {}: loaded, but another instance took it over meanwhile", chunk.id());
        return Outcome.COMMIT;
      }
      log.debug(
          "chunk {}: {} documents indexed (attempt {})",
          chunk.id(),
          stats.indexed(),
          chunk.attempt());
      return Outcome.COMMIT_THEN_FINISH;
    }
    boolean retryable = !onlyRefusals(chunk, stats);
    if (retryable && chunk.attempt() < properties.maxChunkAttempts()) {
      log.warn(
          "chunk {}: attempt {} of {} failed, queued again: {}",
          chunk.id(),
          chunk.attempt(),
          properties.maxChunkAttempts(),
          failure);
      synchronized (flight) {
        String why = "attempt " + chunk.attempt() + ": " + failure;
        if (write(flight, c -> c.released(why, Instant.now()), true).isPresent()) {
          queue.send(List.of(new ChunkMessage(chunk.jobId(), chunk.number())));
        }
      }
      metrics.chunkEnded(job, ChunkState.TODO, stats);
      metrics.chunkRequeued("failed");
      return Outcome.COMMIT;
    }
    String why =
        retryable
            ? "failed after " + chunk.attempt() + " attempts: " + failure
            : "refused by Elasticsearch (see " + DeadLetterIndex.INDEX + "): " + failure;
    log.error("chunk {}: {}", chunk.id(), why);
    synchronized (flight) {
      String failed = failure;
      write(
          flight,
          c ->
              c.finished(
                  ChunkState.FAILED,
                  stats.produced(),
                  stats.indexed(),
                  stats.failed(),
                  failed,
                  now),
          true);
    }
    metrics.chunkEnded(job, ChunkState.FAILED, stats);
    finisher.fail(job.id(), "chunk " + chunk.number() + " " + why);
    return Outcome.COMMIT;
  }

  /**
   * Produces the chunk's slices and waits for every bulk; returns a failure of the source, or null.
   */
  private String produce(
      Job job, Chunk chunk, InFlight flight, LoadStats stats, List<DeadLetter> letters) {
    OpenedSource source;
    try {
      source = sources.acquire(job);
    } catch (InvalidJobException e) {
      return "source cannot be opened: " + e.getMessage();
    }
    boolean interrupted = false;
    BulkListener listener =
        new BulkListener() {
          @Override
          public void bulkSubmitted(ShardBatch batch) {
            metrics.bulkSubmitted();
          }

          @Override
          public void bulkAbandoned(ShardBatch batch) {
            metrics.bulkAbandoned();
          }

          @Override
          public void bulkDone(ShardBatch batch, long nanos) {
            metrics.bulkDone(nanos);
          }

          @Override
          public void itemFailed(ShardBatch batch, int item, FailureKind kind, String reason) {
            if (kind == FailureKind.PERMANENT && letters.size() < MAX_DEAD_LETTERS) {
              letters.add(deadLetters.letter(job.id(), chunk.number(), batch, item, reason));
            }
          }
        };
    try {
      LoadPipeline.Outcome outcome =
          new LoadPipeline(client, loaderSettings, stats, listener)
              .onThisThread()
              .pacedBy(yielding.pace())
              .afterProduce(() -> metrics.negativeAmounts(source.source()))
              .run(
                  source.source(),
                  source.strategy(),
                  chunk.slices().stream().map(SliceRef::toSlice).toList(),
                  () -> flight.abort != null); // flight.abort says why
      if (outcome.failure() != null) {
        log.warn("chunk {}: the source failed", chunk.id(), outcome.failure());
        return "source failed: " + outcome.failure();
      }
      return null;
    } catch (InterruptedException e) {
      interrupted = true;
      flight.abort = Abort.STOPPING;
      return null;
    } finally {
      sources.release(job);
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static String check(Chunk chunk, LoadStats stats) {
    if (stats.failed() > 0) {
      return stats.failed()
          + " documents not indexed: "
          + FailureReasons.summary(stats.failuresByReason());
    }
    if (stats.produced() != chunk.expectedDocuments()) {
      return "produced "
          + stats.produced()
          + " documents, the chunk has "
          + chunk.expectedDocuments();
    }
    if (stats.indexed() != stats.produced()) {
      return "indexed " + stats.indexed() + " of " + stats.produced() + " documents";
    }
    return null;
  }

  /**
   * Documents Elasticsearch refused for good (mapping, parsing) do not get better by retrying; when
   * the service publishes with failures such a chunk is DONE with its refusals counted.
   */
  private boolean acceptedWithFailures(Chunk chunk, LoadStats stats, String failure) {
    return properties.publishWithFailures() && onlyRefusals(chunk, stats);
  }

  /**
   * Every document was produced and answered, and the only losses are refusals: redoing cannot
   * help.
   */
  private static boolean onlyRefusals(Chunk chunk, LoadStats stats) {
    return stats.failed() > 0
        && stats.produced() == chunk.expectedDocuments()
        && stats.indexed() + stats.failed() == stats.produced()
        && stats.failed(FailureKind.PERMANENT) == stats.failed();
  }

  private Outcome aborted(InFlight flight) throws IOException {
    Chunk chunk = flight.chunk.value();
    switch (flight.abort) {
      case STOPPING -> {
        synchronized (flight) {
          write(
              flight,
              c ->
                  c.released("released by " + properties.instanceId() + " stopping", Instant.now()),
              true);
        }
        log.info("chunk {}: released, instance stopping", chunk.id());
        return Outcome.LEAVE;
      }
      case JOB_ENDED -> {
        synchronized (flight) {
          write(flight, c -> c.released("stopped: the job ended", Instant.now()), true);
        }
        log.info("chunk {}: stopped, job {} has ended", chunk.id(), chunk.jobId());
        return Outcome.COMMIT;
      }
      default -> {
        log.warn("chunk {}: taken over by another instance; stopped here", chunk.id());
        return Outcome.COMMIT;
      }
    }
  }

  /**
   * Writes a change to the chunk in flight (the caller holds its lock), and keeps the version
   * written. When the stored chunk has moved on under a write whose answer was lost (a heartbeat
   * interrupted while it waited: Elasticsearch made the write, the worker never learned its new
   * version), the change is made again on the stored chunk if it is still this instance's claim
   * (running, owned here, the same attempt). Empty when another instance has it.
   */
  private Optional<Versioned<Chunk>> write(
      InFlight flight, UnaryOperator<Chunk> change, boolean refresh) throws IOException {
    Chunk mine = flight.chunk.value();
    Optional<Versioned<Chunk>> written = store.update(flight.chunk, change.apply(mine), refresh);
    if (written.isEmpty()) {
      Optional<Versioned<Chunk>> stored = store.chunk(mine.jobId(), mine.number());
      if (stored.isPresent()
          && stored.get().value().state() == ChunkState.RUNNING
          && properties.instanceId().equals(stored.get().value().owner())
          && stored.get().value().attempt() == mine.attempt()) {
        written = store.update(stored.get(), change.apply(stored.get().value()), refresh);
      }
    }
    written.ifPresent(version -> flight.chunk = version);
    return written;
  }

  /** Beats for every chunk in flight, and stops those whose job ended or that were taken over. */
  void beat() {
    Map<String, Boolean> jobEnded = new HashMap<>();
    for (InFlight flight : inFlight.values()) {
      try {
        boolean ended =
            jobEnded.computeIfAbsent(
                flight.job.id(),
                id -> {
                  try {
                    return store.job(id).map(j -> j.value().state().terminal()).orElse(true);
                  } catch (IOException e) {
                    return false;
                  }
                });
        if (ended) {
          flight.abort = Abort.JOB_ENDED;
          continue;
        }
        synchronized (flight) {
          Optional<Versioned<Chunk>> beaten =
              write(
                  flight,
                  c ->
                      c.beat(
                          Instant.now(),
                          flight.stats.produced(),
                          flight.stats.indexed(),
                          flight.stats.failed()),
                  false);
          if (beaten.isEmpty()) {
            flight.abort = Abort.LOST;
          }
        }
      } catch (IOException | RuntimeException e) {
        log.warn("heartbeat of chunk {} failed: {}", flight.chunk.value().id(), e.toString());
      }
    }
  }

  private static void pause() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Chunks this instance is loading now. */
  public int chunksInFlight() {
    return inFlight.size();
  }

  @Override
  public void start() {
    stopping = false;
    heartbeat =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("chunk-heartbeat").factory());
    long every = properties.heartbeatInterval().toMillis();
    heartbeat.scheduleWithFixedDelay(this::beat, every, every, TimeUnit.MILLISECONDS);
    running = true;
  }

  /** Lets go of the chunks in flight before the Kafka consumers stop (this phase stops first). */
  @Override
  public void stop() {
    stopping = true;
    inFlight.values().forEach(flight -> flight.abort = Abort.STOPPING);
    Instant deadline = Instant.now().plus(STOP_WAIT);
    while (!inFlight.isEmpty() && Instant.now().isBefore(deadline)) {
      pause();
    }
    if (!inFlight.isEmpty()) {
      log.warn(
          "{} chunks still in flight at shutdown; the watchdog of another instance will re-queue them",
          inFlight.size());
    }
    heartbeat.shutdownNow();
    running = false;
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  @Override
  public int getPhase() {
    return AbstractMessageListenerContainer.DEFAULT_PHASE + 50;
  }
}
