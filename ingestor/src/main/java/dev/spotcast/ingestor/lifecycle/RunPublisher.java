package dev.spotcast.ingestor.lifecycle;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch.indices.update_aliases.Action;
import dev.spotcast.sharding.ShardingStrategy;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Makes a complete run visible: one {@code _aliases} request moves the model's alias from the
 * previous run's indices to this run's, so readers see either the old run or the new one, never a
 * mix. https://www.elastic.co/docs/api/doc/elasticsearch/operation/operation-indices-update-aliases
 */
public final class RunPublisher {

  private final ElasticsearchClient client;

  public RunPublisher(ElasticsearchClient client) {
    this.client = client;
  }

  /** Indices the model's alias points at now (empty before the first run). */
  public Set<String> publishedIndices(String model) throws IOException {
    try {
      return new HashSet<>(
          client
              .indices()
              .getAlias(a -> a.name(ShardingStrategy.latestAlias(model)))
              .aliases()
              .keySet());
    } catch (ElasticsearchException e) {
      if (e.status() == 404) {
        return Set.of();
      }
      throw e;
    }
  }

  public void publish(ShardingStrategy strategy) throws IOException {
    String alias = ShardingStrategy.latestAlias(strategy.run().model());
    List<String> next = strategy.allIndices();
    List<Action> actions = new ArrayList<>();
    for (String index : publishedIndices(strategy.run().model())) {
      if (!next.contains(index)) {
        actions.add(Action.of(a -> a.remove(r -> r.index(index).alias(alias))));
      }
    }
    for (String index : next) {
      actions.add(Action.of(a -> a.add(ad -> ad.index(index).alias(alias))));
    }
    client.indices().updateAliases(u -> u.actions(actions));
  }
}
