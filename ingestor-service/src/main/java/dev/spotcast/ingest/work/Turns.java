package dev.spotcast.ingest.work;

import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingest.job.Versioned;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The order in which the fleet's workers take the chunks of the unfinished jobs. A message on the
 * work topic is a turn, not an order to load the chunk it names: the worker that reads it loads the
 * first claimable chunk of the first job in this order. So runs are loaded one after the other and
 * the first is served as soon as it alone could be, rather than every run of a busy hour
 * interleaved over the partitions and all served late together.
 *
 * <ol>
 *   <li>A run for which a newer run of the same model is also being loaded goes last: the newer one
 *       is what the model will serve (a backfill of past runs waits for today's).
 *   <li>Then first come, first served: the job created first.
 * </ol>
 */
final class Turns {

  private Turns() {}

  /** The jobs in the order their chunks are taken. */
  static List<Versioned<Job>> order(List<Versioned<Job>> jobs) {
    Map<String, Instant> newest = new HashMap<>();
    for (Versioned<Job> read : jobs) {
      Job job = read.value();
      if (job.model() != null && job.runTime() != null) {
        newest.merge(job.model(), job.runTime(), (a, b) -> a.isAfter(b) ? a : b);
      }
    }
    Comparator<Versioned<Job>> superseded =
        Comparator.comparing(
            read -> {
              Job job = read.value();
              Instant latest = job.model() == null ? null : newest.get(job.model());
              return job.runTime() != null && latest != null && job.runTime().isBefore(latest);
            });
    Comparator<Versioned<Job>> created =
        Comparator.comparing(
            read -> read.value().createdAt(), Comparator.nullsLast(Comparator.naturalOrder()));
    return jobs.stream()
        .sorted(
            superseded
                .thenComparing(created)
                .thenComparing(read -> Objects.requireNonNullElse(read.value().id(), "")))
        .toList();
  }
}
