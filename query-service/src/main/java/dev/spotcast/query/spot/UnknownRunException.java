package dev.spotcast.query.spot;

import dev.spotcast.index.RunRecord;
import dev.spotcast.query.catalog.PublishedRuns;
import java.util.List;

/**
 * A run= that names no servable run of the model (HTTP 404); carries the runs that can be asked
 * for.
 */
public class UnknownRunException extends RuntimeException {

  private final List<String> runs;
  private final String parameter;

  public UnknownRunException(String model, String runId, List<String> runs) {
    this("run", model, runId, runs);
  }

  /**
   * @param parameter the request parameter that named the run (run, or the EDR instanceId)
   */
  public UnknownRunException(String parameter, String model, String runId, List<String> runs) {
    this(
        parameter,
        model,
        runId,
        runs,
        "model "
            + model
            + " has no servable run "
            + runId
            + " (published, indices present); runs: "
            + runs);
  }

  protected UnknownRunException(
      String parameter, String model, String runId, List<String> runs, String message) {
    super(message);
    this.runs = List.copyOf(runs);
    this.parameter = parameter;
  }

  /**
   * Why {@code runs} cannot serve run {@code runId} of the model that {@code parameter} named: it
   * is archived ({@link ArchivedRunException}, which says how to restore it), or unknown.
   */
  public static UnknownRunException of(
      String parameter, String model, String runId, PublishedRuns runs) {
    List<String> servable = runs.runs(model).stream().map(RunRecord::runId).toList();
    return runs.archived(model, runId)
        .<UnknownRunException>map(
            archived -> new ArchivedRunException(parameter, archived, servable))
        .orElseGet(() -> new UnknownRunException(parameter, model, runId, servable));
  }

  public List<String> runs() {
    return runs;
  }

  public String parameter() {
    return parameter;
  }
}
