package dev.spotcast.ingestor.bulk;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.transport.rest5_client.Rest5ClientTransport;
import co.elastic.clients.transport.rest5_client.low_level.Request;
import co.elastic.clients.transport.rest5_client.low_level.Response;
import co.elastic.clients.transport.rest5_client.low_level.ResponseException;
import co.elastic.clients.transport.rest5_client.low_level.Rest5Client;
import dev.spotcast.ingestor.LoaderSettings;
import io.github.resilience4j.core.IntervalFunction;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A bounded pool of bulk senders. {@link #submit} blocks while every sender is busy and the queue is
 * full: that is the backpressure that keeps a run's memory bounded. Every item's result is read;
 * rejected items are retried with exponential backoff and jitter, everything else is counted.
 *
 * <p>Bodies are pre-built NDJSON posted through the client's low-level REST transport: the typed
 * {@code client.bulk} costs about five times more client CPU per document, which on a 2-core box is
 * taken from Elasticsearch itself (measured in docs/benchmarks.md).
 */
public final class BulkSender implements BatchConsumer, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(BulkSender.class);
  private static final ContentType NDJSON = ContentType.create("application/x-ndjson");

  private final Rest5Client rest;
  private final LoadStats stats;
  private final int maxRetries;
  private final IntervalFunction backoff;
  private final ExecutorService senders;
  private final Semaphore slots;
  private final int slotCount;
  private final BulkListener listener;

  public BulkSender(ElasticsearchClient client, LoaderSettings settings, LoadStats stats) {
    this(client, settings, stats, BulkListener.NONE);
  }

  /** As the three-argument constructor, telling the listener of every answered batch and given-up item. */
  public BulkSender(ElasticsearchClient client, LoaderSettings settings, LoadStats stats, BulkListener listener) {
    this.listener = listener;
    this.rest = ((Rest5ClientTransport) client._transport()).restClient();
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
    stats.produced(batch.documents());
    slots.acquire();
    try {
      senders.execute(
          () -> {
            try {
              send(batch);
            } catch (RuntimeException e) {
              log.error("bulk to {}/{} failed unexpectedly", batch.index(), batch.shard(), e);
              stats.failed("sender error " + e.getClass().getSimpleName(), batch.documents());
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
    ShardBatch pending = batch;
    long start = System.nanoTime();
    try {
      for (int attempt = 1; ; attempt++) {
        boolean lastAttempt = attempt > maxRetries;
        BulkResult result;
        try {
          result = post(pending);
        } catch (ResponseException e) {
          int status = e.getResponse().getStatusCode();
          if (!BulkFailures.isTransientRequest(status) || lastAttempt) {
            lost(pending, "request " + status + (lastAttempt ? " after " + maxRetries + " retries" : ""), e);
            return;
          }
          stats.retried("request " + status, pending.documents());
          if (!pause(attempt, pending)) {
            return;
          }
          continue;
        } catch (IOException e) {
          if (lastAttempt) {
            lost(pending, "request " + e.getClass().getSimpleName() + " after " + maxRetries + " retries", e);
            return;
          }
          stats.retried("request " + e.getClass().getSimpleName(), pending.documents());
          if (!pause(attempt, pending)) {
            return;
          }
          continue;
        }
        List<Integer> retry = count(pending, result, lastAttempt);
        if (retry.isEmpty()) {
          return;
        }
        pending = pending.subset(retry);
        if (!pause(attempt, pending)) {
          return;
        }
      }
    } finally {
      long nanos = System.nanoTime() - start;
      stats.bulkDone(nanos);
      listener.bulkDone(batch, nanos);
    }
  }

  private BulkResult post(ShardBatch batch) throws IOException {
    Request request = new Request("POST", "/" + batch.index() + "/_bulk");
    request.addParameter("filter_path", BulkResult.FILTER_PATH);
    request.setEntity(new ByteArrayEntity(batch.body(), NDJSON));
    Response response = rest.performRequest(request);
    try (InputStream body = response.getEntity().getContent()) {
      return BulkResult.parse(body);
    }
  }

  /** Counts the answered items and returns the positions of those to send again. */
  private List<Integer> count(ShardBatch batch, BulkResult result, boolean lastAttempt) {
    if (!result.errors()) {
      stats.indexed(batch.index(), batch.shard(), batch.documents());
      return List.of();
    }
    List<Integer> retry = new ArrayList<>();
    for (BulkResult.Item item : result.failed()) {
      if (BulkFailures.isTransientItem(item.status(), item.type()) && !lastAttempt) {
        stats.retried(item.status() + " " + item.type(), 1);
        retry.add(item.position());
      } else {
        String reason = BulkFailures.describe(item.status(), item.type(), item.reason());
        String failure = lastAttempt ? reason + " (after " + maxRetries + " retries)" : reason;
        stats.failed(failure, 1);
        listener.itemFailed(batch, item.position(), failure);
      }
    }
    stats.indexed(batch.index(), batch.shard(), batch.documents() - result.failed().size());
    return retry;
  }

  private void lost(ShardBatch batch, String reason, Exception cause) {
    log.warn("bulk to {}/{}: {} documents lost: {}", batch.index(), batch.shard(), batch.documents(), reason, cause);
    stats.failed(reason, batch.documents());
  }

  /** Sleeps before a retry; when interrupted (the load is cancelled) counts the batch as lost. */
  private boolean pause(int attempt, ShardBatch pending) {
    try {
      Thread.sleep(backoff.apply(attempt));
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stats.failed("cancelled", pending.documents());
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
