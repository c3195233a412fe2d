package dev.spotcast.ingest.announce;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorInstance;
import dev.spotcast.ingest.Samples;
import dev.spotcast.model.ForecastRun;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs announced on Kafka are loaded from their files and their outcome is published; an
 * announcement that cannot start a job lands in the dead-letter topic with the reason, and the
 * announcements after it are still loaded.
 */
class KafkaAnnouncementIT {

  private static final String SAMPLE = "uv_on_different_levels.grib";

  private static Map<String, Object> fleet;
  private static IngestorInstance instance;

  @BeforeAll
  static void start() {
    fleet = IngestorInstance.fleet(Fixtures.prefix("announce"));
    instance = IngestorInstance.start("announce-1", fleet);
  }

  @AfterAll
  static void stop() {
    if (instance != null) {
      instance.close();
    }
  }

  private static String topic(String key) {
    return (String) fleet.get("spotcast.kafka." + key);
  }

  private static String announcement(String id, String model, ForecastRun run) {
    return """
        {"id": "%s", "model": "%s", "runTime": "%s", "files": ["%s"]}
        """
        .formatted(id, model, run.runTime(), Samples.file(SAMPLE));
  }

  @Test
  void anAnnouncedRunIsLoadedAndItsOutcomePublished() throws Exception {
    String model = Fixtures.model("announced");
    ForecastRun run = Samples.run(SAMPLE, model);

    Fixtures.send(topic("announcements"), model, announcement("ann-1-" + model, model, run));

    ConsumerRecord<String, String> outcome =
        Fixtures.awaitRecord(
            topic("outcomes"), r -> r.value().contains("ann-1-" + model), Duration.ofMinutes(2));
    JsonNode body = IngestorInstance.JSON.readTree(outcome.value());
    assertThat(body.path("status").asText()).as(outcome.value()).isEqualTo("PUBLISHED");
    assertThat(body.path("trigger").asText()).isEqualTo("ANNOUNCEMENT");
    assertThat(body.path("model").asText()).isEqualTo(model);
    assertThat(body.path("runId").asText()).isEqualTo(run.runId());
    assertThat(body.path("documents").asLong()).isEqualTo(run.documentCount());
    assertThat(body.path("indices").size()).isPositive();
    assertThat(body.has("duration")).isTrue();
    assertThat(Fixtures.servedCount(model)).isEqualTo(run.documentCount());
  }

  @Test
  void aPoisonAnnouncementIsDeadLetteredAndTheNextOneStillLoads() throws Exception {
    String model = Fixtures.model("after_poison");
    ForecastRun run = Samples.run(SAMPLE, model);
    String poison = "{\"id\": \"poison-" + model + "\", \"model\": ";
    String wrongRun =
        """
        {"id": "wrong-%s", "model": "%s", "runTime": "1999-01-01T00:00:00Z", "files": ["%s"]}
        """
            .formatted(model, model, Samples.file(SAMPLE));

    // Same key: the same partition, in this order, behind the poison.
    Fixtures.send(topic("announcements"), model, poison);
    Fixtures.send(topic("announcements"), model, wrongRun);
    Fixtures.send(topic("announcements"), model, announcement("good-" + model, model, run));

    ConsumerRecord<String, String> dead =
        Fixtures.awaitRecord(
            topic("dead-letters"), r -> r.value().equals(poison), Duration.ofMinutes(1));
    assertThat(Fixtures.header(dead, "kafka_dlt-exception-message"))
        .contains("not a run announcement");
    assertThat(Fixtures.header(dead, "kafka_dlt-original-topic")).isEqualTo(topic("announcements"));
    ConsumerRecord<String, String> wrong =
        Fixtures.awaitRecord(
            topic("dead-letters"),
            r -> r.value().contains("wrong-" + model),
            Duration.ofMinutes(1));
    assertThat(Fixtures.header(wrong, "kafka_dlt-exception-message"))
        .contains("not the announced 1999-01-01T00:00:00Z");

    ConsumerRecord<String, String> outcome =
        Fixtures.awaitRecord(
            topic("outcomes"), r -> r.value().contains("good-" + model), Duration.ofMinutes(2));
    assertThat(IngestorInstance.JSON.readTree(outcome.value()).path("status").asText())
        .isEqualTo("PUBLISHED");
    assertThat(Fixtures.servedCount(model)).isEqualTo(run.documentCount());
    assertThat(instance.get("/actuator/prometheus").body())
        .containsPattern(
            "spotcast_ingest_dead_letters_total\\{[^}]*kind=\"announcement\"[^}]*} 2.0");
  }
}
