package dev.spotcast.ingestor.cli;

import dev.spotcast.ingestor.feed.FeedLayout;
import dev.spotcast.ingestor.feed.FeedSettings;
import dev.spotcast.ingestor.feed.FetchException;
import dev.spotcast.ingestor.feed.FetchProgress;
import dev.spotcast.ingestor.feed.FetchReport;
import dev.spotcast.ingestor.feed.FetchStats;
import dev.spotcast.ingestor.feed.FieldOutcome;
import dev.spotcast.ingestor.feed.FieldSelection;
import dev.spotcast.ingestor.feed.HttpFetcher;
import dev.spotcast.ingestor.feed.Publishers;
import dev.spotcast.ingestor.feed.RunFetcher;
import dev.spotcast.ingestor.feed.RunTimes;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code spotcast fetch gfs|ecmwf|ecmwf-aifs|icon-eu --run latest|yyyymmddHH ...}: writes the
 * wanted fields of one run of a publisher into a folder, one GRIB file per field, for {@code
 * spotcast ingest DIR} or to look at. Run again, it fetches only what is not there yet (the
 * folder's manifest), so a run published step by step is completed by running it again.
 */
@Command(
    name = "fetch",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Fetch the wanted fields of a publisher's run (only their byte ranges) into a folder, one GRIB"
          + " file per field, for 'spotcast ingest DIR'. Run it again to fetch what is still missing:"
          + " what is already there, checked, is never downloaded again.",
      "Exit codes: 0 every wanted field is there, 1 some are not (not published yet, not in the"
          + " publisher's files, or failing), or no such run; 2 bad usage."
    })
public final class FetchCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "PUBLISHER",
      description = "gfs, ecmwf (IFS), ecmwf-aifs, ecmwf-ens (IFS ensemble) or icon-eu.")
  String publisher;

  @Option(
      names = "--run",
      defaultValue = "latest",
      description =
          "latest (the newest run whose first wanted step is published) or yyyymmddHH, UTC (default: ${DEFAULT-VALUE}).")
  String run;

  @Option(
      names = "--params",
      required = true,
      split = ",",
      description =
          "Parameters as the publisher names them: GFS TMP,UGRD; ECMWF 2t,msl,t; ICON t_2m,pmsl,t.")
  List<String> params;

  @Option(
      names = "--levels",
      split = ",",
      description =
          "Levels: a number is a pressure level in hPa; 2m/10m (GFS heights), sfc, msl (GFS), ml60"
              + " (ICON model level), or the publisher's own words (default: every level of the"
              + " parameters; ICON: the single level).")
  List<String> levels;

  @Option(
      names = "--steps",
      required = true,
      description = "Steps in hours: 0-24, 0-48/3 or 0,6,12.")
  String steps;

  @Option(
      names = "--members",
      split = ",",
      description = "Ensemble members to fetch (default: all).")
  List<Integer> members;

  @Option(names = "--to", required = true, paramLabel = "DIR", description = "Target folder.")
  Path to;

  @Option(
      names = "--base-url",
      paramLabel = "URL",
      description = "A mirror or proxy of the publisher's tree (default: the publisher's server).")
  String baseUrl;

  @Option(
      names = "--parallel",
      defaultValue = "4",
      description = "Downloads in flight per host (default: ${DEFAULT-VALUE}).")
  int parallel;

  @Option(
      names = "--attempts",
      defaultValue = "5",
      description = "Tries per request, with backoff and jitter (default: ${DEFAULT-VALUE}).")
  int attempts;

  @Option(
      names = "--retry-wait",
      defaultValue = "2000",
      paramLabel = "MS",
      description =
          "Wait before the first retry in ms, doubled each time (default: ${DEFAULT-VALUE}).")
  long retryWaitMillis;

  @Option(
      names = "--min-body-rate",
      defaultValue = "1024",
      paramLabel = "BYTES",
      description =
          "The fewest bytes per second a download must bring, on average over a minute; a slower"
              + " one is aborted and retried, 0: no floor (default: ${DEFAULT-VALUE}).")
  long minBodyRate;

  @Option(
      names = "--latest-cycles",
      defaultValue = "8",
      description = "How many cycles back 'latest' looks (default: ${DEFAULT-VALUE}).")
  int latestCycles;

  @Option(
      names = "--user-agent",
      description =
          "User-Agent of the requests; add a way to reach you (default: spotcast/VERSION).")
  String userAgent;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    FeedLayout layout;
    FieldSelection selection;
    FeedSettings settings;
    try {
      layout = Publishers.byName(publisher);
      selection =
          new FieldSelection(
              params,
              levels == null ? List.of() : levels,
              StepList.parse(steps).stream().distinct().toList(),
              members == null ? java.util.Set.of() : new LinkedHashSet<>(members));
      if (retryWaitMillis < 0 || latestCycles < 1) {
        throw new IllegalArgumentException("--retry-wait must be >= 0 and --latest-cycles >= 1");
      }
      if (minBodyRate < 0) {
        throw new IllegalArgumentException(
            "--min-body-rate must be >= 0 bytes per second (0: no floor); got " + minBodyRate);
      }
      Duration wait = Duration.ofMillis(retryWaitMillis);
      settings =
          FeedSettings.defaults()
              .withParallelPerHost(parallel)
              .withRetries(attempts, wait, wait.multipliedBy(30))
              .withMinBodyRate(minBodyRate);
      if (userAgent != null && !userAgent.isBlank()) {
        settings = settings.withUserAgent(userAgent);
      }
    } catch (IllegalArgumentException e) {
      return usage(err, e.getMessage());
    }
    try (HttpFetcher http = new HttpFetcher(settings, new FetchStats())) {
      RunFetcher fetcher = new RunFetcher(layout, baseUrl, http);
      Instant runTime;
      try {
        if (run.strip().equalsIgnoreCase("latest")) {
          Optional<Instant> latest = fetcher.latest(selection, Instant.now(), latestCycles);
          if (latest.isEmpty()) {
            err.printf(
                "spotcast: no %s run of the last %d cycles is published at %s (step %d); check"
                    + " --base-url, or give --run yyyymmddHH%n",
                layout.name(), latestCycles, fetcher.baseUrl(), selection.steps().getFirst());
            err.flush();
            return 1;
          }
          runTime = latest.get();
        } else {
          runTime = RunTimes.parse(run, layout);
          if (!fetcher.published(runTime, selection)) {
            err.printf(
                "spotcast: %s run %s is not published at %s (its first wanted step is not there);"
                    + " try --run latest%n",
                layout.name(), RunTimes.run(runTime), fetcher.baseUrl());
            err.flush();
            return 1;
          }
        }
      } catch (IllegalArgumentException e) {
        return usage(err, e.getMessage());
      } catch (FetchException e) {
        err.println("spotcast: the publisher cannot be reached: " + e.getMessage());
        err.flush();
        return 1;
      }
      out.printf(
          "Fetching %s run %s from %s into %s%n",
          layout.name(), RunTimes.run(runTime), fetcher.baseUrl(), to);
      out.flush();
      Throttle throttle = new Throttle(out);
      FetchReport report = fetcher.fetch(runTime, selection, to, throttle::field);
      throttle.last();
      summarize(out, err, report);
      return report.complete() ? 0 : 1;
    }
  }

  private static int usage(PrintWriter err, String message) {
    err.println("spotcast: " + message);
    err.flush();
    return 2;
  }

  private static void summarize(PrintWriter out, PrintWriter err, FetchReport report) {
    FetchStats.Snapshot stats = report.stats();
    out.printf(
        "%s run %s: %d of %d wanted fields in %s (%d fetched now, %d already there), %s of fields;"
            + " %s received in %d requests, %d retries%s, %s%n",
        report.publisher(),
        RunTimes.run(report.run()),
        report.count(FieldOutcome.Status.FETCHED)
            + report.count(FieldOutcome.Status.ALREADY_FETCHED),
        report.fields().size(),
        report.directory(),
        report.count(FieldOutcome.Status.FETCHED),
        report.count(FieldOutcome.Status.ALREADY_FETCHED),
        megabytes(report.fieldBytes()),
        megabytes(stats.bytesReceived()),
        stats.requests(),
        stats.retries(),
        stats.rangesIgnored() > 0
            ? ", " + stats.rangesIgnored() + " ranges ignored by the server (whole file sent)"
            : "",
        seconds(report.elapsed()));
    out.flush();
    if (!report.leftOutBySteps().isEmpty()) {
      out.printf(
          "%d wanted fields are left out by their steps, as the publisher does (first: %s)%n",
          report.leftOutBySteps().size(), report.leftOutBySteps().getFirst());
    }
    if (report.complete()) {
      out.printf(
          "Load it with: ./spotcast ingest %s --model %s%n",
          report.directory(), report.publisher());
      out.flush();
      return;
    }
    for (FieldOutcome missing : report.notDone()) {
      err.println("  missing " + missing);
    }
    err.printf(
        "spotcast: %d wanted fields are not there; run the same command again later to fetch only"
            + " those%n",
        report.notDone().size());
    err.flush();
  }

  private static String megabytes(long bytes) {
    return String.format("%.1f MB", bytes / 1e6);
  }

  private static String seconds(Duration d) {
    return String.format("%.1f s", d.toMillis() / 1000.0);
  }

  /** Prints the progress line at most once a second, and once at the end. */
  private static final class Throttle {
    private final PrintWriter out;
    private long lastPrinted;
    private FetchProgress latest;

    Throttle(PrintWriter out) {
      this.out = out;
    }

    synchronized void field(FieldOutcome outcome, FetchProgress progress) {
      latest = progress;
      long now = System.nanoTime();
      if (now - lastPrinted >= 1_000_000_000L) {
        lastPrinted = now;
        out.println("  " + progress.line());
        out.flush();
      }
    }

    synchronized void last() {
      if (latest != null) {
        out.println("  " + latest.line());
        out.flush();
      }
    }
  }
}
