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

  /** Elasticsearch's own known values (server test Murmur3HashFunctionTests). */
  @ParameterizedTest
  @CsvSource({
    "hell, 5a0cb7c3",
    "hello, d7c31989",
    "hello w, 22ab2984",
    "hello wo, df0ca123",
    "hello wor, e7744d61",
    "The quick brown fox jumps over the lazy dog, e07db09c"
  })
  void hashIsElasticsearchsMurmur3(String routing, String expectedHex) {
    assertThat(ElasticsearchRouting.hash(routing))
        .isEqualTo(Integer.parseUnsignedInt(expectedHex, 16));
  }

  /**
   * Without a routing value Elasticsearch routes by the _id string with the same function. The
   * expected hashes and shards were computed by hand with an independent murmur3 (x86, 32 bit, seed
   * 0, UTF-16LE) checked against the known values above: shard = floorMod(hash, 1024) / 512 for two
   * shards, floorMod(hash, 768) / 256 for three.
   */
  @ParameterizedTest
  @CsvSource({
    "0_0_0, 1681659428, 1, 2",
    "1000_3_17, -1281548377, 1, 0",
    "0_0_1, -1647627087, 0, 0",
    "0_6_12345, -1867485025, 0, 2",
    "5000_12_64799, -1827115240, 1, 2"
  })
  void documentIdsLandWhereElasticsearchPutsThem(String id, int hash, int ofTwo, int ofThree) {
    assertThat(ElasticsearchRouting.hash(id)).isEqualTo(hash);
    assertThat(ElasticsearchRouting.shardId(id, 2, ElasticsearchRouting.defaultRoutingNumShards(2)))
        .isEqualTo(ofTwo);
    assertThat(ElasticsearchRouting.shardId(id, 3, ElasticsearchRouting.defaultRoutingNumShards(3)))
        .isEqualTo(ofThree);
  }
}
