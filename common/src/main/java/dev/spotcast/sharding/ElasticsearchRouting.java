package dev.spotcast.sharding;

import org.apache.commons.codec.digest.MurmurHash3;

/**
 * Elasticsearch's own document routing, computed on the client: which shard of an index a routing
 * value lands on. The ingestor uses it to build one bulk batch per shard. It mirrors the server's
 * {@code Murmur3HashFunction} (murmur3 x86 32-bit, seed 0, over the UTF-16LE bytes of the routing
 * string) and {@code IndexRouting}: {@code floorMod(hash, routingNumShards) / (routingNumShards /
 * numberOfShards)}. See
 * https://www.elastic.co/docs/reference/elasticsearch/index-settings/index-modules#index-number-of-routing-shards
 */
public final class ElasticsearchRouting {

  private static final int LOG2_MAX_ROUTING_SHARDS = 10;

  private ElasticsearchRouting() {}

  /** The hash Elasticsearch computes for a routing value. */
  public static int hash(String routing) {
    byte[] bytes = new byte[routing.length() * 2];
    for (int i = 0; i < routing.length(); i++) {
      char c = routing.charAt(i);
      bytes[2 * i] = (byte) c;
      bytes[2 * i + 1] = (byte) (c >>> 8);
    }
    return MurmurHash3.hash32x86(bytes, 0, bytes.length, 0);
  }

  /** The shard a routing value lands on in an index with these shard counts. */
  public static int shardId(String routing, int numberOfShards, int routingNumShards) {
    int routingFactor = routingNumShards / numberOfShards;
    return Math.floorMod(hash(routing), routingNumShards) / routingFactor;
  }

  /**
   * The {@code index.number_of_routing_shards} Elasticsearch picks when none is set: the number of
   * shards doubled as often as possible without exceeding 1024 (at least once). Spotcast sets it
   * explicitly to this value so that client and server agree by construction.
   */
  public static int defaultRoutingNumShards(int numberOfShards) {
    int log2Shards = 32 - Integer.numberOfLeadingZeros(numberOfShards - 1);
    int splits = Math.max(1, LOG2_MAX_ROUTING_SHARDS - log2Shards);
    return numberOfShards << splits;
  }
}
