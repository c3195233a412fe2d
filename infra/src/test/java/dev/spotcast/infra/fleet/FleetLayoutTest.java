package dev.spotcast.infra.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.spotcast.infra.fleet.FleetLayout.Instance;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class FleetLayoutTest {

  private final FleetLayout layout = FleetLayout.standard(Path.of("/var/tmp/f"), 19000);

  @Test
  void portsAreCountedFromTheBaseAndNeverShared() {
    assertThat(layout.queryUrl()).isEqualTo("http://127.0.0.1:19080");
    assertThat(layout.ingestUrl()).isEqualTo("http://127.0.0.1:19081");
    assertThat(layout.prometheusUrl()).isEqualTo("http://127.0.0.1:19090");
    assertThat(layout.kafkaBootstrap()).isEqualTo("127.0.0.1:19092");
    assertThat(layout.elasticsearchUrls())
        .containsExactly(
            "https://127.0.0.1:19200", "https://127.0.0.1:19201", "https://127.0.0.1:19202");
    assertThat(layout.queryInstances())
        .extracting(Instance::name)
        .containsExactly("query-1", "query-2");
    assertThat(layout.ingestInstances()).extracting(Instance::port).containsExactly(19111, 19112);

    List<Integer> ports =
        new ArrayList<>(
            List.of(
                layout.queryBalancerPort(),
                layout.ingestBalancerPort(),
                layout.balancerStatsPort(),
                layout.prometheusPort(),
                layout.kafkaPort(),
                layout.kafkaControllerPort()));
    layout.queryInstances().forEach(instance -> ports.add(instance.port()));
    layout.ingestInstances().forEach(instance -> ports.add(instance.port()));
    for (int i = 0; i < 3; i++) {
      ports.add(layout.elasticsearchHttpPort() + i);
      ports.add(layout.elasticsearchTransportPort() + i);
    }
    assertThat(new HashSet<>(ports)).hasSize(ports.size());
  }

  @Test
  void everythingLivesUnderTheFleetsHome() {
    assertThat(layout.log("query-1")).isEqualTo(Path.of("/var/tmp/f/parts/query-1.log"));
    assertThat(layout.record("haproxy"))
        .isEqualTo(Path.of("/var/tmp/f/parts/haproxy.running.properties"));
    assertThat(layout.operatorKeyFile().startsWith(layout.home())).isTrue();
  }

  @Test
  void refusesPortsOutOfRangeAndEmptyFleets() {
    assertThatThrownBy(() -> FleetLayout.standard(Path.of("/f"), 80))
        .hasMessageContaining("base port");
    assertThatThrownBy(() -> FleetLayout.standard(Path.of("/f"), 65400))
        .hasMessageContaining("base port");
    assertThatThrownBy(() -> new FleetLayout(Path.of("/f"), 19000, 0, 2, 2))
        .hasMessageContaining("nodes");
  }

  @Test
  void theDemoJobIsTheDemosRunAndItsEtaReadsAsMinutes() throws Exception {
    String spec = FleetApi.syntheticSpec("demo", 1, LocalDate.of(2026, 11, 25));
    JsonNode synthetic = new ObjectMapper().readTree(spec).path("synthetic");
    assertThat(synthetic.path("model").asText()).isEqualTo("demo");
    assertThat(synthetic.path("runTime").asText()).isEqualTo("2026-11-25T00:00:00Z");
    assertThat(synthetic.path("levels").toString()).isEqualTo("[0,1000,3000,5000]");
    assertThat(synthetic.path("steps")).hasSize(25);

    JsonNodeFactory nodes = JsonNodeFactory.instance;
    assertThat(FleetApi.eta(nodes.numberNode(95.992))).isEqualTo("1m36s");
    assertThat(FleetApi.eta(nodes.textNode("PT42S"))).isEqualTo("42s");
    assertThat(FleetApi.eta(nodes.nullNode())).isEqualTo("-");
  }
}
