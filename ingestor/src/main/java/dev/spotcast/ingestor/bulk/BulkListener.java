package dev.spotcast.ingestor.bulk;

/**
 * Hears what {@link BulkSender} does with each batch, for callers that need more than the totals of
 * {@link LoadStats}: the batches in flight, a latency histogram, or the documents Elasticsearch
 * refused (to keep them in a dead-letter index). Called from the producer threads (submitted,
 * abandoned) and the sender threads (the rest); implementations must be thread-safe and quick.
 */
public interface BulkListener {

  /** Hears nothing. */
  BulkListener NONE = new BulkListener() {};

  /** A batch is handed to the sender, before it may wait for a free slot. */
  default void bulkSubmitted(ShardBatch batch) {}

  /**
   * A batch handed over was never queued: {@link BulkSender#submit} was interrupted (the load is
   * stopping) or failed; no {@link #bulkDone} follows for it.
   */
  default void bulkAbandoned(ShardBatch batch) {}

  /**
   * A batch has been answered (retries included) after this many nanoseconds since it was first
   * sent.
   */
  default void bulkDone(ShardBatch batch, long nanos) {}

  /**
   * An item was given up: refused for good ({@link FailureKind#PERMANENT}, e.g. a 400 mapping
   * error) or still rejected after the last retry.
   *
   * @param item the item's position in {@code batch}; {@link ShardBatch#item(int)} gives its NDJSON
   *     lines
   */
  default void itemFailed(ShardBatch batch, int item, FailureKind kind, String reason) {}
}
