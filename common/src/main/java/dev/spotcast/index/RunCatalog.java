package dev.spotcast.index;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.Refresh;
import co.elastic.clients.elasticsearch._types.mapping.DynamicMapping;
import co.elastic.clients.elasticsearch.core.search.Hit;
import co.elastic.clients.elasticsearch.indices.GetAliasResponse;
import co.elastic.clients.elasticsearch.indices.get_alias.IndexAliases;
import dev.spotcast.elasticsearch.Indices;
import dev.spotcast.sharding.ShardingStrategy;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The runs index ({@code spotcast-runs}): one {@link RunRecord} per run, and which run of each
 * model is published. The model's alias is the single source of truth for "published": a run is
 * served exactly when its indices are behind {@code spotcast-MODEL-latest}.
 */
public final class RunCatalog {

  public static final String INDEX = "spotcast-runs";

  private final ElasticsearchClient client;

  /** One copy of the catalog per node, up to a primary and a replica. */
  private static final String REPLICAS = "0-1";

  public RunCatalog(ElasticsearchClient client) {
    this.client = client;
  }

  /**
   * Creates the catalog index if it is missing, and gives it a copy on a second node where there is
   * one (also to a catalog created before it had one): the services read what is served from here,
   * and losing the node that holds it must not stop them.
   */
  public void ensureIndex() throws IOException {
    Indices.createIfAbsent(
        client,
        c ->
            c.index(INDEX)
                .settings(s -> s.numberOfShards("1").autoExpandReplicas(REPLICAS))
                .mappings(
                    m ->
                        m.dynamic(DynamicMapping.False)
                            .properties("model", p -> p.keyword(k -> k))
                            .properties("runId", p -> p.keyword(k -> k))
                            .properties("runTime", p -> p.date(d -> d))
                            .properties("status", p -> p.keyword(k -> k))
                            .properties("startedAt", p -> p.date(d -> d))
                            .properties("finishedAt", p -> p.date(d -> d))
                            .properties("run", p -> p.object(o -> o.enabled(false)))));
    client.indices().putSettings(p -> p.index(INDEX).settings(s -> s.autoExpandReplicas(REPLICAS)));
  }

  public void save(RunRecord record) throws IOException {
    client.index(i -> i.index(INDEX).id(record.id()).document(record).refresh(Refresh.WaitFor));
  }

  public Optional<RunRecord> get(String model, String runId) throws IOException {
    var response =
        client.get(g -> g.index(INDEX).id(RunRecord.idOf(model, runId)), RunRecord.class);
    return response.found() ? Optional.ofNullable(response.source()) : Optional.empty();
  }

  /**
   * Every record with this status (at most {@code limit}), by model then run id; none when the
   * catalog does not exist yet.
   */
  public List<RunRecord> withStatus(RunStatus status, int limit) throws IOException {
    return client
        .search(
            s ->
                s.index(INDEX)
                    .ignoreUnavailable(true)
                    .size(limit)
                    .query(q -> q.term(t -> t.field("status").value(status.name())))
                    .sort(o -> o.field(f -> f.field("model")))
                    .sort(o -> o.field(f -> f.field("runId"))),
            RunRecord.class)
        .hits()
        .hits()
        .stream()
        .map(Hit::source)
        .filter(Objects::nonNull)
        .toList();
  }

  /** Published run id per model, read from the models' aliases. */
  public Map<String, String> publishedRunIds() throws IOException {
    Map<String, String> runs = new TreeMap<>();
    GetAliasResponse aliases;
    try {
      // An index deleted while the aliases are read (retention, a failed run) must not fail the
      // read.
      aliases =
          client
              .indices()
              .getAlias(
                  a ->
                      a.name(ShardingStrategy.latestAlias("*"))
                          .ignoreUnavailable(true)
                          .allowNoIndices(true));
    } catch (co.elastic.clients.elasticsearch._types.ElasticsearchException e) {
      if (e.status() == 404 && !"index_not_found_exception".equals(e.error().type())) {
        return runs; // no alias at all
      }
      throw e; // the caller keeps what it knew rather than taking every model for unpublished
    }
    for (Map.Entry<String, IndexAliases> entry : aliases.aliases().entrySet()) {
      ForecastIndexName.parse(entry.getKey())
          .ifPresent(name -> runs.put(name.model(), name.runId()));
    }
    return runs;
  }
}
