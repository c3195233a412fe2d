package dev.spotcast.infra.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import dev.spotcast.infra.elasticsearch.LoopbackPorts;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs a real broker from the kafka_2.13 jars the build resolved, on free ports in a temporary
 * home.
 */
class LocalKafkaIT {

  @TempDir Path home;

  @Test
  void brokerTakesATopicAndARecordThenStopsItsProcess() throws Exception {
    int port = LoopbackPorts.freeBlock(2);
    LocalKafka.Config config = LocalKafka.Config.builder().home(home).port(port).build();
    LocalKafka kafka = new LocalKafka(config);
    long pid;
    try {
      Instant begin = Instant.now();
      kafka.start();
      System.out.printf("broker up in %d ms%n", Duration.between(begin, Instant.now()).toMillis());
      pid = kafka.pid().orElseThrow();
      assertThat(kafka.bootstrapServers()).isEqualTo("127.0.0.1:" + port);
      assertThat(LocalKafka.running(home))
          .hasValueSatisfying(
              running -> {
                assertThat(running.pid()).isEqualTo(pid);
                assertThat(running.bootstrapServers()).isEqualTo(kafka.bootstrapServers());
              });
      assertThatIllegalStateException()
          .isThrownBy(() -> new LocalKafka(config).start())
          .withMessageContaining("already runs");

      String topic = "forecast-slices";
      try (Admin admin =
          Admin.create(
              Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
        admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        assertThat(admin.listTopics().names().get()).contains(topic);
      }
      try (KafkaProducer<String, String> producer =
          new KafkaProducer<>(
              Map.of(
                  ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                  ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                  ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class))) {
        producer.send(new ProducerRecord<>(topic, "demo/2026112100", "slice t@850hPa")).get();
      }
      assertThat(consumeOne(kafka.bootstrapServers(), topic))
          .satisfies(
              record -> {
                assertThat(record.key()).isEqualTo("demo/2026112100");
                assertThat(record.value()).isEqualTo("slice t@850hPa");
              });
    } finally {
      kafka.stop();
    }
    assertThat(ProcessHandle.of(pid)).isEmpty();
    assertThat(LocalKafka.running(home)).isEmpty();
    assertThat(config.dir().resolve(BrokerProcess.PID_FILE)).doesNotExist();
    assertThat(LocalKafka.stopRunning(home)).isEmpty();
  }

  @Test
  void busyPortFailsClearlyWithoutStartingAnything() throws Exception {
    int port = LoopbackPorts.freeBlock(2);
    try (ServerSocket taken =
        new ServerSocket(port + 1, 1, InetAddress.getByName(LocalKafka.HOST))) {
      assertThatIllegalStateException()
          .isThrownBy(
              () ->
                  new LocalKafka(LocalKafka.Config.builder().home(home).port(port).build()).start())
          .withMessageContaining("Port " + (port + 1))
          .withMessageContaining("CONTROLLER");
    }
    assertThat(LocalKafka.running(home)).isEmpty();
  }

  private static ConsumerRecord<String, String> consumeOne(String bootstrapServers, String topic) {
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG,
                "local-kafka-it",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class))) {
      consumer.subscribe(Set.of(topic));
      List<ConsumerRecord<String, String>> received = new ArrayList<>();
      Instant deadline = Instant.now().plusSeconds(60);
      while (received.isEmpty() && Instant.now().isBefore(deadline)) {
        consumer.poll(Duration.ofMillis(500)).forEach(received::add);
      }
      assertThat(received).as("records consumed within 60 s").hasSize(1);
      return received.getFirst();
    }
  }
}
