package dev.spotcast.ingestor.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** When a load says that more shards per index would spread its writes. */
class ClusterShardsTest {

  @Test
  void oneNodeOrAsManyShardsAsNodesNeedNoAdvice() {
    assertThat(ClusterShards.advice(1, 1)).isEmpty();
    assertThat(ClusterShards.advice(3, 3)).isEmpty();
    assertThat(ClusterShards.advice(4, 2)).isEmpty();
  }

  @Test
  void fewerShardsThanDataNodesAreToldHowToSpreadThem() {
    assertThat(ClusterShards.advice(1, 3))
        .hasValue(
            "the cluster has 3 data nodes and each index of this run 1 primary shard, so one of them"
                + " takes its writes at a time; --shards auto (the default; 3 here) spreads them over"
                + " all (spotcast.sharding.shards-per-index: 0 in the ingestion service;"
                + " docs/operations.md, \"Shards per index\")");
    assertThat(ClusterShards.advice(2, 5).orElseThrow())
        .contains(
            "5 data nodes",
            "2 primary shards, so 2 of them take its writes",
            "(the default; 5 here)");
  }
}
