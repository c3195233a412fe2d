package dev.spotcast.query.spot;

import java.util.List;

/** A run= that names no servable run of the model (HTTP 404); carries the runs that can be asked for. */
public class UnknownRunException extends RuntimeException {

  private final List<String> runs;

  public UnknownRunException(String model, String runId, List<String> runs) {
    super("model " + model + " has no servable run " + runId + " (published, indices present); runs: " + runs);
    this.runs = List.copyOf(runs);
  }

  public List<String> runs() {
    return runs;
  }
}
