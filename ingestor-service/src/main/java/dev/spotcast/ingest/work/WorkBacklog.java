package dev.spotcast.ingest.work;

import dev.spotcast.ingest.settings.KafkaTopics;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.stereotype.Component;

/**
 * The turns waiting on the work topic: the records the workers' group has not committed, summed
 * over the topic's partitions. Each becomes a turn ({@link Turns}) once a worker reads it, those of
 * a worker that died included (they are read again), so while they outnumber the chunks left to
 * claim, no chunk has lost its message, however long it waits.
 */
@Component
public class WorkBacklog implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(WorkBacklog.class);
  private static final long TIMEOUT_SECONDS = 10;

  private final KafkaAdmin kafkaAdmin;
  private final KafkaTopics topics;
  private Admin admin;

  public WorkBacklog(KafkaAdmin kafkaAdmin, KafkaTopics topics) {
    this.kafkaAdmin = kafkaAdmin;
    this.topics = topics;
  }

  /**
   * Records of the work topic after the group's committed offsets; empty if the broker says not.
   */
  public OptionalLong pending() {
    try {
      Admin client = admin();
      Map<TopicPartition, OffsetAndMetadata> committed =
          client
              .listConsumerGroupOffsets(topics.workGroup())
              .partitionsToOffsetAndMetadata()
              .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      TopicDescription topic =
          client
              .describeTopics(List.of(topics.work()))
              .allTopicNames()
              .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
              .get(topics.work());
      Map<TopicPartition, OffsetSpec> earliest = new HashMap<>();
      Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
      topic
          .partitions()
          .forEach(
              p -> {
                TopicPartition partition = new TopicPartition(topics.work(), p.partition());
                earliest.put(partition, OffsetSpec.earliest());
                latest.put(partition, OffsetSpec.latest());
              });
      Map<TopicPartition, ListOffsetsResultInfo> starts =
          client.listOffsets(earliest).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      Map<TopicPartition, ListOffsetsResultInfo> ends =
          client.listOffsets(latest).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      long pending = 0;
      for (Map.Entry<TopicPartition, ListOffsetsResultInfo> end : ends.entrySet()) {
        long start = starts.get(end.getKey()).offset();
        OffsetAndMetadata done = committed.get(end.getKey());
        // A partition the group never committed is read from its earliest record
        // (auto-offset-reset).
        long next = done == null ? start : Math.max(start, done.offset());
        pending += Math.max(0, end.getValue().offset() - next);
      }
      return OptionalLong.of(pending);
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      log.warn("the work topic's backlog could not be read: {}", e.toString());
      return OptionalLong.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return OptionalLong.empty();
    }
  }

  private synchronized Admin admin() {
    if (admin == null) {
      admin = Admin.create(kafkaAdmin.getConfigurationProperties());
    }
    return admin;
  }

  @Override
  public synchronized void destroy() {
    if (admin != null) {
      admin.close();
    }
  }
}
