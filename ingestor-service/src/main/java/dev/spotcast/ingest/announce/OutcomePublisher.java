package dev.spotcast.ingest.announce;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingest.settings.KafkaTopics;
import dev.spotcast.ingest.work.JobOutcomes;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/** Publishes a job's outcome to the outcome topic, keyed by model, once the job has ended. */
@Component
public class OutcomePublisher implements JobOutcomes {

  private static final Logger log = LoggerFactory.getLogger(OutcomePublisher.class);

  private final KafkaTemplate<String, String> kafka;
  private final ObjectMapper json;
  private final KafkaTopics topics;

  public OutcomePublisher(
      KafkaTemplate<String, String> kafka, ObjectMapper json, KafkaTopics topics) {
    this.kafka = kafka;
    this.json = json;
    this.topics = topics;
  }

  @Override
  public void publish(Job job) {
    Duration duration =
        job.createdAt() == null || job.finishedAt() == null
            ? Duration.ZERO
            : Duration.between(job.createdAt(), job.finishedAt());
    RunOutcome outcome =
        new RunOutcome(
            job.id(),
            job.trigger().name(),
            job.correlationId(),
            job.model(),
            job.runId(),
            job.runTime(),
            job.state().name(),
            job.countedDocuments(),
            job.expectedDocuments(),
            duration,
            job.indices(),
            job.reason(),
            job.finishedAt());
    try {
      kafka
          .send(topics.outcomes(), job.model(), json.writeValueAsString(outcome))
          .whenComplete(
              (result, failure) -> {
                if (failure != null) {
                  log.error(
                      "outcome of job {} not published to {}: {}",
                      job.id(),
                      topics.outcomes(),
                      failure.toString());
                }
              });
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("an outcome cannot be written as JSON", e);
    }
  }
}
