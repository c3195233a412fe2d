package dev.spotcast.ingestor.bulk;

import dev.spotcast.ingestor.source.DocumentSink;
import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.sharding.ShardingStrategy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;

/**
 * Produces a whole source into shard batches with several threads. Threads take small slices from
 * one queue until it is empty, so they finish together: threads that finish early leave cores idle
 * at the end of a run, which the 2016 system measured as lost throughput. Each has its own {@link
 * ShardBatcher}, flushed at the end. {@link LoadPipeline} adds the sending.
 */
public final class SliceProducers {

  private SliceProducers() {}

  /** Thrown by a producer's sink when the caller's abort check says stop: the slice stops there. */
  static final class Aborted extends InterruptedException {
    Aborted() {
      super("production aborted");
    }
  }

  /**
   * Runs {@code threads} producers to the end and returns the first failure of the source (the
   * remaining slices are then dropped), or null when every slice was produced.
   */
  public static Throwable run(
      ForecastSource source,
      ShardingStrategy strategy,
      int threads,
      int bulkDocuments,
      long bulkBytes,
      BatchConsumer consumer,
      String threadName)
      throws InterruptedException {
    return run(
        source,
        source.slices(),
        strategy,
        threads,
        bulkDocuments,
        bulkBytes,
        consumer,
        threadName,
        null);
  }

  /**
   * As {@link #run(ForecastSource, ShardingStrategy, int, int, long, BatchConsumer, String)}, for
   * these slices; a producer stopped by {@code abort} returns an {@link Aborted} as its failure.
   */
  static Throwable run(
      ForecastSource source,
      Collection<ForecastSource.Slice> slices,
      ShardingStrategy strategy,
      int threads,
      int bulkDocuments,
      long bulkBytes,
      BatchConsumer consumer,
      String threadName,
      BooleanSupplier abort)
      throws InterruptedException {
    Queue<ForecastSource.Slice> work = new ConcurrentLinkedQueue<>(slices);
    ExecutorService pool =
        Executors.newFixedThreadPool(threads, Thread.ofPlatform().name(threadName, 0).factory());
    Throwable failure = null;
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        running.add(
            pool.submit(
                () -> {
                  produce(
                      source,
                      work,
                      new ShardBatcher(strategy, consumer, bulkDocuments, bulkBytes),
                      abort);
                  return null;
                }));
      }
      for (Future<?> f : running) {
        try {
          f.get();
        } catch (ExecutionException e) {
          if (failure == null) {
            failure = e.getCause();
            work.clear();
          }
        }
      }
    } finally {
      pool.shutdownNow();
    }
    return failure;
  }

  /**
   * One producer: takes slices from {@code work} until it is empty, then flushes its batcher.
   *
   * @param abort checked before every document (null: never); when it says stop, {@link Aborted} is
   *     thrown and the partly filled batches are not sent
   */
  static void produce(
      ForecastSource source,
      Queue<ForecastSource.Slice> work,
      ShardBatcher batcher,
      BooleanSupplier abort)
      throws Exception {
    DocumentSink sink =
        abort == null
            ? batcher
            : (axis, level, step, document) -> {
              if (abort.getAsBoolean()) {
                throw new Aborted();
              }
              batcher.accept(axis, level, step, document);
            };
    ForecastSource.Slice slice;
    while ((slice = work.poll()) != null) {
      source.produce(slice, sink);
    }
    batcher.flush();
  }
}
