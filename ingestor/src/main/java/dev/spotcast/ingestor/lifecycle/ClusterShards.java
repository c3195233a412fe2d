package dev.spotcast.ingestor.lifecycle;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import dev.spotcast.model.ShardingSpec;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A run's primary shards per index and the cluster's data nodes. A run's levels load one index
 * after the other, so the nodes holding an index's primaries are the ones that take the run's
 * writes at a time: by default ({@link ShardingSpec#AUTO_SHARDS}) a load asks for as many shards as
 * the cluster has data nodes when it begins, one on one node (docs/operations.md, "Shards per
 * index"); a number set by hand stays, and when it is lower than the data nodes the load says so.
 * The number of data nodes comes from the cluster's health, which the ingest role's {@code monitor}
 * privilege reads.
 */
public final class ClusterShards {

  private ClusterShards() {}

  /** The cluster's data nodes; empty when it cannot say (unreachable, or no right to ask). */
  public static OptionalInt dataNodes(ElasticsearchClient client) {
    try {
      return OptionalInt.of(client.cluster().health().numberOfDataNodes());
    } catch (IOException | ElasticsearchException e) {
      return OptionalInt.empty();
    }
  }

  /**
   * The spec with its shards per index chosen for the cluster the client reaches ({@link
   * ShardingSpec#withShardsFor}); one shard when the cluster cannot say how many data nodes it has.
   */
  public static ShardingSpec resolve(ElasticsearchClient client, ShardingSpec spec) {
    return spec.shardsAuto() ? resolve(spec, dataNodes(client)) : spec;
  }

  /**
   * As {@link #resolve(ElasticsearchClient, ShardingSpec)} with the data nodes already asked for
   * ({@link #dataNodes}): one shard when the cluster could not say.
   */
  public static ShardingSpec resolve(ShardingSpec spec, OptionalInt dataNodes) {
    return spec.withShardsFor(dataNodes.orElse(1));
  }

  /**
   * The advice for indices of {@code shardsPerIndex} primary shards on a cluster of {@code
   * dataNodes} data nodes; empty when every data node can hold one of them.
   */
  public static Optional<String> advice(int shardsPerIndex, int dataNodes) {
    if (dataNodes <= shardsPerIndex) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            Locale.ROOT,
            "the cluster has %d data nodes and each index of this run %d primary shard%s, so %s of"
                + " them take%s its writes at a time; --shards auto (the default; %d here) spreads"
                + " them over all (spotcast.sharding.shards-per-index: 0 in the ingestion service;"
                + " docs/operations.md, \"Shards per index\")",
            dataNodes,
            shardsPerIndex,
            shardsPerIndex == 1 ? "" : "s",
            shardsPerIndex == 1 ? "one" : Integer.toString(shardsPerIndex),
            shardsPerIndex == 1 ? "s" : "",
            dataNodes));
  }

  /**
   * As {@link #advice(int, int)} for the cluster the client reaches; empty too when the cluster
   * cannot say.
   */
  public static Optional<String> adviceFor(ElasticsearchClient client, int shardsPerIndex) {
    OptionalInt nodes = dataNodes(client);
    return nodes.isPresent() ? advice(shardsPerIndex, nodes.getAsInt()) : Optional.empty();
  }
}
