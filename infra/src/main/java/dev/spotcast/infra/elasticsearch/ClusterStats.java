package dev.spotcast.infra.elasticsearch;

/** A summary of {@code GET /_cluster/stats}: health status, node, index and document counts. */
public record ClusterStats(String clusterName, String status, int nodes, long indices, long docs) {}
