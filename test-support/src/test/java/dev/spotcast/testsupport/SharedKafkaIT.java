package dev.spotcast.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class SharedKafkaIT {

  @Test
  void startsOneBrokerPerJvmThatTakesAndHandsBackARecord() throws Exception {
    String bootstrap = SharedKafka.bootstrapServers();

    assertThat(bootstrap).matches("[^,]+:\\d+(,[^,]+:\\d+)*");
    assertThat(SharedKafka.bootstrapServers()).isSameAs(bootstrap);
    String topic = "shared-kafka-it-" + System.nanoTime();
    try (Admin admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
      admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
    }
    try (KafkaProducer<String, String> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class))) {
      producer.send(new ProducerRecord<>(topic, "Bergen", "t=281.4")).get();
    }
    List<ConsumerRecord<String, String>> received = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ConsumerConfig.GROUP_ID_CONFIG,
                topic,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class))) {
      consumer.subscribe(Set.of(topic));
      Instant deadline = Instant.now().plusSeconds(60);
      while (received.isEmpty() && Instant.now().isBefore(deadline)) {
        consumer.poll(Duration.ofMillis(500)).forEach(received::add);
      }
    }
    assertThat(received)
        .singleElement()
        .satisfies(
            record -> {
              assertThat(record.key()).isEqualTo("Bergen");
              assertThat(record.value()).isEqualTo("t=281.4");
            });
  }

  @Test
  void doesNotCreateTopicsOnFirstUse() {
    String bootstrap = SharedKafka.bootstrapServers();
    try (KafkaProducer<String, String> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ProducerConfig.MAX_BLOCK_MS_CONFIG,
                3000,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class))) {
      producer.send(new ProducerRecord<>("never-created-" + System.nanoTime(), "x")).get();
      throw new AssertionError("the broker created a topic on first use");
    } catch (ExecutionException e) {
      assertThat(e.getCause())
          .isInstanceOfAny(UnknownTopicOrPartitionException.class, TimeoutException.class);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    } catch (TimeoutException e) {
      // send() itself gave up waiting for the metadata of a topic that does not exist: as intended.
    }
  }
}
