package dev.spotcast.bench.ingest;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials;
import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.cli.LoadOptions;
import dev.spotcast.ingestor.cli.StepList;
import dev.spotcast.ingestor.lifecycle.ClusterShards;
import dev.spotcast.ingestor.lifecycle.LoadReport;
import dev.spotcast.ingestor.lifecycle.PublishPolicy;
import dev.spotcast.ingestor.lifecycle.RunLoader;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code spotcast bench scale}: one large run (100 million documents by default) loaded by the
 * ingestor, against the raw Elasticsearch bulk limit measured in the same session on a slice of the
 * same run, before and after (the second time next to the full index). While the run loads, the
 * rate, Elasticsearch's CPU per document and the index size are sampled at fixed intervals, so that
 * the report shows whether the rate stays flat as the index grows. The run stays published (unless
 * {@code --delete}) so that {@code spotcast bench query --model MODEL} can measure queries on it.
 */
@Command(
    name = "scale",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Load one large synthetic run (default 0.1 deg over Europe x 5 levels x 68 steps = 100.4 M documents) with the"
          + " ingestor, measure the raw Elasticsearch bulk limit on a slice of it before and after, and report"
          + " docs/s per interval (is the rate flat as the index grows?) and the ratio to raw.",
      "The run stays published under --model for 'spotcast bench query --model MODEL' unless --delete."
    })
public final class ScaleBenchCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin LoadOptions loading;

  @Option(
      names = "--model",
      defaultValue = "scale",
      description = "Model id of the large run (default: ${DEFAULT-VALUE}).")
  String model;

  @Option(
      names = "--region",
      split = ",",
      defaultValue = "30,-25,72,45",
      description =
          "Grid box south,west,north,east in degrees (default: ${DEFAULT-VALUE}: Europe).")
  List<Double> region;

  @Option(
      names = "--resolution",
      defaultValue = "0.1",
      description = "Grid spacing in degrees (default: ${DEFAULT-VALUE}).")
  double resolution;

  @Option(
      names = "--levels",
      split = ",",
      defaultValue = "0,100,500,1000,3000",
      description = "Heights above ground in m (default: ${DEFAULT-VALUE}).")
  List<Double> levels;

  @Option(
      names = "--steps",
      defaultValue = "0-67",
      description = "Forecast steps: 'a-b' or a comma list (default: ${DEFAULT-VALUE}).")
  String steps;

  @Option(
      names = "--raw-docs",
      defaultValue = "6000000",
      description =
          "About this many documents of one step (whole steps of the same run, points x levels x steps) for each raw"
              + " phase (default: ${DEFAULT-VALUE}).")
  long rawDocs;

  @Option(
      names = "--raw-full",
      description =
          "Raw phase on the whole run instead of a slice: its bulk bodies are written to --raw-file first (not"
              + " timed; ~180 bytes per document of one step), then posted into fresh indices with the rate sampled as for the"
              + " ingestor, and deleted; then the ingestor loads the run. The exact comparison at scale.")
  boolean rawFull;

  @Option(
      names = "--raw-layout",
      defaultValue = "spotcast",
      description =
          "Mapping of the raw phases' indices: spotcast (the same as the ingestor's) or lean (the leanest layout"
              + " of the same documents: values in _source only, no doc values; what target 4 of issue 17 compares"
              + " against) (default: ${DEFAULT-VALUE}).")
  String rawLayout;

  @Option(
      names = "--raw-file",
      defaultValue = "${env:SPOTCAST_HOME:-/var/tmp/spotcast}/bench-raw/scale-raw.bulk",
      description =
          "Where --raw-full spills the bulk bodies (default: ${DEFAULT-VALUE}); deleted at the end.")
  Path rawFile;

  @Option(
      names = "--posters",
      defaultValue = "4",
      description = "Parallel HTTP clients of the raw phases (default: ${DEFAULT-VALUE}).")
  int posters;

  @Option(
      names = "--sample-seconds",
      defaultValue = "60",
      description = "Interval of the rate samples during the load (default: ${DEFAULT-VALUE}).")
  int sampleSeconds;

  @Option(
      names = "--seed",
      defaultValue = "42",
      description = "Seed of the synthetic weather (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--delete",
      description =
          "Delete the large run at the end (default: keep it published for query benchmarks).")
  boolean delete;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (region.size() != 4 || rawDocs < 1 || posters < 1 || sampleSeconds < 1) {
      throw new ParameterException(
          spec.commandLine(),
          "--region needs south,west,north,east; --raw-docs, --posters, --sample-seconds >= 1");
    }
    lean(); // refused before any work when it names no layout
    ForecastRun run = run(model, StepList.parse(steps));
    List<Integer> rawSteps = rawFull ? run.steps() : rawSteps(run);
    ForecastRun rawRun = run(model + "_raw", rawSteps);
    if (!rawFull && BenchIngestCommand.bulkBytes(rawRun) > Runtime.getRuntime().maxMemory() * 0.6) {
      err.printf(
          "spotcast: the raw slice (%,d documents) needs about %,d MB of bulk bodies; lower --raw-docs or raise SPOTCAST_BENCH_HEAP%n",
          rawRun.documentCount(), BenchIngestCommand.bulkBytes(rawRun) >> 20);
      return 2;
    }
    // The raw phases and the statistics speak plain HTTP(S) with the same TLS trust and credential
    // as the client.
    ElasticsearchSettings connection = loading.elasticsearchSettings(LocalCredentials.Role.ADMIN);
    URI base = connection.uris().getFirst();
    ElasticsearchNode node = ElasticsearchNode.at(connection);
    HttpClient http = node.http();
    ElasticsearchNode.Info info = node.infoOrExplain(err);
    if (info == null) {
      return 3;
    }
    ElasticsearchClient client = ElasticsearchClients.create(connection);
    run = run.withSharding(ClusterShards.resolve(client, run.sharding()));
    rawRun = rawRun.withSharding(run.sharding()); // both of --shards and the rest alike
    ShardingStrategy strategy = new ShardingStrategy(run);
    ShardingStrategy rawStrategy = new ShardingStrategy(rawRun);
    LoaderSettings loader = BenchIngestCommand.loaderSettings(loading);
    out.printf("Machine: %s%n", BenchIngestCommand.machine());
    out.printf(
        "Elasticsearch at %s: %s, heap %.1f GiB, %d node(s)%n",
        base, info.version(), info.heapMaxBytes() / (double) (1L << 30), info.nodes());
    out.printf(
        "Run: model %s, %,d points (%.3g deg over %s) x %d levels x %d steps = %,d documents into %s (%d shards each)%n",
        model,
        run.grid().pointCount(),
        resolution,
        region,
        levels.size(),
        run.steps().size(),
        run.documentCount(),
        strategy.allIndices(),
        strategy.shardsPerIndex());
    if (rawFull) {
      out.printf(
          "Raw: the whole run again = %,d documents, as model %s (%d posters, NDJSON pre-generated to %s)%n",
          rawRun.documentCount(), rawRun.model(), posters, rawFile);
    } else {
      out.printf(
          "Raw slice: steps %s of the same run = %,d documents, as model %s (%d posters, pre-generated NDJSON)%n",
          rawSteps, rawRun.documentCount(), rawRun.model(), posters);
    }
    out.flush();

    BenchIndices big = new BenchIndices(client, strategy);
    BenchIndices raw = new BenchIndices(client, rawStrategy);
    Thread cleanup = new Thread(raw::cleanQuietly, "bench-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
    try (CpuSampler cpu = new CpuSampler()) {
      big.requireModelFree();
      raw.requireModelFree();
      big.clean();
      raw.clean();
      if (rawFull) {
        return compareWholeRuns(
            run, rawRun, rawStrategy, loader, client, big, raw, node, cpu, http, base, out);
      }
      long t0 = System.nanoTime();
      BulkBodies bodies =
          BulkBodies.generate(new SyntheticForecastSource(rawRun, seed), rawStrategy, loader);
      out.printf(
          "%nGenerated the raw slice's %,d bulk bodies (%,d MB) in %.1f s (not timed)%n",
          bodies.bodies().size(), bodies.bytes() >> 20, (System.nanoTime() - t0) / 1e9);

      Callable<RawBulkLoad.Result> postSlice =
          () -> RawBulkLoad.post(http, base, bodies.bodies(), posters);
      Rate before = rawPhase("raw before", rawRun, raw, node, cpu, out, postSlice);
      Rate load = loadPhase(run, loader, client, big, node, cpu, base, http, out);
      Rate after =
          rawPhase("raw after (next to the loaded run)", rawRun, raw, node, cpu, out, postSlice);
      if (!before.ok || !load.ok || !after.ok) {
        out.println("\nA phase lost documents: no ratio.");
        return 1;
      }
      double rawRate = (before.docsPerSecond + after.docsPerSecond) / 2;
      out.printf(
          "%nSummary (%s; raw in %s)%n",
          BenchReport.today(),
          lean() ? "the leanest layout, values in _source only" : "Spotcast's layout");
      out.printf(
          "| documents | raw docs/s (before / after) | Spotcast docs/s (end to end / streaming) | ratio (streaming / end to end) |%n|---|---|---|---|%n");
      out.printf(
          "| %,d | %,.0f (%,.0f / %,.0f) | %,.0f / %,.0f | **%.2f** / %.2f |%n",
          run.documentCount(),
          rawRate,
          before.docsPerSecond,
          after.docsPerSecond,
          load.docsPerSecond,
          load.streamDocsPerSecond,
          load.streamDocsPerSecond / rawRate,
          load.docsPerSecond / rawRate);
      out.printf(
          "CPU per document: raw ES %.1f / %.1f us, Spotcast ES %.1f us + ingestor %.1f us%n",
          before.esMicrosPerDoc,
          after.esMicrosPerDoc,
          load.esMicrosPerDoc,
          load.clientMicrosPerDoc);
      perPlaceLevelStep(
          run, rawRun, rawRate, (before.esMicrosPerDoc + after.esMicrosPerDoc) / 2, load, out);
      return keepOrDelete(big, out);
    } finally {
      raw.cleanQuietly();
      try {
        Runtime.getRuntime().removeShutdownHook(cleanup);
      } catch (IllegalStateException e) {
        // shutting down
      }
      client._transport().close();
    }
  }

  /**
   * When the slice's documents carry fewer steps than the run's (a slice of whole steps of a run
   * stored as series), documents are not the same unit on both sides: the rates and costs again,
   * per place-level-step (the mission's document), which is what a sizing uses.
   */
  private static void perPlaceLevelStep(
      ForecastRun run,
      ForecastRun rawRun,
      double rawDocsPerSecond,
      double rawEsMicrosPerDoc,
      Rate load,
      PrintWriter out) {
    double k = averageStepsPerDocument(run);
    double rawK = averageStepsPerDocument(rawRun);
    if (k == rawK) {
      return;
    }
    out.printf(
        "The run's documents carry %.1f steps each, the raw slice's %.1f: the ratio above compares"
            + " unlike documents. Per place-level-step: raw %,.0f/s at %.2f us of ES CPU, Spotcast"
            + " %,.0f/s at %.2f us of ES CPU + %.2f us of ingestor CPU (ratio %.2f)%n",
        k,
        rawK,
        rawDocsPerSecond * rawK,
        rawEsMicrosPerDoc / rawK,
        load.docsPerSecond * k,
        load.esMicrosPerDoc / k,
        load.clientMicrosPerDoc / k,
        load.docsPerSecond * k / (rawDocsPerSecond * rawK));
  }

  /** Place-level-steps per document over the whole run (the last block may be shorter). */
  private static double averageStepsPerDocument(ForecastRun run) {
    return (double) run.steps().size() / run.blockCount();
  }

  /** The large run stays published for query benchmarks, or goes with --delete. */
  private int keepOrDelete(BenchIndices big, PrintWriter out) throws IOException {
    if (delete) {
      big.clean();
    } else {
      out.printf(
          "The run stays published as model %s: ./spotcast bench query --model %s%n", model, model);
    }
    return 0;
  }

  private record Rate(
      boolean ok,
      double docsPerSecond,
      double streamDocsPerSecond,
      double esMicrosPerDoc,
      double clientMicrosPerDoc) {}

  /**
   * --raw-full: the whole run posted raw (bodies spilled to disk first), then the same run loaded
   * by the ingestor, both into fresh indices of the same layout with the rate sampled the same way.
   */
  private int compareWholeRuns(
      ForecastRun run,
      ForecastRun rawRun,
      ShardingStrategy rawStrategy,
      LoaderSettings loader,
      ElasticsearchClient client,
      BenchIndices big,
      BenchIndices raw,
      ElasticsearchNode node,
      CpuSampler cpu,
      HttpClient http,
      URI base,
      PrintWriter out)
      throws Exception {
    Rate rawRate;
    try {
      long t0 = System.nanoTime();
      BulkBodyFile.Written written =
          BulkBodyFile.write(
              rawFile, new SyntheticForecastSource(rawRun, seed), rawStrategy, loader);
      out.printf(
          "%nWrote the raw run's %,d bulk bodies (%,d documents, %,d MB) to %s in %.1f s (not timed)%n",
          written.bodies(),
          written.documents(),
          written.bytes() >> 20,
          rawFile,
          (System.nanoTime() - t0) / 1e9);
      out.printf(
          "%nRaw: the whole run posted by %d clients: rate every %d s%n", posters, sampleSeconds);
      AtomicLong acknowledged = new AtomicLong();
      try (BulkBodyFile bodies = BulkBodyFile.open(rawFile)) {
        rawRate =
            rawPhase(
                "Raw (whole run)",
                rawRun,
                raw,
                node,
                cpu,
                out,
                () ->
                    sampled(
                        acknowledged::get,
                        new IndexFootprint(http, base, raw.names()),
                        node,
                        cpu,
                        out,
                        () -> RawBulkLoad.post(http, base, bodies, posters, acknowledged)));
      }
    } finally {
      Files.deleteIfExists(rawFile);
    }
    Rate load = loadPhase(run, loader, client, big, node, cpu, base, http, out);
    if (!rawRate.ok || !load.ok) {
      out.println("\nA phase lost documents: no ratio.");
      return 1;
    }
    out.printf(
        "%nSummary (%s; raw in %s)%n",
        BenchReport.today(),
        lean() ? "the leanest layout, values in _source only" : "Spotcast's layout");
    out.printf(
        "| documents | raw docs/s (whole run) | Spotcast docs/s (end to end / streaming) | ratio (end to end / streaming) |%n|---|---|---|---|%n");
    out.printf(
        "| %,d | %,.0f | %,.0f / %,.0f | **%.2f** / %.2f |%n",
        run.documentCount(),
        rawRate.docsPerSecond,
        load.docsPerSecond,
        load.streamDocsPerSecond,
        load.docsPerSecond / rawRate.docsPerSecond,
        load.streamDocsPerSecond / rawRate.docsPerSecond);
    out.printf(
        "CPU per document: raw ES %.1f us + poster %.1f us; Spotcast ES %.1f us + ingestor %.1f us%n",
        rawRate.esMicrosPerDoc,
        rawRate.clientMicrosPerDoc,
        load.esMicrosPerDoc,
        load.clientMicrosPerDoc);
    return keepOrDelete(big, out);
  }

  /**
   * Runs {@code work} while printing, every --sample-seconds, a row of the rate table: documents
   * done so far, docs/s and CPU per document in the interval, index size and segments.
   */
  private <T> T sampled(
      LongSupplier done,
      IndexFootprint footprint,
      ElasticsearchNode node,
      CpuSampler cpu,
      PrintWriter out,
      Callable<T> work)
      throws Exception {
    out.printf(
        "| minute | documents indexed | docs/s in interval | ES CPU us/doc | client CPU us/doc (ingestor or poster) | other processes | index size | segments |%n|---:|---:|---:|---:|---:|---:|---:|---:|%n");
    out.flush();
    Interval[] last = {new Interval(System.nanoTime(), 0, cpu.snapshot(), node.stats())};
    ScheduledExecutorService sampler =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "bench-sampler");
              t.setDaemon(true);
              return t;
            });
    long t0 = System.nanoTime();
    sampler.scheduleAtFixedRate(
        () -> {
          try {
            Interval now =
                new Interval(System.nanoTime(), done.getAsLong(), cpu.snapshot(), node.stats());
            String row = last[0].row(now, t0, footprint.read());
            last[0] = now;
            out.println(row);
            out.flush();
          } catch (Exception e) {
            out.println("  (sample failed: " + e + ")");
          }
        },
        sampleSeconds,
        sampleSeconds,
        TimeUnit.SECONDS);
    try {
      return work.call();
    } finally {
      sampler.shutdownNow();
    }
  }

  private boolean lean() {
    return switch (rawLayout) {
      case "lean" -> true;
      case "spotcast" -> false;
      default ->
          throw new ParameterException(
              spec.commandLine(), "--raw-layout is spotcast or lean, not " + rawLayout);
    };
  }

  /**
   * One raw phase: fresh indices, {@code post} timed with the CPU it cost, the count checked, the
   * indices deleted.
   */
  private Rate rawPhase(
      String title,
      ForecastRun rawRun,
      BenchIndices indices,
      ElasticsearchNode node,
      CpuSampler cpu,
      PrintWriter out,
      Callable<RawBulkLoad.Result> post)
      throws Exception {
    indices.clean();
    if (lean()) {
      indices.createLeanForLoading();
    } else {
      indices.createForLoading();
    }
    Thread.sleep(5000);
    CpuSampler.Snapshot from = cpu.snapshot();
    ElasticsearchNode.Stats esFrom = node.stats();
    RawBulkLoad.Result result = post.call();
    CpuUsage usage = CpuUsage.between(from, cpu.snapshot(), esFrom, node.stats());
    long counted = indices.refreshAndCount();
    indices.clean();
    boolean ok = result.failedDocuments() == 0 && counted == rawRun.documentCount();
    double rate = result.documents() / result.seconds();
    out.printf(
        "%n%s, %s: %,d docs in %.1f s = %,.0f docs/s; counted %,d%s%n",
        title,
        lean() ? "leanest layout (values in _source only)" : "Spotcast's layout",
        result.documents(),
        result.seconds(),
        rate,
        counted,
        ok ? " OK" : " FAILED " + result.failures());
    out.printf(
        "  CPU: ES %.1f us/doc, poster %.1f us/doc; other processes %.0f%% of the machine%n",
        usage.elasticsearchSeconds() * 1e6 / result.documents(),
        usage.benchSeconds() * 1e6 / result.documents(),
        100 * usage.otherSeconds() / Math.max(1e-9, usage.capacitySeconds()));
    out.flush();
    return new Rate(
        ok,
        rate,
        rate,
        usage.elasticsearchSeconds() * 1e6 / result.documents(),
        usage.benchSeconds() * 1e6 / result.documents());
  }

  private Rate loadPhase(
      ForecastRun run,
      LoaderSettings loader,
      ElasticsearchClient client,
      BenchIndices indices,
      ElasticsearchNode node,
      CpuSampler cpu,
      URI base,
      HttpClient http,
      PrintWriter out)
      throws Exception {
    Thread.sleep(5000);
    StreamClock clock = new StreamClock(run.documentCount());
    AtomicLong done = new AtomicLong();
    IndexFootprint footprint = new IndexFootprint(http, base, indices.names());
    out.printf(
        "%nSpotcast ingestor (RunLoader.load, %d producers, %d senders): rate every %d s%n",
        loader.producerThreads(), loader.senderThreads(), sampleSeconds);
    CpuSampler.Snapshot start = cpu.snapshot();
    ElasticsearchNode.Stats esStart = node.stats();
    long begin = System.nanoTime();
    LoadReport report =
        sampled(
            done::get,
            footprint,
            node,
            cpu,
            out,
            () ->
                new RunLoader(client, loader)
                    .withPublishPolicy(PublishPolicy.ALWAYS)
                    .load(
                        clock.wrap(new SyntheticForecastSource(run, seed)),
                        p -> {
                          clock.accept(p);
                          done.set(p.indexed());
                        }));
    double seconds = (System.nanoTime() - begin) / 1e9;
    CpuUsage usage = CpuUsage.between(start, cpu.snapshot(), esStart, node.stats());
    long counted = report.published() ? indices.refreshAndCount() : report.counted();
    boolean ok = report.published() && report.failed() == 0 && counted == run.documentCount();
    double stream = clock.seconds() == null ? seconds : clock.seconds();
    out.printf(
        "Loaded %,d documents in %.1f s = %,.0f docs/s end to end, %,.0f docs/s streaming; counted %,d%s%n",
        report.indexed(),
        seconds,
        report.indexed() / seconds,
        report.indexed() / stream,
        counted,
        ok ? " OK, published" : " FAILED: " + report.failure());
    out.printf(
        "  retries: %s; index at the end: %s%n",
        report.retriesByCause().isEmpty() ? "none" : report.retriesByCause(), footprint.read());
    out.flush();
    return new Rate(
        ok,
        report.indexed() / seconds,
        report.indexed() / stream,
        usage.elasticsearchSeconds() * 1e6 / report.indexed(),
        usage.benchSeconds() * 1e6 / report.indexed());
  }

  /** One sample of the load: time, documents acknowledged, CPU counters. */
  private record Interval(
      long nanos, long done, CpuSampler.Snapshot cpu, ElasticsearchNode.Stats es) {
    String row(Interval to, long t0, IndexFootprint.Size size) {
      CpuUsage u = CpuUsage.between(cpu, to.cpu, es, to.es);
      long docs = to.done - done;
      String perDoc =
          docs <= 0
              ? "- | -"
              : String.format(
                  "%.1f | %.1f",
                  u.elasticsearchSeconds() * 1e6 / docs, u.benchSeconds() * 1e6 / docs);
      return String.format(
          "| %.1f | %,d | %,.0f | %s | %.0f%% | %,d MB | %d |",
          (to.nanos - t0) / 60e9,
          to.done,
          docs / ((to.nanos - nanos) / 1e9),
          perDoc,
          100 * u.otherSeconds() / Math.max(1e-9, u.capacitySeconds()),
          size.bytes() >> 20,
          size.segments());
    }
  }

  /**
   * Whole steps from the start of the run, as many as fit in --raw-docs (at least one), counted as
   * documents of one step: points x levels per step, whatever the steps per document.
   */
  private List<Integer> rawSteps(ForecastRun run) {
    long perStep = run.documentCount() / run.blockCount();
    int count = (int) Math.max(1, Math.min(run.steps().size(), rawDocs / perStep));
    return run.steps().subList(0, count);
  }

  private ForecastRun run(String id, List<Integer> stepList) {
    try {
      return ForecastRun.of(
          id,
          BenchIngestCommand.RUN_TIME,
          RegularLatLonGrid.covering(
              region.get(0), region.get(1), region.get(2), region.get(3), resolution),
          LevelType.HEIGHT_ABOVE_GROUND,
          levels,
          stepList,
          SyntheticWeather.PARAMETERS,
          loading.sharding());
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }
}
