package dev.spotcast.bench;

import dev.spotcast.bench.day.DayReport;
import dev.spotcast.bench.grib.GribDecodeRates;
import dev.spotcast.bench.ingest.BenchIngestCommand;
import dev.spotcast.bench.ingest.ScaleBenchCommand;
import dev.spotcast.bench.loadtest.JtlSummary;
import dev.spotcast.bench.loadtest.SpotPoints;
import dev.spotcast.bench.query.QueryBench;
import dev.spotcast.bench.query.ShardingBench;
import dev.spotcast.bench.sizing.SizingCommand;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The benchmarks' one entry point, {@code ./spotcast bench
 * ingest|scale|grib|query|sharding|sizing}: Spotcast measured against raw Elasticsearch on the same
 * machine (bench.sh prepares the GRIB files and the heap, then calls this).
 */
@Command(
    name = "spotcast bench",
    mixinStandardHelpOptions = true,
    subcommands = {BenchIngestCommand.class, ScaleBenchCommand.class, SizingCommand.class},
    description =
        "Spotcast against raw Elasticsearch: ingest, scale; query and sharding take their own options;"
            + " sizing computes a cluster from their outputs.")
public final class BenchCli {

  public static void main(String[] args) throws Exception {
    // The ingestor's CLI logging: progress lines on the console, library chatter kept out.
    System.setProperty("logback.configurationFile", "logback-cli.xml");
    // The query benchmarks have their own command lines (with their own usage and exit codes).
    if (args.length > 0 && args[0].equals("query")) {
      QueryBench.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    if (args.length > 0 && args[0].equals("sharding")) {
      ShardingBench.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    // Decoding rates of ecCodes and netCDF-Java on single-field GRIB files.
    if (args.length > 0 && args[0].equals("grib-decode")) {
      GribDecodeRates.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    // The load test's result table, called by loadtest.sh once JMeter has finished.
    if (args.length > 0 && args[0].equals("jtl-summary")) {
      JtlSummary.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    // The load test's places (and, for vegeta, its targets), called by loadtest.sh.
    if (args.length > 0 && args[0].equals("loadtest-points")) {
      try {
        SpotPoints.main(Arrays.copyOfRange(args, 1, args.length));
      } catch (IllegalArgumentException e) {
        System.err.println("loadtest-points: " + e.getMessage());
        System.exit(2);
      }
      return;
    }
    // The day benchmark's windows, tables and picture, called by day.sh once the day is over.
    if (args.length > 0 && args[0].equals("day-report")) {
      DayReport.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    CommandLine cli = new CommandLine(new BenchCli());
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          commandLine.getErr().println("spotcast bench: " + e.getMessage());
          return 2;
        });
    System.exit(cli.execute(args));
  }
}
