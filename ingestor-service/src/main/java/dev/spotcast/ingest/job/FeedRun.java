package dev.spotcast.ingest.job;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * Where one run of a feed stands, shared by the fleet in the jobs index: what its fetch has so far
 * (written by the instance holding the run's {@link RunLock}), the job that loads it, or why it was
 * given up. One document per (feed, run).
 *
 * @param fieldsWanted the wanted fields known so far (grows as each step's index appears)
 * @param fieldsDone fields in the run's folder, checked
 * @param bytes the bytes of those fields
 * @param retries retried requests of the run's fetches so far
 * @param fetches fetches (polls that fetched) so far
 * @param fetcher the instance that fetched last
 */
public record FeedRun(
    String feed,
    String model,
    String runId,
    Instant runTime,
    State state,
    int fieldsWanted,
    int fieldsDone,
    long bytes,
    long retries,
    int fetches,
    String fetcher,
    String jobId,
    String reason,
    Instant createdAt,
    Instant updatedAt) {

  public static final String TYPE = "feed";

  /** Where a feed's run stands. */
  public enum State {
    /** Not all its fields are there yet: fetched again at the next poll. */
    FETCHING,
    /** All fetched; its job loads it. */
    LOADING,
    /** Its job published it (or loaded it behind a newer run). */
    PUBLISHED,
    /** Given up: its deadline passed, or its files do not make a run. Not published. */
    FAILED;

    public boolean terminal() {
      return this == PUBLISHED || this == FAILED;
    }
  }

  public static String idOf(String feed, String runId) {
    return "feed-" + feed + "-" + runId;
  }

  public String id() {
    return idOf(feed, runId);
  }

  public static FeedRun started(
      String feed, String model, String runId, Instant runTime, Instant now) {
    return new FeedRun(
        feed, model, runId, runTime, State.FETCHING, 0, 0, 0, 0, 0, null, null, null, now, now);
  }

  public FeedRun progress(
      int wanted, int done, long fetchedBytes, long moreRetries, String instance, Instant now) {
    return new FeedRun(
        feed,
        model,
        runId,
        runTime,
        state,
        wanted,
        done,
        fetchedBytes,
        retries + moreRetries,
        fetches,
        instance,
        jobId,
        reason,
        createdAt,
        now);
  }

  /** One more fetch ended. */
  public FeedRun fetched() {
    return new FeedRun(
        feed,
        model,
        runId,
        runTime,
        state,
        fieldsWanted,
        fieldsDone,
        bytes,
        retries,
        fetches + 1,
        fetcher,
        jobId,
        reason,
        createdAt,
        updatedAt);
  }

  public FeedRun in(State next, String job, String why, Instant now) {
    return new FeedRun(
        feed,
        model,
        runId,
        runTime,
        next,
        fieldsWanted,
        fieldsDone,
        bytes,
        retries,
        fetches,
        fetcher,
        job,
        why,
        createdAt,
        now);
  }

  @JsonProperty("type")
  public String type() {
    return TYPE;
  }
}
