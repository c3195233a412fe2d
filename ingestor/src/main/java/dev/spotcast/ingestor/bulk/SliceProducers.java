package dev.spotcast.ingestor.bulk;

import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.sharding.ShardingStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Produces a whole source into shard batches with several threads. Threads take small slices from
 * one queue until it is empty, so they finish together: threads that finish early leave cores idle
 * at the end of a run, which the 2016 system measured as lost throughput. Each has its own {@link
 * ShardBatcher}, flushed at the end.
 */
public final class SliceProducers {

  private SliceProducers() {}

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
    Queue<ForecastSource.Slice> work = new ConcurrentLinkedQueue<>(source.slices());
    ExecutorService pool =
        Executors.newFixedThreadPool(threads, Thread.ofPlatform().name(threadName, 0).factory());
    Throwable failure = null;
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        running.add(
            pool.submit(
                () -> {
                  ShardBatcher batcher =
                      new ShardBatcher(strategy, consumer, bulkDocuments, bulkBytes);
                  ForecastSource.Slice slice;
                  while ((slice = work.poll()) != null) {
                    source.produce(slice, batcher);
                  }
                  batcher.flush();
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
}
