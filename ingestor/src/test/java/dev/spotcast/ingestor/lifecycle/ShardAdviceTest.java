package dev.spotcast.ingestor.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** When a load says that more shards per index would spread its writes. */
class ShardAdviceTest {

  @Test
  void oneNodeOrAsManyShardsAsNodesNeedNoAdvice() {
    assertThat(ShardAdvice.of(1, 1)).isEmpty();
    assertThat(ShardAdvice.of(3, 3)).isEmpty();
    assertThat(ShardAdvice.of(4, 2)).isEmpty();
  }

  @Test
  void fewerShardsThanDataNodesAreToldHowManyToAskFor() {
    assertThat(ShardAdvice.of(1, 3))
        .hasValue(
            "the cluster has 3 data nodes and each index of this run 1 primary shard, so one of them"
                + " takes its writes at a time; --shards 3 (spotcast.sharding.shards-per-index in the"
                + " ingestion service) spreads them over all (docs/operations.md, \"Shards per"
                + " index\")");
    assertThat(ShardAdvice.of(2, 5).orElseThrow())
        .contains("5 data nodes", "2 primary shards, so 2 of them take its writes", "--shards 5");
  }
}
