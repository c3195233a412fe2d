package dev.spotcast.ingestor.bulk;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.transport.rest5_client.Rest5ClientTransport;
import co.elastic.clients.transport.rest5_client.low_level.Request;
import co.elastic.clients.transport.rest5_client.low_level.Response;
import co.elastic.clients.transport.rest5_client.low_level.ResponseException;
import co.elastic.clients.transport.rest5_client.low_level.Rest5Client;
import io.github.resilience4j.core.IntervalFunction;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
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
 * A bounded pool of bulk senders. {@link #submit} blocks while every sender is busy and the queue
 * is full: that is the backpressure that keeps a run's memory bounded. Every item's result is read;
 * rejected items are retried with exponential backoff and jitter, everything else is counted. Items
 * refused because the index or cluster blocks writes (flood-stage disk watermark, a read-only
 * index) pause the batch instead: it waits, without using up its retries, until the block is lifted
 * (or {@link #BLOCK_LIMIT} has passed), so an operator freeing disk loses nothing.
 *
 * <p>Bodies are pre-built NDJSON posted through the client's low-level REST transport: the typed
 * {@code client.bulk} costs about five times more client CPU per document, which on a 2-core box is
 * taken from Elasticsearch itself (measured in docs/benchmarks.md).
 */
public final class BulkSender implements BatchConsumer, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(BulkSender.class);
  private static final ContentType NDJSON = ContentType.create("application/x-ndjson");

  /** How long a batch waits for a write block to be lifted before its documents count as lost. */
  static final Duration BLOCK_LIMIT = Duration.ofMinutes(30);

  /** Pause between two tries while writes are blocked. */
  private static final Duration BLOCK_PAUSE = Duration.ofSeconds(1);

  private final Rest5Client rest;
  private final LoadStats stats;
  private final int maxRetries;
  private final IntervalFunction backoff;
  private final ExecutorService senders;
  private final Semaphore slots;
  private final int slotCount;
  private final BulkListener listener;
  private final SendPace pace;

  public BulkSender(ElasticsearchClient client, LoaderSettings settings, LoadStats stats) {
    this(client, settings, stats, BulkListener.NONE);
  }

  /**
   * As the three-argument constructor, telling the listener of every answered batch and given-up
   * item.
   */
  public BulkSender(
      ElasticsearchClient client, LoaderSettings settings, LoadStats stats, BulkListener listener) {
    this(client, settings, stats, listener, SendPace.UNPACED);
  }

  /**
   * As the four-argument constructor, every attempt taking a turn of {@code pace} (shared by every
   * sender of the process) before it is sent.
   */
  public BulkSender(
      ElasticsearchClient client,
      LoaderSettings settings,
      LoadStats stats,
      BulkListener listener,
      SendPace pace) {
    this.listener = listener;
    this.pace = pace;
    this.rest = ((Rest5ClientTransport) client._transport()).restClient();
    this.stats = stats;
    this.maxRetries = settings.maxRetries();
    this.backoff =
        IntervalFunction.ofExponentialRandomBackoff(
            settings.initialBackoff().toMillis(), 2.0, 0.5, settings.maxBackoff().toMillis());
    this.senders =
        Executors.newFixedThreadPool(
            settings.senderThreads(), Thread.ofPlatform().name("bulk-", 0).factory());
    this.slotCount = settings.senderThreads() + settings.queuedBulks();
    this.slots = new Semaphore(slotCount);
  }

  /** Queues a batch for sending; blocks while all senders are busy and the queue is full. */
  @Override
  public void submit(ShardBatch batch) throws InterruptedException {
    listener.bulkSubmitted(batch);
    stats.produced(batch.documents());
    try {
      slots.acquire();
    } catch (InterruptedException e) {
      listener.bulkAbandoned(batch);
      throw e;
    }
    try {
      senders.execute(
          () -> {
            try {
              send(batch);
            } catch (RuntimeException e) {
              log.error("bulk to {}/{} failed unexpectedly", batch.index(), batch.shard(), e);
              stats.failed(
                  FailureKind.TRANSIENT,
                  "sender error " + e.getClass().getSimpleName(),
                  batch.documents());
            } finally {
              slots.release();
            }
          });
    } catch (RuntimeException e) {
      slots.release();
      listener.bulkAbandoned(batch);
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
    long blockedSince = 0;
    try {
      for (int attempt = 1; ; attempt++) {
        boolean lastAttempt = attempt > maxRetries;
        BulkResult result;
        long turnStartedAt;
        try {
          turnStartedAt = pace.acquire();
        } catch (InterruptedException e) {
          cancelled(pending);
          return;
        }
        try {
          result = post(pending);
        } catch (ResponseException e) {
          int status = e.getResponse().getStatusCode();
          if (FailureKind.ofRequest(status) != FailureKind.TRANSIENT || lastAttempt) {
            lost(
                pending,
                "request " + status + (lastAttempt ? " after " + maxRetries + " retries" : ""),
                e);
            return;
          }
          stats.retried("request " + status, pending.documents());
          if (!pause(attempt, pending)) {
            return;
          }
          continue;
        } catch (IOException e) {
          if (lastAttempt) {
            lost(
                pending,
                "request " + e.getClass().getSimpleName() + " after " + maxRetries + " retries",
                e);
            return;
          }
          stats.retried("request " + e.getClass().getSimpleName(), pending.documents());
          if (!pause(attempt, pending)) {
            return;
          }
          continue;
        } finally {
          pace.release(turnStartedAt);
        }
        boolean blockTooLong =
            blockedSince != 0 && System.nanoTime() - blockedSince > BLOCK_LIMIT.toNanos();
        Retry retry = count(pending, result, lastAttempt, blockTooLong);
        if (retry.positions().isEmpty()) {
          return;
        }
        pending = pending.subset(retry.positions());
        if (retry.blocked()) {
          // A block is not the cluster being busy: wait for it to be lifted, keep the retries.
          if (blockedSince == 0) {
            blockedSince = System.nanoTime();
            log.warn(
                "writes to {} are blocked ({}); pausing its batch until the block is lifted (at most {})",
                batch.index(),
                retry.blockReason(),
                BLOCK_LIMIT);
          }
          attempt--;
          if (!sleep(BLOCK_PAUSE.toMillis(), pending)) {
            return;
          }
          continue;
        }
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

  /**
   * The items to send again; {@code blocked} when some of them met a write block (and the reason),
   * so that the batch waits for the block instead of spending its retries.
   */
  private record Retry(List<Integer> positions, boolean blocked, String blockReason) {}

  /** Counts the answered items and returns those to send again. */
  private Retry count(
      ShardBatch batch, BulkResult result, boolean lastAttempt, boolean blockTooLong) {
    if (!result.errors()) {
      stats.indexed(batch.index(), batch.shard(), batch.documents());
      return new Retry(List.of(), false, null);
    }
    List<Integer> retry = new ArrayList<>();
    String blockReason = null;
    for (BulkResult.Item item : result.failed()) {
      FailureKind kind = FailureKind.ofItem(item.status(), item.type());
      if (kind == FailureKind.BLOCKED && !blockTooLong) {
        stats.retried(item.status() + " " + item.type(), 1);
        retry.add(item.position());
        blockReason = BulkFailures.describe(item.status(), item.type(), item.reason());
      } else if (kind == FailureKind.TRANSIENT && !lastAttempt) {
        stats.retried(item.status() + " " + item.type(), 1);
        retry.add(item.position());
      } else {
        String reason = BulkFailures.describe(item.status(), item.type(), item.reason());
        String failure = lastAttempt ? reason + " (after " + maxRetries + " retries)" : reason;
        stats.failed(kind, failure, 1);
        listener.itemFailed(batch, item.position(), kind, failure);
      }
    }
    stats.indexed(batch.index(), batch.shard(), batch.documents() - result.failed().size());
    return new Retry(retry, blockReason != null, blockReason);
  }

  /**
   * A whole batch Elasticsearch did not take: counted as {@link FailureKind#TRANSIENT}, since no
   * document in it was judged; the ingestion service redoes it with its chunk.
   */
  private void lost(ShardBatch batch, String reason, Exception cause) {
    log.warn(
        "bulk to {}/{}: {} documents lost: {}",
        batch.index(),
        batch.shard(),
        batch.documents(),
        reason,
        cause);
    stats.failed(FailureKind.TRANSIENT, reason, batch.documents());
  }

  /** The load was cancelled while the batch waited: counts it as lost, keeps the interrupt. */
  private void cancelled(ShardBatch pending) {
    Thread.currentThread().interrupt();
    stats.failed(FailureKind.TRANSIENT, "cancelled", pending.documents());
  }

  /** Sleeps before a retry; when interrupted (the load is cancelled) counts the batch as lost. */
  private boolean pause(int attempt, ShardBatch pending) {
    return sleep(backoff.apply(attempt), pending);
  }

  private boolean sleep(long millis, ShardBatch pending) {
    try {
      Thread.sleep(millis);
      return true;
    } catch (InterruptedException e) {
      cancelled(pending);
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
