package dev.spotcast.ingestor.feed;

import java.util.List;
import java.util.Set;

/**
 * What is wanted of a run: parameters and levels as the command line gives them (each layout reads
 * its levels in its own words, {@link FeedLayout#levelName}), steps in hours, ensemble members
 * (empty: all). Nothing else of a publisher's file is fetched.
 *
 * @param levels empty: every level of the wanted parameters (indexed publishers), the single level
 *     (ICON)
 */
public record FieldSelection(
    List<String> params, List<String> levels, List<Integer> steps, Set<Integer> members) {

  public FieldSelection {
    params = List.copyOf(params);
    levels = List.copyOf(levels);
    steps = List.copyOf(steps);
    members = Set.copyOf(members);
    if (params.isEmpty()) {
      throw new IllegalArgumentException("give at least one parameter (--params)");
    }
    if (steps.isEmpty()) {
      throw new IllegalArgumentException("give at least one step (--steps)");
    }
    for (int step : steps) {
      if (step < 0) {
        throw new IllegalArgumentException("steps must be >= 0; got " + step);
      }
    }
  }
}
