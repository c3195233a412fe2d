package dev.spotcast.query.web;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.HealthStatus;
import co.elastic.clients.elasticsearch.cluster.HealthResponse;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * Reports the Elasticsearch cluster as {@code /actuator/health/elasticsearch}: up when green or
 * yellow (a single node has no replicas to place), down when red or unreachable.
 */
@Component("elasticsearch")
public class ElasticsearchHealthIndicator implements HealthIndicator {

  private final ElasticsearchClient client;

  public ElasticsearchHealthIndicator(ElasticsearchClient client) {
    this.client = client;
  }

  @Override
  public Health health() {
    try {
      HealthResponse health = client.cluster().health();
      Health.Builder builder = health.status() == HealthStatus.Red ? Health.down() : Health.up();
      return builder
          .withDetail("cluster", health.clusterName())
          .withDetail("status", health.status().jsonValue())
          .withDetail("nodes", health.numberOfNodes())
          .build();
    } catch (Exception e) {
      return Health.down(e).build();
    }
  }
}
