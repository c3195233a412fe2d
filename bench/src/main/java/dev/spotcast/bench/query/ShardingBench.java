package dev.spotcast.bench.query;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.Refresh;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.ElasticsearchHttpClient;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunRecord;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.sharding.ShardingStrategy;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;

/**
 * {@code spotcast bench sharding}: the same synthetic run loaded once per sharding strategy (under
 * a model of its own), the load timed, then the service's own Elasticsearch requests (geo sort
 * {@code raw}, ids {@code raw-ids}; optionally {@code service}) sent with the same random requests
 * to each, and one Markdown row per strategy for docs/sharding.md. Loading, request planning,
 * verification and the load generator are {@link QueryBench}'s; see {@link #usage()}.
 */
public final class ShardingBench {

  /** This command's own options; every other argument goes to the query benchmark's options. */
  @Command(
      name = "spotcast bench sharding",
      sortOptions = false,
      usageHelpWidth = 100,
      abbreviateSynopsis = true,
      description = {
        "Loads the same synthetic run once per sharding strategy, under model <prefix><strategy>, timing the load,"
            + " then measures the service's Elasticsearch requests sent directly (raw: geo sort, raw-ids: documents"
            + " by _id) with the same random requests for every strategy, and prints one Markdown row per strategy"
            + " (docs/sharding.md).",
        "Strategies: location (all levels and steps in one index per level type, routed by lat/lon tile), time"
            + " (one index per step, all levels in it, routed by _id), hybrid (the default: 3 levels per index,"
            + " --hybrid-steps-per-index steps, by tile), none (one index per level type, routed by _id: the baseline)."
      },
      footer = {
        "",
        "Every option of 'spotcast bench query' is accepted and applies to every strategy, in particular --resolution,"
            + " --region, --levels, --steps, --shards (per index), --weather-seed, --requests, --seed, --n, --concurrency,"
            + " --warmup, --duration, --repeat, --es, and --phases (default here: raw,raw-ids; add service to measure"
            + " GET /v1/spot too). --model, --levels-per-index, --steps-per-index and --routing are set per strategy."
      })
  static final class Options {
    @Option(
        names = "--strategies",
        paramLabel = "LIST",
        split = ",",
        defaultValue = "location,time,hybrid,none",
        description = "strategies to compare (default: ${DEFAULT-VALUE})")
    List<String> strategies;

    @Option(
        names = "--model-prefix",
        paramLabel = "P",
        defaultValue = "shard_",
        description = "model id prefix of the bench runs (default: ${DEFAULT-VALUE})")
    String prefix;

    @Option(
        names = "--hybrid-steps-per-index",
        paramLabel = "N",
        defaultValue = "0",
        description = "steps per index of the hybrid strategy (default: 0 = all)")
    int hybridSteps;

    @Option(
        names = "--reuse",
        description =
            "measure an already published run of a strategy's model instead of"
                + " reloading it (its docs/s is then unknown); default: delete and reload")
    boolean reuse;

    @Option(
        names = "--keep",
        description = "keep the bench models' indices afterwards (default: deleted)")
    boolean keep;

    @Option(
        names = {"-h", "--help"},
        usageHelp = true,
        description = "show this help and exit")
    boolean help;

    @Unmatched List<String> queryOptions = new ArrayList<>();
  }

  private static final List<String> PER_STRATEGY =
      List.of("--model", "--levels-per-index", "--steps-per-index", "--routing");

  static String usage() {
    return new CommandLine(new Options()).getUsageMessage(CommandLine.Help.Ansi.OFF);
  }

  /** A sharding strategy as loading options of the query benchmark. */
  record Strategy(String name, int levelsPerIndex, int stepsPerIndex, String routing) {

    static Strategy of(String name, int levels, int hybridStepsPerIndex) {
      return switch (name) {
        case "location" -> new Strategy(name, levels, 0, "tile");
        case "time" -> new Strategy(name, levels, 1, "document");
        case "hybrid" -> new Strategy(name, 3, hybridStepsPerIndex, "tile");
        case "none" -> new Strategy(name, levels, 0, "document");
        default ->
            throw new IllegalArgumentException(
                "unknown strategy '" + name + "'; known: location, time, hybrid, none");
      };
    }

    /** Whether a run was loaded with this strategy's sharding and these shards per index. */
    boolean matches(ShardingSpec spec, int shards) {
      return spec.levelsPerIndex() == levelsPerIndex
          && spec.stepsPerIndex() == stepsPerIndex
          && spec.routing().name().equalsIgnoreCase(routing)
          && spec.shardsPerIndex() == shards;
    }

    String describe() {
      return String.format(
          Locale.ROOT,
          "levels-per-index %d, steps-per-index %d, routing %s",
          levelsPerIndex,
          stepsPerIndex,
          routing);
    }
  }

  /** What was measured for one strategy. */
  static final class Measured {
    final Strategy strategy;
    final QueryBench bench;
    final QueryBenchOptions options;
    RunRecord record;
    List<QueryBench.Prepared> prepared;
    int indices;
    int shardsPerIndex;
    double docsPerSecond = Double.NaN;
    final Map<String, QueryBench.PhaseRequests> phases = new LinkedHashMap<>();
    final Map<String, Double> shardsPerRequest = new LinkedHashMap<>();
    final Map<String, List<QueryPhaseResult>> results = new LinkedHashMap<>();

    Measured(Strategy strategy, QueryBenchOptions options, PrintWriter out) {
      this.strategy = strategy;
      this.options = options;
      this.bench = new QueryBench(options, out);
    }
  }

  private final List<Strategy> strategies;
  private final List<String> common;
  private final String prefix;
  private final boolean reuse;
  private final boolean keep;
  private final QueryBenchOptions shared;
  private final PrintWriter out;

  ShardingBench(
      List<Strategy> strategies,
      List<String> common,
      String prefix,
      boolean reuse,
      boolean keep,
      PrintWriter out) {
    this.strategies = strategies;
    this.common = common;
    this.prefix = prefix;
    this.reuse = reuse;
    this.keep = keep;
    this.out = out;
    this.shared = options(new Strategy("shared", 1, 0, "tile"));
  }

  public static void main(String[] args) {
    QueryBench.quietLogging();
    PrintWriter out = new PrintWriter(System.out, true);
    ShardingBench bench;
    try {
      bench = parse(args, out);
    } catch (RuntimeException e) {
      System.err.println("bench sharding: " + e.getMessage());
      System.err.print(usage());
      System.exit(2);
      return;
    }
    if (bench == null) {
      out.print(usage());
      out.flush();
      return;
    }
    int code;
    try {
      code = bench.run();
    } catch (Exception e) {
      out.flush();
      System.err.println("bench sharding: " + e.getMessage());
      if (System.getenv("SPOTCAST_BENCH_DEBUG") != null) {
        e.printStackTrace();
      }
      code = 2;
    }
    out.flush();
    System.exit(code);
  }

  /** This command's own options; the rest go to the query benchmark's options. Null for --help. */
  static ShardingBench parse(String[] args, PrintWriter out) {
    Options options = new Options();
    CommandLine commandLine = new CommandLine(options);
    try {
      commandLine.parseArgs(args);
    } catch (CommandLine.ParameterException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    if (commandLine.isUsageHelpRequested()) {
      return null;
    }
    for (String arg : options.queryOptions) {
      String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
      if (PER_STRATEGY.contains(name)) {
        throw new IllegalArgumentException(name + " is set per strategy");
      }
    }
    if (options.hybridSteps < 0) {
      throw new IllegalArgumentException("--hybrid-steps-per-index must be >= 0");
    }
    List<String> common = new ArrayList<>();
    if (options.queryOptions.stream()
        .noneMatch(a -> a.equals("--phases") || a.startsWith("--phases="))) {
      common.addAll(List.of("--phases", "raw,raw-ids"));
    }
    common.addAll(options.queryOptions);
    // Parsed once here, so that a wrong option fails before anything is loaded.
    QueryBenchOptions probe = QueryBenchOptions.parse(common.toArray(String[]::new));
    int levels = probe.levels.split(",").length;
    List<Strategy> strategies = new ArrayList<>();
    for (String n : options.strategies) {
      if (!n.isBlank()) {
        strategies.add(Strategy.of(n.strip(), levels, options.hybridSteps));
      }
    }
    if (strategies.isEmpty()) {
      throw new IllegalArgumentException("--strategies is empty");
    }
    return new ShardingBench(strategies, common, options.prefix, options.reuse, options.keep, out);
  }

  List<Strategy> strategies() {
    return strategies;
  }

  /** The query benchmark's options for a strategy: the shared ones and the strategy's loading. */
  QueryBenchOptions options(Strategy strategy) {
    List<String> args = new ArrayList<>(common);
    args.addAll(
        List.of(
            "--model", prefix + strategy.name(),
            "--levels-per-index", Integer.toString(strategy.levelsPerIndex()),
            "--steps-per-index", Integer.toString(strategy.stepsPerIndex()),
            "--routing", strategy.routing()));
    return QueryBenchOptions.parse(args.toArray(String[]::new));
  }

  int run() throws Exception {
    ElasticsearchSettings settings = QueryBench.elasticsearch(shared.elasticsearch);
    shared.elasticsearch = QueryBench.baseUrl(settings);
    HttpClient elasticsearchHttp = ElasticsearchHttpClient.of(settings);
    ElasticsearchClient client = ElasticsearchClients.create(settings);
    List<Measured> measured = new ArrayList<>();
    ServiceProcess service = null;
    try {
      try {
        client.cluster().health();
      } catch (IOException e) {
        throw new IOException(
            "cannot reach Elasticsearch at "
                + shared.elasticsearch
                + " ("
                + e.getMessage()
                + "); start one with './spotcast es start' or pass --es URL",
            e);
      }
      CpuWatch cpu = new CpuWatch();
      QueryBench facts = new QueryBench(shared, out);
      QueryBenchReport started = new QueryBenchReport(out, shared);
      started.machine(facts.nodeFacts(), facts.watchElasticsearch(cpu));
      out.printf(
          "%nSharding comparison: %s; grid %s deg over %s, levels %s, steps %s, %d shards per index%n",
          strategies.stream().map(Strategy::name).toList(),
          shared.resolution,
          shared.region,
          shared.levels,
          shared.steps,
          shared.shards);

      // 1. Load the same run once per strategy, timed by the ingestor.
      for (Strategy strategy : strategies) {
        Measured m = new Measured(strategy, options(strategy), out);
        m.bench.useElasticsearch(settings);
        measured.add(m);
        out.printf(
            "%n== %s (%s): model %s%n", strategy.name(), strategy.describe(), m.options.model);
        out.flush();
        if (!reuse) {
          deleteModel(client, m.options.model);
        }
        m.record = m.bench.ensureRun(client);
        m.docsPerSecond = m.bench.loadDocumentsPerSecond();
        ShardingSpec spec = m.record.run().sharding();
        if (!strategy.matches(spec, shared.shards)) {
          throw new IOException(
              "model "
                  + m.options.model
                  + " has a run sharded "
                  + spec
                  + ", not as strategy "
                  + strategy.name()
                  + " ("
                  + strategy.describe()
                  + ", "
                  + shared.shards
                  + " shards); run without --reuse");
        }
        ShardingStrategy sharding = new ShardingStrategy(m.record.run());
        m.indices = sharding.allIndices().size();
        m.shardsPerIndex = sharding.shardsPerIndex();
        out.printf(
            "  %d indices x %d shards = %d primary shards, sharding %s%n",
            m.indices, m.shardsPerIndex, m.indices * m.shardsPerIndex, m.record.run().sharding());
      }

      // 2. The same random requests for every strategy (same grid, same seed), planned and
      // verified.
      for (Measured m : measured) {
        ForecastRun run = m.record.run();
        out.printf("%n== %s: planning %,d requests%n", m.strategy.name(), m.options.requests);
        List<QueryBench.Prepared> prepared = m.bench.prepare(run);
        if (m.options.wants("raw")) {
          m.phases.put("raw", m.bench.rawRequests(prepared));
        }
        if (m.options.wants("raw-ids")) {
          m.phases.put("raw-ids", m.bench.rawIdsRequests(prepared));
        }
        m.prepared = prepared;
      }
      if (shared.wants("service")) {
        service = startService(measured);
        cpu.watch("service", service.handle());
        for (Measured m : measured) {
          m.phases.put("service", m.bench.serviceRequests(service.base(), m.prepared));
        }
      }
      for (Measured m : measured) {
        for (QueryBench.PhaseRequests phase : m.phases.values()) {
          m.shardsPerRequest.put(
              phase.phase(), m.bench.verify(phase, Math.min(500, m.options.requests)));
        }
      }

      // 3. Measure: strategies back to back per phase, repeated.
      LoadGenerator generator =
          new LoadGenerator(shared.concurrency, shared.warmup, shared.duration, cpu);
      out.printf(
          "%nMeasuring: %d workers, closed loop, %d s warm-up + %d s measured per phase, %d repeat(s)%n",
          shared.concurrency,
          shared.warmup.toSeconds(),
          shared.duration.toSeconds(),
          shared.repeat);
      out.flush();
      for (int repeat = 1; repeat <= shared.repeat; repeat++) {
        for (String phaseName : shared.phases) {
          for (Measured m : measured) {
            QueryBench.PhaseRequests phase = m.phases.get(phaseName);
            if (phase == null) {
              continue;
            }
            Duration warmup = shared.warmup;
            if (repeat == 1
                && phaseName.equals("service")
                && m == measured.getFirst()
                && shared.servicePrime.compareTo(warmup) > 0) {
              warmup = shared.servicePrime;
            }
            QueryPhaseResult result =
                generator.run(
                    m.strategy.name() + "/" + phaseName,
                    repeat,
                    phase.requests(),
                    m.bench.clientFor(phase),
                    new SearchStats(shared.elasticsearch, phase.indices(), elasticsearchHttp),
                    warmup);
            started.forOptions(m.options).phase(result);
            m.results.computeIfAbsent(phaseName, k -> new ArrayList<>()).add(result);
          }
        }
      }
      table(measured);
      return measured.stream()
              .flatMap(m -> m.results.values().stream())
              .flatMap(List::stream)
              .anyMatch(r -> r.errors() > 0)
          ? 1
          : 0;
    } finally {
      if (service != null) {
        out.printf("Stopping the query service (pid %d)%n", service.handle().pid());
        service.close();
      }
      if (!keep) {
        for (Measured m : measured) {
          try {
            deleteModel(client, m.options.model);
          } catch (IOException | RuntimeException e) {
            out.printf("could not delete model %s: %s%n", m.options.model, e.getMessage());
          }
        }
        if (!measured.isEmpty()) {
          out.printf("Deleted the bench models' indices and catalog records (--keep keeps them)%n");
        }
      }
      out.flush();
      client._transport().close();
    }
  }

  private ServiceProcess startService(List<Measured> measured)
      throws IOException, InterruptedException {
    if (shared.serviceJar == null || !Files.isRegularFile(shared.serviceJar)) {
      throw new IOException(
          "the query service jar is needed for the service phase (--service-jar), got "
              + shared.serviceJar);
    }
    Files.createDirectories(shared.logDir);
    Path log = shared.logDir.resolve("bench-sharding-service.log");
    out.printf(
        "%nStarting the query service (%s) against %s, log %s%n",
        shared.serviceJar.getFileName(), shared.elasticsearch, log);
    out.flush();
    ServiceProcess service =
        ServiceProcess.start(
            QueryBench.javaBinary(),
            shared.serviceJar,
            shared.serviceJavaOptions(),
            QueryBench.serviceElasticsearch(shared.elasticsearch),
            shared.servicePort,
            log);
    for (Measured m : measured) {
      service.awaitServing(
          "/v1/spot?" + m.prepared.getFirst().spot().queryString(), Duration.ofMinutes(3));
    }
    return service;
  }

  /**
   * Deletes every forecast index of a bench model (its alias goes with them) and its catalog
   * records.
   */
  private static void deleteModel(ElasticsearchClient client, String model) throws IOException {
    // By name: Elasticsearch refuses wildcard deletes (action.destructive_requires_name).
    List<String> indices =
        new ArrayList<>(
            client
                .indices()
                .get(g -> g.index(ShardingStrategy.modelIndexPattern(model)).allowNoIndices(true))
                .indices()
                .keySet());
    if (!indices.isEmpty()) {
      client.indices().delete(d -> d.index(indices));
    }
    // Catalog records one by one: a minimal distribution has no _delete_by_query (reindex module).
    var records =
        client.search(
            q ->
                q.index(RunCatalog.INDEX)
                    .ignoreUnavailable(true)
                    .allowNoIndices(true)
                    .size(1000)
                    .query(t -> t.term(f -> f.field("model").value(model)))
                    .source(f -> f.fetch(false)),
            Void.class);
    for (var hit : records.hits().hits()) {
      client.delete(d -> d.index(RunCatalog.INDEX).id(hit.id()).refresh(Refresh.True));
    }
  }

  /** One Markdown row per strategy; medians over the repeats. */
  private void table(List<Measured> measured) {
    out.printf(
        "%nResults (medians over %d repeat(s); %d workers, %d s per phase; %s deg grid over %s, levels %s,"
            + " steps %s; shards per query from _shards.total of the first %d answers):%n%n",
        shared.repeat,
        shared.concurrency,
        shared.duration.toSeconds(),
        shared.resolution,
        shared.region,
        shared.levels,
        shared.steps,
        Math.min(500, shared.requests));
    boolean service = measured.stream().anyMatch(m -> m.results.containsKey("service"));
    out.println(
        "| strategy | indices x shards per run | ingest docs/s | shards per query (geo / ids) "
            + "| raw geo p50 / p99 ms | raw ids p50 / p99 ms | req/s (geo / ids) |"
            + (service ? " service p50 / p99 ms | service req/s |" : ""));
    out.println("|---|---|---:|---|---|---|---|" + (service ? "---|---:|" : ""));
    for (Measured m : measured) {
      out.printf(
          Locale.ROOT,
          "| %s (%s) | %d x %d | %s | %s / %s | %s / %s | %s / %s | %s / %s |%s%n",
          m.strategy.name(),
          m.strategy.describe(),
          m.indices,
          m.shardsPerIndex,
          Double.isNaN(m.docsPerSecond)
              ? "-"
              : String.format(Locale.ROOT, "%,.0f", m.docsPerSecond),
          num(m.shardsPerRequest.get("raw")),
          num(m.shardsPerRequest.get("raw-ids")),
          num(median(m, "raw", r -> r.latency().p50())),
          num(median(m, "raw", r -> r.latency().p99())),
          num(median(m, "raw-ids", r -> r.latency().p50())),
          num(median(m, "raw-ids", r -> r.latency().p99())),
          rate(median(m, "raw", QueryPhaseResult::requestsPerSecond)),
          rate(median(m, "raw-ids", QueryPhaseResult::requestsPerSecond)),
          service
              ? String.format(
                  Locale.ROOT,
                  " %s / %s | %s |",
                  num(median(m, "service", r -> r.latency().p50())),
                  num(median(m, "service", r -> r.latency().p99())),
                  rate(median(m, "service", QueryPhaseResult::requestsPerSecond)))
              : "");
    }
    out.flush();
  }

  private static double median(Measured m, String phase, ToDoubleFunction<QueryPhaseResult> value) {
    List<QueryPhaseResult> results = m.results.get(phase);
    if (results == null || results.isEmpty()) {
      return Double.NaN;
    }
    double[] values = results.stream().mapToDouble(value).sorted().toArray();
    int n = values.length;
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  }

  private static String num(Double value) {
    return value == null || value.isNaN() ? "-" : String.format(Locale.ROOT, "%.2f", value);
  }

  private static String rate(double value) {
    return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%,.0f", value);
  }
}
