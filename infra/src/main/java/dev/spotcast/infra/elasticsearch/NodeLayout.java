package dev.spotcast.infra.elasticsearch;

import java.nio.file.Path;

/**
 * Where one node of a local cluster lives and listens: {@code
 * <baseDir>/clusters/<cluster>/node-<index>} with its own config, data, logs and tmp directories,
 * on loopback ports.
 */
public record NodeLayout(String name, Path dir, int httpPort, int transportPort, boolean tls) {

  /** The loopback address every node binds to. */
  public static final String HOST = "127.0.0.1";

  static NodeLayout of(LocalElasticsearch.Config config, int index) {
    String name = "node-" + index;
    return new NodeLayout(
        name,
        clusterDir(config).resolve(name),
        config.firstHttpPort() + index,
        config.firstTransportPort() + index,
        config.secured());
  }

  static Path clusterDir(LocalElasticsearch.Config config) {
    return clustersDir(config.baseDir()).resolve(config.clusterName());
  }

  static Path clustersDir(Path baseDir) {
    return baseDir.resolve("clusters");
  }

  public Path configDir() {
    return dir.resolve("config");
  }

  public Path dataDir() {
    return dir.resolve("data");
  }

  public Path logsDir() {
    return dir.resolve("logs");
  }

  /**
   * The node's {@code path.repo}, where filesystem snapshot repositories may live: {@code
   * <baseDir>/clusters/<cluster>/snapshots}, one directory that every node of the cluster shares (a
   * filesystem repository must be the same place for all of them). A repository registered with a
   * relative {@code location} is a folder of it.
   */
  public Path repoDir() {
    return dir.resolveSibling("snapshots");
  }

  public Path tmpDir() {
    return dir.resolve("tmp");
  }

  /**
   * Standard output and error of bin/elasticsearch: the first place to look when a node does not
   * come up.
   */
  public Path consoleLog() {
    return logsDir().resolve("console.log");
  }

  /**
   * The node's HTTP base URL, e.g. {@code https://127.0.0.1:9200} ({@code http} when the cluster
   * runs open).
   */
  public String url() {
    return (tls ? "https" : "http") + "://" + HOST + ":" + httpPort;
  }

  /** The node's transport address, which the other nodes use to find it. */
  public String transportAddress() {
    return HOST + ":" + transportPort;
  }
}
