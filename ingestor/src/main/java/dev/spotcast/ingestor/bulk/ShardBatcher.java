package dev.spotcast.ingestor.bulk;

import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import dev.spotcast.index.ForecastDocument;
import dev.spotcast.ingestor.source.DocumentSink;
import dev.spotcast.sharding.ShardingStrategy;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * One producer thread's batches, one per (index, shard): each document goes to the shard that
 * Elasticsearch itself would route it to, so every bulk request is a single-shard request that the
 * coordinating node does not have to split. Not thread-safe: one per producer.
 */
public final class ShardBatcher implements DocumentSink {

  /** Rough JSON size of a document's fixed part plus action line, for the byte limit. */
  private static final int FIXED_BYTES = 140;
  private static final int BYTES_PER_VALUE = 16;

  private final ShardingStrategy strategy;
  private final BatchConsumer sender;
  private final int maxDocuments;
  private final long maxBytes;
  // Index names are interned by the strategy, so identity lookups are safe and cheap.
  private final Map<String, Open[]> open = new IdentityHashMap<>();

  public ShardBatcher(ShardingStrategy strategy, BatchConsumer sender, int maxDocuments, long maxBytes) {
    this.strategy = strategy;
    this.sender = sender;
    this.maxDocuments = maxDocuments;
    this.maxBytes = maxBytes;
  }

  @Override
  public void accept(int levelPosition, int stepPosition, ForecastDocument document) throws InterruptedException {
    String index = strategy.indexName(levelPosition, stepPosition);
    int tile = strategy.tileOf(document.lat(), document.lon());
    int shard = strategy.shardOf(tile);
    String routing = strategy.routingKey(tile);
    Open[] shards = open.computeIfAbsent(index, k -> new Open[strategy.shardsPerIndex()]);
    Open batch = shards[shard];
    if (batch == null) {
      batch = shards[shard] = new Open(maxDocuments);
    }
    batch.operations.add(
        BulkOperation.of(b -> b.index(i -> i.index(index).id(document.id()).routing(routing).document(document))));
    batch.bytes += FIXED_BYTES + BYTES_PER_VALUE * document.values().length;
    if (batch.operations.size() >= maxDocuments || batch.bytes >= maxBytes) {
      shards[shard] = null;
      sender.submit(new ShardBatch(index, shard, batch.operations));
    }
  }

  /** Sends every partly filled batch. */
  public void flush() throws InterruptedException {
    for (Map.Entry<String, Open[]> entry : open.entrySet()) {
      Open[] shards = entry.getValue();
      for (int shard = 0; shard < shards.length; shard++) {
        if (shards[shard] != null && !shards[shard].operations.isEmpty()) {
          sender.submit(new ShardBatch(entry.getKey(), shard, shards[shard].operations));
        }
        shards[shard] = null;
      }
    }
  }

  private static final class Open {
    final List<BulkOperation> operations;
    long bytes;

    Open(int capacity) {
      this.operations = new ArrayList<>(capacity);
    }
  }
}
