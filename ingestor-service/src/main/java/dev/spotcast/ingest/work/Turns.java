package dev.spotcast.ingest.work;

import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingest.job.Versioned;
import java.io.IOException;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The order in which the fleet's workers take the chunks of the unfinished jobs. A message on the
 * work topic is a turn, not an order to load the chunk it names: the worker that reads it loads the
 * first claimable chunk of the first job in this order. So runs are loaded one after the other and
 * the first is served as soon as it alone could be, rather than every run of a busy hour
 * interleaved over the partitions and all served late together.
 *
 * <ol>
 *   <li>A run for which a newer run of the same model is also being loaded goes last: the newer one
 *       is what the model will serve (a backfill of past runs waits for today's). Unless it has
 *       fewer than half as many chunks left (L) as the newest (N): finished first, it replaces the
 *       served run, a cycle older, from L chunk-times on instead of the newest from N, and delays
 *       the newest by L; runs a cycle apart, the users gain a cycle's freshness over N - L and lose
 *       one over L, so it goes first while L < N - L. (Stop 62's day left a run 98 % loaded
 *       unserved: its last chunk waited behind the 32 of its successor.)
 *   <li>Then first come, first served: the job created first.
 * </ol>
 */
final class Turns {

  private Turns() {}

  /** How many chunks of a job are left to load. */
  @FunctionalInterface
  interface ChunksLeft {
    long of(Job job) throws IOException;
  }

  /**
   * The jobs in the order their chunks are taken; {@code left} is asked only of the runs of a model
   * with more than one run loading.
   */
  static List<Versioned<Job>> order(List<Versioned<Job>> jobs, ChunksLeft left) throws IOException {
    Map<String, Job> newest = new HashMap<>();
    for (Versioned<Job> read : jobs) {
      Job job = read.value();
      if (job.model() != null && job.runTime() != null) {
        newest.merge(job.model(), job, (a, b) -> b.runTime().isAfter(a.runTime()) ? b : a);
      }
    }
    Set<String> superseded = new HashSet<>();
    Map<String, Long> leftOfNewest = new HashMap<>();
    for (Versioned<Job> read : jobs) {
      Job job = read.value();
      Job latest = job.model() == null ? null : newest.get(job.model());
      if (job.runTime() == null || latest == null || !job.runTime().isBefore(latest.runTime())) {
        continue;
      }
      Long newestLeft = leftOfNewest.get(job.model());
      if (newestLeft == null) {
        newestLeft = left.of(latest);
        leftOfNewest.put(job.model(), newestLeft);
      }
      if (2 * left.of(job) >= newestLeft) {
        superseded.add(job.id());
      }
    }
    Comparator<Versioned<Job>> last =
        Comparator.comparing(read -> superseded.contains(read.value().id()));
    Comparator<Versioned<Job>> created =
        Comparator.comparing(
            read -> read.value().createdAt(), Comparator.nullsLast(Comparator.naturalOrder()));
    return jobs.stream()
        .sorted(
            last.thenComparing(created)
                .thenComparing(read -> Objects.requireNonNullElse(read.value().id(), "")))
        .toList();
  }
}
