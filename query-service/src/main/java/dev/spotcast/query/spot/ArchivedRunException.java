package dev.spotcast.query.spot;

import dev.spotcast.index.RunRecord;
import java.util.List;

/**
 * A run= that names an archived run (HTTP 404): its indices are in a snapshot repository, not in
 * the cluster. Says how to bring it back: the operator's command and the ingestion service's
 * endpoint.
 */
public class ArchivedRunException extends UnknownRunException {

  /** The ingestion service's endpoint that restores a run (API key with ingest:submit). */
  public static final String RESTORE_ENDPOINT = "/v1/archive/{model}/{run}/restore";

  private final String command;
  private final String endpoint;
  private final String snapshot;

  public ArchivedRunException(String parameter, RunRecord archived, List<String> servableRuns) {
    super(
        parameter,
        archived.model(),
        archived.runId(),
        servableRuns,
        "run "
            + archived.runId()
            + " of model "
            + archived.model()
            + " is archived"
            + (archived.archive() == null
                ? ""
                : " (snapshot "
                    + archived.archive().name()
                    + " in repository "
                    + archived.archive().repository()
                    + ")")
            + ": restore it with '"
            + restoreCommand(archived)
            + "' or POST "
            + endpoint(archived)
            + " on the ingestion service (an API key with ingest:submit), then ask again; runs"
            + " servable now: "
            + servableRuns);
    this.command = restoreCommand(archived);
    this.endpoint = endpoint(archived);
    this.snapshot = archived.archive() == null ? null : archived.archive().name();
  }

  /** The command line that restores an archived run. */
  public static String restoreCommand(RunRecord archived) {
    return "./spotcast archive restore " + archived.model() + " " + archived.runId();
  }

  private static String endpoint(RunRecord archived) {
    return RESTORE_ENDPOINT.replace("{model}", archived.model()).replace("{run}", archived.runId());
  }

  /** The command line that restores the run. */
  public String command() {
    return command;
  }

  /** The ingestion service's path that restores the run (POST). */
  public String endpoint() {
    return endpoint;
  }

  /** The snapshot that holds the run, or null. */
  public String snapshot() {
    return snapshot;
  }
}
