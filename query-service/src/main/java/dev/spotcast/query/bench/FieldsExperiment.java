package dev.spotcast.query.bench;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.mapping.DynamicMapping;
import co.elastic.clients.elasticsearch._types.mapping.Property;
import co.elastic.clients.elasticsearch._types.mapping.TypeMapping;
import co.elastic.clients.elasticsearch._types.query_dsl.FieldAndFormat;
import co.elastic.clients.elasticsearch.core.MsearchRequest;
import co.elastic.clients.elasticsearch.core.SearchRequest;
import co.elastic.clients.elasticsearch.core.msearch.RequestItem;
import co.elastic.clients.elasticsearch.core.search.SearchRequestBody;
import co.elastic.clients.elasticsearch.core.search.SourceConfig;
import co.elastic.clients.elasticsearch.indices.IndicesStatsResponse;
import co.elastic.clients.elasticsearch.indices.TranslogDurability;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.index.ForecastDocument;
import dev.spotcast.index.ForecastFields;
import dev.spotcast.index.ForecastIndices;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.Parameter;
import dev.spotcast.query.search.NeighbourSearch;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The question "do values read back faster from {@code _source} (filtered) or from doc
 * values?", measured on the same documents: two copies of the run's documents, one mapped as the
 * run is (values stored only in {@code _source}), one where the value fields have doc values and
 * {@code _source} leaves the values out. Both copies have the run's index layout (one index per
 * level band), shard count, routing and ids, and are force-merged to one segment per shard so that
 * neither has more segments to visit than the other. The documents are regenerated from the same
 * deterministic synthetic source the ingestor loaded (same grid, levels, steps, seed), not read back.
 *
 * <p>Every variant sends the service's own routed geo-distance search for each request; only what
 * it fetches differs:
 *
 * <ul>
 *   <li>{@code source}: the service's request as is, filtered {@code _source};
 *   <li>{@code docvalues}: {@code _source: false} and {@code docvalue_fields} (gp, lvl, step,
 *       values); Elasticsearch still reads each hit's stored {@code _id};
 *   <li>{@code docvalues-nostored}: {@code stored_fields: _none_} and {@code docvalue_fields}: no
 *       stored field is read at all (the hits have no {@code _id}, which the service does not use).
 * </ul>
 */
final class FieldsExperiment {

  static final String PREFIX = "spotcast-bench-fields-";

  /** The two copies of the run. */
  enum Copy {
    SOURCE("source"),
    DOCVALUES("docvalues");

    final String label;

    Copy(String label) {
      this.label = label;
    }
  }

  /** How a variant reads the values back. */
  enum Variant {
    SOURCE("fields-source", Copy.SOURCE),
    DOCVALUES("fields-docvalues", Copy.DOCVALUES),
    DOCVALUES_NO_STORED("fields-docvalues-nostored", Copy.DOCVALUES);

    final String phase;
    final Copy copy;

    Variant(String phase, Copy copy) {
      this.phase = phase;
      this.copy = copy;
    }
  }

  /** Size of one copy after loading and force-merging. */
  record CopyStats(Copy copy, long documents, long storeBytes, long segments, double loadSeconds, boolean reused) {}

  private static final int DOCS_PER_BULK = 5_000;

  private final ElasticsearchClient client;
  private final String elasticsearch;
  private final ForecastRun run;
  private final ShardingStrategy strategy;
  private final long weatherSeed;
  private final PrintWriter out;

  FieldsExperiment(ElasticsearchClient client, String elasticsearch, ForecastRun run, long weatherSeed, PrintWriter out) {
    this.client = client;
    this.elasticsearch = elasticsearch.replaceAll("/+$", "");
    this.run = run;
    this.strategy = new ShardingStrategy(run);
    this.weatherSeed = weatherSeed;
    this.out = out;
  }

  /** The copy's index that holds what the run keeps in {@code runIndex}. */
  static String copyIndex(Copy copy, String runIndex) {
    return PREFIX + copy.label + "-" + runIndex.substring(ShardingStrategy.INDEX_PREFIX.length());
  }

  List<String> indices(Copy copy) {
    return strategy.allIndices().stream().map(i -> copyIndex(copy, i)).toList();
  }

  /**
   * Makes sure both copies exist, complete and merged: reused when a previous run left them with
   * the right document count (unless {@code reload}), otherwise (re)created and loaded.
   */
  List<CopyStats> prepare(boolean reload) throws IOException, InterruptedException {
    List<Copy> toLoad = new ArrayList<>();
    Map<Copy, Boolean> reused = new LinkedHashMap<>();
    for (Copy copy : Copy.values()) {
      boolean complete = !reload && complete(copy);
      reused.put(copy, complete);
      if (!complete) {
        toLoad.add(copy);
      }
    }
    double seconds = 0;
    if (!toLoad.isEmpty()) {
      for (Copy copy : toLoad) {
        delete(copy);
        create(copy);
      }
      long begin = System.nanoTime();
      load(toLoad);
      for (Copy copy : toLoad) {
        finish(copy);
      }
      seconds = (System.nanoTime() - begin) / 1e9;
    }
    List<CopyStats> stats = new ArrayList<>();
    for (Copy copy : Copy.values()) {
      IndicesStatsResponse s = client.indices().stats(r -> r.index(indices(copy)).metric("docs", "store", "segments"));
      var primaries = s.all().primaries();
      stats.add(
          new CopyStats(
              copy,
              primaries.docs().count(),
              primaries.store().sizeInBytes(),
              primaries.segments().count(),
              reused.get(copy) ? 0 : seconds,
              reused.get(copy)));
    }
    return stats;
  }

  void deleteAll() throws IOException {
    for (Copy copy : Copy.values()) {
      delete(copy);
    }
  }

  private boolean complete(Copy copy) throws IOException {
    List<String> names = indices(copy);
    if (!client.indices().exists(e -> e.index(names)).value()) {
      return false;
    }
    long count = client.count(c -> c.index(names)).count();
    return count == run.documentCount();
  }

  private void delete(Copy copy) throws IOException {
    client.indices().delete(d -> d.index(indices(copy)).ignoreUnavailable(true));
  }

  private void create(Copy copy) throws IOException {
    boolean docValues = copy == Copy.DOCVALUES;
    Map<String, Property> values = new LinkedHashMap<>();
    for (Parameter parameter : run.parameters()) {
      values.put(parameter.name(), Property.of(p -> p.float_(f -> f.index(false).docValues(docValues))));
    }
    // The run's mapping (ForecastIndices: template + per-run values), with doc values on the values
    // and the values left out of _source for the doc-values copy.
    TypeMapping mapping =
        TypeMapping.of(
            m -> {
              m.dynamic(DynamicMapping.Strict)
                  .properties(ForecastFields.LOCATION, p -> p.geoPoint(g -> g))
                  .properties(ForecastFields.LEVEL, p -> p.double_(d -> d))
                  .properties(ForecastFields.STEP, p -> p.integer(i -> i))
                  .properties(ForecastFields.POINT, p -> p.integer(i -> i.index(false)))
                  .properties(
                      ForecastFields.VALUES,
                      p -> p.object(o -> o.dynamic(DynamicMapping.Strict).properties(values)));
              if (docValues) {
                m.source(s -> s.excludes(ForecastFields.VALUES));
              }
              return m;
            });
    for (String index : indices(copy)) {
      client
          .indices()
          .create(
              c ->
                  c.index(index)
                      .settings(ForecastIndices.loadingSettings(strategy))
                      .mappings(mapping));
    }
  }

  /**
   * Generates the run's documents once and posts each bulk body to every copy being loaded: one
   * body per (level, step) and range of points, so one index per body; a few senders in parallel.
   */
  private void load(List<Copy> copies) throws IOException, InterruptedException {
    out.printf("  loading %,d documents into %s (regenerated from the synthetic source, seed %d)%n",
        run.documentCount(), copies.stream().map(c -> c.label).toList(), weatherSeed);
    out.flush();
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    ObjectMapper mapper = new ObjectMapper();
    SyntheticWeather weather = new SyntheticWeather(weatherSeed);
    String[] names = run.parameters().stream().map(Parameter::name).toArray(String[]::new);
    RegularLatLonGrid grid = (RegularLatLonGrid) run.grid();
    AtomicLong done = new AtomicLong();
    long total = run.documentCount();
    ExecutorService senders = Executors.newFixedThreadPool(3, Thread.ofPlatform().name("fields-bulk-", 0).factory());
    List<Future<?>> futures = new ArrayList<>();
    long begin = System.nanoTime();
    for (int l = 0; l < run.axes().getFirst().levels().size(); l++) {
      for (int s = 0; s < run.steps().size(); s++) {
        for (int from = 0; from < grid.pointCount(); from += DOCS_PER_BULK) {
          int levelPosition = l;
          int stepPosition = s;
          int first = from;
          int last = Math.min(grid.pointCount(), from + DOCS_PER_BULK);
          futures.add(
              senders.submit(
                  () -> {
                    byte[] body = bulkBody(mapper, weather, names, levelPosition, stepPosition, first, last);
                    String runIndex = strategy.indexName(0, levelPosition, stepPosition);
                    for (Copy copy : copies) {
                      post(http, copyIndex(copy, runIndex), body);
                    }
                    long n = done.addAndGet(last - first);
                    if ((n - (last - first)) / 500_000 != n / 500_000) {
                      double s0 = (System.nanoTime() - begin) / 1e9;
                      synchronized (out) {
                        out.printf("    %,d / %,d documents (x%d copies), %,.0f docs/s per copy%n", n, total, copies.size(), n / s0);
                        out.flush();
                      }
                    }
                    return null;
                  }));
        }
      }
    }
    senders.shutdown();
    try {
      for (Future<?> future : futures) {
        future.get();
      }
    } catch (java.util.concurrent.ExecutionException e) {
      senders.shutdownNow();
      throw new IOException("loading the fields experiment failed: " + e.getCause().getMessage(), e.getCause());
    }
    http.shutdownNow();
  }

  private byte[] bulkBody(
      ObjectMapper mapper, SyntheticWeather weather, String[] names, int levelPosition, int stepPosition, int first, int last)
      throws IOException {
    RegularLatLonGrid grid = (RegularLatLonGrid) run.grid();
    double level = run.axes().getFirst().levels().get(levelPosition);
    int step = run.steps().get(stepPosition);
    long epochSeconds = run.validTime(step).getEpochSecond();
    ByteArrayOutputStream body = new ByteArrayOutputStream((last - first) * 200);
    for (int point = first; point < last; point++) {
      double lat = grid.latitude(point);
      double lon = grid.longitude(point);
      float[] values = new float[names.length];
      for (int i = 0; i < names.length; i++) {
        values[i] = (float) weather.value(names[i], lat, lon, level, epochSeconds);
      }
      ForecastDocument doc = new ForecastDocument(point, lat, lon, level, step, names, values);
      String routing = strategy.routingKey(lat, lon); // null when routed by _id
      body.writeBytes(
          ("{\"index\":{\"_id\":\"" + doc.id() + "\"" + (routing == null ? "" : ",\"routing\":\"" + routing + "\"")
                  + "}}\n")
              .getBytes(StandardCharsets.UTF_8));
      body.writeBytes(mapper.writeValueAsBytes(doc));
      body.write('\n');
    }
    return body.toByteArray();
  }

  /** Posts a bulk body; retries rejections (429) with backoff; any other item failure is fatal. */
  private void post(HttpClient http, String index, byte[] body) throws IOException, InterruptedException {
    URI uri = URI.create(elasticsearch + "/" + index + "/_bulk?filter_path=errors,items.*.error,items.*.status");
    for (int attempt = 1; ; attempt++) {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(uri)
                  .timeout(Duration.ofMinutes(2))
                  .header("Content-Type", "application/x-ndjson")
                  .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      String text = response.body();
      boolean rejected = response.statusCode() == 429 || (text.contains("\"errors\":true") && text.contains("es_rejected_execution"));
      if (response.statusCode() == 200 && text.startsWith("{\"errors\":false")) {
        return;
      }
      if (!rejected || attempt >= 10) {
        throw new IOException("bulk into " + index + " failed: HTTP " + response.statusCode() + " "
            + text.substring(0, Math.min(500, text.length())));
      }
      Thread.sleep(200L * attempt);
    }
  }

  /** Search-time settings, refresh, exact count check, force-merge to one segment per shard. */
  private void finish(Copy copy) throws IOException {
    List<String> names = indices(copy);
    client.indices().putSettings(p -> p.index(names).settings(s -> s.refreshInterval(r -> r.time("1s"))
        .translog(t -> t.durability(TranslogDurability.Request))));
    client.indices().refresh(r -> r.index(names));
    long count = client.count(c -> c.index(names)).count();
    if (count != run.documentCount()) {
      throw new IOException("copy " + copy.label + " has " + count + " documents, expected " + run.documentCount());
    }
    out.printf("  %s: %,d documents; force-merging to one segment per shard...%n", copy.label, count);
    out.flush();
    client.indices().forcemerge(f -> f.index(names).maxNumSegments(1L).waitForCompletion(true));
    client.indices().refresh(r -> r.index(names));
  }

  /** The service's search(es) for a plan, sent to a copy, fetching the values the variant's way. */
  static Object request(NeighbourSearch.SearchPlan plan, Variant variant) {
    if (!plan.multi()) {
      SearchRequest original = plan.search();
      List<String> fields = fetchedFields(original.docvalueFields());
      return SearchRequest.of(
          b -> {
            b.index(original.index().stream().map(i -> copyIndex(variant.copy, i)).toList())
                .routing(original.routing())
                .query(original.query())
                .sort(original.sort())
                .size(original.size())
                .trackTotalHits(original.trackTotalHits());
            switch (variant) {
              case SOURCE -> b.source(s -> s.filter(f -> f.includes(fields)));
              case DOCVALUES -> b.source(s -> s.fetch(false)).docvalueFields(docValueFields(fields));
              case DOCVALUES_NO_STORED -> b.storedFields("_none_").docvalueFields(docValueFields(fields));
            }
            return b;
          });
    }
    List<RequestItem> items = new ArrayList<>();
    for (RequestItem item : plan.msearch().searches()) {
      SearchRequestBody original = item.body();
      List<String> fields = fetchedFields(original.docvalueFields());
      items.add(
          RequestItem.of(
              r ->
                  r.header(
                          h ->
                              h.index(item.header().index().stream().map(i -> copyIndex(variant.copy, i)).toList())
                                  .routing(item.header().routing()))
                      .body(
                          b -> {
                            b.query(original.query())
                                .sort(original.sort())
                                .size(original.size())
                                .trackTotalHits(original.trackTotalHits());
                            switch (variant) {
                              case SOURCE -> b.source(s -> s.filter(f -> f.includes(fields)));
                              case DOCVALUES -> b.source(s -> s.fetch(false)).docvalueFields(docValueFields(fields));
                              case DOCVALUES_NO_STORED -> b.storedFields("_none_").docvalueFields(docValueFields(fields));
                            }
                            return b;
                          })));
    }
    return MsearchRequest.of(m -> m.searches(items));
  }

  /** The fields the service fetches: gp, lvl, step and the requested values. */
  private static List<String> fetchedFields(List<FieldAndFormat> docValueFields) {
    return docValueFields.stream().map(FieldAndFormat::field).toList();
  }

  private static List<FieldAndFormat> docValueFields(List<String> fields) {
    return fields.stream().map(f -> FieldAndFormat.of(x -> x.field(f))).toList();
  }
}
