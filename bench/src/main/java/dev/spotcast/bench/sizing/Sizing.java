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
 * @param replicas replicas of every shard once a run is loaded
 * @param diskFill the share of a disk Elasticsearch is let fill (its low watermark is 85 %)
 * @param shardGib the largest primary shard planned (Elasticsearch advises 10-50 GB)
 */
public record Sizing(
    double utilization,
    int nodeCores,
    double nodeMemoryGib,
    int replicas,
    double diskFill,
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
    double disk = runGib * copies * s.runsKept() / diskFill;
    double newest = runGib * copies;
    int byCores = (int) Math.ceil((esIndex + esQuery) / nodeCores - 1e-9);
    int byMemory =
        pageCachePerNodeGib() == 0 ? 0 : (int) Math.ceil(newest / pageCachePerNodeGib() - 1e-9);
    int nodes = Math.max(1, Math.max(byCores, byMemory));
    String bound = byMemory > byCores ? "page cache" : "cores";
    int primaries = Math.max(nodes, (int) Math.ceil(runGib / shardGib - 1e-9));
    return new Row(s, esIndex, esQuery, ingestor, service, disk, newest, primaries, nodes, bound);
  }

  /** Every scenario sized. */
  public List<Row> size(List<Scenario> scenarios, MeasuredCosts costs) {
    return scenarios.stream().map(s -> size(s, costs)).toList();
  }
}
