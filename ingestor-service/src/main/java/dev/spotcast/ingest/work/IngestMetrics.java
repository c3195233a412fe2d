package dev.spotcast.ingest.work;

import dev.spotcast.ingest.job.ChunkState;
import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingestor.bulk.LoadStats;
import dev.spotcast.ingestor.lifecycle.RunArchive;
import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.ingestor.source.file.FileForecastSource;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * The service's Micrometer meters ({@code /actuator/prometheus}). Documents are counted as a
 * counter, so docs/s is its rate ({@code rate(spotcast_ingest_documents_total[1m])}) and adds up
 * across instances.
 */
@Component
public class IngestMetrics {

  private final MeterRegistry registry;
  private final Counter indexed;
  private final AtomicInteger runningChunks = new AtomicInteger();
  private final AtomicInteger bulksInFlight = new AtomicInteger();
  private final Timer bulkLatency;
  private final Map<ChunkState, AtomicLong> activeChunks = new EnumMap<>(ChunkState.class);
  private final Counter clampedAmounts;
  // What each file source had counted when last reported: its count only grows, and chunks of one
  // job share the source, so each reports the growth since. Weak: a released source is forgotten.
  private final Map<FileForecastSource, Long> clampedReported =
      Collections.synchronizedMap(new WeakHashMap<>());

  public IngestMetrics(MeterRegistry registry) {
    this.registry = registry;
    this.indexed =
        Counter.builder("spotcast.ingest.documents")
            .description("Documents acknowledged by Elasticsearch")
            .baseUnit("documents")
            .register(registry);
    this.clampedAmounts =
        Counter.builder("spotcast.ingest.negative.amounts")
            .description(
                "Values of an accumulation that decreased between steps (rounding, packing),"
                    + " loaded as 0; each time the value is made")
            .register(registry);
    registry.gauge("spotcast.ingest.chunks.running", runningChunks);
    registry.gauge("spotcast.ingest.bulks.in.flight", bulksInFlight);
    this.bulkLatency =
        Timer.builder("spotcast.ingest.bulk.latency")
            .description("From a bulk's first send to its last answer, retries included")
            .publishPercentileHistogram()
            .register(registry);
    // Retention's snapshots that failed: each such run was kept instead of archived (the log says
    // why).
    FunctionCounter.builder(
            "spotcast.ingest.archive.failures", RunArchive.class, c -> RunArchive.failedArchives())
        .description("Snapshots of retired runs that failed; those runs were kept, not archived")
        .register(registry);
    // Counters whose label values are known start at zero, so that a dashboard shows 0, not "no
    // data".
    for (String cause : List.of("stale", "lost", "failed")) {
      registry.counter("spotcast.ingest.chunks.requeued", "cause", cause);
    }
    for (String kind : List.of("document", "announcement")) {
      registry.counter("spotcast.ingest.dead.letters", "kind", kind);
    }
    for (ChunkState state : ChunkState.values()) {
      activeChunks.put(
          state,
          registry.gauge(
              "spotcast.ingest.chunks.active",
              List.of(Tag.of("state", state.name())),
              new AtomicLong()));
    }
  }

  /**
   * Chunks of the fleet's unfinished jobs per state, as the watchdog last counted them
   * (fleet-wide).
   */
  public void activeChunks(Map<ChunkState, Long> counts) {
    activeChunks.forEach((state, gauge) -> gauge.set(counts.getOrDefault(state, 0L)));
  }

  /** A batch was handed to a sender (queued or sent). */
  public void bulkSubmitted() {
    bulksInFlight.incrementAndGet();
  }

  /** A batch handed over was never sent (the chunk stopped). */
  public void bulkAbandoned() {
    bulksInFlight.decrementAndGet();
  }

  /** A batch was answered, after this many nanoseconds. */
  public void bulkDone(long nanos) {
    bulksInFlight.decrementAndGet();
    bulkLatency.record(nanos, TimeUnit.NANOSECONDS);
  }

  public void chunkStarted() {
    runningChunks.incrementAndGet();
  }

  /** A chunk attempt ended in this state; its counts feed the document, retry and shard meters. */
  public void chunkEnded(Job job, ChunkState state, LoadStats stats) {
    runningChunks.decrementAndGet();
    registry.counter("spotcast.ingest.chunks", "state", state.name()).increment();
    if (stats == null) {
      return;
    }
    indexed.increment(stats.indexed());
    // Tagged by kind (status and error type): full reasons name documents and would be unbounded.
    stats
        .retriesByCause()
        .forEach(
            (cause, n) ->
                registry
                    .counter("spotcast.ingest.retries", "cause", FailureReasons.kind(cause))
                    .increment(n));
    stats
        .failuresByReason()
        .forEach(
            (reason, n) ->
                registry
                    .counter(
                        "spotcast.ingest.failed.documents", "reason", FailureReasons.kind(reason))
                    .increment(n));
    // Tagged by index band and shard without the run id, so the series do not grow with every run.
    stats
        .documentsPerShard()
        .forEach(
            (shard, n) ->
                registry
                    .counter(
                        "spotcast.ingest.shard.documents",
                        "shard",
                        shard.replace("-" + job.runId(), ""))
                    .increment(n));
    if (stats.bulks() > 0) {
      registry.counter("spotcast.ingest.bulks").increment(stats.bulks());
    }
  }

  /**
   * After a chunk of a file source: the values its accumulations made negative (and loaded as 0)
   * since the source was last reported.
   */
  public void negativeAmounts(ForecastSource source) {
    if (!(source instanceof FileForecastSource file)) {
      return;
    }
    long total = file.negativeAmounts();
    long[] growth = {0};
    clampedReported.compute(
        file,
        (f, last) -> {
          long before = last == null ? 0 : last;
          growth[0] = Math.max(0, total - before);
          return Math.max(total, before);
        });
    if (growth[0] > 0) {
      clampedAmounts.increment(growth[0]);
    }
  }

  public void chunkRequeued(String cause) {
    registry.counter("spotcast.ingest.chunks.requeued", "cause", cause).increment();
  }

  public void jobEnded(Job job) {
    Duration took =
        job.createdAt() == null || job.finishedAt() == null
            ? Duration.ZERO
            : Duration.between(job.createdAt(), job.finishedAt());
    Timer.builder("spotcast.ingest.run.duration")
        .description("From a job's submission to its end")
        .tag("state", job.state().name())
        .register(registry)
        .record(took);
  }

  public void deadLetter(String kind) {
    registry.counter("spotcast.ingest.dead.letters", "kind", kind).increment();
  }
}
