package dev.spotcast.ingestor.bulk;

import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import java.util.List;

/** Documents bound for one shard of one index, sent as one bulk request. */
public record ShardBatch(String index, int shard, List<BulkOperation> operations) {}
