package dev.spotcast.infra.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.spotcast.infra.process.Programs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local balancer's and Prometheus' configuration are docker/'s, on loopback: the same lines,
 * the same jobs, every instance of the composition behind the balancer and scraped; and the
 * programs themselves accept them.
 */
class FleetConfigFilesTest {

  private final ComposeFleet compose = ComposeFleet.bundled();
  private final LocalMapping mapping = LocalMappingTest.mapping(compose);

  @Test
  void theBalancerIsComposesOnLoopbackWithTheIngestionServicesBehindItToo() {
    String local = FleetConfigFiles.haproxy(mapping);
    // Every line that names no address is Compose's, as written.
    compose
        .haproxyConfig()
        .lines()
        .map(String::strip)
        .filter(line -> !line.startsWith("bind ") && !line.startsWith("server "))
        .forEach(
            line ->
                assertThat(local.lines().map(String::strip))
                    .as("from docker/haproxy/haproxy.cfg")
                    .contains(line));

    Map<String, List<String>> sections = sections(local);
    assertThat(
            sections.values().stream()
                .flatMap(List::stream)
                .filter(line -> line.startsWith("bind ")))
        .containsExactlyInAnyOrder(
            "bind 127.0.0.1:19080", "bind 127.0.0.1:19070", "bind 127.0.0.1:19081");
    assertThat(sections.get("frontend ingest-api"))
        .contains("bind 127.0.0.1:19081", "default_backend ingest");
    assertThat(servers(sections.get("backend query")))
        .containsExactly(
            "server query-1 127.0.0.1:19101 check", "server query-2 127.0.0.1:19102 check");
    assertThat(servers(sections.get("backend ingest")))
        .containsExactly(
            "server ingest-1 127.0.0.1:19111 check", "server ingest-2 127.0.0.1:19112 check");
    // The ingestion backend is balanced and checked as the query backend is; a job's submission
    // (a POST creating a job) is sent again only when it never reached an instance, and may take
    // two minutes.
    List<String> ingest = withoutServers(sections.get("backend ingest"));
    assertThat(ingest.subList(0, ingest.size() - 3))
        .isNotEmpty()
        .isEqualTo(withoutServers(sections.get("backend query")));
    assertThat(ingest.subList(ingest.size() - 3, ingest.size()))
        .containsExactly(
            "# A job's submission creates a job: sent again only when it never reached an instance.",
            "retry-on conn-failure",
            "timeout server 2m");
    assertThat(sections.get("defaults"))
        .as("the queries' retries, which a job's submission must not inherit")
        .contains("retry-on conn-failure empty-response response-timeout", "timeout server 15s");
  }

  @Test
  void haproxyAcceptsTheBalancersConfiguration(@TempDir Path dir) throws Exception {
    Optional<Path> haproxy = Programs.installed("haproxy");
    assumeTrue(haproxy.isPresent(), "haproxy is not installed");
    Path config = Files.writeString(dir.resolve("haproxy.cfg"), FleetConfigFiles.haproxy(mapping));
    assertThat(run(haproxy.get().toString(), "-c", "-f", config.toString())).startsWith("0 ");
  }

  @Test
  @SuppressWarnings("unchecked")
  void prometheusScrapesComposesJobsAtTheLocalAddresses() {
    Map<String, Object> local = ComposeFleet.yaml(FleetConfigFiles.prometheus(mapping));
    Map<String, Map<String, Object>> jobs = jobs(local);
    assertThat(jobs.keySet())
        .containsExactlyElementsOf(jobs(ComposeFleet.yaml(compose.prometheusConfig())).keySet());
    assertThat(targets(jobs.get("spotcast-query")))
        .containsExactly("127.0.0.1:19101", "127.0.0.1:19102");
    assertThat(targets(jobs.get("spotcast-ingest")))
        .containsExactly("127.0.0.1:19111", "127.0.0.1:19112");
    assertThat(targets(jobs.get("elasticsearch"))).containsExactly("127.0.0.1:19094");
    assertThat(targets(jobs.get("haproxy"))).containsExactly("127.0.0.1:19070");
    assertThat(targets(jobs.get("prometheus"))).containsExactly("127.0.0.1:19090");
    assertThat(jobs.get("spotcast-ingest").get("metrics_path")).isEqualTo("/actuator/prometheus");
    assertThat((Map<String, Object>) jobs.get("spotcast-ingest").get("authorization"))
        .containsEntry("type", "ApiKey")
        .containsEntry("credentials_file", "/var/tmp/f/parts/ingest-scrape.key");
    assertThat((Map<String, Object>) local.get("global")).containsEntry("scrape_interval", "5s");
  }

  @Test
  void aTargetOrServerThatIsNoServiceOfTheCompositionIsRefused() {
    String composeText = ComposeFleet.bundledText(ComposeFleet.COMPOSE_FILE);
    String haproxy = compose.haproxyConfig();
    String prometheus = compose.prometheusConfig();
    assertThat(haproxy).contains("query-2:8080");
    assertThat(prometheus).contains("\"query-2:8080\"");
    assertThatThrownBy(
            () ->
                FleetConfigFiles.haproxy(
                    LocalMappingTest.mapping(
                        ComposeFleet.of(
                            composeText,
                            haproxy.replace("query-2:8080", "qeury-2:8080"),
                            prometheus))))
        .hasMessageContaining("qeury-2:8080");
    assertThatThrownBy(
            () ->
                FleetConfigFiles.prometheus(
                    LocalMappingTest.mapping(
                        ComposeFleet.of(
                            composeText,
                            haproxy,
                            prometheus.replace("\"query-2:8080\"", "\"query-2:8081\"")))))
        .hasMessageContaining("query-2:8081");
  }

  /** The shipped alerting rules (a feed that falls behind) as the local fleet writes them. */
  @Test
  void promtoolAcceptsTheAlertingRules(@TempDir Path home) throws Exception {
    Optional<Path> promtool = Programs.installed("promtool");
    assumeTrue(promtool.isPresent(), "promtool is not installed");
    Path rules =
        Files.writeString(home.resolve("spotcast.yml"), ComposeFleet.bundledPrometheusRules());
    assertThat(run(promtool.get().toString(), "check", "rules", rules.toString()))
        .startsWith("0 ")
        .contains("SUCCESS: 2 rules found");
  }

  @Test
  void promtoolAcceptsPrometheusConfiguration(@TempDir Path home) throws Exception {
    Optional<Path> promtool = Programs.installed("promtool");
    assumeTrue(promtool.isPresent(), "promtool is not installed");
    LocalMapping inHome =
        new LocalMapping(
            compose,
            LocalMapping.layout(compose, home, 19000),
            home.resolve("ca.crt"),
            "operator-key",
            "scrape-key");
    Files.createDirectories(inHome.layout().partsDir());
    Files.writeString(inHome.layout().scrapeKeyFile(), "scrape-key\n");
    Path config =
        Files.writeString(inHome.layout().prometheusConfig(), FleetConfigFiles.prometheus(inHome));
    assertThat(run(promtool.get().toString(), "check", "config", config.toString()))
        .startsWith("0 ");
  }

  /**
   * Each section of an HAProxy configuration ({@code backend query}) with its lines, stripped,
   * blanks left out.
   */
  private static Map<String, List<String>> sections(String config) {
    Map<String, List<String>> sections = new LinkedHashMap<>();
    List<String> current = new ArrayList<>();
    for (String line : config.lines().toList()) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      if (!Character.isWhitespace(line.charAt(0))) {
        current = new ArrayList<>();
        sections.put(line.strip(), current);
      } else {
        current.add(line.strip());
      }
    }
    return sections;
  }

  private static List<String> servers(List<String> section) {
    return section.stream().filter(line -> line.startsWith("server ")).toList();
  }

  private static List<String> withoutServers(List<String> section) {
    return section.stream().filter(line -> !line.startsWith("server ")).toList();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Object>> jobs(Map<String, Object> prometheus) {
    Map<String, Map<String, Object>> jobs = new LinkedHashMap<>();
    for (Object job : (List<Object>) prometheus.get("scrape_configs")) {
      jobs.put(
          String.valueOf(((Map<String, Object>) job).get("job_name")), (Map<String, Object>) job);
    }
    return jobs;
  }

  @SuppressWarnings("unchecked")
  private static List<String> targets(Map<String, Object> job) {
    List<String> targets = new ArrayList<>();
    for (Object config : (List<Object>) job.get("static_configs")) {
      ((List<Object>) ((Map<String, Object>) config).get("targets"))
          .forEach(target -> targets.add(String.valueOf(target)));
    }
    return targets;
  }

  /** The program's exit code and output, as "CODE OUTPUT". */
  private static String run(String... command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return process.waitFor() + " " + output;
  }
}
