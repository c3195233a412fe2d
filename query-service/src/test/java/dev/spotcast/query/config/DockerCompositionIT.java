package dev.spotcast.query.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.http.HttpCacheProperties;
import dev.spotcast.query.web.ClientKeys;
import dev.spotcast.testsupport.DockerComposition;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * docker/ checked as far as a machine without a Docker engine allows: the query services' part of
 * the Compose file binds to the service's configuration, its image copies what the build made, the
 * images and dashboards the composition names exist, and the queries dashboard asks only for
 * metrics the running service exposes (the exporters' own metrics are listed apart), the document
 * cache's among them (on here, as in production; the same context as DocumentCacheIT's). The
 * Prometheus and HAProxy files are checked where the local fleet is made from them (infra).
 */
@org.springframework.test.context.TestPropertySource(
    properties = "spotcast.query.cache.enabled=true")
class DockerCompositionIT extends ServiceTestBase {

  @Autowired private TestRestTemplate http;

  @Test
  void theQueryServicesGetOnlySettingsTheyTake() throws Exception {
    for (String service : List.of("query-1", "query-2")) {
      assertThat(
              DockerComposition.unbound(
                  DockerComposition.environment(service, DockerComposition.EXAMPLE_VARIABLES),
                  Map.of(
                      "spotcast.elasticsearch", ElasticsearchSettings.class,
                      "spotcast.query.client-keys", ClientKeys.class,
                      "spotcast.query.http-cache", HttpCacheProperties.class,
                      "spotcast.query", QueryProperties.class),
                  Set.of("SPRING_CONFIG_IMPORT")))
          .as(service)
          .isEmpty();
    }
  }

  @Test
  void theProbesTheHealthChecksAndTheLoadBalancerUseAnswer(@LocalServerPort int port)
      throws Exception {
    awaitReady(port);
    assertThat(http.getForEntity("/actuator/health/liveness", String.class).getStatusCode().value())
        .isEqualTo(200);
    assertThat(
            http.getForEntity("/actuator/health/readiness", String.class).getStatusCode().value())
        .isEqualTo(200);
    // Compose starts the balancer once the query services are healthy: healthy means ready (the
    // runs are known).
    for (String image :
        List.of("docker/query-service.Dockerfile", "docker/ingestor-service.Dockerfile")) {
      assertThat(Files.readString(DockerComposition.root().resolve(image)))
          .as(image)
          .containsPattern(
              "HEALTHCHECK[^\\n]*\\\\\\n\\s*CMD curl -fsS http://127.0.0.1:\\d+/actuator/health/readiness");
    }
  }

  @Test
  void theImageCopiesWhatTheBuildMade() throws Exception {
    assertThat(DockerComposition.missingCopySources("docker/query-service.Dockerfile")).isEmpty();
  }

  /*
   * That every Prometheus target and HAProxy server is a service of the composition, and every instance is behind
   * the balancer and scraped, is now checked where the local fleet is made from those files (infra's
   * LocalMappingTest, FleetConfigFilesTest): a target that is no service there is refused.
   */
  @Test
  @SuppressWarnings("unchecked")
  void theImagesAndDashboardsOfTheCompositionExist() throws Exception {
    Map<String, Object> services =
        (Map<String, Object>) DockerComposition.compose().get("services");
    for (Object definition : services.values()) {
      Object build = ((Map<String, Object>) definition).get("build");
      if (build instanceof Map<?, ?> b) {
        assertThat(
                DockerComposition.root()
                    .resolve("docker")
                    .resolve(String.valueOf(b.get("context")))
                    .resolve(String.valueOf(b.get("dockerfile"))))
            .isRegularFile();
      }
    }
    for (String dashboard : List.of("spotcast-queries.json", "spotcast-ingestion.json")) {
      assertThat(
              new ObjectMapper()
                  .readTree(
                      DockerComposition.root()
                          .resolve("docker/grafana/dashboards/" + dashboard)
                          .toFile())
                  .path("panels")
                  .size())
          .as(dashboard)
          .isPositive();
    }
  }

  @Test
  void theQueriesDashboardAsksForMetricsTheServiceExposes() throws Exception {
    http.getForEntity("/v1/spot?model=nosuch&lat=1&lon=1&time=2026-11-21T00:00:00Z", String.class);
    http.getForEntity("/v1/models", String.class);
    String exposition = http.getForEntity("/actuator/prometheus", String.class).getBody();
    Set<String> wanted =
        DockerComposition.dashboardMetrics("docker/grafana/dashboards/spotcast-queries.json");
    Set<String> exporters =
        wanted.stream()
            .filter(m -> m.startsWith("haproxy_") || m.startsWith("elasticsearch_"))
            .collect(Collectors.toCollection(TreeSet::new));
    assertThat(exporters)
        .as("metrics of HAProxy's and Elasticsearch's exporters")
        .containsExactly("haproxy_backend_active_servers");
    wanted.removeAll(exporters);
    assertThat(wanted).isNotEmpty();
    assertThat(DockerComposition.notExposed(wanted, exposition))
        .as("dashboard metrics the service does not expose")
        .isEmpty();
  }
}
