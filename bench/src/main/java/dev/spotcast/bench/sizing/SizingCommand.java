package dev.spotcast.bench.sizing;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./spotcast bench sizing}: the sizing table of docs/operations.md recomputed from the
 * outputs of {@code bench scale} (indexing) and {@code bench query} (spots, series), or from costs
 * given by hand.
 */
@Command(
    name = "sizing",
    mixinStandardHelpOptions = true,
    description =
        "Cores, memory, disk, shards and nodes for the 2016 goals and a week of a 0.1-degree global"
            + " model, computed from measured costs: the outputs of 'bench scale' and 'bench query'"
            + " (saved with tee), or the costs themselves.")
public final class SizingCommand implements Callable<Integer> {

  /** 0.1-degree global grid: 3,600 x 1,801 points. */
  static final double GLOBAL_TENTH_POINTS = 3600.0 * 1801;

  @Spec CommandSpec spec;

  @Option(
      names = "--scale",
      paramLabel = "LOG",
      description = "output of ./spotcast bench scale: indexing CPU and disk per place-level-step")
  Path scaleLog;

  @Option(
      names = "--spot",
      paramLabel = "LOG",
      description = "output of ./spotcast bench query with spot requests: CPU per spot")
  Path spotLog;

  @Option(
      names = "--series",
      paramLabel = "LOG",
      description = "output of ./spotcast bench query with --series-share 1: CPU per series")
  Path seriesLog;

  @Option(names = "--es-index-us", paramLabel = "US", description = "instead of --scale")
  Double esIndexMicros;

  @Option(names = "--ingestor-us", paramLabel = "US", description = "instead of --scale")
  Double ingestorMicros;

  @Option(
      names = "--bytes-per-value",
      paramLabel = "B",
      description =
          "disk per place-level-step and copy, instead of the index size --scale printed at the end"
              + " of its load (which still holds Elasticsearch's recovery source)")
  Double bytesPerValue;

  @Option(
      names = "--spot-ms",
      paramLabel = "ES,SERVICE",
      split = ",",
      description = "instead of --spot")
  List<Double> spotMillis;

  @Option(
      names = "--series-ms",
      paramLabel = "ES,SERVICE",
      split = ",",
      description = "instead of --series")
  List<Double> seriesMillis;

  @Option(
      names = "--utilization",
      defaultValue = "0.7",
      description = "share of every core planned busy (default: ${DEFAULT-VALUE})")
  double utilization;

  @Option(
      names = "--node-cores",
      defaultValue = "16",
      description = "cores of a data node (default: ${DEFAULT-VALUE}, as the 2016 cluster's)")
  int nodeCores;

  @Option(
      names = "--node-memory",
      paramLabel = "GIB",
      defaultValue = "64",
      description = "memory of a data node in GiB (default: ${DEFAULT-VALUE})")
  double nodeMemoryGib;

  @Option(
      names = "--node-disk",
      paramLabel = "GIB",
      defaultValue = "2048",
      description = "disk of a data node in GiB (default: ${DEFAULT-VALUE})")
  double nodeDiskGib;

  @Option(names = "--replicas", defaultValue = "1", description = "(default: ${DEFAULT-VALUE})")
  int replicas;

  @Option(
      names = "--requests",
      defaultValue = "2000",
      description = "requests per second of (c) (default: ${DEFAULT-VALUE})")
  double requests;

  @Option(
      names = "--series-share",
      defaultValue = "0.1",
      description = "share of them that are whole series (default: ${DEFAULT-VALUE})")
  double seriesShare;

  @Option(
      names = "--run-window",
      paramLabel = "MINUTES",
      defaultValue = "60",
      description = "time to load one run of (d) (default: ${DEFAULT-VALUE})")
  double runWindowMinutes;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    if (!(utilization > 0 && utilization <= 1)
        || nodeCores < 1
        || nodeMemoryGib < 4
        || !(nodeDiskGib > 0)
        || replicas < 0
        || !(requests >= 0)
        || !(seriesShare >= 0 && seriesShare <= 1)
        || !(runWindowMinutes > 0)) {
      throw new ParameterException(
          spec.commandLine(),
          "--utilization and --series-share are shares (0-1), --node-cores >= 1, --node-memory >= 4,"
              + " --node-disk > 0, --replicas and --requests >= 0, --run-window > 0");
    }
    MeasuredCosts costs = costs();
    Sizing sizing =
        new Sizing(utilization, nodeCores, nodeMemoryGib, nodeDiskGib, replicas, 0.85, 2.3, 30);
    List<Sizing.Row> rows = sizing.size(scenarios(), costs);
    print(out, costs, sizing, rows);
    return 0;
  }

  /** (a)-(d) of issue 32, with (c) answered while the (a) run loads. */
  List<Sizing.Scenario> scenarios() {
    double tenthGlobalRun = GLOBAL_TENTH_POINTS * 10 * 145;
    return List.of(
        new Sizing.Scenario("(a) 1.5 billion in 30 min", 1.5e9, 30 * 60, 2, 0, 0),
        new Sizing.Scenario("(b) 10 billion in 75 min", 10e9, 75 * 60, 2, 0, 0),
        new Sizing.Scenario(
            String.format(
                Locale.ROOT,
                "(c) %,.0f req/s, %.0f %% series, while (a) loads",
                requests,
                100 * seriesShare),
            1.5e9,
            30 * 60,
            2,
            requests,
            seriesShare),
        new Sizing.Scenario(
            String.format(
                Locale.ROOT,
                "(d) 0.1 deg global x 10 heights x 145 steps, 4 runs a day kept a week, each loaded in"
                    + " %.0f min",
                runWindowMinutes),
            tenthGlobalRun,
            runWindowMinutes * 60,
            28,
            0,
            0));
  }

  private MeasuredCosts costs() {
    MeasuredCosts.Ingest ingest =
        scaleLog == null ? null : MeasuredCosts.ingestFrom(read(scaleLog));
    double esIndex =
        givenOrMeasured(
            esIndexMicros,
            ingest == null ? null : ingest.esMicros(),
            "--scale LOG or --es-index-us");
    double ingestor =
        givenOrMeasured(
            ingestorMicros,
            ingest == null ? null : ingest.ingestorMicros(),
            "--scale LOG or --ingestor-us");
    double bytes =
        givenOrMeasured(
            bytesPerValue,
            ingest == null ? null : ingest.bytesPerValue(),
            "--scale LOG or --bytes-per-value");
    double[] spot = requests(spotLog, spotMillis, "--spot LOG or --spot-ms ES,SERVICE");
    double[] series = requests(seriesLog, seriesMillis, "--series LOG or --series-ms ES,SERVICE");
    return new MeasuredCosts(esIndex, ingestor, bytes, spot[0], spot[1], series[0], series[1]);
  }

  private double[] requests(Path log, List<Double> given, String what) {
    if (given != null) {
      if (given.size() != 2) {
        throw new ParameterException(spec.commandLine(), what + ": two numbers, ES,SERVICE");
      }
      return new double[] {given.get(0), given.get(1)};
    }
    if (log == null) {
      throw new ParameterException(spec.commandLine(), "give " + what);
    }
    MeasuredCosts.Requests r = MeasuredCosts.requestsFrom(read(log));
    return new double[] {r.esMillis(), r.serviceMillis()};
  }

  /** A cost given on the command line, else the one a benchmark's output gave. */
  private double givenOrMeasured(Double given, Double measured, String what) {
    if (given != null) {
      return given;
    }
    if (measured == null) {
      throw new ParameterException(spec.commandLine(), "give " + what);
    }
    return measured;
  }

  private String read(Path log) {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      throw new ParameterException(spec.commandLine(), "cannot read " + log + ": " + e);
    }
  }

  static void print(PrintWriter out, MeasuredCosts costs, Sizing sizing, List<Sizing.Row> rows) {
    out.printf("Costs: %s%n", costs.describe());
    out.printf(
        Locale.ROOT,
        "Plan: cores %.0f %% busy; data nodes of %d cores, %.0f GiB (heap %.0f GiB, page cache %.0f"
            + " GiB) and %,.0f GiB of disk; %d replica(s); disks filled to %.0f %%; primary shards of"
            + " at most %.0f GiB; the newest run %.1f times its settled size on disk%n%n",
        100 * sizing.utilization(),
        sizing.nodeCores(),
        sizing.nodeMemoryGib(),
        sizing.heapGib(),
        sizing.pageCachePerNodeGib(),
        sizing.nodeDiskGib(),
        sizing.replicas(),
        100 * sizing.diskFill(),
        sizing.shardGib(),
        sizing.loadOverhead());
    out.println(
        "| scenario | place-level-steps/s | Elasticsearch cores (index + query) | ingestor cores |"
            + " query-service cores | disk, all copies | newest run in page cache | primary shards"
            + " per run | data nodes (bound by) |");
    out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (Sizing.Row r : rows) {
      out.printf(
          Locale.ROOT,
          "| %s | %,.0f | %.1f (%.1f + %.1f) | %.1f | %.1f | %,.0f GiB | %,.0f GiB | %d | %d (%s) |%n",
          r.scenario().name(),
          r.scenario().valuesPerSecond(),
          r.esCores(),
          r.esIndexCores(),
          r.esQueryCores(),
          r.ingestorCores(),
          r.serviceCores(),
          r.diskGib(),
          r.newestRunGib(),
          r.primaryShardsPerRun(),
          r.dataNodes(),
          r.boundBy());
    }
    // The 2016 cluster, 30 nodes x 16 vCPU: 527,014 documents/s loaded, 3,239 requests/s answered.
    double ingestCores = 527_014 * (costs.esIndexMicros() + costs.ingestorMicros()) / 1e6;
    double queryCores = 3_239 * (costs.spotEsMillis() + costs.spotServiceMillis()) / 1000;
    out.printf(
        Locale.ROOT,
        "%nThe 2016 cluster's figures at these costs (cores fully busy): its 527,014 documents/s"
            + " would take %.1f cores (it had 480 vCPU), its 3,239 spot requests/s %.1f cores.%n",
        ingestCores,
        queryCores);
    out.flush();
  }
}
