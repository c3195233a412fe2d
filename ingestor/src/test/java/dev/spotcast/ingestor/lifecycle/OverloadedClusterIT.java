package dev.spotcast.ingestor.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.infra.elasticsearch.LocalElasticsearch;
import dev.spotcast.infra.elasticsearch.LoopbackPorts;
import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.synthetic.SyntheticWeather;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An Elasticsearch that rejects writes (a write thread pool of one thread and a queue of one, so
 * concurrent bulks are answered 429) still ends with every document indexed exactly once: rejected
 * items are retried with backoff, the count matches and the run is published.
 */
class OverloadedClusterIT {

  @Test
  void a429AnsweringClusterStillGetsTheExactCount() throws Exception {
    int port = LoopbackPorts.freeBlock(2);
    LocalElasticsearch.Config config =
        LocalElasticsearch.Config.builder()
            .firstHttpPort(port)
            .firstTransportPort(port + 1)
            .clusterName("it-overloaded-" + port)
            .heap("512m")
            .setting("thread_pool.write.size", "1")
            .setting("thread_pool.write.queue_size", "1")
            .ephemeral(true)
            .build();
    try (LocalElasticsearch cluster = new LocalElasticsearch(config)) {
      cluster.start();
      ElasticsearchClient client = ElasticsearchClients.create(cluster.settings(Role.INGEST));
      try {
        ForecastRun run =
            ForecastRun.of(
                "itoverload",
                Instant.parse("2026-11-21T00:00:00Z"),
                RegularLatLonGrid.covering(30, -20, 60, 30, 0.5),
                LevelType.HEIGHT_ABOVE_GROUND,
                List.of(0.0, 1000.0),
                List.of(0, 1, 2, 3),
                SyntheticWeather.PARAMETERS,
                ShardingSpec.DEFAULT);
        // Many small concurrent bulks against one write thread: most of them meet a full queue.
        LoaderSettings settings =
            LoaderSettings.defaults()
                .withThreads(2, 6)
                .withBulkDocuments(200)
                .withRetries(50, Duration.ofMillis(20), Duration.ofMillis(500));

        LoadReport report =
            new RunLoader(client, settings).load(new SyntheticForecastSource(run, 3));

        assertThat(report.failure()).isNull();
        assertThat(report.published()).isTrue();
        assertThat(report.counted()).isEqualTo(run.documentCount());
        assertThat(report.failed()).isZero();
        assertThat(report.retriesByCause())
            .as("the cluster did push back")
            .isNotEmpty()
            .containsKey("429 es_rejected_execution_exception");
      } finally {
        client._transport().close();
      }
    }
  }
}
