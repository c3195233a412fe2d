package dev.spotcast.infra.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.infra.fleet.FleetLayout.Instance;
import dev.spotcast.infra.fleet.LocalMapping.Part;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The local fleet is made from docker/compose.yaml as the build packed it: every Compose service is
 * a part here or says what stands for it, every setting of a service reaches its local instances
 * with its addresses and paths made local, and a setting added to Compose reaches them with no
 * change to the Java code.
 */
class LocalMappingTest {

  static final Path HOME = Path.of("/var/tmp/f");
  static final Path CA = Path.of("/var/tmp/f/certs/ca.crt");
  static final String OPERATOR_KEY = "operator-key";
  static final String SCRAPE_KEY = "scrape-key";

  private final ComposeFleet compose = ComposeFleet.bundled();
  private final FleetLayout layout = FleetLayout.standard(HOME, 19000);
  private final LocalMapping mapping = mapping(compose);

  static LocalMapping mapping(ComposeFleet compose) {
    return new LocalMapping(
        compose, LocalMapping.layout(compose, HOME, 19000), CA, OPERATOR_KEY, SCRAPE_KEY);
  }

  @Test
  void theLocalFleetHasTheNodesAndInstancesOfTheComposition() {
    assertThat(layout.elasticsearchNodes())
        .isEqualTo(
            servicesOfImage("docker.elastic.co/elasticsearch/elasticsearch").stream()
                .filter(service -> !LocalMapping.COMPOSE_ONLY.containsKey(service))
                .count());
    assertThat(layout.queryInstances())
        .extracting(Instance::name)
        .isEqualTo(servicesOfImage("spotcast/query-service"));
    assertThat(layout.ingestInstances())
        .extracting(Instance::name)
        .isEqualTo(servicesOfImage("spotcast/ingestor-service"));
    assertThat(LocalMapping.check(compose, layout).keySet())
        .containsExactlyInAnyOrderElementsOf(
            compose.services().stream()
                .filter(service -> !LocalMapping.COMPOSE_ONLY.containsKey(service))
                .toList());
  }

  @Test
  void everyInstanceGetsEveryComposeSettingOfItsServiceMadeLocal() {
    List<String> instances = new ArrayList<>();
    layout.queryInstances().forEach(instance -> instances.add(instance.name()));
    layout.ingestInstances().forEach(instance -> instances.add(instance.name()));
    Set<String> composeHosts = new TreeSet<>(compose.services());
    for (String service : instances) {
      Map<String, String> local = mapping.environment(service);
      Set<String> expected = new TreeSet<>(compose.environment(service).keySet());
      expected.removeAll(LocalMapping.NOT_PASSED.keySet());
      assertThat(local.keySet()).as(service).containsAll(expected);
      assertThat(local.keySet())
          .as(service)
          .doesNotContainAnyElementsOf(LocalMapping.NOT_PASSED.keySet());
      for (Map.Entry<String, String> setting : local.entrySet()) {
        for (String host : composeHosts) {
          assertThat(setting.getValue())
              .as(service + " " + setting.getKey())
              .doesNotContainPattern("(?<![\\w.-])" + Pattern.quote(host) + ":\\d");
        }
        for (String mount : compose.mountTargets(service)) {
          assertThat(setting.getValue())
              .as(service + " " + setting.getKey())
              .doesNotStartWith(mount);
        }
        assertThat(setting.getValue()).as(service + " " + setting.getKey()).doesNotContain("${");
      }
    }
  }

  @Test
  void anIngestionInstanceAsItIsGivenHere() {
    Map<String, String> ingest = mapping.environment("ingest-2");
    assertThat(ingest)
        .containsEntry(
            "SPOTCAST_ELASTICSEARCH_URIS",
            "https://127.0.0.1:19200,https://127.0.0.1:19201,https://127.0.0.1:19202")
        .containsEntry("SPOTCAST_ELASTICSEARCH_CA", "/var/tmp/f/certs/ca.crt")
        .containsEntry("SPRING_KAFKA_BOOTSTRAPSERVERS", "127.0.0.1:19092")
        .containsEntry("SPOTCAST_FILES_ROOTS", "/var/tmp/f/files")
        .containsEntry("SPOTCAST_JOBS_INSTANCEID", "ingest-2")
        // its loading yields to the users of both query instances
        .containsEntry(
            "SPOTCAST_INGEST_YIELD_QUERYSERVICES", "http://127.0.0.1:19101,http://127.0.0.1:19102")
        // SHA-256 of "operator-key" and "scrape-key" (sha256sum)
        .containsEntry(
            "SPOTCAST_SECURITY_APIKEYS_0_SHA256",
            "c9736463f555cdb7d2a78cfd7aa8b8c4f09d906d78f8dab9228eda30a28c2818")
        .containsEntry(
            "SPOTCAST_SECURITY_APIKEYS_1_SHA256",
            "9cae6baf7bdcae78fa382f13befa196e825446f94e2c942e619284df51a562d2")
        .containsEntry("SERVER_PORT", "19112")
        .containsEntry("SERVER_ADDRESS", "127.0.0.1")
        .doesNotContainKey("SPRING_CONFIG_IMPORT");
    assertThat(mapping.environment("query-1")).containsEntry("SERVER_PORT", "19101");
  }

  @Test
  void aSettingAddedToAServiceInComposeReachesItsInstancesMadeLocal() {
    String composeText = ComposeFleet.bundledText(ComposeFleet.COMPOSE_FILE);
    String anchor = "    SPRING_CONFIG_IMPORT: optional:configtree:/secrets/query/\n";
    assertThat(composeText).contains(anchor);
    LocalMapping changed =
        mapping(
            withCompose(
                composeText.replace(
                    anchor,
                    anchor
                        + "    SPOTCAST_QUERY_MAXNEIGHBOURS: \"32\"\n"
                        + "    SPOTCAST_QUERY_PEERS: http://ingest-1:8081,kafka:9092\n")));
    for (String service : List.of("query-1", "query-2")) {
      assertThat(changed.environment(service))
          .as(service)
          .containsEntry("SPOTCAST_QUERY_MAXNEIGHBOURS", "32")
          .containsEntry("SPOTCAST_QUERY_PEERS", "http://127.0.0.1:19111,127.0.0.1:19092");
    }
    assertThat(changed.environment("ingest-1")).doesNotContainKey("SPOTCAST_QUERY_MAXNEIGHBOURS");
  }

  @Test
  void whatHasNoLocalCounterpartIsRefusedNotDropped() {
    String composeText = ComposeFleet.bundledText(ComposeFleet.COMPOSE_FILE);
    String anchor = "    SPOTCAST_FILES_ROOTS: /data\n";
    assertThat(composeText).contains(anchor);
    // An address of a service that does not run here, a mounted path with no local place, a secret
    // the local fleet has no value for.
    assertThatThrownBy(
            () ->
                mapping(
                        withCompose(
                            composeText.replace(
                                anchor, anchor + "    SPOTCAST_DASHBOARDS: http://grafana:3000\n")))
                    .environment("ingest-1"))
        .hasMessageContaining("grafana:3000");
    assertThatThrownBy(
            () ->
                mapping(
                        withCompose(
                            composeText.replace(
                                anchor,
                                anchor + "    SPOTCAST_FILES_SECRET: /secrets/ingest/other\n")))
                    .environment("ingest-1"))
        .hasMessageContaining("/secrets/ingest/other");
    assertThatThrownBy(
            () ->
                mapping(
                        withCompose(
                            composeText.replace(
                                anchor,
                                anchor
                                    + "    SPOTCAST_NEW_KEY: ${NEW_KEY:?set it in docker/.env}\n")))
                    .environment("ingest-1"))
        .hasMessageContaining("NEW_KEY");
    // A part added to Compose that the local fleet does not know.
    assertThatThrownBy(
            () ->
                mapping(
                    withCompose(
                        composeText.replace(
                            "\nvolumes:\n", "\n  cache:\n    image: redis:7\n\nvolumes:\n"))))
        .hasMessageContaining("cache")
        .hasMessageContaining("redis");
    // Paths in the image, not under a mount, are the service's own: as they are.
    assertThat(mapping.localize("prometheus", "/actuator/prometheus"))
        .isEqualTo("/actuator/prometheus");
  }

  @Test
  void theExporterGetsComposesArgumentsMadeLocal() {
    assertThat(mapping.command(mapping.service(Part.EXPORTER)))
        .containsExactly(
            "--es.uri=https://127.0.0.1:19200", "--es.ca=/var/tmp/f/certs/ca.crt", "--es.all");
  }

  @Test
  void aLayoutOtherThanTheCompositionsIsRefused() {
    assertThatThrownBy(() -> LocalMapping.check(compose, new FleetLayout(HOME, 19000, 3, 1, 2)))
        .hasMessageContaining("query-service instances");
    assertThatThrownBy(() -> LocalMapping.check(compose, new FleetLayout(HOME, 19000, 1, 2, 2)))
        .hasMessageContaining("Elasticsearch nodes");
  }

  private List<String> servicesOfImage(String repository) {
    return compose.services().stream()
        .filter(service -> compose.repository(service).equals(repository))
        .toList();
  }

  static ComposeFleet withCompose(String composeText) {
    return ComposeFleet.of(
        composeText,
        ComposeFleet.bundledText(ComposeFleet.HAPROXY_FILE),
        ComposeFleet.bundledText(ComposeFleet.PROMETHEUS_FILE));
  }
}
