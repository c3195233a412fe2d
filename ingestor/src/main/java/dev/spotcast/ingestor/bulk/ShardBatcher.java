package dev.spotcast.ingestor.bulk;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.spotcast.index.ForecastDocument;
import dev.spotcast.ingestor.source.DocumentSink;
import dev.spotcast.sharding.ShardingStrategy;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * One producer thread's batches, one per (index, shard): each document goes to the shard that
 * Elasticsearch itself would route it to, so every bulk request is a single-shard request that the
 * coordinating node does not have to split. Documents are written straight into the request's
 * NDJSON body by a streaming generator on the producer thread: the typed client's per-operation
 * serialisation and response model cost several times the client CPU per document (measured in
 * docs/benchmarks.md). Not thread-safe: one per producer.
 */
public final class ShardBatcher implements DocumentSink {

  // No root separator: the NDJSON newlines are written explicitly.
  private static final JsonFactory JSON =
      new JsonFactoryBuilder().rootValueSeparator((String) null).build();

  private final ShardingStrategy strategy;
  private final BatchConsumer sender;
  private final int maxDocuments;
  private final long maxBytes;
  // Index names are interned by the strategy, so identity lookups are safe and cheap.
  private final Map<String, Open[]> open = new IdentityHashMap<>();

  public ShardBatcher(
      ShardingStrategy strategy, BatchConsumer sender, int maxDocuments, long maxBytes) {
    this.strategy = strategy;
    this.sender = sender;
    this.maxDocuments = maxDocuments;
    this.maxBytes = maxBytes;
  }

  @Override
  public void accept(
      int axisPosition, int levelPosition, int stepPosition, ForecastDocument document)
      throws InterruptedException {
    String index = strategy.indexName(axisPosition, levelPosition, stepPosition);
    int shard;
    String routing;
    if (strategy.tileRouted()) {
      int tile = strategy.tileOf(document.lat(), document.lon());
      shard = strategy.shardOf(tile);
      routing = strategy.routingKey(tile);
    } else {
      shard = strategy.shardOfId(document.id()); // no routing key: Elasticsearch routes by _id
      routing = null;
    }
    Open[] shards = open.computeIfAbsent(index, k -> new Open[strategy.shardsPerIndex()]);
    Open batch = shards[shard];
    if (batch == null) {
      batch = shards[shard] = new Open(maxDocuments);
    }
    batch.add(document, routing);
    if (batch.documents >= maxDocuments || batch.bytes.size() >= maxBytes) {
      shards[shard] = null;
      sender.submit(batch.close(index, shard));
    }
  }

  /** Sends every partly filled batch. */
  public void flush() throws InterruptedException {
    for (Map.Entry<String, Open[]> entry : open.entrySet()) {
      Open[] shards = entry.getValue();
      for (int shard = 0; shard < shards.length; shard++) {
        if (shards[shard] != null && shards[shard].documents > 0) {
          sender.submit(shards[shard].close(entry.getKey(), shard));
        }
        shards[shard] = null;
      }
    }
  }

  /**
   * A batch being written. The index is in the request path, so action lines carry the id and the
   * routing key (none when routing by _id).
   */
  private static final class Open {
    final ByteArrayOutputStream bytes;
    final JsonGenerator gen;
    int[] offsets;
    int documents;

    Open(int capacity) {
      this.bytes = new ByteArrayOutputStream(Math.min(capacity, 10_000) * 240);
      this.offsets = new int[capacity + 1];
      try {
        this.gen = JSON.createGenerator(bytes);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    void add(ForecastDocument document, String routing) {
      try {
        gen.writeStartObject();
        gen.writeObjectFieldStart("index");
        gen.writeStringField("_id", document.id());
        if (routing != null) {
          gen.writeStringField("routing", routing);
        }
        gen.writeEndObject();
        gen.writeEndObject();
        gen.writeRaw('\n');
        document.writeTo(gen);
        gen.writeRaw('\n');
        gen.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      documents++;
      if (documents + 1 > offsets.length) {
        offsets = Arrays.copyOf(offsets, offsets.length * 2);
      }
      offsets[documents] = bytes.size();
    }

    ShardBatch close(String index, int shard) {
      return new ShardBatch(
          index, shard, bytes.toByteArray(), Arrays.copyOf(offsets, documents + 1));
    }
  }
}
