package dev.spotcast.elasticsearch;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch.indices.CreateIndexRequest;
import co.elastic.clients.util.ObjectBuilder;
import java.io.IOException;
import java.util.function.Function;

/** Index housekeeping several components share. */
public final class Indices {

  private Indices() {}

  /**
   * Creates the index described by {@code request} unless it exists. Several processes may race
   * here (ingestor instances, query services): the loser's "already exists" is not an error.
   *
   * @return true when this call created the index
   */
  public static boolean createIfAbsent(
      ElasticsearchClient client,
      Function<CreateIndexRequest.Builder, ObjectBuilder<CreateIndexRequest>> request)
      throws IOException {
    CreateIndexRequest create = CreateIndexRequest.of(request);
    if (client.indices().exists(e -> e.index(create.index())).value()) {
      return false;
    }
    try {
      client.indices().create(create);
      return true;
    } catch (ElasticsearchException e) {
      if ("resource_already_exists_exception".equals(e.error().type())) {
        return false;
      }
      throw e;
    }
  }
}
