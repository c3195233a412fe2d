package dev.spotcast.ingestor.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.search.Hit;
import co.elastic.clients.json.JsonData;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.index.DocumentColumn;
import dev.spotcast.index.DocumentIds;
import dev.spotcast.index.ForecastDocument;
import dev.spotcast.index.ForecastFields;
import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunRecord;
import dev.spotcast.index.RunStatus;
import dev.spotcast.index.StepBlocks;
import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.source.DocumentSink;
import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import dev.spotcast.testsupport.SharedElasticsearch;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Loads runs into a real Elasticsearch and checks what a reader sees. */
class RunLoaderIT {

  private static final Instant T0 = Instant.parse("2026-11-21T00:00:00Z");
  private static ElasticsearchClient client;
  private static RunCatalog catalog;

  private final LoaderSettings settings = LoaderSettings.defaults().withBulkDocuments(500);

  @BeforeAll
  static void connect() {
    client = ElasticsearchClients.create(SharedElasticsearch.settings(Role.INGEST));
    catalog = new RunCatalog(client);
  }

  private static ForecastRun run(String model, Instant time, ShardingSpec sharding) {
    return ForecastRun.of(
        model,
        time,
        RegularLatLonGrid.covering(40, -10, 50, 10, 1),
        LevelType.HEIGHT_ABOVE_GROUND,
        List.of(0.0, 500.0, 1000.0, 2000.0),
        List.of(0, 1, 2, 3, 4, 5, 6),
        SyntheticWeather.PARAMETERS,
        sharding);
  }

  @Test
  void loadsARunExactlyAndPublishesIt() throws Exception {
    // The default layout: the 7 steps of a point and level in one document.
    ForecastRun run = run("itload", T0, ShardingSpec.DEFAULT);
    LoadReport report = new RunLoader(client, settings).load(new SyntheticForecastSource(run, 5));

    assertThat(report.failure()).isNull();
    assertThat(report.published()).isTrue();
    assertThat(report.expected()).isEqualTo(231L * 4);
    assertThat(report.indexed()).isEqualTo(924);
    assertThat(report.counted()).isEqualTo(924);
    assertThat(report.failed()).isZero();

    ShardingStrategy strategy = new ShardingStrategy(run);
    assertThat(aliasTargets("itload")).containsExactlyInAnyOrderElementsOf(strategy.allIndices());
    RunRecord record = catalog.get("itload", run.runId()).orElseThrow();
    assertThat(record.status()).isEqualTo(RunStatus.PUBLISHED);
    assertThat(record.indexedDocuments()).isEqualTo(924);
    assertThat(record.run()).isEqualTo(run);
    assertThat(record.run().stepsPerDocument()).isEqualTo(7);

    // A stored document is one column: its grid point, level and first step, then each parameter's
    // values at its 7 steps, packed as floats; no _source is kept. Its id names the block's first
    // step.
    int point = 5 * 21 + 7; // lat 45, lon -3
    var hits = stored(strategy, 0, ForecastFields.COLUMN);
    assertThat(hits).hasSize(1);
    assertThat(hits.get(0).source()).isNull();
    float[][] stored = new float[1][];
    DocumentColumn.Identity identity =
        DocumentColumn.read(
            Base64.getDecoder()
                .decode(
                    hits.get(0)
                        .fields()
                        .get(ForecastFields.COLUMN)
                        .toJson()
                        .asJsonArray()
                        .getString(0)),
            new DocumentColumn.Wanted(List.of("t")),
            stored);
    assertThat(identity).isEqualTo(new DocumentColumn.Identity(point, 1000.0, 0));
    assertThat(stored[0]).hasSize(7);
    for (int step = 0; step < 7; step++) {
      long validTime = T0.plusSeconds(step * 3600L).getEpochSecond();
      assertThat(stored[0][step])
          .as("t at step %d", step)
          .isEqualTo((float) new SyntheticWeather(5).value("t", 45, -3, 1000, validTime));
    }
  }

  @Test
  void loadsARunOfAColumnPerParameter() throws Exception {
    // The layout of blocks before one column per document, still loadable: each parameter's values
    // at the 7 steps packed as floats in one binary doc value of its own.
    ForecastRun run = run("itloadcolumns", T0, ShardingSpec.DEFAULT.withOneColumn(false));
    LoadReport report = new RunLoader(client, settings).load(new SyntheticForecastSource(run, 5));
    assertThat(report.failure()).isNull();
    assertThat(report.counted()).isEqualTo(924);
    var hits = stored(new ShardingStrategy(run), 0, "v.t");
    assertThat(hits).hasSize(1);
    float[] stored =
        StepBlocks.unpack(
            Base64.getDecoder()
                .decode(hits.get(0).fields().get("v.t").toJson().asJsonArray().getString(0)));
    assertThat(stored).hasSize(7);
    for (int step = 0; step < 7; step++) {
      long validTime = T0.plusSeconds(step * 3600L).getEpochSecond();
      assertThat(stored[step])
          .as("t at step %d", step)
          .isEqualTo((float) new SyntheticWeather(5).value("t", 45, -3, 1000, validTime));
    }
  }

  @Test
  void loadsARunOfOneStepPerDocumentExactlyAndPublishesIt() throws Exception {
    // The layout of runs stored before blocks of steps, still loadable: a document per step.
    ForecastRun run = run("itloadsteps", T0, ShardingSpec.DEFAULT.withStepsPerDocument(1));
    LoadReport report = new RunLoader(client, settings).load(new SyntheticForecastSource(run, 5));

    assertThat(report.failure()).isNull();
    assertThat(report.published()).isTrue();
    assertThat(report.expected()).isEqualTo(231L * 4 * 7);
    assertThat(report.indexed()).isEqualTo(6468);
    assertThat(report.counted()).isEqualTo(6468);
    assertThat(report.failed()).isZero();

    ShardingStrategy strategy = new ShardingStrategy(run);
    assertThat(aliasTargets("itloadsteps"))
        .containsExactlyInAnyOrderElementsOf(strategy.allIndices());
    RunRecord record = catalog.get("itloadsteps", run.runId()).orElseThrow();
    assertThat(record.status()).isEqualTo(RunStatus.PUBLISHED);
    assertThat(record.indexedDocuments()).isEqualTo(6468);
    assertThat(record.run()).isEqualTo(run);

    // A stored document holds the model's values, as floats, in doc values; no _source is kept.
    var hits = stored(strategy, 3, "v.t");
    assertThat(hits).hasSize(1);
    assertThat(hits.get(0).source()).isNull();
    double stored =
        hits.get(0).fields().get("v.t").toJson().asJsonArray().getJsonNumber(0).doubleValue();
    long validTime = T0.plusSeconds(3 * 3600).getEpochSecond();
    assertThat((float) stored)
        .isEqualTo((float) new SyntheticWeather(5).value("t", 45, -3, 1000, validTime));
  }

  /**
   * A doc-value field of the document at lat 45, lon -3, 1,000 m, stored under a step (the first of
   * its block), as Elasticsearch answers an ids search for it.
   */
  private List<Hit<Map>> stored(ShardingStrategy strategy, int documentStep, String field)
      throws IOException {
    int point = 5 * 21 + 7; // lat 45, lon -3
    return client
        .search(
            q ->
                q.index(strategy.indexName(0, 2, 3))
                    .routing(strategy.routingKey(45, -3))
                    .query(qq -> qq.ids(i -> i.values(DocumentIds.of(1000, documentStep, point))))
                    .docvalueFields(f -> f.field(field)),
            Map.class)
        .hits()
        .hits();
  }

  /** The documents (with their grid point) one shard of the index holds. */
  @SuppressWarnings("rawtypes")
  private List<Hit<Map>> hitsOnShard(String index, int shard) throws Exception {
    return client
        .search(
            q ->
                q.index(index)
                    .preference("_shards:" + shard)
                    .size(10_000)
                    .docvalueFields(f -> f.field("gp")),
            Map.class)
        .hits()
        .hits();
  }

  @Test
  void shardsLeftToTheClusterAreOnePerDataNodeAndRecordedSo() throws Exception {
    ForecastRun run = run("itauto", T0, new ShardingSpec(3, 0, ShardingSpec.AUTO_SHARDS, 10.0));
    LoadReport report = new RunLoader(client, settings).load(new SyntheticForecastSource(run, 2));
    assertThat(report.published()).isTrue();
    assertThat(report.counted()).isEqualTo(run.documentCount());

    int dataNodes = client.cluster().health().numberOfDataNodes();
    ShardingSpec recorded = catalog.get("itauto", run.runId()).orElseThrow().run().sharding();
    assertThat(recorded.shardsPerIndex()).isEqualTo(dataNodes);
    assertThat(recorded).isEqualTo(run.sharding().withShardsFor(dataNodes));
    for (String index : new ShardingStrategy(run.withSharding(recorded)).allIndices()) {
      assertThat(
              client
                  .indices()
                  .getSettings(g -> g.index(index))
                  .get(index)
                  .settings()
                  .index()
                  .numberOfShards())
          .as(index)
          .isEqualTo(Integer.toString(dataNodes));
    }
  }

  @Test
  void documentsLandOnTheShardTheClientComputed() throws Exception {
    ForecastRun run = run("itrouting", T0, new ShardingSpec(4, 0, 3, 2));
    LoadReport report = new RunLoader(client, settings).load(new SyntheticForecastSource(run, 1));
    assertThat(report.published()).isTrue();
    ShardingStrategy strategy = new ShardingStrategy(run);
    String index = strategy.indexName(0, 0, 0);
    long seen = 0;
    for (int shard = 0; shard < 3; shard++) {
      int s = shard;
      var hits = hitsOnShard(index, s);
      for (Hit<Map> hit : hits) {
        int point = hit.fields().get("gp").toJson().asJsonArray().getInt(0);
        RegularLatLonGrid grid = (RegularLatLonGrid) run.grid();
        double lat = grid.latitude(point);
        double lon = grid.longitude(point);
        assertThat(strategy.shardOf(strategy.tileOf(lat, lon)))
            .as("shard of point %d", point)
            .isEqualTo(s);
      }
      seen += hits.size();
    }
    // One document per point and level, of all 7 steps.
    assertThat(seen).isEqualTo(231L * 4).isEqualTo(run.documentCount());
  }

  @Test
  void documentRoutedDocumentsLandOnTheShardOfTheirIdWithoutARoutingKey() throws Exception {
    ForecastRun run =
        run("itbyid", T0, new ShardingSpec(4, 0, 3, 2, ShardingSpec.Routing.DOCUMENT));
    LoadReport report = new RunLoader(client, settings).load(new SyntheticForecastSource(run, 1));
    assertThat(report.published()).isTrue();
    // One document per point and level, of all 7 steps.
    assertThat(report.counted()).isEqualTo(231L * 4).isEqualTo(run.documentCount());
    ShardingStrategy strategy = new ShardingStrategy(run);
    String index = strategy.indexName(0, 0, 0);
    long seen = 0;
    for (int shard = 0; shard < 3; shard++) {
      int s = shard;
      var hits = hitsOnShard(index, s);
      for (Hit<Map> hit : hits) {
        assertThat(hit.routing()).as("routing of %s", hit.id()).isNull();
        assertThat(strategy.shardOfId(hit.id())).as("shard of id %s", hit.id()).isEqualTo(s);
      }
      seen += hits.size();
    }
    assertThat(seen).isEqualTo(run.documentCount());
    // Without routing a search asks every shard and still finds the document by id (the one that
    // carries step 3 is named by its block's first step).
    int block = run.steps().get(run.blockStart(3));
    var found =
        client.search(
            q ->
                q.index(index).query(qq -> qq.ids(i -> i.values(DocumentIds.of(1000, block, 112)))),
            Map.class);
    assertThat(found.hits().hits()).hasSize(1);
    assertThat(found.shards().total().intValue()).isEqualTo(3);
  }

  @Test
  void aNewRunStaysInvisibleUntilItIsComplete() throws Exception {
    ForecastRun first = run("itswitch", T0, ShardingSpec.DEFAULT);
    ForecastRun second = run("itswitch", T0.plusSeconds(6 * 3600), ShardingSpec.DEFAULT);
    assertThat(
            new RunLoader(client, settings).load(new SyntheticForecastSource(first, 1)).published())
        .isTrue();

    List<String> seenDuringLoad = new ArrayList<>();
    List<Long> countsDuringLoad = new ArrayList<>();
    List<String> segmentsPerTierDuringLoad = new ArrayList<>();
    List<String> secondIndices = new ShardingStrategy(second).allIndices();
    ForecastSource observing =
        new ObservingSource(
            new SyntheticForecastSource(second, 2),
            () -> {
              segmentsPerTierDuringLoad.addAll(segmentsPerTier(secondIndices));
              seenDuringLoad.add(catalog.publishedRunIds().get("itswitch"));
              client
                  .indices()
                  .refresh(r -> r.index(ShardingStrategy.modelIndexPattern("itswitch")));
              countsDuringLoad.add(
                  client.count(c -> c.index(ShardingStrategy.latestAlias("itswitch"))).count());
            });
    LoadReport report = new RunLoader(client, settings.withThreads(1, 1)).load(observing);

    assertThat(report.published()).isTrue();
    assertThat(seenDuringLoad).isNotEmpty().containsOnly(first.runId());
    assertThat(countsDuringLoad).containsOnly(first.documentCount());
    // Nothing merges while the run loads; the default merge policy is back once it is complete.
    assertThat(segmentsPerTierDuringLoad).isNotEmpty().containsOnly("100");
    assertThat(segmentsPerTier(secondIndices)).containsOnly(DEFAULT_SEGMENTS_PER_TIER);
    assertThat(catalog.publishedRunIds()).containsEntry("itswitch", second.runId());
    assertThat(aliasTargets("itswitch"))
        .containsExactlyInAnyOrderElementsOf(new ShardingStrategy(second).allIndices());
  }

  @Test
  void aFailedRunLeavesThePreviousRunServed() throws Exception {
    ForecastRun good = run("itfail", T0, ShardingSpec.DEFAULT);
    ForecastRun bad = run("itfail", T0.plusSeconds(12 * 3600), ShardingSpec.DEFAULT);
    assertThat(
            new RunLoader(client, settings).load(new SyntheticForecastSource(good, 1)).published())
        .isTrue();

    ForecastSource failing =
        new ObservingSource(
            new SyntheticForecastSource(bad, 1),
            () -> {
              throw new IllegalStateException("disk on fire");
            });
    LoadReport report = new RunLoader(client, settings).load(failing);

    assertThat(report.published()).isFalse();
    assertThat(report.failure()).contains("disk on fire");
    assertThat(catalog.publishedRunIds()).containsEntry("itfail", good.runId());
    assertThat(catalog.get("itfail", bad.runId()).orElseThrow().status())
        .isEqualTo(RunStatus.FAILED);
    assertThat(
            client.indices().exists(e -> e.index(new ShardingStrategy(bad).allIndices())).value())
        .isFalse();
  }

  /** Elasticsearch's own segments per tier, as its settings API writes it. */
  private static final String DEFAULT_SEGMENTS_PER_TIER = "10.0";

  /**
   * The merge policy's segments per tier of each of these indices: the index's own setting, or
   * Elasticsearch's default where it has none.
   */
  private static List<String> segmentsPerTier(List<String> indices) throws IOException {
    String name = "index.merge.policy.segments_per_tier";
    return client
        .indices()
        .getSettings(g -> g.index(indices).name(name).includeDefaults(true).flatSettings(true))
        .settings()
        .values()
        .stream()
        .map(
            index -> {
              JsonData own =
                  index.settings() == null ? null : index.settings().otherSettings().get(name);
              JsonData value = own != null ? own : index.defaults().otherSettings().get(name);
              return value.to(String.class);
            })
        .toList();
  }

  /**
   * A source that fails outside the producers (its slices cannot be listed) once the run has begun.
   */
  private static ForecastSource failingAfterBegin(ForecastRun run) {
    return new ForecastSource() {
      @Override
      public ForecastRun run() {
        return run;
      }

      @Override
      public List<Slice> slices() {
        throw new IllegalStateException("the files vanished");
      }

      @Override
      public void produce(Slice slice, DocumentSink sink) {}
    };
  }

  @Test
  void anExceptionMidLoadLeavesNoLoadingRecordAndNoLoadingSettings() throws Exception {
    ForecastRun kept = run("itabandon", T0, ShardingSpec.DEFAULT);
    LoaderSettings keepIndices = settings.withDeleteFailedRuns(false);

    Assertions.assertThatThrownBy(
            () -> new RunLoader(client, keepIndices).load(failingAfterBegin(kept)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("the files vanished");

    RunRecord record = catalog.get("itabandon", kept.runId()).orElseThrow();
    assertThat(record.status()).isEqualTo(RunStatus.FAILED);
    assertThat(record.reason()).contains("the files vanished");
    List<String> indices = new ShardingStrategy(kept).allIndices();
    var settingsNow = client.indices().getSettings(g -> g.index(indices)).settings();
    assertThat(settingsNow).hasSize(indices.size());
    settingsNow
        .values()
        .forEach(
            index -> {
              // Search-time settings, as after a completed load: refresh on again, not -1.
              assertThat(index.settings().index().refreshInterval().time()).isEqualTo("1s");
            });
    assertThat(segmentsPerTier(indices)).containsOnly(DEFAULT_SEGMENTS_PER_TIER);
    assertThat(catalog.publishedRunIds()).doesNotContainKey("itabandon");

    // With the default settings the failed run's indices are deleted instead.
    ForecastRun deleted = run("itabandon", T0.plusSeconds(6 * 3600), ShardingSpec.DEFAULT);
    Assertions.assertThatThrownBy(
            () -> new RunLoader(client, settings).load(failingAfterBegin(deleted)))
        .isInstanceOf(IllegalStateException.class);
    assertThat(catalog.get("itabandon", deleted.runId()).orElseThrow().status())
        .isEqualTo(RunStatus.FAILED);
    assertThat(
            client
                .indices()
                .exists(e -> e.index(new ShardingStrategy(deleted).allIndices()))
                .value())
        .isFalse();
  }

  @Test
  void aDocumentTheMappingRejectsIsCountedWithItsReason() throws Exception {
    ForecastRun run = run("itreject", T0, ShardingSpec.DEFAULT);
    SyntheticForecastSource synthetic = new SyntheticForecastSource(run, 1);
    ForecastSource poisoned =
        new ForecastSource() {
          @Override
          public ForecastRun run() {
            return run;
          }

          @Override
          public List<Slice> slices() {
            return synthetic.slices();
          }

          @Override
          public void produce(Slice slice, DocumentSink sink) throws Exception {
            synthetic.produce(
                slice,
                (a, l, s, doc) -> {
                  // The document that carries step 2 (its block's, whatever the layout).
                  boolean poison =
                      doc.point() == 17
                          && doc.level() == 500
                          && doc.step() == run.steps().get(run.blockStart(2));
                  sink.accept(a, l, s, poison ? withUnknownParameter(doc) : doc);
                });
          }
        };
    LoadReport report = new RunLoader(client, settings).load(poisoned);

    assertThat(report.published()).isFalse();
    assertThat(report.indexed()).isEqualTo(run.documentCount() - 1);
    assertThat(report.failuresByReason()).hasSize(1);
    Map.Entry<String, Long> failure = report.failuresByReason().entrySet().iterator().next();
    assertThat(failure.getKey()).startsWith("400 strict_dynamic_mapping_exception");
    assertThat(failure.getValue()).isEqualTo(1);
    assertThat(catalog.publishedRunIds()).doesNotContainKey("itreject");
  }

  @Test
  void writesBlockedMidRunPauseTheLoadUntilTheBlockIsLiftedAndNothingIsLost() throws Exception {
    ForecastRun run = run("itblock", T0, ShardingSpec.DEFAULT);
    List<String> indices = new ShardingStrategy(run).allIndices();
    ScheduledExecutorService lifter = Executors.newSingleThreadScheduledExecutor();
    try {
      // As the flood-stage disk watermark does: the run's indices turn read-only (allow delete)
      // in the middle of the load; an operator frees the disk 3 s later.
      ForecastSource blocking =
          new ObservingSource(
              new SyntheticForecastSource(run, 4),
              () -> {
                client
                    .indices()
                    .putSettings(
                        p ->
                            p.index(indices)
                                .settings(x -> x.blocks(b -> b.readOnlyAllowDelete(true))));
                lifter.schedule(
                    () ->
                        client
                            .indices()
                            .putSettings(
                                p ->
                                    p.index(indices)
                                        .settings(
                                            x -> x.blocks(b -> b.readOnlyAllowDelete(false)))),
                    3,
                    TimeUnit.SECONDS);
              });

      // Two quick retries (about 60 ms in all) could never outlast a 3 s block: only waiting for
      // the block to be lifted, without spending retries, gets every document in.
      LoaderSettings fewRetries =
          settings.withRetries(2, Duration.ofMillis(10), Duration.ofMillis(50));
      LoadReport report = new RunLoader(client, fewRetries).load(blocking);

      assertThat(report.failure()).isNull();
      assertThat(report.published()).isTrue();
      assertThat(report.counted()).isEqualTo(run.documentCount());
      assertThat(report.retriesByCause().keySet())
          .anyMatch(cause -> cause.contains("cluster_block_exception"));
    } finally {
      lifter.shutdown();
      lifter.awaitTermination(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void retentionKeepsTheLastRunsAndNeverTouchesANewerOne() throws Exception {
    String model = "itretain";
    ForecastRun first = run(model, T0, ShardingSpec.DEFAULT);
    ForecastRun second = run(model, T0.plusSeconds(6 * 3600), ShardingSpec.DEFAULT);
    ForecastRun third = run(model, T0.plusSeconds(12 * 3600), ShardingSpec.DEFAULT);
    ForecastRun newer = run(model, T0.plusSeconds(18 * 3600), ShardingSpec.DEFAULT);
    for (ForecastRun run : List.of(first, second)) {
      assertThat(
              new RunLoader(client, settings)
                  .withLifecycle(2, false)
                  .load(new SyntheticForecastSource(run, 1))
                  .published())
          .isTrue();
    }
    // A newer run being loaded by someone else while the third is published: never retired.
    String loadingElsewhere = new ShardingStrategy(newer).allIndices().getFirst();
    client.indices().create(c -> c.index(loadingElsewhere));

    LoadReport report =
        new RunLoader(client, settings)
            .withLifecycle(2, true)
            .load(new SyntheticForecastSource(third, 1));

    assertThat(report.published()).isTrue();
    assertThat(report.retiredRuns()).containsExactly(first.runId());
    assertThat(
            client.indices().exists(e -> e.index(new ShardingStrategy(first).allIndices())).value())
        .isFalse();
    assertThat(
            client
                .indices()
                .exists(e -> e.index(new ShardingStrategy(second).allIndices()))
                .value())
        .isTrue();
    assertThat(client.indices().exists(e -> e.index(loadingElsewhere)).value()).isTrue();
    assertThat(catalog.get(model, first.runId()).orElseThrow().status())
        .isEqualTo(RunStatus.RETIRED);
    assertThat(catalog.publishedRunIds()).containsEntry(model, third.runId());
    assertThat(aliasTargets(model)).containsExactlyInAnyOrderElementsOf(report.indices());
    // The force merge was waited for (a task of Elasticsearch, asked until done): one segment per
    // shard of the published run.
    Map<String, Long> segmentsPerShard = new HashMap<>();
    for (var segment : client.cat().segments(c -> c.index(report.indices())).segments()) {
      segmentsPerShard.merge(segment.index() + "/" + segment.shard(), 1L, Long::sum);
    }
    assertThat(segmentsPerShard).isNotEmpty().allSatisfy((shard, n) -> assertThat(n).isOne());
    // The merge policy of loading, kept until the force merge, is the default again after it.
    assertThat(segmentsPerTier(report.indices())).containsOnly(DEFAULT_SEGMENTS_PER_TIER);
  }

  @Test
  void mergeBeforePublishImpliesTheMergeAndAPreloadedRunIsReopenedBeforeItServes()
      throws Exception {
    String model = "itmergefirst";
    ShardingSpec preloaded =
        new ShardingSpec(
            3,
            0,
            2,
            10.0,
            ShardingSpec.Routing.TILE,
            ShardingSpec.ALL_STEPS,
            ShardingSpec.EXACT_BITS,
            true);
    ForecastRun run = run(model, T0, preloaded);

    LoadReport report =
        new RunLoader(client, settings)
            .withLifecycle(new AfterPublish(0, false, null, true))
            .load(new SyntheticForecastSource(run, 1));

    assertThat(report.published()).isTrue();
    assertThat(client.count(c -> c.index(ShardingStrategy.latestAlias(model))).count())
        .isEqualTo(run.documentCount());
    // Merged although force-merge was not given: merge-before-publish implies it.
    Map<String, Long> segmentsPerShard = new HashMap<>();
    for (var segment : client.cat().segments(c -> c.index(report.indices())).segments()) {
      segmentsPerShard.merge(segment.index() + "/" + segment.shard(), 1L, Long::sum);
    }
    assertThat(segmentsPerShard).isNotEmpty().allSatisfy((shard, n) -> assertThat(n).isOne());
    assertThat(segmentsPerTier(report.indices())).containsOnly(DEFAULT_SEGMENTS_PER_TIER);
    // Opened again from its files (what makes Elasticsearch preload them), not as created empty.
    var recoveries = client.indices().recovery(r -> r.index(report.indices())).statuses();
    assertThat(recoveries).hasSize(report.indices().size());
    recoveries.forEach(
        (index, status) ->
            assertThat(status.shards())
                .as(index)
                .isNotEmpty()
                .allSatisfy(shard -> assertThat(shard.type()).isEqualTo("EXISTING_STORE")));
  }

  private static ForecastDocument withUnknownParameter(ForecastDocument doc) {
    String[] names = doc.parameterNames().clone();
    names[0] = "snow";
    return new ForecastDocument(
        doc.point(),
        doc.lat(),
        doc.lon(),
        doc.level(),
        doc.step(),
        names,
        doc.values(),
        doc.steps());
  }

  private static Set<String> aliasTargets(String model) throws Exception {
    return new HashSet<>(
        client
            .indices()
            .getAlias(a -> a.name(ShardingStrategy.latestAlias(model)))
            .aliases()
            .keySet());
  }

  /**
   * Runs a check in the producer thread when the middle one of the run's slices starts, i.e. in the
   * middle of a load whatever the steps per document (the slices before it may be loaded or in
   * flight; it and those after it are not produced yet).
   */
  private record ObservingSource(ForecastSource delegate, Check check) implements ForecastSource {
    interface Check {
      void run() throws Exception;
    }

    @Override
    public ForecastRun run() {
      return delegate.run();
    }

    @Override
    public List<Slice> slices() {
      return delegate.slices();
    }

    @Override
    public void produce(Slice slice, DocumentSink sink) throws Exception {
      List<Slice> all = delegate.slices();
      assertThat(all).as("slices of the run").hasSizeGreaterThan(2);
      if (slice.equals(all.get(all.size() / 2))) {
        check.run();
      }
      delegate.produce(slice, sink);
    }
  }
}
