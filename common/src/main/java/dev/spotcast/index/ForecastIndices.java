package dev.spotcast.index;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.HealthStatus;
import co.elastic.clients.elasticsearch._types.mapping.DynamicMapping;
import co.elastic.clients.elasticsearch._types.mapping.Property;
import co.elastic.clients.elasticsearch.cluster.HealthResponse;
import co.elastic.clients.elasticsearch.indices.IndexSettings;
import co.elastic.clients.elasticsearch.indices.TranslogDurability;
import co.elastic.clients.elasticsearch.tasks.GetTasksResponse;
import co.elastic.clients.json.JsonData;
import dev.spotcast.model.Parameter;
import dev.spotcast.sharding.ShardingStrategy;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Creates and tunes the forecast indices of a run. The template fixes what every forecast index
 * shares (strict mapping, what is indexed); each run's indices add their parameters and shard
 * counts. While loading: no replicas, no refresh, async translog, no merges, because a run nobody
 * reads yet needs none of them and bulk loads run fastest without (Elasticsearch's indexing-speed
 * guide); {@link #finishLoading} restores search-time settings.
 */
public final class ForecastIndices {

  public static final String TEMPLATE = "spotcast-forecast";

  private final ElasticsearchClient client;

  public ForecastIndices(ElasticsearchClient client) {
    this.client = client;
  }

  /**
   * Installs (or updates) the index template for {@code spotcast-fc-*}. Only what queries filter or
   * sort on is indexed: the location (geo_distance), level and step (term filters); the grid point
   * keeps doc values for the sort tie-break only. Values live in doc values: read with {@code
   * docvalue_fields} and no stored fields they answer faster than a filtered {@code _source} of the
   * same documents (docs/benchmarks.md, "Values from _source or doc values"). No {@code _source} is
   * kept at all: nothing reads it (every field the service reads has doc values), and storing it
   * cost Elasticsearch a measurable share of its CPU per indexed document (docs/benchmarks.md, "The
   * document layout"). A run is immutable, so what {@code _source} would allow (update, reindex) is
   * never needed: a run is reloaded from its files instead.
   */
  public void installTemplate() throws IOException {
    client
        .indices()
        .putIndexTemplate(
            t ->
                t.name(TEMPLATE)
                    .indexPatterns(ShardingStrategy.INDEX_PREFIX + "*")
                    .priority(100L)
                    .template(
                        tpl ->
                            tpl.settings(s -> s.numberOfReplicas("0"))
                                .mappings(
                                    m ->
                                        m.dynamic(DynamicMapping.Strict)
                                            .source(src -> src.enabled(false))
                                            .properties(
                                                ForecastFields.LOCATION, p -> p.geoPoint(g -> g))
                                            .properties(
                                                ForecastFields.LEVEL, p -> p.double_(d -> d))
                                            .properties(ForecastFields.STEP, p -> p.integer(i -> i))
                                            .properties(
                                                ForecastFields.POINT,
                                                p -> p.integer(i -> i.index(false)))
                                            .properties(
                                                ForecastFields.VALUES,
                                                p ->
                                                    p.object(
                                                        o -> o.dynamic(DynamicMapping.Strict))))));
  }

  /**
   * Creates every index of the run with loading settings and one field (doc values only) per
   * parameter: a float when a document carries one step, a binary of the packed values of its steps
   * ({@link StepBlocks}) when it carries a block; or, in a run of one column, one binary field
   * holding each whole document ({@link DocumentColumn}).
   */
  public void createForLoading(ShardingStrategy strategy) throws IOException {
    createForLoading(strategy, 0);
  }

  /**
   * {@link #createForLoading(ShardingStrategy)} with {@code replicas} while loading: a replica
   * keeps every acknowledged document on a second node, so that losing a node mid-load loses
   * nothing (at twice the indexing work).
   */
  public void createForLoading(ShardingStrategy strategy, int replicas) throws IOException {
    Map<String, Property> values = new LinkedHashMap<>();
    boolean blocks = strategy.run().stepsPerDocument() > 1;
    for (Parameter parameter : strategy.run().parameters()) {
      values.put(
          parameter.name(),
          blocks
              ? Property.of(p -> p.binary(b -> b.docValues(true)))
              : Property.of(p -> p.float_(f -> f.index(false).docValues(true))));
    }
    boolean oneColumn = strategy.run().oneColumn();
    for (String index : strategy.allIndices()) {
      client
          .indices()
          .create(
              c ->
                  c.index(index)
                      .settings(loadingSettings(strategy, replicas))
                      .mappings(
                          m -> {
                            if (oneColumn) {
                              // The whole document in one binary doc value; no value field.
                              return m.properties(
                                  ForecastFields.COLUMN, p -> p.binary(b -> b.docValues(true)));
                            }
                            return m.properties(
                                ForecastFields.VALUES,
                                p ->
                                    p.object(
                                        o -> o.dynamic(DynamicMapping.Strict).properties(values)));
                          }));
    }
  }

  /**
   * The settings of a run's index while it loads: the strategy's shards (and routing shards, for
   * the tile routing), {@code replicas} (0 for the fastest load), no refresh, async translog, a
   * merge policy that lets segments pile up instead of merging them while the load writes more; the
   * values preloaded on opening when the run's spec says so.
   */
  public static IndexSettings loadingSettings(ShardingStrategy strategy, int replicas) {
    return IndexSettings.of(
        s -> {
          s.numberOfShards(Integer.toString(strategy.shardsPerIndex()))
              .numberOfRoutingShards(strategy.routingNumShards())
              .numberOfReplicas(Integer.toString(replicas))
              .refreshInterval(r -> r.time("-1"))
              .translog(t -> t.durability(TranslogDurability.Async))
              // Segments written while loading are merged once, when the run is complete (by the
              // force merge, or by the default policy restored then): merging them as they come
              // rewrites a large shard's data several times while the load still needs the CPU
              // and the disk (docs/benchmarks.md, "A billion", stops 74-75).
              .otherSettings(SEGMENTS_PER_TIER, JsonData.of(LOADING_SEGMENTS_PER_TIER));
          if (strategy.run().sharding().preloadValues()) {
            // The doc values' data (Lucene's .dvd files), where the values are: read whole, in
            // order, when a shard opens, instead of a page per request once it serves. A segment
            // smaller than index.compound_format (1 GB by default: most of a run not merged, and
            // the last index of a merged one) is one compound file (.cfs) holding its .dvd, so
            // those are read whole too. With them, what a spot's ids search reads to find its
            // documents: the _id terms (.tim, .tip, .tmd), their bloom filter (.bfi, .bfm) and
            // postings (.doc), 0.4 % of the 977 M run, which a restarted node otherwise read a
            // page at a time under its first users (docs/benchmarks.md, "Stop 75").
            s.otherSettings(PRELOAD, JsonData.of(PRELOADED_FILES));
          }
          return s;
        });
  }

  /** The index setting of how many segments of a size a shard holds before it merges them. */
  static final String SEGMENTS_PER_TIER = "index.merge.policy.segments_per_tier";

  /**
   * Segments per tier while loading (Elasticsearch's default is 10): more than the 977 M run's
   * shards of 5 GB wrote, so nothing merged until it was complete, and still a bound on how many
   * files a far larger load keeps open.
   */
  static final int LOADING_SEGMENTS_PER_TIER = 100;

  /** The static index setting of the files Elasticsearch reads into the page cache on opening. */
  static final String PRELOAD = "index.store.preload";

  /**
   * The extensions of the files preloaded: doc values' data, compound segments, and the _id field's
   * terms, bloom filter and postings.
   */
  static final List<String> PRELOADED_FILES =
      List.of("dvd", "cfs", "tim", "tip", "tmd", "bfi", "bfm", "doc");

  /**
   * Restores search-time settings after a load (the default merge policy among them), sets the
   * replicas, and makes everything visible.
   */
  public void finishLoading(List<String> indices, int replicas) throws IOException {
    finishLoading(indices, replicas, true);
  }

  /**
   * As {@link #finishLoading(List, int)}; with {@code restoreMerges} false the loading merge policy
   * stays until {@link #restoreMergePolicy}, for a run about to be force-merged: restored now, the
   * default policy would start merging the load's segments in tiers, work the force merge then does
   * over again (7 merges, 141 s of merge time, on the 977 M run's shards of 5 GB).
   */
  public void finishLoading(List<String> indices, int replicas, boolean restoreMerges)
      throws IOException {
    client
        .indices()
        .putSettings(
            p ->
                p.index(indices)
                    .settings(
                        s -> {
                          s.refreshInterval(r -> r.time("1s"))
                              .numberOfReplicas(Integer.toString(replicas))
                              .translog(tr -> tr.durability(TranslogDurability.Request));
                          if (restoreMerges) {
                            s.otherSettings(SEGMENTS_PER_TIER, DEFAULT_SETTING);
                          }
                          return s;
                        }));
    client.indices().refresh(r -> r.index(indices));
  }

  /** Gives these indices Elasticsearch's default merge policy again (after a load). */
  public void restoreMergePolicy(List<String> indices) throws IOException {
    client
        .indices()
        .putSettings(
            p ->
                p.index(indices)
                    .settings(s -> s.otherSettings(SEGMENTS_PER_TIER, DEFAULT_SETTING)));
  }

  /** A setting's value that resets it to Elasticsearch's default. */
  private static final JsonData DEFAULT_SETTING = JsonData.fromJson("null");

  /**
   * Waits until every copy of every shard of these indices is started (the indices are green), at
   * most {@code limit}, asking in slices of at most 20 s so that no client's response timeout cuts
   * the wait short. Replicas added after a load are copied from the primaries; until they are
   * there, losing a node would make part of the run unanswerable.
   *
   * @return whether the indices are green
   */
  public boolean awaitAllCopies(List<String> indices, Duration limit) throws IOException {
    return awaitHealth(
        indices, limit, HealthStatus.Green, false, health -> health.status() == HealthStatus.Green);
  }

  /**
   * Asks the cluster's health of the indices in slices of at most 20 s (so that no client's
   * response timeout cuts the wait short) until {@code done} holds or {@code limit} passes.
   */
  private boolean awaitHealth(
      List<String> indices,
      Duration limit,
      HealthStatus status,
      boolean noInitializing,
      Predicate<HealthResponse> done)
      throws IOException {
    Instant deadline = Instant.now().plus(limit);
    while (true) {
      long slice = Math.clamp(Duration.between(Instant.now(), deadline).toMillis(), 1, 20_000);
      HealthResponse health =
          client
              .cluster()
              .health(
                  h ->
                      h.index(indices)
                          .waitForStatus(status)
                          .waitForNoInitializingShards(noInitializing)
                          .timeout(t -> t.time(slice + "ms")));
      if (!health.timedOut() && done.test(health)) {
        return true;
      }
      if (!Instant.now().isBefore(deadline)) {
        return false;
      }
    }
  }

  /**
   * Waits until every shard of these indices is started or, a replica only, unassigned (no shard
   * initializing, no primary unassigned), at most {@code limit}, asking in slices as {@link
   * #awaitAllCopies} does: what a restored run needs before it can be counted and answered from.
   * Yellow alone is not enough: Elasticsearch reports an index yellow while its primaries are still
   * being copied from a snapshot.
   *
   * @return whether every primary is started
   */
  public boolean awaitPrimaries(List<String> indices, Duration limit) throws IOException {
    return awaitHealth(
        indices,
        limit,
        HealthStatus.Yellow,
        true,
        health ->
            health.status() != HealthStatus.Red
                && health.initializingShards() == 0
                && health.unassignedPrimaryShards() == 0);
  }

  /**
   * Closes and opens the indices again, waiting (asking in slices, at most {@code limit}) until
   * every primary serves: what makes Elasticsearch read the files named by {@code
   * index.store.preload} into the page cache, which it does only when it opens a shard. For indices
   * no one reads yet: closed, they answer nothing.
   *
   * @throws IOException when a primary is not serving within {@code limit}
   */
  public void reopen(List<String> indices, Duration limit) throws IOException {
    client.indices().close(c -> c.index(indices));
    client.indices().open(o -> o.index(indices).waitForActiveShards(w -> w.count(0)));
    if (!awaitPrimaries(indices, limit)) {
      throw new IOException(
          "the indices "
              + indices
              + " did not open again within "
              + limit
              + " (their values are read into the page cache as they open)");
    }
  }

  /** Documents visible in the indices (call after a refresh). */
  public long count(List<String> indices) throws IOException {
    return client.count(c -> c.index(indices)).count();
  }

  /**
   * Merges each index down to one segment: a finished run is never written again, and reads get
   * cheaper. Blocks until merged, however long it takes: the merge runs as a task of Elasticsearch,
   * asked after every {@code poll}, as merging a large run takes minutes (205 s for the 977 M run,
   * docs/benchmarks.md, "A billion place-level-steps"), past any one request's timeout.
   *
   * @throws IOException when the merge failed, with Elasticsearch's reason
   */
  public void forceMerge(List<String> indices, Duration poll)
      throws IOException, InterruptedException {
    String task =
        client
            .indices()
            .forcemerge(f -> f.index(indices).maxNumSegments(1L).waitForCompletion(false))
            .task();
    if (task == null) {
      return;
    }
    while (true) {
      GetTasksResponse state = client.tasks().get(g -> g.taskId(task));
      if (state.completed()) {
        if (state.error() != null) {
          throw new IOException("force merge of " + indices + " failed: " + state.error().reason());
        }
        return;
      }
      Thread.sleep(poll.toMillis());
    }
  }

  /** The forecast indices of a model that exist now, any run. */
  public List<String> indicesOf(String model) throws IOException {
    return client
        .indices()
        .get(
            g ->
                g.index(ShardingStrategy.modelIndexPattern(model))
                    .ignoreUnavailable(true)
                    .allowNoIndices(true))
        .indices()
        .keySet()
        .stream()
        .filter(
            name -> ForecastIndexName.parse(name).map(n -> n.model().equals(model)).orElse(false))
        .sorted()
        .toList();
  }

  /** Those of these indices that exist now. */
  public List<String> existing(List<String> indices) throws IOException {
    if (indices.isEmpty()) {
      return List.of();
    }
    return client
        .indices()
        .get(g -> g.index(indices).ignoreUnavailable(true).allowNoIndices(true))
        .indices()
        .keySet()
        .stream()
        .sorted()
        .toList();
  }

  /** Deletes the indices (a failed or superseded run). */
  public void delete(List<String> indices) throws IOException {
    if (!indices.isEmpty()) {
      client.indices().delete(d -> d.index(indices).ignoreUnavailable(true));
    }
  }
}
