package dev.spotcast.query.http;

import dev.spotcast.index.RunRecord;
import dev.spotcast.query.catalog.PublishedRuns;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The HTTP validators and lifetime of an answer that comes from one run of a model. A published run
 * never changes, so an answer is identified by the run and the request: the entity tag is the
 * model, the run id and a checksum of the query and the representation asked for; Last-Modified is
 * when the run was published. How long a cache may keep it: an answer of the model's latest run
 * until the next run is expected (one run interval after this one was published: the interval
 * between its two newest runs, or {@code default-interval} when only one is known), at least {@code
 * min-max-age} (a late run must not make every answer uncacheable); an answer of a run asked by its
 * time, which can no longer change, for {@code pinned-max-age}.
 */
public final class RunValidators {

  /** What a cache needs to know of an answer. */
  public record Validators(String etag, Instant lastModified, Duration maxAge) {}

  private final PublishedRuns runs;
  private final HttpCacheProperties properties;

  public RunValidators(PublishedRuns runs, HttpCacheProperties properties) {
    this.runs = runs;
    this.properties = properties;
  }

  /**
   * The validators of an answer of {@code record} to a request.
   *
   * @param pinned whether the request named its run (then the answer never changes)
   * @param representation what distinguishes answers at the same run: the query string and what the
   *     client accepts
   */
  public Validators of(RunRecord record, boolean pinned, String representation, Instant now) {
    CRC32C checksum = new CRC32C();
    checksum.update(representation.getBytes(StandardCharsets.UTF_8));
    String etag =
        "\""
            + record.model()
            + "-"
            + record.runId()
            + "-"
            + Long.toHexString(checksum.getValue())
            + "\"";
    Instant published = record.finishedAt() != null ? record.finishedAt() : record.runTime();
    return new Validators(
        etag, published, pinned ? properties.pinnedMaxAge() : untilNextRun(record, published, now));
  }

  private Duration untilNextRun(RunRecord record, Instant published, Instant now) {
    Duration interval = interval(record.model());
    Duration left = Duration.between(now, published.plus(interval));
    if (left.compareTo(properties.minMaxAge()) < 0) {
      return properties.minMaxAge();
    }
    return left.compareTo(interval) > 0 ? interval : left;
  }

  /** The time between the model's two newest runs (by run time), or the configured default. */
  Duration interval(String model) {
    List<Instant> times =
        runs.runs(model).stream()
            .map(RunRecord::runTime)
            .sorted(Comparator.reverseOrder())
            .toList();
    if (times.size() >= 2) {
      Duration between = Duration.between(times.get(1), times.get(0));
      if (!between.isZero() && !between.isNegative()) {
        return between;
      }
    }
    return properties.defaultInterval();
  }
}
