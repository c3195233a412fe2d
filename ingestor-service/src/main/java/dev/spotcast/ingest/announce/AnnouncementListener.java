package dev.spotcast.ingest.announce;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.ingest.job.InvalidJobException;
import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingest.job.JobConflictException;
import dev.spotcast.ingest.job.JobSpec;
import dev.spotcast.ingest.job.Trigger;
import dev.spotcast.ingest.work.JobService;
import java.io.IOException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Starts a job for each run announcement. An announcement that is not JSON, lacks a field, or names
 * files that do not hold the announced run throws {@link InvalidAnnouncementException}, which the
 * container's error handler sends to the dead-letter topic (see {@code KafkaConfiguration}). A run
 * that is already published or being loaded is a repeated announcement (Kafka delivers at least
 * once) and is skipped. The outcome is published when the job ends, by whichever instance ends it.
 */
@Component
public class AnnouncementListener {

  private static final Logger log = LoggerFactory.getLogger(AnnouncementListener.class);

  private final ObjectMapper json;
  private final JobService jobs;

  public AnnouncementListener(ObjectMapper json, JobService jobs) {
    this.json = json;
    this.jobs = jobs;
  }

  @KafkaListener(
      id = "announcements",
      topics = "${spotcast.kafka.announcements}",
      groupId = "${spotcast.kafka.announcement-group}",
      containerFactory = "announcementListenerFactory")
  public void onAnnouncement(ConsumerRecord<String, String> record) throws IOException {
    RunAnnouncement announcement = parse(record.value());
    JobSpec spec =
        new JobSpec(
            null,
            new JobSpec.Files(announcement.model(), announcement.files(), announcement.members()));
    try {
      Job job = jobs.submit(spec, Trigger.ANNOUNCEMENT, announcement.id(), announcement.runTime());
      log.info(
          "announcement {}: job {} loads run {} of {}",
          announcement.id(),
          job.id(),
          job.runId(),
          job.model());
    } catch (InvalidJobException e) {
      throw new InvalidAnnouncementException(
          "announcement " + announcement.id() + ": " + e.getMessage(), e);
    } catch (JobConflictException e) {
      log.info("announcement {} skipped: {}", announcement.id(), e.getMessage());
    }
  }

  private RunAnnouncement parse(String value) {
    if (value == null || value.isBlank()) {
      throw new InvalidAnnouncementException("an empty record is not a run announcement", null);
    }
    RunAnnouncement announcement;
    try {
      announcement = json.readValue(value, RunAnnouncement.class);
    } catch (JsonProcessingException e) {
      throw new InvalidAnnouncementException(
          "not a run announcement: " + e.getOriginalMessage(), e);
    }
    if (announcement == null || announcement.model() == null || announcement.model().isBlank()) {
      throw new InvalidAnnouncementException("a run announcement needs 'model'", null);
    }
    if (announcement.runTime() == null) {
      throw new InvalidAnnouncementException("a run announcement needs 'runTime' (ISO-8601)", null);
    }
    if (announcement.files() == null || announcement.files().isEmpty()) {
      throw new InvalidAnnouncementException("a run announcement needs 'files'", null);
    }
    return announcement;
  }
}
