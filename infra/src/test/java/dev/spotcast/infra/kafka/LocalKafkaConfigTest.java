package dev.spotcast.infra.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LocalKafkaConfigTest {

  @Test
  void serverPropertiesDescribeOneLoopbackKraftNodeUnderHome() {
    LocalKafka.Config config =
        LocalKafka.Config.builder().home(Path.of("/var/tmp/sc")).port(29092).build();

    assertThat(LocalKafka.serverProperties(config))
        .contains(
            "process.roles=broker,controller",
            "node.id=1",
            "controller.quorum.voters=1@127.0.0.1:29093",
            "listeners=PLAINTEXT://127.0.0.1:29092,CONTROLLER://127.0.0.1:29093",
            "advertised.listeners=PLAINTEXT://127.0.0.1:29092",
            "log.dirs=/var/tmp/sc/kafka/data",
            "auto.create.topics.enable=false",
            "offsets.topic.replication.factor=1");
    assertThat(config.log()).isEqualTo(Path.of("/var/tmp/sc/kafka/broker.log"));
  }

  @Test
  void rejectsClashingPortsAndOddHeaps() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> LocalKafka.Config.builder().port(9092).controllerPort(9092).build());
    assertThatIllegalArgumentException()
        .isThrownBy(() -> LocalKafka.Config.builder().port(70000).build());
    assertThatIllegalArgumentException()
        .isThrownBy(() -> LocalKafka.Config.builder().heap("lots").build());
  }

  @Test
  void brokerClasspathHasTheServerAndClientJarsFromTheLocalRepository() {
    assertThat(BrokerClasspath.jars())
        .allSatisfy(
            jar -> assertThat(jar).isRegularFile().startsWith(BrokerClasspath.localRepository()))
        .anySatisfy(jar -> assertThat(jar.getFileName().toString()).startsWith("kafka_2.13-"))
        .anySatisfy(jar -> assertThat(jar.getFileName().toString()).startsWith("kafka-clients-"))
        .anySatisfy(jar -> assertThat(jar.getFileName().toString()).startsWith("slf4j-simple-"));
  }
}
