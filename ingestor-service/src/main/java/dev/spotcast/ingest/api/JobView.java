package dev.spotcast.ingest.api;

import dev.spotcast.ingest.job.ChunkState;
import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingest.job.JobSpec;
import dev.spotcast.ingest.job.JobStore.ChunkSummary;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A job as {@code GET /v1/ingestions/{id}} shows it. Progress, docs/s and ETA count the documents
 * Elasticsearch acknowledged, in DONE chunks and so far in RUNNING ones ({@link JobProgress}).
 *
 * @param indexedDocuments documents indexed by the DONE chunks
 * @param acknowledgedDocuments those plus the ones acknowledged so far in RUNNING chunks
 * @param progress acknowledged / expected documents
 * @param docsPerSecond acknowledged documents per second since loading started
 * @param eta time left at that rate (ISO-8601 duration), null once ended
 * @param chunks chunks per state
 * @param chunksDoneBy DONE chunks per instance
 * @param retries chunk attempts beyond each chunk's first
 * @param deadLetters documents Elasticsearch refused, kept in the dead-letter index
 * @param errors why chunks failed or were put back, and why the job failed
 */
public record JobView(
    String id,
    String state,
    String trigger,
    String announcementId,
    String model,
    String runId,
    Instant runTime,
    List<String> indices,
    long expectedDocuments,
    long indexedDocuments,
    long acknowledgedDocuments,
    long countedDocuments,
    double progress,
    double docsPerSecond,
    Duration eta,
    int chunkCount,
    Map<String, Long> chunks,
    Map<String, Long> chunksDoneBy,
    long retries,
    long deadLetters,
    Instant createdAt,
    Instant startedAt,
    Instant finishedAt,
    String finisher,
    String reason,
    List<String> errors,
    JobSpec spec) {

  public static JobView of(Job job, ChunkSummary summary, long deadLetters) {
    long indexed = summary.indexedDocuments();
    Instant end = job.finishedAt() != null ? job.finishedAt() : Instant.now();
    JobProgress progress =
        JobProgress.of(
            job.expectedDocuments(),
            indexed,
            job.state().terminal() ? 0 : summary.runningIndexedDocuments(),
            job.startedAt(),
            end,
            job.state().terminal());
    Map<String, Long> chunks = new TreeMap<>();
    for (ChunkState state : ChunkState.values()) {
      chunks.put(state.name(), summary.count(state));
    }
    List<String> errors = new ArrayList<>(summary.reasons());
    if (job.reason() != null && !errors.contains(job.reason())) {
      errors.addFirst(job.reason());
    }
    return new JobView(
        job.id(),
        job.state().name(),
        job.trigger().name(),
        job.correlationId(),
        job.model(),
        job.runId(),
        job.runTime(),
        job.indices(),
        job.expectedDocuments(),
        indexed,
        progress.acknowledgedDocuments(),
        job.countedDocuments(),
        progress.progress(),
        progress.docsPerSecond(),
        progress.eta(),
        job.chunkCount(),
        chunks,
        summary.doneBy(),
        summary.retries(),
        deadLetters,
        job.createdAt(),
        job.startedAt(),
        job.finishedAt(),
        job.finisher(),
        job.reason(),
        errors,
        job.spec());
  }
}
