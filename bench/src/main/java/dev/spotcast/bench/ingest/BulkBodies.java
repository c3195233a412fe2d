package dev.spotcast.bench.ingest;

import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.bulk.ShardBatch;
import dev.spotcast.ingestor.bulk.SliceProducers;
import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.sharding.ShardingStrategy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The bulk request bodies of a run, generated before anything is timed: the very bytes the ingestor
 * sends (its own {@link dev.spotcast.ingestor.bulk.ShardBatcher}, one NDJSON body per shard batch,
 * posted to the batch's index).
 */
final class BulkBodies {

  /** One bulk request: the index it is posted to, its NDJSON body and the documents in it. */
  record Body(String index, byte[] ndjson, int documents, ShardBatch batch) {}

  private final List<Body> bodies;
  private final long documents;
  private final long bytes;

  private BulkBodies(List<Body> bodies) {
    this.bodies = List.copyOf(bodies);
    this.documents = bodies.stream().mapToLong(Body::documents).sum();
    this.bytes = bodies.stream().mapToLong(b -> b.ndjson().length).sum();
  }

  List<Body> bodies() {
    return bodies;
  }

  long documents() {
    return documents;
  }

  long bytes() {
    return bytes;
  }

  /**
   * Produces every slice of the source with the loader's producer count and batch limits, and keeps
   * each full shard batch's body.
   */
  static BulkBodies generate(
      ForecastSource source, ShardingStrategy strategy, LoaderSettings settings) throws Exception {
    List<Body> bodies = Collections.synchronizedList(new ArrayList<>());
    Throwable failure =
        SliceProducers.run(
            source,
            strategy,
            settings.producerThreads(),
            settings.bulkDocuments(),
            settings.bulkBytes(),
            batch -> bodies.add(new Body(batch.index(), batch.body(), batch.documents(), batch)),
            "bench-generate-");
    if (failure != null) {
      throw new IllegalStateException("generating the bulk bodies failed", failure);
    }
    return new BulkBodies(bodies);
  }
}
