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
 * @param produced documents produced by the last attempt; while RUNNING, so far (each heartbeat)
 * @param indexed documents Elasticsearch acknowledged in the last attempt; while RUNNING, so far
 * @param queuedAt when it was (last) put on the work topic as TODO; a TODO chunk that stays so for
 *     long had its message lost, and the watchdog sends it again
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
    String reason,
    Instant queuedAt) {

  public static final String TYPE = "chunk";

  public static String idOf(String jobId, int number) {
    return jobId + "-c" + number;
  }

  public static Chunk todo(String jobId, int number, List<SliceRef> slices, Instant queuedAt) {
    long documents = slices.stream().mapToLong(SliceRef::documents).sum();
    return new Chunk(
        jobId,
        number,
        List.copyOf(slices),
        documents,
        ChunkState.TODO,
        null,
        0,
        null,
        null,
        null,
        0,
        0,
        0,
        null,
        queuedAt);
  }

  @JsonProperty("type")
  public String type() {
    return TYPE;
  }

  public String id() {
    return idOf(jobId, number);
  }

  public Chunk claimed(String instance, Instant now) {
    return new Chunk(
        jobId,
        number,
        slices,
        expectedDocuments,
        ChunkState.RUNNING,
        instance,
        attempt + 1,
        now,
        now,
        null,
        0,
        0,
        0,
        null,
        queuedAt);
  }

  public Chunk beat(Instant now) {
    return new Chunk(
        jobId,
        number,
        slices,
        expectedDocuments,
        state,
        owner,
        attempt,
        now,
        startedAt,
        finishedAt,
        produced,
        indexed,
        failed,
        reason,
        queuedAt);
  }

  /**
   * A heartbeat that also tells how far the attempt is: documents produced and acknowledged so far.
   */
  public Chunk beat(Instant now, long producedSoFar, long indexedSoFar, long failedSoFar) {
    return new Chunk(
        jobId,
        number,
        slices,
        expectedDocuments,
        state,
        owner,
        attempt,
        now,
        startedAt,
        finishedAt,
        producedSoFar,
        indexedSoFar,
        failedSoFar,
        reason,
        queuedAt);
  }

  /**
   * Back to the queue: after a stopped instance let it go, a failed attempt, or a dead owner.
   *
   * @param now when it goes back on the work topic
   */
  public Chunk released(String why, Instant now) {
    return new Chunk(
        jobId,
        number,
        slices,
        expectedDocuments,
        ChunkState.TODO,
        null,
        attempt,
        null,
        null,
        null,
        0,
        0,
        0,
        why,
        now);
  }

  /** Still TODO, put on the work topic again (its earlier message is thought lost). */
  public Chunk requeued(Instant now) {
    return new Chunk(
        jobId,
        number,
        slices,
        expectedDocuments,
        state,
        owner,
        attempt,
        heartbeat,
        startedAt,
        finishedAt,
        produced,
        indexed,
        failed,
        reason,
        now);
  }

  public Chunk finished(
      ChunkState newState,
      long producedDocs,
      long indexedDocs,
      long failedDocs,
      String why,
      Instant now) {
    return new Chunk(
        jobId,
        number,
        slices,
        expectedDocuments,
        newState,
        owner,
        attempt,
        now,
        startedAt,
        now,
        producedDocs,
        indexedDocs,
        failedDocs,
        why,
        queuedAt);
  }
}
