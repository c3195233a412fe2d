package dev.spotcast.bench.ingest;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch._types.mapping.DynamicMapping;
import dev.spotcast.index.ForecastFields;
import dev.spotcast.index.ForecastIndices;
import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunRecord;
import dev.spotcast.ingestor.lifecycle.RunPublisher;
import dev.spotcast.sharding.ShardingStrategy;
import java.io.IOException;
import java.util.List;
import java.util.Set;

/**
 * The benchmark's footprint in Elasticsearch: the run's indices (created exactly as the loader
 * creates them), the model alias they get when published, and the run's catalog record. Everything
 * is removed between and after phases, by name.
 */
final class BenchIndices {

  private final ElasticsearchClient client;
  private final ShardingStrategy strategy;
  private final ForecastIndices indices;
  private final List<String> names;

  BenchIndices(ElasticsearchClient client, ShardingStrategy strategy) {
    this.client = client;
    this.strategy = strategy;
    this.indices = new ForecastIndices(client);
    this.names = strategy.allIndices();
  }

  private boolean catalogExisted = true;
  private boolean templateExisted = true;

  List<String> names() {
    return names;
  }

  /** Notes whether the run catalog and the index template exist, to leave the cluster as found. */
  void rememberFootprint() throws IOException {
    catalogExisted = client.indices().exists(e -> e.index(RunCatalog.INDEX)).value();
    templateExisted =
        client.indices().existsIndexTemplate(e -> e.name(ForecastIndices.TEMPLATE)).value();
  }

  /**
   * Removes the catalog index and the template if the benchmark created them and nothing else uses
   * them.
   */
  void removeFootprint() throws IOException {
    if (!catalogExisted && client.indices().exists(e -> e.index(RunCatalog.INDEX)).value()) {
      client.indices().refresh(r -> r.index(RunCatalog.INDEX));
      if (client.count(c -> c.index(RunCatalog.INDEX)).count() == 0) {
        client.indices().delete(d -> d.index(RunCatalog.INDEX));
      }
    }
    if (!templateExisted
        && client
            .indices()
            .get(g -> g.index(ShardingStrategy.INDEX_PREFIX + "*").allowNoIndices(true))
            .indices()
            .isEmpty()) {
      client.indices().deleteIndexTemplate(d -> d.name(ForecastIndices.TEMPLATE));
    }
  }

  /**
   * Refuses a model whose alias points at anything but this benchmark's own indices: the Spotcast
   * phase publishes under the model, and would move a real model's alias.
   */
  void requireModelFree() throws IOException {
    String model = strategy.run().model();
    Set<String> published = new RunPublisher(client).publishedIndices(model);
    for (String index : published) {
      if (!names.contains(index)) {
        throw new IllegalStateException(
            "model '"
                + model
                + "' has a published run ("
                + published
                + ") that is not a benchmark"
                + " leftover; pass another --model");
      }
    }
  }

  /**
   * The same template and loading settings as the loader uses (ForecastIndices.createForLoading).
   */
  void createForLoading() throws IOException {
    indices.installTemplate();
    indices.createForLoading(strategy);
  }

  /**
   * The template of the leanest layout's phase: matches exactly this run's indices, above
   * Spotcast's.
   */
  static final String LEAN_TEMPLATE = "spotcast-bench-lean";

  /**
   * Creates the run's indices with the leanest layout of the same documents, for the raw baseline
   * the ingestor is compared with: location, level and step indexed as Spotcast's template does,
   * the values kept in {@code _source} only (an object mapped {@code enabled: false}: neither
   * indexed nor given doc values; a document's column, {@link ForecastFields#COLUMN}, a binary
   * without doc values). A template of higher priority than Spotcast's, for exactly these index
   * names, replaces Spotcast's (which excludes the values from {@code _source}); {@link #clean}
   * removes it.
   */
  void createLeanForLoading() throws IOException {
    client
        .indices()
        .putIndexTemplate(
            t ->
                t.name(LEAN_TEMPLATE)
                    .indexPatterns(names)
                    .priority(1000L)
                    .template(
                        tpl ->
                            tpl.mappings(
                                m ->
                                    m.dynamic(DynamicMapping.Strict)
                                        .properties(
                                            ForecastFields.LOCATION, p -> p.geoPoint(g -> g))
                                        .properties(ForecastFields.LEVEL, p -> p.double_(d -> d))
                                        .properties(ForecastFields.STEP, p -> p.integer(i -> i))
                                        .properties(
                                            ForecastFields.POINT,
                                            p -> p.integer(i -> i.index(false)))
                                        .properties(
                                            ForecastFields.VALUES,
                                            p -> p.object(o -> o.enabled(false)))
                                        .properties(
                                            ForecastFields.COLUMN,
                                            p -> p.binary(b -> b.docValues(false))))));
    for (String index : names) {
      client
          .indices()
          .create(c -> c.index(index).settings(ForecastIndices.loadingSettings(strategy, 0)));
    }
  }

  long refreshAndCount() throws IOException {
    client.indices().refresh(r -> r.index(names));
    return indices.count(names);
  }

  /** Deletes the indices (their alias goes with them) and the run's catalog record. */
  void clean() throws IOException {
    indices.delete(names);
    if (client.indices().existsIndexTemplate(e -> e.name(LEAN_TEMPLATE)).value()) {
      client.indices().deleteIndexTemplate(d -> d.name(LEAN_TEMPLATE));
    }
    String id = RunRecord.idOf(strategy.run().model(), strategy.run().runId());
    try {
      client.delete(d -> d.index(RunCatalog.INDEX).id(id));
    } catch (ElasticsearchException e) {
      if (e.status() != 404) {
        throw e;
      }
    }
  }

  /** For the shutdown hook: never throws. */
  void cleanQuietly() {
    try {
      clean();
      removeFootprint();
    } catch (Exception e) {
      System.err.println("bench: could not delete the benchmark indices " + names + ": " + e);
    }
  }
}
