package dev.spotcast.ingestor.lifecycle;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.index.RunRecord;
import dev.spotcast.ingestor.bulk.BulkListener;
import dev.spotcast.ingestor.bulk.LoadPipeline;
import dev.spotcast.ingestor.bulk.LoadStats;
import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.bulk.PressureWatch;
import dev.spotcast.ingestor.bulk.SendPace;
import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.ingestor.source.file.ForecastFileException;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.sharding.ShardingStrategy;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads one run end to end: indices created with loading settings, documents produced by several
 * threads into per-shard batches, bulk-sent with backpressure, settings restored, the count checked
 * against what was produced, and only then the model's alias switched. A run with any lost document
 * or a count mismatch is not published: the alias stays on the previous run.
 */
public final class RunLoader {

  private static final Logger log = LoggerFactory.getLogger(RunLoader.class);

  private final ElasticsearchClient client;
  private final LoaderSettings settings;
  private AfterPublish afterPublish = AfterPublish.none();
  private PublishPolicy publishPolicy = PublishPolicy.IF_NEWER;
  private PressureWatch yieldTo;

  public RunLoader(ElasticsearchClient client, LoaderSettings settings) {
    this.client = client;
    this.settings = settings;
  }

  /**
   * What happens after a run is published: force-merge its indices to one segment (a finished run
   * is never written again), and keep only the last {@code keepRuns} runs of the model (0: keep
   * all).
   */
  public RunLoader withLifecycle(int keepRuns, boolean forceMerge) {
    return withLifecycle(new AfterPublish(keepRuns, forceMerge));
  }

  /**
   * As {@link #withLifecycle(int, boolean)}; the ingestion service applies the same {@link
   * AfterPublish}.
   */
  public RunLoader withLifecycle(AfterPublish afterPublish) {
    this.afterPublish = afterPublish;
    return this;
  }

  /**
   * Loading yields to the users of these query services, as the ingestion service's does: their
   * pressure read every second halves the bulks in flight while they are busy, down to one ({@link
   * SendPace}); null: loading at its full pace.
   */
  public RunLoader yieldingTo(PressureWatch watch) {
    this.yieldTo = watch;
    return this;
  }

  /**
   * Whether a run older than the one its model serves is published ({@link PublishPolicy#ALWAYS})
   * or only kept servable by its run time (the default, {@link PublishPolicy#IF_NEWER}, as for the
   * ingestion service's jobs).
   */
  public RunLoader withPublishPolicy(PublishPolicy policy) {
    this.publishPolicy = policy;
    return this;
  }

  public LoadReport load(ForecastSource source) throws IOException, InterruptedException {
    return load(source, progress -> log.info("{} {}", source.run().model(), progress.line()));
  }

  /**
   * Loads the run, reporting progress every {@code progressInterval}; never throws for lost
   * documents. An exception after the run was begun ends it through {@link RunLifecycle#abandon}
   * before it is rethrown: no LOADING record and no loading settings are left behind.
   */
  public LoadReport load(ForecastSource source, Consumer<LoadProgress> progress)
      throws IOException, InterruptedException {
    RunLifecycle lifecycle = new RunLifecycle(client, settings, afterPublish);
    // Its shards per index chosen now, when not set: the record and the indices name them.
    ForecastRun run = source.run();
    run = run.withSharding(lifecycle.resolveShards(run.sharding()));
    ShardingStrategy strategy = new ShardingStrategy(run);
    List<String> runIndices = strategy.allIndices();
    Instant started = Instant.now();

    if (lifecycle.isPublished(run.model(), runIndices)) {
      throw new IllegalStateException(
          "run "
              + run.runId()
              + " of model "
              + run.model()
              + " is already published; load a new run instead");
    }
    RunRecord record = lifecycle.begin(strategy, started);
    log.info(
        "loading run {} of {}: {} documents into {}",
        run.runId(),
        run.model(),
        run.documentCount(),
        runIndices);
    try {
      LoadStats stats = new LoadStats();
      String failure = produceAll(source, strategy, stats, started, progress);
      long counted = lifecycle.finishLoading(runIndices);
      Duration took = Duration.between(started, Instant.now());
      progress.accept(progressOf(run, stats, started, SendPace.UNPACED));
      if (failure == null) {
        failure = verify(run, stats, counted);
      }
      RunLifecycle.Completion completion = null;
      if (failure == null) {
        lifecycle.beforePublishing(record);
        completion = lifecycle.complete(record, counted, null, publishPolicy, "--publish always");
        lifecycle.forceMerge(record);
      } else {
        lifecycle.fail(record, counted, failure);
      }
      return new LoadReport(
          run,
          runIndices,
          run.documentCount(),
          stats.produced(),
          stats.indexed(),
          counted,
          stats.failuresByReason(),
          stats.retriesByCause(),
          stats.documentsPerShard(),
          took,
          completion != null && completion.published(),
          failure,
          completion == null ? List.of() : completion.retired(),
          completion == null || completion.published() ? null : completion.reason());
    } catch (IOException | InterruptedException | RuntimeException | Error e) {
      lifecycle.abandonAfter(e, record);
      throw e;
    }
  }

  /** Runs the producers and waits for every batch to be answered; returns a failure or null. */
  private String produceAll(
      ForecastSource source,
      ShardingStrategy strategy,
      LoadStats stats,
      Instant started,
      Consumer<LoadProgress> progress)
      throws InterruptedException {
    ScheduledExecutorService reporter =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("progress").factory());
    SendPace pace = yieldTo == null ? SendPace.UNPACED : new SendPace(1, settings.senderThreads());
    long every = settings.progressInterval().toMillis();
    reporter.scheduleAtFixedRate(
        () -> progress.accept(progressOf(source.run(), stats, started, pace)),
        every,
        every,
        TimeUnit.MILLISECONDS);
    if (yieldTo != null) {
      reporter.scheduleWithFixedDelay(
          () -> {
            try {
              yieldTo.follow(pace);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          },
          0,
          1,
          TimeUnit.SECONDS);
    }
    try {
      Throwable failure =
          new LoadPipeline(client, settings, stats, BulkListener.NONE)
              .pacedBy(pace)
              .run(source, strategy, source.slices(), null)
              .failure();
      if (failure != null) {
        // A file that cannot be decoded is the user's to fix: its one-line reason names the file
        // and message; the stack trace is only for the debug log.
        String reason =
            failure instanceof ForecastFileException ? failure.getMessage() : failure.toString();
        log.debug("producer failed", failure);
        return "source failed: " + reason;
      }
      return null;
    } finally {
      reporter.shutdownNow();
    }
  }

  private static String verify(ForecastRun run, LoadStats stats, long counted) {
    if (stats.failed() > 0) {
      return stats.failed() + " documents lost: " + stats.failuresByReason();
    }
    if (stats.produced() != run.documentCount()) {
      return "source produced "
          + stats.produced()
          + " documents, the run has "
          + run.documentCount();
    }
    if (counted != stats.produced()) {
      return "Elasticsearch counts "
          + counted
          + " documents, "
          + stats.produced()
          + " were produced";
    }
    return null;
  }

  private static LoadProgress progressOf(
      ForecastRun run, LoadStats stats, Instant started, SendPace pace) {
    Duration elapsed = Duration.between(started, Instant.now());
    double rate = elapsed.toMillis() == 0 ? 0 : stats.indexed() * 1000.0 / elapsed.toMillis();
    boolean paced = pace != SendPace.UNPACED;
    return new LoadProgress(
        run.documentCount(),
        stats.produced(),
        stats.indexed(),
        stats.failed(),
        elapsed,
        rate,
        paced ? pace.limit() : 0,
        paced ? pace.max() : 0);
  }
}
