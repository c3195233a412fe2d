package dev.spotcast.bench.query;

import ch.qos.logback.classic.Level;
import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.ElasticsearchHttpClient;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials;
import dev.spotcast.index.ForecastFields;
import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunRecord;
import dev.spotcast.ingestor.cli.SpotcastIngestorCli;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.query.search.NeighbourQuery;
import dev.spotcast.query.search.OneSearch;
import dev.spotcast.query.search.SearchPlan;
import dev.spotcast.query.search.SearchPlans;
import dev.spotcast.query.spot.SpotPlan;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.sharding.ShardingStrategy;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code spotcast bench query}: the service's exact Elasticsearch query sent directly to
 * Elasticsearch (RAW) against {@code GET /v1/spot} through the query service (SERVICE), with the
 * same random requests, load generator, concurrency and duration. See {@link
 * QueryBenchOptions#usage()}.
 */
public final class QueryBench {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int VERIFIED_REQUESTS = 50;

  /**
   * Requests the open-model generator lets wait at once before it counts further ones as its own
   * errors.
   */
  private static final int OPEN_MODEL_OUTSTANDING = 2_000;

  private final QueryBenchOptions options;
  private final PrintWriter out;

  /** The indices of the run being measured (the raw and service phases search them). */
  private List<String> runIndices = List.of();

  /**
   * Documents per second of the load, as the ingestor reported it; NaN when the run was already
   * there.
   */
  private double loadDocumentsPerSecond = Double.NaN;

  /** Wall time of the load {@link #ensureRun} ran (0 when the run was already published). */
  private double loadSeconds;

  /**
   * Elasticsearch with its TLS trust and credential; set by {@link #run} (or {@link
   * #useElasticsearch}).
   */
  private ElasticsearchSettings elasticsearchSettings;

  /** HTTP to Elasticsearch for the benchmark's own calls (node facts, search statistics). */
  private HttpClient elasticsearchHttp;

  /** For a caller that runs this benchmark's phases itself (the sharding benchmark). */
  void useElasticsearch(ElasticsearchSettings settings) {
    options.elasticsearch = baseUrl(settings);
    elasticsearchSettings = settings;
    elasticsearchHttp = ElasticsearchHttpClient.of(settings);
  }

  /** One random request in every form the phases send it. */
  record Prepared(
      RandomSpots.Spot spot,
      SearchPlan search,
      HttpCall raw,
      List<Integer> sizes,
      HttpCall rawIds,
      List<Integer> idsSizes) {}

  /**
   * The requests of one phase, and what a correct answer to each holds; {@code calls} are the same
   * requests as bytes for wrk, to be sent to {@code base}; {@code kinds} each request's kind
   * ({@link RequestMix#KINDS} index) when the phase mixes spot and series requests, else null.
   */
  record PhaseRequests(
      String phase,
      List<HttpRequest> requests,
      List<List<Integer>> expectedHits,
      Expect expect,
      List<String> indices,
      URI base,
      List<HttpCall> calls,
      byte[] kinds) {}

  enum Expect {
    DOCVALUE_HITS,
    SPOT_ANSWER
  }

  /**
   * The benchmark's view of Elasticsearch: the given URL, with the local node's admin credential
   * when it is the local node.
   */
  static ElasticsearchSettings elasticsearch(String url) {
    return LocalCredentials.orLocal(
        new ElasticsearchSettings(
            List.of(URI.create(url)),
            Duration.ofSeconds(5),
            Duration.ofMinutes(30),
            16,
            null,
            null,
            null,
            null,
            null,
            null),
        LocalCredentials.Role.ADMIN);
  }

  /**
   * The query service's view of the Elasticsearch at {@code url}: the local node's query credential
   * when it is the local node (the service reads no credential file; the benchmark hands it this,
   * as {@code ./spotcast serve} does).
   */
  static ElasticsearchSettings serviceElasticsearch(String url) {
    return LocalCredentials.orLocal(ElasticsearchSettings.of(url), LocalCredentials.Role.QUERY);
  }

  /**
   * The first node's URL, as the clients use it (https for a secured node), without trailing slash.
   */
  static String baseUrl(ElasticsearchSettings settings) {
    return settings.uris().getFirst().toString().replaceAll("/+$", "");
  }

  /**
   * A new client for a phase (each phase starts on fresh connections, and the load generator shuts
   * its client down at the end): Elasticsearch's TLS trust and credential for raw phases, a plain
   * one for the service.
   */
  HttpClient clientFor(PhaseRequests phase) {
    return phase.expect() == Expect.SPOT_ANSWER
        ? HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build()
        : ElasticsearchHttpClient.of(elasticsearchSettings);
  }

  QueryBench(QueryBenchOptions options, PrintWriter out) {
    this.options = options;
    this.out = out;
  }

  public static void main(String[] args) {
    quietLogging();
    PrintWriter out = new PrintWriter(System.out, true);
    QueryBenchOptions options;
    try {
      options = QueryBenchOptions.parse(args);
    } catch (RuntimeException e) {
      System.err.println("bench query: " + e.getMessage());
      System.err.print(QueryBenchOptions.usage());
      System.exit(2);
      return;
    }
    if (options.help) {
      out.print(QueryBenchOptions.usage());
      out.flush();
      return;
    }
    int code;
    try {
      code = new QueryBench(options, out).run();
    } catch (Exception e) {
      out.flush();
      System.err.println("bench query: " + e.getMessage());
      if (System.getenv("SPOTCAST_BENCH_DEBUG") != null) {
        e.printStackTrace();
      }
      code = 2;
    }
    out.flush();
    System.exit(code);
  }

  /** The Elasticsearch client and Apache HttpClient log at DEBUG without a configuration. */
  static void quietLogging() {
    if (LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME)
        instanceof ch.qos.logback.classic.Logger root) {
      root.setLevel(Level.WARN);
    }
  }

  int run() throws Exception {
    ElasticsearchSettings settings = elasticsearch(options.elasticsearch);
    // Raw phases go where the typed client goes: the local node over HTTPS with its credential.
    useElasticsearch(settings);
    ElasticsearchClient client = ElasticsearchClients.create(settings);
    ServiceProcess service = null;
    try {
      try {
        client.cluster().health();
      } catch (IOException e) {
        throw new IOException(
            "cannot reach Elasticsearch at "
                + options.elasticsearch
                + " ("
                + e.getMessage()
                + "); start one with './spotcast es start' or pass --es URL",
            e);
      }
      CpuWatch cpu = new CpuWatch();
      QueryBenchReport report = new QueryBenchReport(out, options);
      report.machine(nodeFacts(), watchElasticsearch(cpu));

      RunRecord record = ensureRun(client);
      ForecastRun run = record.run();
      report.run(record);

      List<Prepared> prepared = prepare(run);
      report.mix(run, prepared);

      Map<String, PhaseRequests> phases = new LinkedHashMap<>();
      if (options.wants("raw")) {
        phases.put("raw", rawRequests(prepared));
      }
      if (options.wants("raw-ids")) {
        phases.put("raw-ids", rawIdsRequests(prepared));
      }
      if (options.wants("service")) {
        if (options.serviceJar == null || !Files.isRegularFile(options.serviceJar)) {
          throw new IOException(
              "the query service jar is needed for the service phase (--service-jar), got "
                  + options.serviceJar);
        }
        Files.createDirectories(options.logDir);
        Path log = options.logDir.resolve("bench-query-service.log");
        out.printf(
            "%nStarting the query service (%s) against %s, log %s%n",
            options.serviceJar.getFileName(), options.elasticsearch, log);
        out.flush();
        service =
            ServiceProcess.start(
                javaBinary(),
                options.serviceJar,
                options.serviceJavaOptions(),
                serviceElasticsearch(options.elasticsearch),
                options.servicePort,
                log);
        long begin = System.nanoTime();
        service.awaitServing(
            "/v1/spot?" + prepared.getFirst().spot().queryString(), Duration.ofMinutes(3));
        out.printf(
            "  serving %s on %s after %.1f s (pid %d)%n",
            options.model,
            service.base(),
            (System.nanoTime() - begin) / 1e9,
            service.handle().pid());
        cpu.watch("service", service.handle());
        phases.put("service", serviceRequests(service.base(), prepared));
      }

      for (PhaseRequests phase : orderedAsAsked(phases)) {
        verify(phase);
      }

      LoadGenerator generator =
          new LoadGenerator(options.concurrency, options.warmup, options.duration, cpu);
      WrkGenerator wrk =
          options.generator == QueryBenchOptions.Generator.WRK
              ? new WrkGenerator(
                  options.wrk,
                  options.concurrency,
                  options.duration,
                  cpu,
                  elasticsearchSettings.authorization().orElse(null))
              : null;
      VegetaGenerator vegeta =
          options.generator == QueryBenchOptions.Generator.VEGETA
              ? new VegetaGenerator(
                  options.vegeta,
                  options.rate,
                  options.duration,
                  cpu,
                  elasticsearchSettings.authorization().orElse(null),
                  options.cold)
              : null;
      String load =
          wrk != null
              ? options.concurrency + " connections of wrk (" + wrk.version() + "), closed loop"
              : vegeta != null
                  ? String.format(
                      Locale.ROOT,
                      "%.0f requests per second, open model (%s)",
                      options.rate,
                      vegeta.version())
                  : options.rate > 0
                      ? String.format(
                          Locale.ROOT,
                          "%.0f requests per second, open model (java.net.http in the benchmark's JVM,"
                              + " at most %d waiting)",
                          options.rate,
                          OPEN_MODEL_OUTSTANDING)
                      : options.concurrency
                          + " workers (java.net.http in the benchmark's JVM), closed loop";
      out.printf(
          "%nMeasuring: %s, %d s warm-up + %d s measured per phase, %d repeat(s)%n",
          load, options.warmup.toSeconds(), options.duration.toSeconds(), options.repeat);
      out.flush();
      for (int repeat = 1; repeat <= options.repeat; repeat++) {
        for (PhaseRequests phase : orderedAsAsked(phases)) {
          SearchStats stats =
              new SearchStats(options.elasticsearch, phase.indices(), elasticsearchHttp);
          Duration warmup = options.warmup;
          if (repeat == 1
              && phase.phase().equals("service")
              && options.servicePrime.compareTo(warmup) > 0) {
            warmup = options.servicePrime;
            out.printf(
                "%n(the service JVM is new: %d s warm-up before its first measured phase)%n",
                warmup.toSeconds());
          }
          QueryPhaseResult result;
          if (wrk != null) {
            result = wrk.run(phase, repeat, stats, warmup);
          } else if (vegeta != null) {
            result = vegeta.run(phase, repeat, stats, warmup);
          } else if (options.rate > 0) {
            result =
                generator.runAtRate(
                    phase.phase(),
                    repeat,
                    phase.requests(),
                    phase.kinds(),
                    clientFor(phase),
                    stats,
                    warmup,
                    options.rate,
                    OPEN_MODEL_OUTSTANDING);
          } else {
            result =
                generator.run(
                    phase.phase(),
                    repeat,
                    phase.requests(),
                    phase.kinds(),
                    clientFor(phase),
                    stats,
                    warmup);
          }
          report.phase(result);
        }
      }
      report.summary();
      return report.anyErrors() ? 1 : 0;
    } finally {
      if (service != null) {
        out.printf("Stopping the query service (pid %d)%n", service.handle().pid());
        out.flush();
        service.close();
      }
      client._transport().close();
    }
  }

  private List<PhaseRequests> orderedAsAsked(Map<String, PhaseRequests> phases) {
    List<PhaseRequests> ordered = new ArrayList<>();
    for (String name : options.phases) {
      PhaseRequests phase = phases.get(name);
      if (phase != null) {
        ordered.add(phase);
      }
    }
    return ordered;
  }

  /**
   * The published run of the model, loaded first by the ingestor (in this JVM) when there is none.
   */
  RunRecord ensureRun(ElasticsearchClient client) throws IOException, InterruptedException {
    RunCatalog catalog = new RunCatalog(client);
    String runId = catalog.publishedRunIds().get(options.model);
    if (runId == null) {
      String[] synth = {
        "synth",
        "--es",
        options.elasticsearch,
        "--model",
        options.model,
        "--resolution",
        options.resolution,
        "--region",
        options.region,
        "--levels",
        options.levels,
        "--steps",
        options.steps,
        "--shards",
        Integer.toString(options.shards),
        "--levels-per-index",
        Integer.toString(options.levelsPerIndex),
        "--steps-per-index",
        Integer.toString(options.stepsPerIndex),
        "--routing",
        options.routing,
        "--seed",
        Long.toString(options.weatherSeed)
      };
      if (options.forceMerge) {
        synth = Arrays.copyOf(synth, synth.length + 1);
        synth[synth.length - 1] = "--force-merge";
      }
      out.printf(
          "%nModel %s has no published run on %s: loading one with the ingestor%n  %s%n",
          options.model, options.elasticsearch, String.join(" ", synth));
      out.flush();
      // The ingestor runs in this JVM through its own command line (same options, progress and
      // summary).
      long started = System.nanoTime();
      int exit = SpotcastIngestorCli.commandLine().execute(synth);
      loadSeconds = (System.nanoTime() - started) / 1e9;
      if (exit != 0) {
        throw new IOException("the ingestor failed (exit " + exit + "); the run was not published");
      }
      runId = catalog.publishedRunIds().get(options.model);
      if (runId == null) {
        throw new IOException(
            "the ingestor finished but model " + options.model + " is still not published");
      }
    } else {
      out.printf(
          "%nModel %s: using its published run %s (loading options are ignored)%n",
          options.model, runId);
    }
    String id = runId;
    RunRecord record =
        catalog
            .get(options.model, runId)
            .filter(r -> r.run() != null)
            .orElseThrow(
                () ->
                    new IOException(
                        "run " + id + " of model " + options.model + " has no catalog record"));
    runIndices = new ShardingStrategy(record.run()).allIndices();
    if (loadSeconds > 0) {
      loadDocumentsPerSecond = record.run().documentCount() / loadSeconds;
    }
    return record;
  }

  /**
   * Documents per second of the load {@link #ensureRun} ran, end to end (the run's documents over
   * the load's wall time); NaN if none ran.
   */
  double loadDocumentsPerSecond() {
    return loadDocumentsPerSecond;
  }

  /**
   * Plans every request as the service does and takes the HTTP request its search sends when
   * nothing is cached ({@link SearchPlans#requestOf}): the same bytes, so that the raw phases
   * measure the service's own searches, not hand-written look-alikes. All of it happens before any
   * timing.
   */
  List<Prepared> prepare(ForecastRun run) {
    long begin = System.nanoTime();
    List<RandomSpots.Spot> spots =
        RandomSpots.generate(
            run,
            options.requests,
            options.seed,
            options.sampling,
            cities(),
            options.neighbours,
            options.params);
    List<Prepared> prepared = new ArrayList<>(spots.size());
    ShardingStrategy strategy =
        new ShardingStrategy(run); // once, as the service's catalog holds it
    for (int i = 0; i < spots.size(); i++) {
      RandomSpots.Spot spot = spots.get(i);
      // The raw phases send what the service reads for the request the service phase sends.
      boolean series = options.seriesShare > 0 && RequestMix.isSeries(i, options.seriesShare);
      NeighbourQuery query =
          series
              ? seriesQuery(strategy, spot.request())
              : SpotPlan.of(strategy, spot.request()).query();
      SearchPlan geo = sent(query, spot.request(), false);
      SearchPlan ids = SearchPlans.usesIds(query, true) ? sent(query, spot.request(), true) : null;
      prepared.add(
          new Prepared(
              spot,
              geo,
              HttpCall.of(geo),
              sizes(geo),
              ids == null ? null : HttpCall.of(ids),
              ids == null ? null : sizes(ids)));
    }
    out.printf(
        "  %,d requests planned and serialised in %.1f s (seed %d, sampling %s)%n",
        prepared.size(),
        (System.nanoTime() - begin) / 1e9,
        options.seed,
        options.sampling.name().toLowerCase());
    return prepared;
  }

  private static SearchPlan sent(NeighbourQuery query, SpotRequest request, boolean fastPath) {
    SearchPlan sent = SearchPlans.requestOf(query, fastPath);
    if (sent == null) {
      throw new IllegalStateException(
          "no grid point near " + request.where().lat() + "," + request.where().lon());
    }
    return sent;
  }

  /**
   * What the service reads for the series the service phase asks at a spot's place: every step of
   * the run, of {@code --series-params}, in one query, planned as the service plans it.
   */
  private NeighbourQuery seriesQuery(ShardingStrategy strategy, SpotRequest spot) {
    SpotRequest series = spot.withParams(options.seriesParams);
    return SpotPlan.query(
        SpotPlan.series(strategy.run(), series, null, null, each -> SpotPlan.of(strategy, each)));
  }

  /** The cities of {@code --sampling cities}, or null. */
  private Cities cities() {
    if (options.sampling != RandomSpots.Sampling.CITIES) {
      return null;
    }
    try {
      Cities cities = Cities.read(options.cities);
      out.printf(
          "  places: %,d cities of %,d people in all (%s), drawn by population%n",
          cities.size(), cities.population(), options.cities);
      return cities;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read --cities " + options.cities + ": " + e.getMessage(), e);
    }
  }

  private static List<Integer> sizes(SearchPlan plan) {
    return plan.searches().stream().map(OneSearch::size).toList();
  }

  /** The ids path's searches (regular grids): the n nearest points' documents by _id. */
  PhaseRequests rawIdsRequests(List<Prepared> prepared) throws IOException {
    List<HttpRequest> requests = new ArrayList<>(prepared.size());
    List<List<Integer>> expected = new ArrayList<>(prepared.size());
    List<HttpCall> calls = new ArrayList<>(prepared.size());
    for (Prepared p : prepared) {
      if (p.rawIds() == null) {
        throw new IOException("the raw-ids phase needs a run on a regular lat/lon grid");
      }
      requests.add(toHttp(p.rawIds()));
      expected.add(p.idsSizes());
      calls.add(p.rawIds());
    }
    return new PhaseRequests(
        "raw-ids",
        requests,
        expected,
        Expect.DOCVALUE_HITS,
        runIndices,
        URI.create(options.elasticsearch),
        calls,
        null);
  }

  PhaseRequests rawRequests(List<Prepared> prepared) {
    List<HttpRequest> requests = new ArrayList<>(prepared.size());
    List<List<Integer>> expected = new ArrayList<>(prepared.size());
    List<HttpCall> calls = new ArrayList<>(prepared.size());
    for (Prepared p : prepared) {
      requests.add(toHttp(p.raw()));
      expected.add(p.sizes());
      calls.add(p.raw());
    }
    return new PhaseRequests(
        "raw",
        requests,
        expected,
        Expect.DOCVALUE_HITS,
        runIndices,
        URI.create(options.elasticsearch),
        calls,
        null);
  }

  /**
   * The service phase: each prepared request as {@code GET /v1/spot}, or, for the share {@code
   * --series-share} of them ({@link RequestMix}), as {@code GET /v1/series} at the same place.
   */
  PhaseRequests serviceRequests(URI base, List<Prepared> prepared) {
    List<HttpRequest> requests = new ArrayList<>(prepared.size());
    List<List<Integer>> expected = new ArrayList<>(prepared.size());
    List<HttpCall> calls = new ArrayList<>(prepared.size());
    boolean mixed = options.seriesShare > 0;
    byte[] kinds = mixed ? new byte[prepared.size()] : null;
    for (int i = 0; i < prepared.size(); i++) {
      Prepared p = prepared.get(i);
      boolean series = mixed && RequestMix.isSeries(i, options.seriesShare);
      String path =
          series
              ? "/v1/series?" + RequestMix.seriesQuery(p.spot().queryString(), options.seriesParams)
              : "/v1/spot?" + p.spot().queryString();
      if (kinds != null) {
        kinds[i] = (byte) RequestMix.indexOf(series ? RequestMix.SERIES : RequestMix.SPOT);
      }
      requests.add(
          HttpRequest.newBuilder(base.resolve(path))
              .header("Accept", "application/json")
              .timeout(Duration.ofSeconds(30))
              .GET()
              .build());
      expected.add(p.sizes());
      calls.add(new HttpCall("GET", path, Map.of("Accept", "application/json"), new byte[0]));
    }
    return new PhaseRequests(
        "service", requests, expected, Expect.SPOT_ANSWER, runIndices, base, calls, kinds);
  }

  private HttpRequest toHttp(HttpCall call) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(options.elasticsearch + call.pathAndQuery()))
            .timeout(Duration.ofSeconds(30))
            .method(call.method(), HttpRequest.BodyPublishers.ofByteArray(call.body()));
    call.headers().forEach(builder::header);
    return builder.build();
  }

  /**
   * Sends the first requests of a phase one by one and checks the answers: HTTP 200, no failed
   * shard, as many hits per search as planned, the values present (in _source or as doc values);
   * for the service, an answer with values. A phase whose answers are wrong is not worth timing.
   */
  private void verify(PhaseRequests phase) throws IOException, InterruptedException {
    verify(phase, VERIFIED_REQUESTS);
  }

  /**
   * Checks the answers to the first {@code count} requests of a phase, and returns the shards each
   * request searched on average: Elasticsearch's {@code _shards.total}, summed over the searches of
   * a multi-search (NaN for the service, whose answers do not tell).
   */
  double verify(PhaseRequests phase, int count) throws IOException, InterruptedException {
    HttpClient http = clientFor(phase);
    int n = Math.min(count, phase.requests().size());
    long bytes = 0;
    long shards = 0;
    for (int i = 0; i < n; i++) {
      HttpRequest request = phase.requests().get(i);
      HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
      bytes += response.body().length;
      String problem = problem(phase, i, response);
      if (problem != null) {
        throw new IOException(
            "phase " + phase.phase() + ": request " + i + " (" + request.uri() + ") " + problem);
      }
      if (phase.expect() != Expect.SPOT_ANSWER) {
        JsonNode root = JSON.readTree(response.body());
        for (JsonNode result : root.has("responses") ? root.get("responses") : List.of(root)) {
          shards += result.path("_shards").path("total").asLong();
        }
      }
    }
    http.shutdownNow();
    double shardsEach = phase.expect() == Expect.SPOT_ANSWER ? Double.NaN : (double) shards / n;
    out.printf(
        Locale.ROOT,
        "  verified %-26s %d answers correct (HTTP 200, planned hits, values present), %,.0f bytes each%s%n",
        phase.phase() + ":",
        n,
        (double) bytes / n,
        Double.isNaN(shardsEach)
            ? ""
            : String.format(Locale.ROOT, ", %.2f shards searched each", shardsEach));
    return shardsEach;
  }

  private static String problem(PhaseRequests phase, int i, HttpResponse<byte[]> response)
      throws IOException {
    String text = new String(response.body(), StandardCharsets.UTF_8);
    if (response.statusCode() != 200) {
      return "answered HTTP "
          + response.statusCode()
          + ": "
          + text.substring(0, Math.min(400, text.length()));
    }
    JsonNode root = JSON.readTree(response.body());
    if (phase.expect() == Expect.SPOT_ANSWER
        && RequestMix.kindOf(response.request().uri().toString()).equals(RequestMix.SERIES)) {
      JsonNode steps = root.path("steps");
      return steps.size() > 0 && steps.get(0).path("values").size() > 0
          ? null
          : "answered without steps or values: " + text;
    }
    if (phase.expect() == Expect.SPOT_ANSWER) {
      return root.path("values").size() > 0 ? null : "answered without values: " + text;
    }
    List<Integer> sizes = phase.expectedHits().get(i);
    List<JsonNode> results = new ArrayList<>();
    if (root.has("responses")) {
      root.get("responses").forEach(results::add);
    } else {
      results.add(root);
    }
    if (results.size() != sizes.size()) {
      return "gave " + results.size() + " results, expected " + sizes.size();
    }
    for (int r = 0; r < results.size(); r++) {
      JsonNode result = results.get(r);
      if (result.has("error") || result.path("_shards").path("failed").asInt(0) > 0) {
        return "failed: " + result;
      }
      JsonNode hits = result.path("hits").path("hits");
      if (hits.size() != sizes.get(r)) {
        return "gave " + hits.size() + " hits, planned " + sizes.get(r);
      }
      for (JsonNode hit : hits) {
        if (!hasValueField(hit.path("fields"))) {
          return "gave a hit without values: " + hit;
        }
      }
    }
    return null;
  }

  private static boolean hasValueField(JsonNode fields) {
    for (Iterator<String> names = fields.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (name.startsWith("v.") || name.equals(ForecastFields.COLUMN)) {
        return true;
      }
    }
    return false;
  }

  /** Version, heap and CPUs of the node, from {@code _nodes/_local}. */
  Map<String, String> nodeFacts() {
    Map<String, String> facts = new LinkedHashMap<>();
    try {
      JsonNode node =
          localNode(
              "version,jvm.mem.heap_max_in_bytes,os.available_processors,os.allocated_processors,process.id");
      if (node != null) {
        facts.put("version", node.path("version").asText("?"));
        facts.put(
            "heap",
            String.format(
                "%.1f GiB",
                node.path("jvm").path("mem").path("heap_max_in_bytes").asLong() / 1073741824.0));
        facts.put("processors", node.path("os").path("allocated_processors").asText("?"));
        facts.put("pid", node.path("process").path("id").asText(""));
      }
    } catch (IOException | InterruptedException e) {
      facts.put("error", e.getMessage());
    }
    return facts;
  }

  /**
   * Watches Elasticsearch's CPU when it runs on this machine: every node of the cluster (their pids
   * come from the nodes themselves), summed as "elasticsearch". A cluster reached on a loopback
   * address is taken to run here whole, as './spotcast es start --nodes N' runs it.
   */
  List<ProcessHandle> watchElasticsearch(CpuWatch cpu) {
    try {
      if (!InetAddress.getByName(URI.create(options.elasticsearch).getHost()).isLoopbackAddress()) {
        return List.of();
      }
      HttpResponse<byte[]> response =
          elasticsearchHttp.send(
              HttpRequest.newBuilder(
                      URI.create(options.elasticsearch + "/_nodes?filter_path=nodes.*.process.id"))
                  .build(),
              HttpResponse.BodyHandlers.ofByteArray());
      List<ProcessHandle> handles = new ArrayList<>();
      for (JsonNode node : JSON.readTree(response.body()).path("nodes")) {
        if (node.path("process").has("id")) {
          ProcessHandle.of(node.path("process").path("id").asLong()).ifPresent(handles::add);
        }
      }
      if (!handles.isEmpty()) {
        cpu.watch("elasticsearch", handles);
      }
      return handles;
    } catch (IOException | InterruptedException | RuntimeException e) {
      return List.of();
    }
  }

  private JsonNode localNode(String paths) throws IOException, InterruptedException {
    StringBuilder filter = new StringBuilder();
    for (String p : paths.split(",")) {
      filter.append(filter.isEmpty() ? "" : ",").append("nodes.*.").append(p);
    }
    HttpResponse<byte[]> response =
        elasticsearchHttp.send(
            HttpRequest.newBuilder(
                    URI.create(options.elasticsearch + "/_nodes/_local?filter_path=" + filter))
                .build(),
            HttpResponse.BodyHandlers.ofByteArray());
    Iterator<JsonNode> nodes = JSON.readTree(response.body()).path("nodes").elements();
    return nodes.hasNext() ? nodes.next() : null;
  }

  static Path javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java");
  }
}
