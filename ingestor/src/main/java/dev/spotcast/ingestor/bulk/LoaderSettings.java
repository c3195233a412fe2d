package dev.spotcast.ingestor.bulk;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How a run is loaded.
 *
 * @param producerThreads threads turning the source into documents and shard batches
 * @param senderThreads threads sending bulk requests; also the number of bulks in flight
 * @param queuedBulks full batches that may wait for a sender before producers block
 * @param bulkDocuments documents per bulk request (one shard's batch)
 * @param bulkBytes estimated bytes per bulk request, whichever limit comes first
 * @param maxRetries retries of a rejected (429/503) item or a failed request before it counts as
 *     lost
 * @param initialBackoff first retry delay; doubles each retry, with jitter
 * @param maxBackoff longest retry delay
 * @param replicas replicas set on the run's indices once loaded
 * @param loadingReplicas replicas of the run's indices while it loads: 0 (the fastest load, every
 *     document indexed once; a node lost mid-load fails the run), or 1 where a run must survive
 *     losing a node while it loads (every document indexed twice; what a local fleet sets)
 * @param deleteFailedRuns delete the indices of a run that failed (its record stays, with the
 *     reason)
 * @param progressInterval how often progress is reported
 */
@ConfigurationProperties("spotcast.ingest")
public record LoaderSettings(
    @DefaultValue("2") int producerThreads,
    @DefaultValue("4") int senderThreads,
    @DefaultValue("4") int queuedBulks,
    @DefaultValue("5000") int bulkDocuments,
    @DefaultValue("8388608") long bulkBytes,
    @DefaultValue("10") int maxRetries,
    @DefaultValue("100ms") Duration initialBackoff,
    @DefaultValue("10s") Duration maxBackoff,
    @DefaultValue("0") int replicas,
    @DefaultValue("true") boolean deleteFailedRuns,
    @DefaultValue("2s") Duration progressInterval,
    @DefaultValue("0") int loadingReplicas) {

  public LoaderSettings {
    if (producerThreads < 1 || senderThreads < 1 || queuedBulks < 0) {
      throw new IllegalArgumentException(
          "spotcast.ingest: producer and sender threads must be >= 1");
    }
    if (bulkDocuments < 1 || bulkBytes < 1024) {
      throw new IllegalArgumentException(
          "spotcast.ingest: bulk-documents >= 1, bulk-bytes >= 1024");
    }
    if (maxRetries < 0 || replicas < 0 || loadingReplicas < 0) {
      throw new IllegalArgumentException(
          "spotcast.ingest: max-retries, replicas and loading-replicas must be >= 0");
    }
  }

  public static LoaderSettings defaults() {
    return new LoaderSettings(
        Math.max(1, Runtime.getRuntime().availableProcessors()),
        4,
        4,
        5000,
        8L << 20,
        10,
        Duration.ofMillis(100),
        Duration.ofSeconds(10),
        0,
        true,
        Duration.ofSeconds(2),
        0);
  }

  public LoaderSettings withThreads(int producers, int senders) {
    return new LoaderSettings(
        producers,
        senders,
        queuedBulks,
        bulkDocuments,
        bulkBytes,
        maxRetries,
        initialBackoff,
        maxBackoff,
        replicas,
        deleteFailedRuns,
        progressInterval,
        loadingReplicas);
  }

  public LoaderSettings withBulkDocuments(int documents) {
    return new LoaderSettings(
        producerThreads,
        senderThreads,
        queuedBulks,
        documents,
        bulkBytes,
        maxRetries,
        initialBackoff,
        maxBackoff,
        replicas,
        deleteFailedRuns,
        progressInterval,
        loadingReplicas);
  }

  public LoaderSettings withRetries(int retries, Duration initial, Duration max) {
    return new LoaderSettings(
        producerThreads,
        senderThreads,
        queuedBulks,
        bulkDocuments,
        bulkBytes,
        retries,
        initial,
        max,
        replicas,
        deleteFailedRuns,
        progressInterval,
        loadingReplicas);
  }

  public LoaderSettings withReplicas(int count) {
    return new LoaderSettings(
        producerThreads,
        senderThreads,
        queuedBulks,
        bulkDocuments,
        bulkBytes,
        maxRetries,
        initialBackoff,
        maxBackoff,
        count,
        deleteFailedRuns,
        progressInterval,
        loadingReplicas);
  }

  public LoaderSettings withDeleteFailedRuns(boolean delete) {
    return new LoaderSettings(
        producerThreads,
        senderThreads,
        queuedBulks,
        bulkDocuments,
        bulkBytes,
        maxRetries,
        initialBackoff,
        maxBackoff,
        replicas,
        delete,
        progressInterval,
        loadingReplicas);
  }
}
