package dev.spotcast.index;

import dev.spotcast.model.ForecastRun;
import java.time.Instant;
import java.util.List;

/**
 * The catalog entry of a run: its description (enough to query it), where it stands, and the counts
 * that prove it complete.
 *
 * @param archive the snapshot that holds the run's indices once it has been archived (kept when it
 *     is restored, so that it is archived again without a new snapshot), else null
 */
public record RunRecord(
    String model,
    String runId,
    Instant runTime,
    RunStatus status,
    ForecastRun run,
    List<String> indices,
    long expectedDocuments,
    long indexedDocuments,
    Instant startedAt,
    Instant finishedAt,
    String reason,
    Snapshot archive) {

  /**
   * Where an archived run is kept: a snapshot of all its indices, complete on every shard.
   *
   * @param repository the Elasticsearch snapshot repository
   * @param name the snapshot's name ({@code MODEL-RUNID} in lower case)
   * @param bytes the size of the run's files in the snapshot
   * @param at when the snapshot ended
   */
  public record Snapshot(String repository, String name, long bytes, Instant at) {}

  /** A record of a run never archived. */
  public RunRecord(
      String model,
      String runId,
      Instant runTime,
      RunStatus status,
      ForecastRun run,
      List<String> indices,
      long expectedDocuments,
      long indexedDocuments,
      Instant startedAt,
      Instant finishedAt,
      String reason) {
    this(
        model,
        runId,
        runTime,
        status,
        run,
        indices,
        expectedDocuments,
        indexedDocuments,
        startedAt,
        finishedAt,
        reason,
        null);
  }

  public static RunRecord loading(ForecastRun run, List<String> indices, Instant now) {
    return new RunRecord(
        run.model(),
        run.runId(),
        run.runTime(),
        RunStatus.LOADING,
        run,
        indices,
        run.documentCount(),
        0,
        now,
        null,
        null,
        null);
  }

  public String id() {
    return idOf(model, runId);
  }

  public static String idOf(String model, String runId) {
    return model + "-" + runId;
  }

  public RunRecord finished(RunStatus newStatus, long indexed, Instant at, String why) {
    return new RunRecord(
        model,
        runId,
        runTime,
        newStatus,
        run,
        indices,
        expectedDocuments,
        indexed,
        startedAt,
        at,
        why,
        archive);
  }

  /**
   * This run ARCHIVED in {@code snapshot}: its indices are gone, the snapshot holds them (the
   * counts and the description stay, so that a restore can be checked against them).
   */
  public RunRecord archived(Snapshot snapshot, String why) {
    return new RunRecord(
        model,
        runId,
        runTime,
        RunStatus.ARCHIVED,
        run,
        indices,
        expectedDocuments,
        indexedDocuments,
        startedAt,
        snapshot.at(),
        why,
        snapshot);
  }
}
