package dev.spotcast.ingest.job;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.spotcast.model.ShardingSpec;
import java.time.Instant;
import java.util.List;

/**
 * An ingestion job as stored in {@link JobStore#INDEX}: one run to load, its spec and sharding (so
 * every instance rebuilds the same source), its state, and who is finishing it. Progress counts are
 * not kept here but summed from the chunks, so no update of this document is needed per chunk.
 *
 * @param correlationId the announcement's id when a Kafka announcement started the job
 * @param finisher the instance that claimed the finishing (count check, alias switch), if any
 * @param countedDocuments what Elasticsearch counted at the end
 */
public record Job(
    String id,
    JobState state,
    Trigger trigger,
    String correlationId,
    JobSpec spec,
    ShardingSpec sharding,
    String model,
    String runId,
    Instant runTime,
    List<String> indices,
    long expectedDocuments,
    int chunkCount,
    String submittedBy,
    Instant createdAt,
    Instant startedAt,
    Instant finishedAt,
    String finisher,
    Instant finishingAt,
    long countedDocuments,
    String reason) {

  public static final String TYPE = "job";

  /** The document type inside the jobs index. */
  @JsonProperty("type")
  public String type() {
    return TYPE;
  }

  public Job loading(Instant at) {
    return new Job(
        id,
        JobState.LOADING,
        trigger,
        correlationId,
        spec,
        sharding,
        model,
        runId,
        runTime,
        indices,
        expectedDocuments,
        chunkCount,
        submittedBy,
        createdAt,
        at,
        finishedAt,
        finisher,
        finishingAt,
        countedDocuments,
        reason);
  }

  public Job finishing(String instance, Instant at) {
    return new Job(
        id,
        state,
        trigger,
        correlationId,
        spec,
        sharding,
        model,
        runId,
        runTime,
        indices,
        expectedDocuments,
        chunkCount,
        submittedBy,
        createdAt,
        startedAt,
        finishedAt,
        instance,
        at,
        countedDocuments,
        reason);
  }

  public Job ended(JobState newState, long counted, Instant at, String why) {
    return new Job(
        id,
        newState,
        trigger,
        correlationId,
        spec,
        sharding,
        model,
        runId,
        runTime,
        indices,
        expectedDocuments,
        chunkCount,
        submittedBy,
        createdAt,
        startedAt,
        at,
        finisher,
        finishingAt,
        counted,
        why);
  }
}
