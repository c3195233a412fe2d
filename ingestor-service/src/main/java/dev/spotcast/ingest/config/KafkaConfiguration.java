package dev.spotcast.ingest.config;

import dev.spotcast.ingest.announce.InvalidAnnouncementException;
import dev.spotcast.ingest.settings.KafkaTopics;
import dev.spotcast.ingest.work.IngestMetrics;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.ContainerProperties.AckMode;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.ExponentialBackOff;
import org.springframework.util.backoff.FixedBackOff;

/**
 * The two kinds of consumers. The work consumers acknowledge by hand: a chunk's offset is committed
 * only once it is DONE (or needs nothing more), and a failure such as Elasticsearch being down is
 * retried with backoff on the same record, holding the partition rather than skipping work. The
 * announcement consumers send what cannot start a job to the dead-letter topic with the reason in
 * its headers and go on with the next record, so one bad announcement never blocks a partition.
 */
@Configuration(proxyBeanMethods = false)
public class KafkaConfiguration {

  private static final Logger log = LoggerFactory.getLogger(KafkaConfiguration.class);

  @Bean
  ConcurrentKafkaListenerContainerFactory<String, String> workListenerFactory(
      ConsumerFactory<String, String> consumers, KafkaTopics topics) {
    ConcurrentKafkaListenerContainerFactory<String, String> factory =
        new ConcurrentKafkaListenerContainerFactory<>();
    factory.setConsumerFactory(consumers);
    factory.setAutoStartup(topics.workerEnabled());
    factory.getContainerProperties().setAckMode(AckMode.MANUAL_IMMEDIATE);
    ExponentialBackOff backOff = new ExponentialBackOff(500, 2);
    backOff.setMaxInterval(30_000);
    DefaultErrorHandler errors =
        new DefaultErrorHandler(
            (record, e) -> log.error("work record {} dropped: {}", record.value(), e.getMessage()),
            backOff);
    // A record that is not a chunk message will never become one.
    errors.addNotRetryableExceptions(IllegalArgumentException.class);
    factory.setCommonErrorHandler(errors);
    return factory;
  }

  @Bean
  ConcurrentKafkaListenerContainerFactory<String, String> announcementListenerFactory(
      ConsumerFactory<String, String> consumers,
      KafkaTemplate<String, String> template,
      KafkaTopics topics,
      IngestMetrics metrics) {
    ConcurrentKafkaListenerContainerFactory<String, String> factory =
        new ConcurrentKafkaListenerContainerFactory<>();
    factory.setConsumerFactory(consumers);
    factory.getContainerProperties().setAckMode(AckMode.RECORD);
    // Any partition of the dead-letter topic: it need not have as many partitions as the
    // announcements.
    DeadLetterPublishingRecoverer deadLetters =
        new DeadLetterPublishingRecoverer(
            template, (record, e) -> new TopicPartition(topics.deadLetters(), -1));
    DefaultErrorHandler errors =
        new DefaultErrorHandler(
            (record, e) -> {
              log.warn(
                  "announcement at {}-{}@{} sent to {}: {}",
                  record.topic(),
                  record.partition(),
                  record.offset(),
                  topics.deadLetters(),
                  rootMessage(e));
              metrics.deadLetter("announcement");
              deadLetters.accept(record, e);
            },
            // Elasticsearch or the broker briefly away: a few tries before giving the announcement
            // up.
            new FixedBackOff(2_000, 3));
    errors.addNotRetryableExceptions(InvalidAnnouncementException.class);
    factory.setCommonErrorHandler(errors);
    return factory;
  }

  private static String rootMessage(Throwable e) {
    Throwable cause = e;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    return cause.getMessage();
  }

  /** Topics created at startup when missing (a managed cluster may create them instead). */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(
      name = "spotcast.kafka.create-topics",
      havingValue = "true",
      matchIfMissing = true)
  static class Topics {

    @Bean
    KafkaAdmin.NewTopics spotcastTopics(KafkaTopics topics) {
      return new KafkaAdmin.NewTopics(
          new NewTopic(topics.work(), topics.partitions(), topics.replicationFactor()),
          new NewTopic(topics.announcements(), topics.partitions(), topics.replicationFactor()),
          new NewTopic(topics.outcomes(), topics.partitions(), topics.replicationFactor()),
          new NewTopic(topics.deadLetters(), 1, topics.replicationFactor()));
    }
  }
}
