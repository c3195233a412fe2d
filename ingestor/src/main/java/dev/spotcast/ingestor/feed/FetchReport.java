package dev.spotcast.ingestor.feed;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The end of one fetch of a run: each wanted field's outcome and the fetch's counters. A run is
 * complete when every wanted field is in the directory, checked, except those a step's published
 * index does not list while other steps have them: a publisher leaves out what a step cannot have
 * (GFS has no precipitation, radiation or cloud-cover mean at f000, an interval of nothing; ECMWF
 * no gust maximum at step 0), and an index is written after its whole file, so such a field never
 * comes. A parameter or level that no step lists is missing (a misspelt name, a field the publisher
 * stopped making): the run is not complete, and {@link #notDone} says which.
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
    return !fields.isEmpty() && notDone().isEmpty();
  }

  public long count(FieldOutcome.Status status) {
    return fields.stream().filter(f -> f.status() == status).count();
  }

  /** The bytes of the wanted fields now in the directory. */
  public long fieldBytes() {
    return fields.stream().filter(f -> f.status().done()).mapToLong(FieldOutcome::bytes).sum();
  }

  /** The wanted fields not in the directory, but for those left out by a step's convention. */
  public List<FieldOutcome> notDone() {
    Set<String> params = new HashSet<>();
    Set<String> levels = new HashSet<>();
    for (FieldOutcome f : fields) {
      if (f.status().done()) {
        params.add(f.key().param().toLowerCase(Locale.ROOT));
        levels.add(f.key().level().toLowerCase(Locale.ROOT));
      }
    }
    return fields.stream()
        .filter(f -> !f.status().done())
        .filter(f -> !leftOutByStep(f, params, levels))
        .toList();
  }

  /**
   * A parameter a step's index lacks while another step's has it, or a level likewise (RunFetcher
   * names the one absent, {@link FieldKey#ANY} the other).
   */
  private static boolean leftOutByStep(FieldOutcome f, Set<String> params, Set<String> levels) {
    if (f.status() != FieldOutcome.Status.NOT_IN_INDEX) {
      return false;
    }
    FieldKey key = f.key();
    if (key.level().equals(FieldKey.ANY)) {
      return params.contains(key.param().toLowerCase(Locale.ROOT));
    }
    return key.param().equals(FieldKey.ANY)
        && levels.contains(key.level().toLowerCase(Locale.ROOT));
  }

  /** Wanted fields a step's published index left out while other steps have them. */
  public List<FieldOutcome> leftOutBySteps() {
    List<FieldOutcome> missing = notDone();
    return fields.stream()
        .filter(f -> f.status() == FieldOutcome.Status.NOT_IN_INDEX && !missing.contains(f))
        .toList();
  }
}
