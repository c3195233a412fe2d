package dev.spotcast.bench.query;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/** Options of {@code spotcast bench query}, parsed by picocli; {@link #usage()} lists them. */
@Command(
    name = "spotcast bench query",
    sortOptions = false,
    usageHelpWidth = 100,
    abbreviateSynopsis = true,
    description = {
      "Measures the service's own Elasticsearch query sent directly to Elasticsearch (raw) against GET /v1/spot"
          + " through the query service (service), with the same random requests, the same closed-loop load"
          + " generator, concurrency and duration.",
      "The run to measure is loaded with the ingestor when MODEL has no published run on --es."
    })
final class QueryBenchOptions {

  static final List<String> KNOWN_PHASES = List.of("raw", "raw-ids", "service");

  // The run to measure (and how to load it when it is not there).
  @Option(
      names = "--es",
      paramLabel = "URL",
      defaultValue = "${env:SPOTCAST_ES_URL:-http://127.0.0.1:9200}",
      description = "Elasticsearch (default: $SPOTCAST_ES_URL or http://127.0.0.1:9200)")
  String elasticsearch;

  @Option(
      names = "--model",
      paramLabel = "NAME",
      defaultValue = "qbench",
      description = "model id (default: ${DEFAULT-VALUE})")
  String model;

  @Option(
      names = "--resolution",
      paramLabel = "DEG",
      defaultValue = "1",
      description = "grid spacing when loading (default: ${DEFAULT-VALUE})")
  String resolution;

  @Option(
      names = "--region",
      paramLabel = "S,W,N,E",
      defaultValue = "-90,-180,90,180",
      description = "grid box when loading (default: ${DEFAULT-VALUE})")
  String region;

  @Option(
      names = "--levels",
      paramLabel = "LIST",
      defaultValue = "0,1000,3000,5000",
      description = "heights in m when loading (default: ${DEFAULT-VALUE})")
  String levels;

  @Option(
      names = "--steps",
      paramLabel = "SPEC",
      defaultValue = "0-12",
      description = "forecast steps when loading, 'a-b' or a list (default: ${DEFAULT-VALUE})")
  String steps;

  @Option(
      names = "--shards",
      paramLabel = "N",
      defaultValue = "1",
      description = "primary shards per index when loading (default: ${DEFAULT-VALUE})")
  int shards;

  @Option(
      names = "--levels-per-index",
      paramLabel = "N",
      defaultValue = "3",
      description = "levels per index when loading (default: ${DEFAULT-VALUE})")
  int levelsPerIndex;

  @Option(
      names = "--steps-per-index",
      paramLabel = "N",
      defaultValue = "0",
      description = "steps per index when loading, 0 = all in one (default: ${DEFAULT-VALUE})")
  int stepsPerIndex;

  @Option(
      names = "--force-merge",
      description =
          "when loading: merge the run's indices to one segment after publishing (the ingestor's"
              + " --force-merge)")
  boolean forceMerge;

  @Option(
      names = "--routing",
      paramLabel = "tile|document",
      defaultValue = "tile",
      description =
          "shard routing when loading: by lat/lon tile or by _id (default: ${DEFAULT-VALUE})")
  String routing;

  @Option(
      names = "--weather-seed",
      paramLabel = "N",
      defaultValue = "42",
      description = "seed of the synthetic weather (default: ${DEFAULT-VALUE})")
  long weatherSeed;

  // The load.
  @Option(
      names = "--requests",
      paramLabel = "K",
      defaultValue = "10000",
      description =
          "random requests generated; each repeat's measured window sends ones its phase has not"
              + " sent while they last: give about rate x (warm-up + duration) x repeats (vegeta's"
              + " warm-ups send them last first) (default: ${DEFAULT-VALUE})")
  int requests;

  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = "1",
      description = "seed of the random requests (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(
      names = "--sampling",
      paramLabel = "area|degrees|cities",
      defaultValue = "area",
      description =
          "places uniform over the area or in degrees, or the world's cities weighted by population"
              + " at heights near the ground (needs --cities) (default: ${DEFAULT-VALUE})")
  RandomSpots.Sampling sampling;

  @Option(
      names = "--cities",
      paramLabel = "CSV",
      description =
          "cities for --sampling cities: a header, then"
              + " latitude,longitude,population,name per line ('./spotcast bench city' writes it from GeoNames)")
  Path cities;

  @Option(
      names = "--generator",
      paramLabel = "java|wrk|vegeta",
      defaultValue = "java",
      description =
          "load generator: this JVM's HTTP client (0.2-0.4 ms of CPU per request), wrk (a tenth of that,"
              + " closed loop only) or vegeta (open model at --rate) (default: ${DEFAULT-VALUE})")
  Generator generator;

  @Option(
      names = "--rate",
      paramLabel = "R",
      defaultValue = "0",
      description =
          "open model: R requests per second started whatever the latency, each timed from when it was due"
              + " (Java generator or vegeta; 0: closed loop of --concurrency workers) (default: ${DEFAULT-VALUE})")
  double rate;

  @Option(
      names = "--wrk",
      paramLabel = "PATH",
      defaultValue = "wrk",
      description = "the wrk binary (default: ${DEFAULT-VALUE})")
  String wrk;

  @Option(
      names = "--vegeta",
      paramLabel = "PATH",
      defaultValue = "${env:SPOTCAST_VEGETA:-vegeta}",
      description =
          "the vegeta binary ('./spotcast bench' builds one and sets SPOTCAST_VEGETA) (default: ${DEFAULT-VALUE})")
  String vegeta;

  @Option(
      names = "--n",
      paramLabel = "N",
      defaultValue = "4",
      description = "neighbours per request (default: ${DEFAULT-VALUE})")
  int neighbours;

  @Option(
      names = "--params",
      paramLabel = "LIST",
      split = ",",
      description = "parameters asked for (default: all)")
  List<String> params;

  @Option(
      names = "--series-share",
      paramLabel = "F",
      defaultValue = "0",
      description =
          "share 0..1 of the service phase's requests sent as time series (GET /v1/series: every step of"
              + " the run at the same place and height) instead of spot requests, spread evenly (0.2: one in"
              + " five); the raw phases send, for each, the search the service makes for it (one for a whole"
              + " series) (default: ${DEFAULT-VALUE})")
  double seriesShare;

  @Option(
      names = "--series-params",
      paramLabel = "LIST",
      defaultValue = "t,u,v",
      split = ",",
      description = "parameters of the series requests, empty for all (default: ${DEFAULT-VALUE})")
  List<String> seriesParams;

  @Option(
      names = "--concurrency",
      paramLabel = "C",
      defaultValue = "16",
      description = "closed-loop workers (default: ${DEFAULT-VALUE})")
  int concurrency;

  @Option(
      names = "--warmup",
      paramLabel = "SECONDS",
      defaultValue = "10",
      converter = Seconds.class,
      description = "warm-up of each phase, not counted (default: ${DEFAULT-VALUE})")
  Duration warmup;

  @Option(
      names = "--duration",
      paramLabel = "SECONDS",
      defaultValue = "30",
      converter = Seconds.class,
      description = "measured time of each phase (default: ${DEFAULT-VALUE})")
  Duration duration;

  @Option(
      names = "--cold",
      description =
          "vegeta only: the machine's page cache is dropped (needs root) before the measured"
              + " window, so that what is measured reads the run's documents from disk, not from"
              + " memory (see --requests)")
  boolean cold;

  @Option(
      names = "--repeat",
      paramLabel = "R",
      defaultValue = "1",
      description = "repeat the phases R times, alternating (default: ${DEFAULT-VALUE})")
  int repeat;

  // One string, split in check(): a later --phases replaces an earlier one ('bench city' passes its
  // own first).
  @Option(
      names = "--phases",
      paramLabel = "LIST",
      defaultValue = "raw,service",
      description =
          "raw,service (default); also raw-ids (the service's ids path on regular grids: documents by"
              + " _id instead of the geo sort)")
  String phasesText;

  List<String> phases;

  // The query service.
  @Option(
      names = "--service-jar",
      paramLabel = "PATH",
      description = "the runnable jar (bench.sh passes it)")
  Path serviceJar;

  @Option(
      names = "--service-java-opts",
      paramLabel = "STR",
      defaultValue = "${env:SPOTCAST_JAVA_OPTS:-}",
      description = "JVM options of the service (default: $SPOTCAST_JAVA_OPTS)")
  String serviceJavaOpts;

  @Option(
      names = "--service-port",
      paramLabel = "N",
      defaultValue = "0",
      description = "its port (default: a free one)")
  int servicePort;

  @Option(
      names = "--service-prime",
      paramLabel = "SECONDS",
      defaultValue = "60",
      converter = Seconds.class,
      description =
          "warm-up of the first service phase: the service JVM is new and its JIT needs more requests"
              + " than Elasticsearch's (default: ${DEFAULT-VALUE})")
  Duration servicePrime;

  @Option(
      names = "--log-dir",
      paramLabel = "DIR",
      defaultValue = "${env:SPOTCAST_HOME:-${sys:java.io.tmpdir}}",
      description =
          "where the service log goes (default: $SPOTCAST_HOME or the temporary directory)")
  Path logDir;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "show this help and exit")
  boolean help;

  /**
   * Parses and checks the options.
   *
   * @throws IllegalArgumentException naming the bad option
   */
  static QueryBenchOptions parse(String[] args) {
    QueryBenchOptions o = new QueryBenchOptions();
    try {
      commandLine(o).parseArgs(args);
    } catch (CommandLine.ParameterException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    o.check();
    return o;
  }

  static String usage() {
    return commandLine(new QueryBenchOptions()).getUsageMessage(CommandLine.Help.Ansi.OFF);
  }

  private static CommandLine commandLine(QueryBenchOptions o) {
    // A later option overrides an earlier one: 'bench city' passes its defaults first.
    return new CommandLine(o)
        .setCaseInsensitiveEnumValuesAllowed(true)
        .setOverwrittenOptionsAllowed(true);
  }

  private void check() {
    positive("--shards", shards);
    positive("--levels-per-index", levelsPerIndex);
    positive("--requests", requests);
    positive("--n", neighbours);
    positive("--concurrency", concurrency);
    positive("--repeat", repeat);
    if (duration.isZero() || duration.isNegative()) {
      throw new IllegalArgumentException("--duration must be positive");
    }
    routing = routing.strip().toLowerCase(Locale.ROOT);
    if (!routing.equals("tile") && !routing.equals("document")) {
      throw new IllegalArgumentException(
          "--routing must be tile or document, got '" + routing + "'");
    }
    phases =
        new ArrayList<>(
            Arrays.stream(phasesText.split(","))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .distinct()
                .toList());
    for (String p : phases) {
      if (!KNOWN_PHASES.contains(p)) {
        throw new IllegalArgumentException("unknown phase '" + p + "'; known: " + KNOWN_PHASES);
      }
    }
    if (rate < 0 || (rate > 0 && generator == Generator.WRK)) {
      throw new IllegalArgumentException(
          "--rate must be positive and needs --generator vegeta or java (wrk runs a closed loop)");
    }
    if (generator == Generator.VEGETA && rate <= 0) {
      throw new IllegalArgumentException(
          "--generator vegeta runs an open model: give --rate R (requests per second)");
    }
    if (cold && generator != Generator.VEGETA) {
      throw new IllegalArgumentException("--cold needs --generator vegeta");
    }
    if (sampling == RandomSpots.Sampling.CITIES && cities == null) {
      throw new IllegalArgumentException("--sampling cities needs --cities CSV");
    }
    if (!(seriesShare >= 0 && seriesShare <= 1)) {
      throw new IllegalArgumentException(
          "--series-share must be a fraction from 0 to 1, got " + seriesShare);
    }
    seriesParams =
        seriesParams == null
            ? List.of()
            : seriesParams.stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
    params =
        params == null
            ? List.of()
            : params.stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
    elasticsearch = elasticsearch.replaceAll("/+$", "");
  }

  enum Generator {
    JAVA,
    WRK,
    VEGETA
  }

  boolean wants(String phase) {
    return phases.contains(phase);
  }

  List<String> serviceJavaOptions() {
    return serviceJavaOpts.isBlank()
        ? List.of()
        : Arrays.asList(serviceJavaOpts.trim().split("\\s+"));
  }

  private static void positive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be at least 1");
    }
  }

  /** Seconds, fractions allowed ("0.5"). */
  static final class Seconds implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
      return Duration.ofMillis(Math.round(Double.parseDouble(value) * 1000));
    }
  }
}
