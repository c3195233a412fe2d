package dev.spotcast.ingest.config;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.HealthStatus;
import co.elastic.clients.elasticsearch.cluster.HealthResponse;
import dev.spotcast.ingest.work.ChunkWorker;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * {@code /actuator/health/elasticsearch}: the cluster that holds the runs and the jobs, down when
 * red or unreachable (a worker then cannot finish any chunk), with the chunks this instance loads.
 */
@Component("elasticsearch")
public class ElasticsearchHealthIndicator implements HealthIndicator {

  private final ElasticsearchClient client;
  private final ChunkWorker worker;

  public ElasticsearchHealthIndicator(ElasticsearchClient client, ChunkWorker worker) {
    this.client = client;
    this.worker = worker;
  }

  @Override
  public Health health() {
    try {
      HealthResponse health = client.cluster().health();
      return (health.status() == HealthStatus.Red ? Health.down() : Health.up())
          .withDetail("cluster", health.clusterName())
          .withDetail("status", health.status().jsonValue())
          .withDetail("chunksInFlight", worker.chunksInFlight())
          .build();
    } catch (Exception e) {
      return Health.down(e).build();
    }
  }
}
