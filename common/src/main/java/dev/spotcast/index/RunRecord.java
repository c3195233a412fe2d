package dev.spotcast.index;

import dev.spotcast.model.ForecastRun;
import java.time.Instant;
import java.util.List;

/**
 * The catalog entry of a run: its description (enough to query it), where it stands, and the counts
 * that prove it complete.
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
    String reason) {

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
        why);
  }
}
