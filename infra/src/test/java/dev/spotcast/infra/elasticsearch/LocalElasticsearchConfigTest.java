package dev.spotcast.infra.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LocalElasticsearchConfigTest {

  private static final Path ZIP = Path.of("/nowhere/elasticsearch.zip");

  @Test
  void defaultsToOneNodeOnTheUsualPorts() {
    LocalElasticsearch.Config config =
        LocalElasticsearch.Config.builder().distribution(ZIP).build();

    assertThat(config.nodes()).isEqualTo(1);
    assertThat(config.firstHttpPort()).isEqualTo(9200);
    assertThat(config.firstTransportPort()).isEqualTo(9300);
    assertThat(config.heap()).isEqualTo("1g");
    assertThat(config.startTimeout()).isEqualTo(Duration.ofSeconds(120));
    assertThat(config.baseDir())
        .isEqualTo(Path.of(System.getProperty("java.io.tmpdir"), "spotcast-es"));
    assertThat(config.detached()).isFalse();
    assertThat(config.ephemeral()).isFalse();
  }

  @Test
  void transportPortsFollowTheHttpPortUnlessGiven() {
    assertThat(
            LocalElasticsearch.Config.builder()
                .distribution(ZIP)
                .firstHttpPort(21000)
                .build()
                .firstTransportPort())
        .isEqualTo(21100);
    assertThat(
            LocalElasticsearch.Config.builder()
                .distribution(ZIP)
                .firstHttpPort(21000)
                .firstTransportPort(21001)
                .build()
                .firstTransportPort())
        .isEqualTo(21001);
  }

  @Test
  void nodesAreLaidOutUnderTheClusterDirectory() {
    LocalElasticsearch.Config config =
        LocalElasticsearch.Config.builder()
            .distribution(ZIP)
            .baseDir(Path.of("/var/tmp/spotcast"))
            .clusterName("dev")
            .nodes(2)
            .build();

    NodeLayout second = new LocalElasticsearch(config).nodes().get(1);

    assertThat(second.dir()).isEqualTo(Path.of("/var/tmp/spotcast/clusters/dev/node-1"));
    assertThat(second.url()).as("secured by default: TLS").isEqualTo("https://127.0.0.1:9201");
    assertThat(second.transportAddress()).isEqualTo("127.0.0.1:9301");
    assertThat(second.consoleLog())
        .isEqualTo(Path.of("/var/tmp/spotcast/clusters/dev/node-1/logs/console.log"));
    assertThat(config.credentialsDir())
        .isEqualTo(Path.of("/var/tmp/spotcast/clusters/dev/credentials"));
  }

  @Test
  void rejectsWhatCannotRun() {
    LocalElasticsearch.Config.Builder builder =
        LocalElasticsearch.Config.builder().distribution(ZIP);

    assertThatIllegalArgumentException().isThrownBy(() -> builder.nodes(0).build());
    assertThatIllegalArgumentException()
        .isThrownBy(() -> builder.nodes(3).firstHttpPort(9200).firstTransportPort(9202).build())
        .withMessageContaining("overlap");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> builder.nodes(1).firstTransportPort(9300).heap("lots").build())
        .withMessageContaining("heap");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> builder.heap("1g").clusterName("../up").build());
    assertThatIllegalArgumentException()
        .isThrownBy(() -> builder.clusterName("ok").detached(true).ephemeral(true).build())
        .withMessageContaining("ephemeral");
  }
}
