package dev.spotcast.ingestor.feed;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The end of one fetch of a run: each wanted field's outcome and the fetch's counters. A run is
 * complete when every wanted field is in the directory, checked.
 */
public record FetchReport(
    String publisher,
    Instant run,
    Path directory,
    List<FieldOutcome> fields,
    FetchStats.Snapshot stats,
    Duration elapsed) {

  public FetchReport {
    fields = List.copyOf(fields);
  }

  public boolean complete() {
    return !fields.isEmpty() && fields.stream().allMatch(f -> f.status().done());
  }

  public long count(FieldOutcome.Status status) {
    return fields.stream().filter(f -> f.status() == status).count();
  }

  /** The bytes of the wanted fields now in the directory. */
  public long fieldBytes() {
    return fields.stream().filter(f -> f.status().done()).mapToLong(FieldOutcome::bytes).sum();
  }

  public List<FieldOutcome> notDone() {
    return fields.stream().filter(f -> !f.status().done()).toList();
  }
}
