package dev.spotcast.ingest.job;

/**
 * A document as read, with the sequence number and primary term it had: writing it back with them
 * succeeds only if nobody wrote it in between (optimistic concurrency control), which is what keeps
 * two instances from both claiming a chunk or both publishing a run.
 * https://www.elastic.co/docs/reference/elasticsearch/rest-apis/optimistic-concurrency-control
 */
public record Versioned<T>(T value, long seqNo, long primaryTerm) {}
