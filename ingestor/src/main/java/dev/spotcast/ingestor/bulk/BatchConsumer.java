package dev.spotcast.ingestor.bulk;

/** Takes full shard batches; {@link BulkSender} sends them, blocking while it is saturated. */
@FunctionalInterface
public interface BatchConsumer {
  void submit(ShardBatch batch) throws InterruptedException;
}
