package dev.spotcast.sharding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The server-side agreement is checked against a real node in ShardRoutingIT (ingestor). */
class ElasticsearchRoutingTest {

  @ParameterizedTest
  @CsvSource({"1, 1024", "2, 1024", "3, 768", "4, 1024", "5, 640", "10, 640", "1024, 2048"})
  void defaultRoutingShardsDoubleUpTo1024(int shards, int routingShards) {
    assertThat(ElasticsearchRouting.defaultRoutingNumShards(shards)).isEqualTo(routingShards);
  }

  @Test
  void emptyRoutingHashesToMurmurSeedZeroOfNoBytes() {
    assertThat(ElasticsearchRouting.hash("")).isZero();
  }

  @Test
  void shardIsTheHashBucketDividedByTheRoutingFactor() {
    for (int i = 0; i < 1000; i++) {
      String routing = Integer.toString(i);
      int hash = ElasticsearchRouting.hash(routing);
      int expected = Math.floorMod(hash, 768) / 256;
      assertThat(ElasticsearchRouting.shardId(routing, 3, 768)).isEqualTo(expected).isBetween(0, 2);
      assertThat(ElasticsearchRouting.shardId(routing, 1, 1024)).isZero();
    }
  }

  @Test
  void routingSpreadsTilesOverShards() {
    int[] perShard = new int[4];
    for (int tile = 0; tile < 648; tile++) {
      perShard[ElasticsearchRouting.shardId(Integer.toString(tile), 4, 1024)]++;
    }
    for (int count : perShard) {
      assertThat(count).isBetween(120, 204); // 162 +- 25 %
    }
  }
}
