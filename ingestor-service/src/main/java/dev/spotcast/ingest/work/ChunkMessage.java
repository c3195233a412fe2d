package dev.spotcast.ingest.work;

/**
 * A work-topic record: which chunk of which job to load. The chunk's slices are in Elasticsearch.
 */
public record ChunkMessage(String jobId, int chunk) {}
