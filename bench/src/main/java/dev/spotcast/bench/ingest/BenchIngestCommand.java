package dev.spotcast.bench.ingest;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.sun.management.OperatingSystemMXBean;
import dev.spotcast.bench.cpu.MachineTicks;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials;
import dev.spotcast.ingestor.bulk.BulkSender;
import dev.spotcast.ingestor.bulk.LoadStats;
import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.cli.LoadOptions;
import dev.spotcast.ingestor.cli.StepList;
import dev.spotcast.ingestor.lifecycle.ClusterShards;
import dev.spotcast.ingestor.lifecycle.LoadReport;
import dev.spotcast.ingestor.lifecycle.PublishPolicy;
import dev.spotcast.ingestor.lifecycle.RunLoader;
import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.ingestor.source.file.FieldRef;
import dev.spotcast.ingestor.source.file.FileForecastSource;
import dev.spotcast.ingestor.source.file.FileInputs;
import dev.spotcast.ingestor.source.file.FileRuns;
import dev.spotcast.ingestor.source.file.ForecastFile;
import dev.spotcast.ingestor.source.file.ForecastFileException;
import dev.spotcast.ingestor.source.file.ForecastFiles;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code spotcast bench ingest}: the raw Elasticsearch bulk limit and the Spotcast ingestor,
 * measured in one run, on the same machine, documents and index settings. Absolute numbers drift on
 * shared machines; the ratio measured in one run is what to compare.
 *
 * <p>Raw: the run's shard batches are generated before anything is timed, as the NDJSON the Java
 * client would send, and posted by a few HTTP clients that do nothing else. Spotcast: {@code
 * RunLoader.load} of the same synthetic run, end to end. Both are counted after a refresh; a phase
 * with lost documents makes the benchmark fail.
 */
@Command(
    name = "ingest",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Measure the raw Elasticsearch bulk limit and the Spotcast ingestor on the same documents and index"
          + " settings, in one run, and print docs/s, their ratio and a row for docs/benchmarks.md.",
      "Creates and deletes the indices of one synthetic run of --model (published by the Spotcast phase)."
    })
public final class BenchIngestCommand implements Callable<Integer> {

  /**
   * A fixed run time: index names stay the same from one benchmark to the next, so leftovers are
   * found.
   */
  static final Instant RUN_TIME = Instant.parse("2000-01-01T00:00:00Z");

  /**
   * NDJSON bytes per document of one step (action line + source), for the heap check before
   * generating.
   */
  private static final int BYTES_PER_DOCUMENT = 230;

  /**
   * About how many NDJSON bytes the run's bulk bodies take: a document of a block of K steps
   * carries each parameter as base64 of 4K bytes instead of one number of about 8 characters.
   */
  static long bulkBytes(ForecastRun run) {
    int k = run.stepsPerDocument();
    long perDocument = BYTES_PER_DOCUMENT;
    if (k > 1) {
      perDocument += (long) run.parameters().size() * (4 * ((4L * k + 2) / 3) - 8);
    }
    return run.documentCount() * perDocument;
  }

  @Spec CommandSpec spec;

  @Mixin LoadOptions loading;

  @Option(
      names = "--model",
      defaultValue = "bench",
      description = "Model id the benchmark loads and publishes under (default: ${DEFAULT-VALUE}).")
  String model;

  @Option(
      names = "--resolution",
      defaultValue = "0.5",
      description = "Global grid spacing in degrees (default: ${DEFAULT-VALUE}: 259,920 points).")
  double resolution;

  @Option(
      names = "--levels",
      split = ",",
      defaultValue = "0,1000",
      description = "Heights above ground in m (default: ${DEFAULT-VALUE}).")
  List<Double> levels;

  @Option(
      names = "--steps",
      defaultValue = "0-3",
      description = "Forecast steps: 'a-b' or a comma list (default: ${DEFAULT-VALUE}).")
  String steps;

  @Option(
      names = "--seed",
      defaultValue = "42",
      description = "Seed of the synthetic weather (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--files",
      split = ",",
      paramLabel = "PATH",
      description =
          "GRIB/NetCDF files, folders or globs holding one run: measure the ingestion of these files"
              + " (decoding included) instead of synthetic documents; the raw phase posts the same documents.")
  List<String> files;

  /** The files' run when --files is given; null for the synthetic run. */
  private FileForecastSource fileSource;

  private final List<ForecastFile> openFiles = new ArrayList<>();

  @Option(
      names = "--posters",
      defaultValue = "4",
      description = "Parallel HTTP clients of the raw phase (default: ${DEFAULT-VALUE}).")
  int posters;

  @Option(
      names = "--repeat",
      defaultValue = "1",
      description =
          "Run raw then Spotcast this many times; medians are reported (default: ${DEFAULT-VALUE}).")
  int repeat;

  @Option(
      names = "--pause",
      defaultValue = "5",
      description =
          "Seconds to let Elasticsearch settle before each phase (default: ${DEFAULT-VALUE}).")
  int pauseSeconds;

  @Option(
      names = "--with-sender",
      description =
          "Also time the ingestor's BulkSender alone on the pre-generated batches (between raw and Spotcast):"
              + " separates the send path from producing documents.")
  boolean withSender;

  @Option(
      names = "--max-wait",
      defaultValue = "300",
      description =
          "Seconds to wait before a phase for the machine to be quiet (under 15%% busy) (default: ${DEFAULT-VALUE}).")
  int maxWaitSeconds;

  @Override
  public Integer call() throws Exception {
    if (repeat < 1
        || posters < 1
        || loading.senders < 1
        || loading.bulkDocs < 1
        || pauseSeconds < 0
        || (loading.producers != null && loading.producers < 1)) {
      throw new ParameterException(
          spec.commandLine(),
          "--repeat, --posters, --senders, --producers and --bulk-docs must be >= 1");
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    ForecastRun run;
    try {
      run = files == null ? run() : openFiles();
    } catch (ForecastFileException | IllegalArgumentException e) {
      err.println("spotcast: " + e.getMessage());
      closeFiles();
      return files == null ? 2 : 1;
    }
    LoaderSettings loader = loaderSettings();

    long heapNeeded = bulkBytes(run);
    long heapMax = Runtime.getRuntime().maxMemory();
    if (heapNeeded > heapMax * 0.6) {
      err.printf(
          "spotcast: %,d documents need about %,d MB of pre-generated bulk bodies; this JVM has %,d MB of heap."
              + " Raise it (SPOTCAST_BENCH_HEAP=8g) or use a coarser --resolution.%n",
          run.documentCount(), heapNeeded >> 20, heapMax >> 20);
      return 2;
    }

    // The raw phases and the statistics speak plain HTTP(S) with the same TLS trust and credential
    // as the client.
    ElasticsearchSettings connection = loading.elasticsearchSettings(LocalCredentials.Role.ADMIN);
    URI base = connection.uris().getFirst();
    ElasticsearchNode node = ElasticsearchNode.at(connection);
    ElasticsearchNode.Info info = node.infoOrExplain(err);
    if (info == null) {
      return 3;
    }
    ElasticsearchClient client = ElasticsearchClients.create(connection);
    run = run.withSharding(ClusterShards.resolve(client, run.sharding()));
    ShardingStrategy strategy = new ShardingStrategy(run);

    String machine = machine();
    String es =
        String.format(
            "%s, heap %.1f GiB%s",
            info.version(),
            info.heapMaxBytes() / (double) (1L << 30),
            info.nodes() == 1 ? ", 1 node" : ", " + info.nodes() + " nodes");
    out.printf("Machine: %s%n", machine);
    out.printf(
        "  bench JVM: %s %s, heap max %,d MB, GC %s%n",
        System.getProperty("java.vm.name"),
        System.getProperty("java.runtime.version"),
        heapMax >> 20,
        gcNames());
    out.printf(
        "Elasticsearch at %s: %s, JVM %s, %d processors%n",
        loading.elasticsearch, es, info.jvm(), info.processors());
    out.printf(
        "Run: model %s, %,d points (%s) x %d levels x %d steps = %,d documents into %s (%d shards, 0 replicas)%n",
        run.model(),
        run.grid().pointCount(),
        gridText(),
        run.axes().getFirst().levels().size(),
        run.steps().size(),
        run.documentCount(),
        strategy.allIndices(),
        strategy.shardsPerIndex());
    out.printf(
        "Raw: %d posters; Spotcast: %d producers, %d senders, %d queued bulks; %d docs per bulk; %d repeat(s)%n",
        posters,
        loader.producerThreads(),
        loader.senderThreads(),
        loader.queuedBulks(),
        loading.bulkDocs,
        repeat);
    out.flush();

    BenchIndices indices = new BenchIndices(client, strategy);
    Thread cleanupOnExit = new Thread(indices::cleanQuietly, "bench-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanupOnExit);
    BenchReport report = new BenchReport(out);
    try (CpuSampler cpu = new CpuSampler()) {
      indices.requireModelFree();
      indices.rememberFootprint();
      indices.clean();

      long t0 = System.nanoTime();
      BulkBodies bodies = BulkBodies.generate(source(run), strategy, loader);
      out.printf(
          "%nGenerated %,d bulk bodies, %,d documents, %,d MB of NDJSON (%.0f bytes/doc) in %.1f s (not timed)%n",
          bodies.bodies().size(),
          bodies.documents(),
          bodies.bytes() >> 20,
          bodies.bytes() / (double) bodies.documents(),
          (System.nanoTime() - t0) / 1e9);
      out.flush();
      if (bodies.documents() != run.documentCount()) {
        err.printf(
            "spotcast: generated %,d documents, the run has %,d%n",
            bodies.documents(), run.documentCount());
        return 1;
      }

      for (int r = 1; r <= repeat; r++) {
        LoadPhaseResult lean =
            rawPhase(r, true, run, bodies, indices, node, cpu, node.http(), base, report);
        LoadPhaseResult raw =
            rawPhase(r, false, run, bodies, indices, node, cpu, node.http(), base, report);
        LoadPhaseResult sent =
            withSender
                ? senderPhase(r, run, bodies, loader, client, indices, node, cpu, report)
                : raw;
        LoadPhaseResult spot = spotcastPhase(r, run, loader, client, indices, node, cpu, report);
        if (!lean.ok() || !raw.ok() || !sent.ok() || !spot.ok()) {
          out.println("\nStopping: a phase lost documents.");
          break;
        }
      }

      String documents =
          String.format(
              "%,d (%s, %d levels, %d steps)",
              run.documentCount(),
              gridText(),
              run.axes().getFirst().levels().size(),
              run.steps().size());
      String settings =
          String.format(
              "%d shards, 0 replicas, %d docs/bulk; raw %d posters; Spotcast %d producers, %d senders",
              strategy.shardsPerIndex(),
              loading.bulkDocs,
              posters,
              loader.producerThreads(),
              loader.senderThreads());
      String esCell =
          String.format(
              "%s, heap %.0f GiB", info.version(), info.heapMaxBytes() / (double) (1L << 30));
      boolean ok = report.summary(BenchReport.today(), machine, esCell, documents, settings);

      return ok ? 0 : 1;
    } finally {
      indices.cleanQuietly();
      try {
        Runtime.getRuntime().removeShutdownHook(cleanupOnExit);
      } catch (IllegalStateException e) {
        // Already shutting down: the hook runs anyway.
      }
      client._transport().close();
      closeFiles();
    }
  }

  /** Opens --files and returns their one run; the files stay open until the benchmark ends. */
  private ForecastRun openFiles() throws IOException, ForecastFileException {
    List<FieldRef> fields = new ArrayList<>();
    for (Path path : FileInputs.expand(files)) {
      ForecastFile file = ForecastFiles.open(path);
      openFiles.add(file);
      fields.addAll(file.fields());
    }
    List<FileForecastSource> runs = FileRuns.assemble(model, fields, Set.of(), loading.sharding());
    if (runs.size() != 1) {
      throw new IllegalArgumentException(
          "--files must hold exactly one run, found "
              + runs.size()
              + ": "
              + runs.stream().map(s -> s.run().model() + " " + s.run().runId()).toList());
    }
    fileSource = runs.getFirst();
    return fileSource.run();
  }

  private void closeFiles() {
    for (ForecastFile file : openFiles) {
      file.close();
    }
    openFiles.clear();
  }

  /** The documents of the run: decoded from --files, or generated. */
  private ForecastSource source(ForecastRun run) {
    return fileSource != null ? fileSource : new SyntheticForecastSource(run, seed);
  }

  private String gridText() {
    if (fileSource != null) {
      return fileSource.fieldCount()
          + " GRIB/NetCDF fields, "
          + fileSource.run().grid().kind()
          + " grid";
    }
    return String.format("%.3g deg global", resolution);
  }

  /**
   * Posts the pre-generated bodies: into indices of Spotcast's layout, or ({@code lean}) of the
   * leanest layout of the same documents, values in {@code _source} only ({@link
   * BenchIndices#createLeanForLoading}).
   */
  private LoadPhaseResult rawPhase(
      int r,
      boolean lean,
      ForecastRun run,
      BulkBodies bodies,
      BenchIndices indices,
      ElasticsearchNode node,
      CpuSampler cpu,
      HttpClient http,
      URI base,
      BenchReport report)
      throws Exception {
    indices.clean();
    if (lean) {
      indices.createLeanForLoading();
    } else {
      indices.createForLoading();
    }
    settle(cpu);
    CpuSampler.Snapshot before = cpu.snapshot();
    ElasticsearchNode.Stats esBefore = node.stats();
    RawBulkLoad.Result result = RawBulkLoad.post(http, base, bodies.bodies(), posters);
    CpuSampler.Snapshot after = cpu.snapshot();
    ElasticsearchNode.Stats esAfter = node.stats();
    long refreshStart = System.nanoTime();
    long counted = indices.refreshAndCount();
    double refresh = (System.nanoTime() - refreshStart) / 1e9;
    indices.clean();

    long indexed = result.documents() - result.failedDocuments();
    String failure = null;
    if (result.failedDocuments() > 0) {
      failure = result.failedDocuments() + " documents lost: " + result.failures();
    } else if (counted != run.documentCount()) {
      failure =
          "Elasticsearch counts " + counted + " documents, the run has " + run.documentCount();
    }
    LoadPhaseResult phase =
        new LoadPhaseResult(
            lean ? "raw-source" : "raw",
            r,
            run.documentCount(),
            indexed,
            counted,
            result.seconds(),
            null,
            CpuUsage.between(before, after, esBefore, esAfter),
            failure);
    report.phase(
        phase,
        "Raw Elasticsearch bulk ("
            + posters
            + " java.net.http posters, pre-generated NDJSON)"
            + (lean
                ? ", leanest layout: values in _source only"
                : ", Spotcast's layout: values in doc values"),
        String.format(
            "%,d requests; refresh afterwards %.2f s (not timed)", result.requests(), refresh));
    return phase;
  }

  private LoadPhaseResult spotcastPhase(
      int r,
      ForecastRun run,
      LoaderSettings loader,
      ElasticsearchClient client,
      BenchIndices indices,
      ElasticsearchNode node,
      CpuSampler cpu,
      BenchReport report)
      throws Exception {
    indices.clean();
    settle(cpu);
    StreamClock clock = new StreamClock(run.documentCount());
    CpuSampler.Snapshot before = cpu.snapshot();
    ElasticsearchNode.Stats esBefore = node.stats();
    long start = System.nanoTime();
    // Always published: the benchmark measures the publish step whatever runs the model served
    // before.
    LoadReport load =
        new RunLoader(client, loader)
            .withPublishPolicy(PublishPolicy.ALWAYS)
            .load(clock.wrap(source(run)), clock);
    double seconds = (System.nanoTime() - start) / 1e9;
    CpuSampler.Snapshot after = cpu.snapshot();
    ElasticsearchNode.Stats esAfter = node.stats();
    long counted = load.published() ? indices.refreshAndCount() : load.counted();
    indices.clean();

    String failure = null;
    if (!load.published()) {
      failure = "run not published: " + load.failure();
    } else if (load.failed() > 0 || counted != run.documentCount()) {
      failure =
          "Elasticsearch counts "
              + counted
              + " documents, the run has "
              + run.documentCount()
              + (load.failed() > 0 ? "; lost " + load.failuresByReason() : "");
    }
    LoadPhaseResult phase =
        new LoadPhaseResult(
            "spotcast",
            r,
            run.documentCount(),
            load.indexed(),
            counted,
            seconds,
            clock.seconds(),
            CpuUsage.between(before, after, esBefore, esAfter),
            failure);
    String retries =
        load.retriesByCause().isEmpty() ? "no retries" : "retried " + load.retriesByCause();
    report.phase(
        phase,
        "Spotcast ingestor (RunLoader.load, "
            + loader.producerThreads()
            + " producers, "
            + loader.senderThreads()
            + " senders)",
        retries + "; published, then deleted");
    return phase;
  }

  /**
   * The ingestor's own {@link BulkSender} posting the pre-generated batches: the send path
   * (request, response parsing, retries, backpressure) without producing documents, on the same
   * bodies as raw.
   */
  private LoadPhaseResult senderPhase(
      int r,
      ForecastRun run,
      BulkBodies bodies,
      LoaderSettings loader,
      ElasticsearchClient client,
      BenchIndices indices,
      ElasticsearchNode node,
      CpuSampler cpu,
      BenchReport report)
      throws Exception {
    indices.clean();
    indices.createForLoading();
    settle(cpu);
    LoadStats stats = new LoadStats();
    CpuSampler.Snapshot before = cpu.snapshot();
    ElasticsearchNode.Stats esBefore = node.stats();
    long start = System.nanoTime();
    try (BulkSender sender = new BulkSender(client, loader, stats)) {
      for (BulkBodies.Body body : bodies.bodies()) {
        sender.submit(body.batch());
      }
      sender.awaitIdle();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    CpuSampler.Snapshot after = cpu.snapshot();
    ElasticsearchNode.Stats esAfter = node.stats();
    long counted = indices.refreshAndCount();
    indices.clean();

    String failure = null;
    if (stats.failed() > 0) {
      failure = stats.failed() + " documents lost: " + stats.failuresByReason();
    } else if (counted != run.documentCount()) {
      failure =
          "Elasticsearch counts " + counted + " documents, the run has " + run.documentCount();
    }
    LoadPhaseResult phase =
        new LoadPhaseResult(
            "sender",
            r,
            run.documentCount(),
            stats.indexed(),
            counted,
            seconds,
            null,
            CpuUsage.between(before, after, esBefore, esAfter),
            failure);
    String retries =
        stats.retriesByCause().isEmpty() ? "no retries" : "retried " + stats.retriesByCause();
    report.phase(
        phase,
        "Spotcast BulkSender alone ("
            + loader.senderThreads()
            + " senders, the same pre-generated batches)",
        String.format("%s; mean bulk %.0f ms", retries, stats.meanBulkMillis()));
    return phase;
  }

  /**
   * Lets Elasticsearch settle, then waits (up to --max-wait) until the machine is quiet: on a
   * shared machine another process's burst would be measured as a slow phase.
   */
  private void settle(CpuSampler cpu) throws InterruptedException {
    Thread.sleep(pauseSeconds * 1000L);
    if (!cpu.available()) {
      return;
    }
    long deadline = System.nanoTime() + maxWaitSeconds * 1_000_000_000L;
    boolean said = false;
    while (true) {
      CpuSampler.Snapshot from = cpu.snapshot();
      Thread.sleep(2000);
      CpuSampler.Snapshot to = cpu.snapshot();
      double busy = MachineTicks.seconds(to.machineBusyTicks() - from.machineBusyTicks());
      double all = busy + MachineTicks.seconds(to.machineIdleTicks() - from.machineIdleTicks());
      if (all <= 0 || busy / all < 0.15 || System.nanoTime() > deadline) {
        if (said) {
          spec.commandLine()
              .getOut()
              .printf(
                  "  machine %s%n",
                  busy / all < 0.15 ? "quiet, going on" : "still busy, going on anyway");
        }
        return;
      }
      if (!said) {
        spec.commandLine()
            .getOut()
            .printf("  waiting for the machine to be quiet (%.0f%% busy)...%n", 100 * busy / all);
        spec.commandLine().getOut().flush();
        said = true;
      }
    }
  }

  private LoaderSettings loaderSettings() {
    return loaderSettings(loading);
  }

  /** The loader's defaults with the command's threads and bulk size, progress every 50 ms. */
  static LoaderSettings loaderSettings(LoadOptions loading) {
    LoaderSettings d = LoaderSettings.defaults();
    // Progress every 50 ms: the StreamClock estimates the end of the bulk part from these samples.
    return new LoaderSettings(
        loading.producers == null ? d.producerThreads() : loading.producers,
        loading.senders,
        d.queuedBulks(),
        loading.bulkDocs,
        d.bulkBytes(),
        d.maxRetries(),
        d.initialBackoff(),
        d.maxBackoff(),
        0,
        true,
        Duration.ofMillis(50),
        0);
  }

  private ForecastRun run() {
    try {
      return ForecastRun.of(
          model,
          RUN_TIME,
          RegularLatLonGrid.covering(-90, -180, 90, 180, resolution),
          LevelType.HEIGHT_ABOVE_GROUND,
          levels,
          StepList.parse(steps),
          SyntheticWeather.PARAMETERS,
          loading.sharding());
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  /** Cores, CPU model and memory, for the report and the markdown row. */
  static String machine() {
    int cores = Runtime.getRuntime().availableProcessors();
    String cpuModel = "";
    try {
      cpuModel =
          Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
              .filter(l -> l.startsWith("model name"))
              .map(
                  l ->
                      l.substring(l.indexOf(':') + 1)
                          .strip()
                          .replace("(R)", "")
                          .replace("(TM)", "")
                          .replace(" CPU", ""))
              .findFirst()
              .orElse("");
    } catch (IOException | RuntimeException e) {
      // Not Linux: cores and memory only.
    }
    long memory = 0;
    if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
      memory = os.getTotalMemorySize();
    }
    return String.format(
        "%d cores%s, %.0f GiB, JDK %s",
        cores,
        cpuModel.isEmpty() ? "" : " " + cpuModel,
        memory / (double) (1L << 30),
        Runtime.version().feature()
            + "."
            + Runtime.version().interim()
            + "."
            + Runtime.version().update());
  }

  private static String gcNames() {
    return String.join(
        "+",
        ManagementFactory.getGarbageCollectorMXBeans().stream().map(g -> g.getName()).toList());
  }
}
