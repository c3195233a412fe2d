package dev.spotcast.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.infra.elasticsearch.ClusterApi;
import dev.spotcast.infra.elasticsearch.ClusterHealth;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SharedElasticsearchIT {

  @Test
  void startsOneServerPerJvmThatAnswersHealthAndIndexes() throws Exception {
    String url = SharedElasticsearch.url();

    assertThat(url).matches("https://[^/]+:\\d+");
    assertThat(SharedElasticsearch.url()).isEqualTo(url);
    assertThat(SharedElasticsearch.settings()).isSameAs(SharedElasticsearch.settings());
    try (ClusterApi api = new ClusterApi(SharedElasticsearch.settings())) {
      ClusterHealth health = api.awaitHealth(1, Duration.ofSeconds(5));
      assertThat(health.isUsable()).as(health.toString()).isTrue();
      ClusterApi.Answer created =
          api.send("PUT", "/shared-it/_doc/1?refresh=true", "{\"spot\":\"Bergen\"}");
      assertThat(created.status()).as(created.body()).isIn(200, 201);
      ClusterApi.Answer found = api.send("GET", "/shared-it/_doc/1", null);
      assertThat(found.body()).contains("\"found\":true", "Bergen");
    }
  }
}
