package dev.spotcast.ingest.schedule;

import java.time.Duration;
import java.time.Instant;

/**
 * A feed as its last poll saw it: what {@code GET /v1/feeds}, the console and the gauges show.
 *
 * @param state where the feed stands
 * @param run the run it works on (the newest due), or null while it waits for the first cycle
 * @param fieldsWanted fields of that run known so far; {@code fieldsDone} of them are fetched
 * @param servedRun the run the model serves now, or null
 * @param servedAge time since the served run's cycle
 * @param nextExpected when the next run is expected (its cycle plus {@code expected-after})
 * @param deadline when the run worked on is given up if still incomplete
 * @param fetcher the instance that fetched the run last
 * @param jobId the job loading (or that loaded) the run
 * @param reason why it failed, or what it waits for
 * @param polledAt when this was seen
 */
public record FeedStatus(
    String feed,
    String publisher,
    String model,
    State state,
    String run,
    Instant runTime,
    int fieldsWanted,
    int fieldsDone,
    long bytes,
    long retries,
    String servedRun,
    Instant servedRunTime,
    Instant servedPublishedAt,
    Duration servedAge,
    Instant nextExpected,
    Instant deadline,
    String fetcher,
    String jobId,
    String reason,
    Instant polledAt) {

  /** Where a feed stands. */
  public enum State {
    /** Not polled yet (the service just started) or paused ({@code enabled: false}). */
    IDLE,
    /** The model serves the newest due run: waiting for the next cycle. */
    WAITING_FOR_CYCLE,
    /** The newest due run is being fetched; not all its fields are published yet. */
    FETCHING,
    /** All fetched; its job loads it. */
    LOADING,
    /** The newest due run is published. */
    PUBLISHED,
    /** The newest due run missed its deadline (or cannot be loaded): not published. */
    FAILED
  }

  /** Whether the feed is behind: its newest due run failed. */
  public boolean late() {
    return state == State.FAILED;
  }
}
