package dev.spotcast.ingest.settings;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The Kafka topics and consumer groups of the service (the broker itself is {@code
 * spring.kafka.*}).
 *
 * @param work chunks to load; every instance consumes it in {@code workGroup}, so each chunk goes
 *     to one of them. Its partition count bounds how many worker threads the whole fleet can use
 * @param workGroup the consumer group all instances share for the work topic
 * @param workConcurrency worker threads (consumers) per instance
 * @param announcements run announcements (model, run time, files) that start jobs
 * @param announcementGroup consumer group of the announcements (one instance takes each one)
 * @param outcomes where every job's outcome is published when it ends
 * @param deadLetters where announcements that cannot start a job go, with the reason in headers
 * @param createTopics create the topics at startup if missing (with {@code partitions} partitions)
 * @param workerEnabled whether this instance loads chunks; an instance without workers only takes
 *     requests, announcements and ticks (and still finishes jobs it sees complete)
 */
@ConfigurationProperties("spotcast.kafka")
@Validated
public record KafkaTopics(
    @DefaultValue("spotcast.ingest.chunks") @NotBlank String work,
    @DefaultValue("spotcast-ingestor-workers") @NotBlank String workGroup,
    @DefaultValue("2") @Min(1) int workConcurrency,
    @DefaultValue("spotcast.runs.announced") @NotBlank String announcements,
    @DefaultValue("spotcast-ingestor-announcements") @NotBlank String announcementGroup,
    @DefaultValue("spotcast.runs.outcomes") @NotBlank String outcomes,
    @DefaultValue("spotcast.runs.announced.dlt") @NotBlank String deadLetters,
    @DefaultValue("true") boolean createTopics,
    @DefaultValue("12") @Min(1) int partitions,
    @DefaultValue("1") @Min(1) short replicationFactor,
    @DefaultValue("true") boolean workerEnabled) {}
