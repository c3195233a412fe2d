package dev.spotcast.ingestor.bulk;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.BulkResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import dev.spotcast.ingestor.LoaderSettings;
import io.github.resilience4j.core.IntervalFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A bounded pool of bulk senders. {@link #submit} blocks while every sender is busy and the queue is
 * full: that is the backpressure that keeps a run's memory bounded. Every item's result is read;
 * rejected items are retried with exponential backoff and jitter, everything else is counted.
 */
public final class BulkSender implements BatchConsumer, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(BulkSender.class);

  private final ElasticsearchClient client;
  private final LoadStats stats;
  private final int maxRetries;
  private final IntervalFunction backoff;
  private final ExecutorService senders;
  private final Semaphore slots;
  private final int slotCount;

  public BulkSender(ElasticsearchClient client, LoaderSettings settings, LoadStats stats) {
    this.client = client;
    this.stats = stats;
    this.maxRetries = settings.maxRetries();
    this.backoff =
        IntervalFunction.ofExponentialRandomBackoff(
            settings.initialBackoff().toMillis(), 2.0, 0.5, settings.maxBackoff().toMillis());
    this.senders = Executors.newFixedThreadPool(settings.senderThreads(), Thread.ofPlatform().name("bulk-", 0).factory());
    this.slotCount = settings.senderThreads() + settings.queuedBulks();
    this.slots = new Semaphore(slotCount);
  }

  /** Queues a batch for sending; blocks while all senders are busy and the queue is full. */
  @Override
  public void submit(ShardBatch batch) throws InterruptedException {
    stats.produced(batch.operations().size());
    slots.acquire();
    try {
      senders.execute(
          () -> {
            try {
              send(batch);
            } catch (RuntimeException e) {
              log.error("bulk to {}/{} failed unexpectedly", batch.index(), batch.shard(), e);
              stats.failed("sender error " + e.getClass().getSimpleName(), batch.operations().size());
            } finally {
              slots.release();
            }
          });
    } catch (RuntimeException e) {
      slots.release();
      throw e;
    }
  }

  /** Waits until every submitted batch has been answered (or counted as failed). */
  public void awaitIdle() throws InterruptedException {
    slots.acquire(slotCount);
    slots.release(slotCount);
  }

  private void send(ShardBatch batch) {
    List<BulkOperation> pending = batch.operations();
    long start = System.nanoTime();
    try {
      for (int attempt = 1; ; attempt++) {
        List<BulkOperation> toSend = pending;
        BulkResponse response;
        try {
          response = client.bulk(b -> b.operations(toSend));
        } catch (Exception e) {
          if (!BulkFailures.isTransient(e) || attempt > maxRetries) {
            String reason = BulkFailures.describe(e) + (attempt > maxRetries ? " after " + maxRetries + " retries" : "");
            log.warn("bulk to {}/{}: {} documents lost: {}", batch.index(), batch.shard(), pending.size(), reason, e);
            stats.failed(reason, pending.size());
            return;
          }
          stats.retried(BulkFailures.describe(e), pending.size());
          if (!pause(attempt)) {
            stats.failed("cancelled", pending.size());
            return;
          }
          continue;
        }
        pending = collectRetries(batch, toSend, response, attempt > maxRetries);
        if (pending.isEmpty()) {
          return;
        }
        if (!pause(attempt)) {
          stats.failed("cancelled", pending.size());
          return;
        }
      }
    } finally {
      stats.bulkDone(System.nanoTime() - start);
    }
  }

  /** Counts the answered items and returns those to send again. */
  private List<BulkOperation> collectRetries(
      ShardBatch batch, List<BulkOperation> sent, BulkResponse response, boolean lastAttempt) {
    if (!response.errors()) {
      stats.indexed(batch.index(), batch.shard(), sent.size());
      return List.of();
    }
    List<BulkOperation> retry = new ArrayList<>();
    int ok = 0;
    List<BulkResponseItem> items = response.items();
    for (int i = 0; i < items.size(); i++) {
      BulkResponseItem item = items.get(i);
      if (item.error() == null) {
        ok++;
      } else if (BulkFailures.isTransient(item.status(), item.error()) && !lastAttempt) {
        stats.retried(BulkFailures.describe(item.status(), item.error()).split(":")[0], 1);
        retry.add(sent.get(i));
      } else {
        String reason = BulkFailures.describe(item.status(), item.error());
        stats.failed(lastAttempt ? reason + " (after " + maxRetries + " retries)" : reason, 1);
      }
    }
    stats.indexed(batch.index(), batch.shard(), ok);
    return retry;
  }

  /** Sleeps before a retry; false when interrupted (the load is being cancelled). */
  private boolean pause(int attempt) {
    try {
      Thread.sleep(backoff.apply(attempt));
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Override
  public void close() throws InterruptedException {
    senders.shutdown();
    if (!senders.awaitTermination(5, TimeUnit.MINUTES)) {
      senders.shutdownNow();
    }
  }
}
