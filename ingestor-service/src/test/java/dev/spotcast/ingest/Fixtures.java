package dev.spotcast.ingest;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.ingestor.RunPublisher;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.testsupport.SharedElasticsearch;
import java.io.IOException;
import java.util.Set;
import java.util.UUID;

/** What the tests check in Elasticsearch directly, with a client of their own. */
final class Fixtures {

  private static ElasticsearchClient client;

  private Fixtures() {}

  static synchronized ElasticsearchClient client() {
    if (client == null) {
      client = ElasticsearchClients.create(ElasticsearchSettings.of(SharedElasticsearch.url()));
    }
    return client;
  }

  /** A model name no other test uses (model ids: lower-case letters, digits, '_'). */
  static String model(String base) {
    return base + "_" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** A topic prefix no other test uses. */
  static String prefix(String base) {
    return "it-" + base + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** Documents Elasticsearch counts behind the model's alias (0 if it has none). */
  static long servedCount(String model) throws IOException {
    if (published(model).isEmpty()) {
      return 0;
    }
    client().indices().refresh(r -> r.index(ShardingStrategy.latestAlias(model)));
    return client().count(c -> c.index(ShardingStrategy.latestAlias(model))).count();
  }

  static Set<String> published(String model) throws IOException {
    return new RunPublisher(client()).publishedIndices(model);
  }

  /**
   * A synthetic job spec on a global grid of this resolution: (180/res + 1) x (360/res) points.
   */
  static String synthetic(String model, String runTime, double resolution, String levels, String steps) {
    return """
        {"synthetic": {"model": "%s", "runTime": "%s", "resolution": %s, "levels": [%s], "steps": [%s], "seed": 7}}
        """.formatted(model, runTime, resolution, levels, steps);
  }
}
