package dev.spotcast.ingest.job;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/**
 * A part of a job that one worker loads at a time: some slices of the run's source. Stored in
 * {@link JobStore#INDEX} and only ever changed with optimistic concurrency, so a chunk is claimed,
 * released and finished by one instance at a time.
 *
 * @param number the chunk's position in the job, 0-based
 * @param owner the instance loading it (RUNNING) or that loaded it (DONE, FAILED)
 * @param attempt how many times it was claimed
 * @param heartbeat when its owner last said it is still at work; a stale one means a dead owner
 */
public record Chunk(
    String jobId,
    int number,
    List<SliceRef> slices,
    long expectedDocuments,
    ChunkState state,
    String owner,
    int attempt,
    Instant heartbeat,
    Instant startedAt,
    Instant finishedAt,
    long produced,
    long indexed,
    long failed,
    String reason) {

  public static final String TYPE = "chunk";

  public static String idOf(String jobId, int number) {
    return jobId + "-c" + number;
  }

  public static Chunk todo(String jobId, int number, List<SliceRef> slices) {
    long documents = slices.stream().mapToLong(SliceRef::documents).sum();
    return new Chunk(jobId, number, List.copyOf(slices), documents, ChunkState.TODO, null, 0, null, null, null, 0, 0,
        0, null);
  }

  @JsonProperty("type")
  public String type() {
    return TYPE;
  }

  public String id() {
    return idOf(jobId, number);
  }

  public Chunk claimed(String instance, Instant now) {
    return new Chunk(jobId, number, slices, expectedDocuments, ChunkState.RUNNING, instance, attempt + 1, now, now,
        null, 0, 0, 0, null);
  }

  public Chunk beat(Instant now) {
    return new Chunk(jobId, number, slices, expectedDocuments, state, owner, attempt, now, startedAt, finishedAt,
        produced, indexed, failed, reason);
  }

  /** Back to the queue: after a stopped instance let it go, a failed attempt, or a dead owner. */
  public Chunk released(String why) {
    return new Chunk(jobId, number, slices, expectedDocuments, ChunkState.TODO, null, attempt, null, null, null, 0, 0,
        0, why);
  }

  public Chunk finished(ChunkState newState, long producedDocs, long indexedDocs, long failedDocs, String why,
      Instant now) {
    return new Chunk(jobId, number, slices, expectedDocuments, newState, owner, attempt, now, startedAt, now,
        producedDocs, indexedDocs, failedDocs, why);
  }
}
