package dev.spotcast.infra.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ComposeFleetTest {

  private static final String COMPOSE =
      """
      x-service: &service
        image: spotcast/query-service:${SPOTCAST_VERSION:-latest}
        volumes:
          - certs:/certs:ro
          - ${SPOTCAST_DATA:-./data}:/data:ro
          - type: bind
            source: ./secrets
            target: /run/secrets
        environment: &environment
          A: one
          B: ${B_VALUE:?set B_VALUE in docker/.env}
      services:
        one:
          <<: *service
          environment:
            <<: *environment
            C: "3"
          command: ["--x=1", "--y"]
        two:
          image: haproxy
          environment:
            - D=four
          command: run --fast
      """;

  private final ComposeFleet fleet = ComposeFleet.of(COMPOSE, "", "");

  @Test
  void servicesAreReadWithAnchorsAndMergeKeysResolved() {
    assertThat(fleet.services()).containsExactly("one", "two");
    assertThat(fleet.repository("one")).isEqualTo("spotcast/query-service");
    assertThat(fleet.repository("two")).isEqualTo("haproxy");
    assertThat(fleet.environment("one"))
        .containsExactly(
            Map.entry("A", "one"),
            Map.entry("B", "${B_VALUE:?set B_VALUE in docker/.env}"),
            Map.entry("C", "3"));
    assertThat(fleet.environment("two")).containsExactly(Map.entry("D", "four"));
    assertThat(fleet.command("one")).containsExactly("--x=1", "--y");
    assertThat(fleet.command("two")).containsExactly("run", "--fast");
    assertThat(fleet.mountTargets("one")).containsExactly("/certs", "/data", "/run/secrets");
    assertThatThrownBy(() -> fleet.environment("three")).hasMessageContaining("no service three");
  }

  @Test
  void variablesAreInterpolatedAsComposeDoes() {
    assertThat(fleet.environment("one", Map.of("B_VALUE", "b"))).containsEntry("B", "b");
    assertThatThrownBy(() -> fleet.environment("one", Map.of()))
        .hasMessage("B_VALUE is required: set B_VALUE in docker/.env");
    assertThat(ComposeFleet.interpolate("x-${V:-d}-${W}", Map.of())).isEqualTo("x-d-");
    assertThat(ComposeFleet.interpolate("x-${V:-d}", Map.of("V", ""))).isEqualTo("x-d");
    assertThat(ComposeFleet.interpolate("${V}$1", Map.of("V", "v"))).isEqualTo("v$1");
  }
}
