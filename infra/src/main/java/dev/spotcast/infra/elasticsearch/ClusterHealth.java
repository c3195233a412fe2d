package dev.spotcast.infra.elasticsearch;

/** The parts of {@code GET /_cluster/health} that tell whether a local cluster is up. */
public record ClusterHealth(
    String clusterName, String status, int numberOfNodes, boolean timedOut) {

  /** Green or yellow: every primary shard is assigned, so the cluster serves reads and writes. */
  public boolean isUsable() {
    return "green".equals(status) || "yellow".equals(status);
  }
}
