package dev.spotcast.ingestor.lifecycle;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a run's indices spread their writes over the cluster's data nodes. A run's levels load
 * one index after the other, so the nodes holding an index's primary shards are the ones that take
 * the run's writes at a time: with fewer shards per index than data nodes (one by default:
 * docs/operations.md, "Shards per index") the other nodes wait. Advice, not a refusal: the run
 * loads either way, and one node gains nothing from more shards.
 */
public final class ShardAdvice {

  private ShardAdvice() {}

  /**
   * The advice for indices of {@code shardsPerIndex} primary shards on a cluster of {@code
   * dataNodes} data nodes; empty when every data node can hold one of them.
   */
  public static Optional<String> of(int shardsPerIndex, int dataNodes) {
    if (dataNodes <= shardsPerIndex) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            Locale.ROOT,
            "the cluster has %d data nodes and each index of this run %d primary shard%s, so %s of"
                + " them take%s its writes at a time; --shards %d (spotcast.sharding.shards-per-index"
                + " in the ingestion service) spreads them over all (docs/operations.md, \"Shards per"
                + " index\")",
            dataNodes,
            shardsPerIndex,
            shardsPerIndex == 1 ? "" : "s",
            shardsPerIndex == 1 ? "one" : Integer.toString(shardsPerIndex),
            shardsPerIndex == 1 ? "s" : "",
            dataNodes));
  }

  /**
   * As {@link #of(int, int)} for the cluster the client reaches (its health, which the ingest
   * role's {@code monitor} privilege reads); empty too when the cluster cannot say.
   */
  public static Optional<String> forCluster(ElasticsearchClient client, int shardsPerIndex) {
    try {
      return of(shardsPerIndex, client.cluster().health().numberOfDataNodes());
    } catch (IOException | ElasticsearchException e) {
      return Optional.empty();
    }
  }
}
