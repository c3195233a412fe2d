package dev.spotcast.ingest.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.ingest.settings.KafkaTopics;
import dev.spotcast.ingest.work.IngestMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.kafka.KafkaAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * A secured Kafka cluster (TLS, SASL) is configured once, under {@code spring.kafka.*}, and every
 * client of the service gets it: both kinds of consumers, the producer (work, outcomes, dead
 * letters) and the admin client that creates the topics.
 */
class KafkaSecuritySettingsTest {

  @Configuration(proxyBeanMethods = false)
  @EnableConfigurationProperties(KafkaTopics.class)
  static class Metrics {
    @Bean
    IngestMetrics metrics() {
      return new IngestMetrics(new SimpleMeterRegistry());
    }
  }

  @Test
  void tlsAndSaslSettingsReachEveryClient() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(KafkaAutoConfiguration.class))
        .withUserConfiguration(Metrics.class, KafkaConfiguration.class)
        .withPropertyValues(
            "spring.kafka.bootstrap-servers=broker.example:9093",
            // Nothing to connect to here: the admin client is only built, not started.
            "spring.kafka.admin.auto-create=false",
            "spring.kafka.security.protocol=SASL_SSL",
            "spring.kafka.ssl.trust-store-location=file:/etc/spotcast/kafka-truststore.p12",
            "spring.kafka.ssl.trust-store-password=changeit",
            "spring.kafka.ssl.trust-store-type=PKCS12",
            "spring.kafka.properties.sasl.mechanism=SCRAM-SHA-512",
            "spring.kafka.properties.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule"
                + " required username=\"ingestor\" password=\"secret\";")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              @SuppressWarnings("unchecked")
              Map<String, Object> work =
                  ((ConcurrentKafkaListenerContainerFactory<String, String>)
                          context.getBean("workListenerFactory"))
                      .getConsumerFactory()
                      .getConfigurationProperties();
              @SuppressWarnings("unchecked")
              Map<String, Object> announcements =
                  ((ConcurrentKafkaListenerContainerFactory<String, String>)
                          context.getBean("announcementListenerFactory"))
                      .getConsumerFactory()
                      .getConfigurationProperties();
              Map<String, Object> producer =
                  context
                      .getBean(KafkaTemplate.class)
                      .getProducerFactory()
                      .getConfigurationProperties();
              Map<String, Object> admin =
                  context.getBean(KafkaAdmin.class).getConfigurationProperties();
              for (Map<String, Object> client : List.of(work, announcements, producer, admin)) {
                assertThat(client)
                    .containsEntry("security.protocol", "SASL_SSL")
                    .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
                    .containsEntry("ssl.truststore.location", "/etc/spotcast/kafka-truststore.p12")
                    .containsEntry("ssl.truststore.type", "PKCS12")
                    .containsKey("sasl.jaas.config");
              }
            });
  }
}
