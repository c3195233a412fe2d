package dev.spotcast.query.spot;

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
    super(
        "model "
            + model
            + " has no servable run "
            + runId
            + " (published, indices present); runs: "
            + runs);
    this.runs = List.copyOf(runs);
    this.parameter = parameter;
  }

  public List<String> runs() {
    return runs;
  }

  public String parameter() {
    return parameter;
  }
}
