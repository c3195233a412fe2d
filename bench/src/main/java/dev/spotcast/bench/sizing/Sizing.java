package dev.spotcast.bench.sizing;

import java.util.List;

/**
 * A cluster's size from measured unit costs: cores for indexing and for requests, disk, the page
 * cache that keeps the newest run in memory, shards and nodes. Pure arithmetic, written out in
 * docs/operations.md ("Sizing"), so that anyone can redo it by hand.
 *
 * @param utilization the share of a core planned busy (0.7: headroom for merges, bursts, a lost
 *     node)
 * @param nodeCores cores of a data node
 * @param nodeMemoryGib memory of a data node
 * @param nodeDiskGib disk of a data node
 * @param replicas replicas of every shard once a run is loaded
 * @param diskFill the share of a disk Elasticsearch is let fill (its low watermark is 85 %)
 * @param loadOverhead how much larger a run is on disk right after its load than once merges have
 *     pruned Elasticsearch's recovery source (2.3 measured: 46.5 GB at the end of a load, 20.4 GB
 *     of it what queries read)
 * @param shardGib the largest primary shard planned (Elasticsearch advises 10-50 GB)
 */
public record Sizing(
    double utilization,
    int nodeCores,
    double nodeMemoryGib,
    double nodeDiskGib,
    int replicas,
    double diskFill,
    double loadOverhead,
    double shardGib) {

  private static final double GIB = 1L << 30;

  /** Elasticsearch's heap on a data node: half its memory, at most 31 GiB (compressed pointers). */
  public double heapGib() {
    return Math.min(31, nodeMemoryGib / 2);
  }

  /** What a data node leaves the page cache: its memory less the heap and 2 GiB for the rest. */
  public double pageCachePerNodeGib() {
    return Math.max(0, nodeMemoryGib - heapGib() - 2);
  }

  /**
   * A workload: a run of {@code valuesPerRun} place-level-steps loaded within {@code loadSeconds},
   * {@code runsKept} runs on disk, and {@code requestsPerSecond} requests of which {@code
   * seriesShare} are whole series, answered meanwhile.
   */
  public record Scenario(
      String name,
      double valuesPerRun,
      double loadSeconds,
      int runsKept,
      double requestsPerSecond,
      double seriesShare) {

    double valuesPerSecond() {
      return valuesPerRun / loadSeconds;
    }
  }

  /**
   * The sizing of one scenario: cores by process, disk and page cache in GiB (all copies), primary
   * shards per run and data nodes, each rounded up only where it counts machines or shards.
   */
  public record Row(
      Scenario scenario,
      double esIndexCores,
      double esQueryCores,
      double ingestorCores,
      double serviceCores,
      double diskGib,
      double newestRunGib,
      int primaryShardsPerRun,
      int dataNodes,
      String boundBy) {

    public double esCores() {
      return esIndexCores + esQueryCores;
    }
  }

  /** The scenario sized with these costs. */
  public Row size(Scenario s, MeasuredCosts c) {
    double esIndex = s.valuesPerSecond() * c.esIndexMicros() / 1e6 / utilization;
    double ingestor = s.valuesPerSecond() * c.ingestorMicros() / 1e6 / utilization;
    double spots = s.requestsPerSecond() * (1 - s.seriesShare());
    double series = s.requestsPerSecond() * s.seriesShare();
    double esQuery = (spots * c.spotEsMillis() + series * c.seriesEsMillis()) / 1000 / utilization;
    double service =
        (spots * c.spotServiceMillis() + series * c.seriesServiceMillis()) / 1000 / utilization;
    double runGib = s.valuesPerRun() * c.bytesPerValue() / GIB;
    double copies = 1 + replicas;
    // The runs kept, the newest as it is right after its load.
    double disk = runGib * copies * (s.runsKept() - 1 + loadOverhead) / diskFill;
    double newest = runGib * copies;
    // Memory bounds a cluster that answers requests: the newest run kept in the page cache (a
    // request that reads from disk costs several times the CPU and some 6 disk reads). A cluster
    // that only loads needs none of it.
    int byCores = atLeast((esIndex + esQuery) / nodeCores);
    int byMemory = s.requestsPerSecond() > 0 ? atLeast(newest / pageCachePerNodeGib()) : 0;
    int byDisk = atLeast(disk / nodeDiskGib);
    // A replica never shares a node with its primary.
    int nodes = Math.max(1 + replicas, Math.max(byCores, Math.max(byMemory, byDisk)));
    String bound =
        nodes == byCores
            ? "cores"
            : nodes == byMemory ? "page cache" : nodes == byDisk ? "disk" : "replicas";
    int primaries = Math.max(nodes, (int) Math.ceil(runGib / shardGib - 1e-9));
    return new Row(s, esIndex, esQuery, ingestor, service, disk, newest, primaries, nodes, bound);
  }

  private static int atLeast(double nodes) {
    return Double.isFinite(nodes) ? (int) Math.ceil(nodes - 1e-9) : Integer.MAX_VALUE;
  }

  /** Every scenario sized. */
  public List<Row> size(List<Scenario> scenarios, MeasuredCosts costs) {
    return scenarios.stream().map(s -> size(s, costs)).toList();
  }
}
