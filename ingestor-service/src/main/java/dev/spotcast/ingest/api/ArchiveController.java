package dev.spotcast.ingest.api;

import dev.spotcast.index.RunRecord;
import dev.spotcast.ingest.job.JobStore;
import dev.spotcast.ingest.work.Restores;
import dev.spotcast.ingestor.lifecycle.ArchiveException;
import dev.spotcast.ingestor.lifecycle.RunArchive;
import dev.spotcast.model.ModelNames;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The runs retention moved to a snapshot repository ({@code
 * spotcast.ingest.lifecycle.archive-repository}), and their restore on demand: the restored run is
 * servable by {@code run=} again, while its model keeps serving its newest run.
 */
@RestController
@Tag(name = "archive")
public class ArchiveController {

  private static final Pattern RUN_ID = Pattern.compile("[0-9]{10}");

  /**
   * An archived run.
   *
   * @param snapshot the snapshot that holds it, {@code REPOSITORY/NAME}
   * @param bytes the snapshot's size
   * @param archivedAt when the snapshot was taken
   */
  public record ArchivedRun(
      String model,
      String run,
      Instant runTime,
      long documents,
      String snapshot,
      long bytes,
      Instant archivedAt) {}

  /**
   * A restored run.
   *
   * @param restored false when it was restored already (nothing was done)
   * @param seconds how long the restore took, until every primary shard answered and was counted
   * @param secondsPerGb that time per GB (10^9 bytes) of the snapshot
   */
  public record RestoredRun(
      String model,
      String run,
      boolean restored,
      long documents,
      String snapshot,
      long bytes,
      double seconds,
      double secondsPerGb) {}

  private final RunArchive archive;
  private final Restores restores;

  public ArchiveController(JobStore store, Restores restores) {
    this.archive = new RunArchive(store.client());
    this.restores = restores;
  }

  @GetMapping("/v1/archive")
  @Operation(summary = "The archived runs, by model then run (API key with ingest:read)")
  public List<ArchivedRun> archived() throws IOException {
    return archive.archived().stream()
        .map(
            record ->
                new ArchivedRun(
                    record.model(),
                    record.runId(),
                    record.runTime(),
                    record.indexedDocuments(),
                    snapshot(record),
                    record.archive() == null ? 0 : record.archive().bytes(),
                    record.archive() == null ? null : record.archive().at()))
        .toList();
  }

  @PostMapping("/v1/archive/{model}/{run}/restore")
  @Operation(
      summary = "Restore an archived run (API key with ingest:submit)",
      description =
          "Restores the run's indices from its snapshot, waits until they answer, counts them against the"
              + " run's record, and marks the run PUBLISHED: servable by run= on the query services within"
              + " their catalog refresh; the model keeps serving its newest run. Answers when done (seconds"
              + " per GB of snapshot, as measured in docs/operations.md). 404: no such run; 409: not"
              + " archived; 502: Elasticsearch failed the restore; 503: this instance has no archive"
              + " credential.")
  public RestoredRun restore(@PathVariable String model, @PathVariable String run)
      throws IOException {
    if (!ModelNames.isValid(model)) {
      throw new ArchiveRequestException(
          HttpStatus.BAD_REQUEST,
          "model must be 1-40 lower-case letters, digits or '_' starting with a letter");
    }
    if (!RUN_ID.matcher(run).matches()) {
      throw new ArchiveRequestException(
          HttpStatus.BAD_REQUEST, "run is a run id, yyyyMMddHH (e.g. 2026112600)");
    }
    RunArchive restorer =
        restores
            .archive()
            .orElseThrow(
                () ->
                    new ArchiveRequestException(
                        HttpStatus.SERVICE_UNAVAILABLE,
                        "this instance has no archive credential (spotcast.archive.elasticsearch.*,"
                            + " docs/security.md): restore with './spotcast archive restore "
                            + model
                            + " "
                            + run
                            + "' or through an instance that has one"));
    RunArchive.Restored restored = restorer.restore(model, run);
    RunRecord record = restored.record();
    long bytes = record.archive().bytes();
    double seconds = restored.took().toNanos() / 1e9;
    return new RestoredRun(
        model,
        run,
        restored.restored(),
        record.indexedDocuments(),
        snapshot(record),
        bytes,
        seconds,
        bytes == 0 ? 0 : seconds / (bytes / 1e9));
  }

  @ExceptionHandler(ArchiveException.class)
  ProblemDetail archiveProblem(ArchiveException e) {
    HttpStatus status =
        switch (e.kind()) {
          case UNKNOWN_RUN -> HttpStatus.NOT_FOUND;
          case CONFLICT -> HttpStatus.CONFLICT;
          case FAILED -> HttpStatus.BAD_GATEWAY;
        };
    String hint =
        e.kind() == ArchiveException.Kind.UNKNOWN_RUN
            ? " (GET /v1/archive lists the archived runs)"
            : "";
    return ProblemDetail.forStatusAndDetail(status, e.getMessage() + hint);
  }

  @ExceptionHandler(ArchiveRequestException.class)
  ProblemDetail requestProblem(ArchiveRequestException e) {
    return ProblemDetail.forStatusAndDetail(e.status, e.getMessage());
  }

  private static String snapshot(RunRecord record) {
    return record.archive() == null
        ? null
        : record.archive().repository() + "/" + record.archive().name();
  }

  /** A restore this instance refuses before asking Elasticsearch. */
  static final class ArchiveRequestException extends RuntimeException {
    private final HttpStatus status;

    ArchiveRequestException(HttpStatus status, String message) {
      super(message);
      this.status = status;
    }
  }
}
