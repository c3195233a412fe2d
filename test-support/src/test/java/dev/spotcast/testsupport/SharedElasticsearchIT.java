package dev.spotcast.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.infra.elasticsearch.ClusterApi;
import dev.spotcast.infra.elasticsearch.ClusterHealth;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SharedElasticsearchIT {

  @Test
  void startsOneServerPerJvmThatAnswersHealthAndIndexes() throws Exception {
    String url = SharedElasticsearch.url();

    assertThat(url).matches("http://[^/]+:\\d+");
    assertThat(SharedElasticsearch.url()).isSameAs(url);
    try (ClusterApi api = new ClusterApi(url)) {
      ClusterHealth health = api.awaitHealth(1, Duration.ofSeconds(5));
      assertThat(health.isUsable()).as(health.toString()).isTrue();
    }
    try (HttpClient http = HttpClient.newHttpClient()) {
      HttpResponse<String> created = http.send(HttpRequest.newBuilder(URI.create(url + "/shared-it/_doc/1?refresh=true"))
          .header("Content-Type", "application/json")
          .PUT(HttpRequest.BodyPublishers.ofString("{\"spot\":\"Bergen\"}"))
          .build(), HttpResponse.BodyHandlers.ofString());
      assertThat(created.statusCode()).as(created.body()).isIn(200, 201);
      HttpResponse<String> found = http.send(HttpRequest.newBuilder(URI.create(url + "/shared-it/_doc/1")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(found.body()).contains("\"found\":true", "Bergen");
    }
  }
}
