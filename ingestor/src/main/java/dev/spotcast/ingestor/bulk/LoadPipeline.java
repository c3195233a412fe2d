package dev.spotcast.ingestor.bulk;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.sharding.ShardingStrategy;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.function.BooleanSupplier;

/**
 * Produce, batch, send, wait: a source's slices become documents, the documents per-shard batches
 * ({@link ShardBatcher}), the batches bulk requests ({@link BulkSender}, with its backpressure and
 * retries), and a run returns only once Elasticsearch has answered every batch sent. Every document
 * produced ends up in {@link LoadStats}: indexed, or failed with its reason.
 *
 * <p>The same pipeline for the CLI's whole run (several producer threads) and the ingestion
 * service's chunk ({@link #onThisThread}: on the worker's thread); what differs stays with the
 * caller: its {@link BulkListener} (metrics, dead letters) and its abort check (a chunk stops when
 * its job ends or its instance stops).
 */
public final class LoadPipeline {

  /**
   * How production ended; the bulks sent have all been answered either way.
   *
   * @param failure the source's first failure (the remaining slices were dropped), or null
   * @param aborted the abort check said stop: the slices were not all produced, nor the last
   *     batches sent
   */
  public record Outcome(Throwable failure, boolean aborted) {}

  private final ElasticsearchClient client;
  private final LoaderSettings settings;
  private final LoadStats stats;
  private final BulkListener listener;
  private final boolean onThisThread;
  private final Runnable afterProduce;
  private final SendPace pace;

  /**
   * A pipeline producing on {@link LoaderSettings#producerThreads()} threads that take the slices
   * from one queue ({@link SliceProducers}).
   */
  public LoadPipeline(
      ElasticsearchClient client, LoaderSettings settings, LoadStats stats, BulkListener listener) {
    this(client, settings, stats, listener, false, () -> {}, SendPace.UNPACED);
  }

  private LoadPipeline(
      ElasticsearchClient client,
      LoaderSettings settings,
      LoadStats stats,
      BulkListener listener,
      boolean onThisThread,
      Runnable afterProduce,
      SendPace pace) {
    this.client = client;
    this.settings = settings;
    this.stats = stats;
    this.listener = listener;
    this.onThisThread = onThisThread;
    this.afterProduce = afterProduce;
    this.pace = pace;
  }

  /** This pipeline producing the slices in order on the thread that runs it, with no pool. */
  public LoadPipeline onThisThread() {
    return new LoadPipeline(client, settings, stats, listener, true, afterProduce, pace);
  }

  /**
   * This pipeline calling {@code action} once every slice is produced and every batch handed to the
   * sender, before their answers are awaited; not after a failure or an abort.
   */
  public LoadPipeline afterProduce(Runnable action) {
    return new LoadPipeline(client, settings, stats, listener, onThisThread, action, pace);
  }

  /**
   * This pipeline sending each bulk request in a turn of {@code pace}: the pace its process yields
   * to users by.
   */
  public LoadPipeline pacedBy(SendPace pace) {
    return new LoadPipeline(client, settings, stats, listener, onThisThread, afterProduce, pace);
  }

  /**
   * Produces the slices, sends their batches and waits until every batch sent is answered.
   *
   * @param abort checked before every document; null for never
   * @throws InterruptedException when this thread is interrupted; the bulks sent are still awaited
   */
  public Outcome run(
      ForecastSource source,
      ShardingStrategy strategy,
      Collection<ForecastSource.Slice> slices,
      BooleanSupplier abort)
      throws InterruptedException {
    if (!onThisThread) {
      return send(
          sender ->
              SliceProducers.run(
                  source,
                  slices,
                  strategy,
                  settings.producerThreads(),
                  settings.bulkDocuments(),
                  settings.bulkBytes(),
                  sender,
                  "produce-",
                  abort));
    }
    return send(
        sender -> {
          ShardBatcher batcher =
              new ShardBatcher(strategy, sender, settings.bulkDocuments(), settings.bulkBytes());
          try {
            SliceProducers.produce(source, new ArrayDeque<>(slices), batcher, abort);
            return null;
          } catch (InterruptedException e) {
            throw e; // an abort is told apart by send
          } catch (Exception e) {
            return e;
          }
        });
  }

  /** Produces into a sender; returns the source's failure or null. */
  @FunctionalInterface
  private interface Production {
    Throwable into(BulkSender sender) throws InterruptedException;
  }

  private Outcome send(Production production) throws InterruptedException {
    try (BulkSender sender = new BulkSender(client, settings, stats, listener, pace)) {
      Throwable failure;
      try {
        failure = production.into(sender);
        if (failure == null) {
          afterProduce.run();
        }
      } catch (SliceProducers.Aborted e) {
        failure = e;
      } catch (InterruptedException e) {
        awaitQuietly(sender);
        throw e;
      }
      awaitQuietly(sender);
      if (failure instanceof SliceProducers.Aborted) {
        return new Outcome(null, true);
      }
      return new Outcome(failure, false);
    }
  }

  /**
   * Waits for every batch sent even when the thread is interrupted meanwhile: their answers are
   * counted. The interrupt is kept for the caller.
   */
  private static void awaitQuietly(BulkSender sender) {
    boolean interrupted = Thread.interrupted();
    try {
      sender.awaitIdle();
    } catch (InterruptedException e) {
      interrupted = true;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
