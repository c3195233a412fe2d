package dev.spotcast.ingest.announce;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What the outcome topic says when a job ends, whatever started it.
 *
 * @param announcementId the announcement's id when one started the job, so producers can match
 * @param status PUBLISHED, FAILED or CANCELLED
 * @param documents what Elasticsearch counted in the run's indices
 * @param reason why the run was not published, or what was reported despite publishing
 */
public record RunOutcome(
    String jobId,
    String trigger,
    String announcementId,
    String model,
    String runId,
    Instant runTime,
    String status,
    long documents,
    long expectedDocuments,
    Duration duration,
    List<String> indices,
    String reason,
    Instant finishedAt) {}
