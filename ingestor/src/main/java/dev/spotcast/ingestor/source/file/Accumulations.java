package dev.spotcast.ingestor.source.file;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * How the values per output interval are made from statistics over longer intervals as the centres
 * write them: accumulations and means. ECMWF and DWD accumulate from the start of the run (0-1,
 * 0-2, ... 0-90, 0-93), DWD writes its radiation as means since the start; GFS restarts a window
 * every 6 hours (0-1 ... 0-6, then 6-7 ... 6-12) or alternates 0-3 and 0-6 at 3-hourly output, for
 * its amounts and its averages alike. What is stored for each step is the statistic since the
 * previous step: the field that starts at the previous step as it is, or made from two fields that
 * start at the same time and end at the previous step and at this one (their difference for an
 * amount, their difference weighted by the lengths for a mean). Which it is depends only on which
 * intervals exist, so the plan is made from the intervals alone, before any value is read.
 */
final class Accumulations {

  private Accumulations() {}

  /** A field's time interval, in minutes after the reference time. */
  record Interval(int start, int end) {
    Interval {
      if (start > end) {
        throw new IllegalArgumentException("interval " + start + ".." + end);
      }
    }
  }

  /**
   * The statistic over {@code from..end}: made from {@code minuend}, less {@code subtrahend} when
   * that is not null. {@code from == end} for the empty interval of an accumulation at its own
   * start (ECMWF's {@code tp} at step 0).
   */
  record Recipe(int from, int end, Interval minuend, Interval subtrahend) {}

  /** An interval end no amount can be made for, and why. */
  record Unresolved(int end, String reason) {}

  /** The recipes in order of their ends, and the ends that had none. */
  record Plan(List<Recipe> recipes, List<Unresolved> unresolved) {}

  /**
   * Plans the amounts (or means) of one parameter on one level from the intervals of its fields.
   *
   * @param available every field's interval (several may end at the same step, e.g. GFS's 0-6 h and
   *     3-6 h)
   */
  static Plan plan(Collection<Interval> available) {
    Set<Interval> all = new HashSet<>(available);
    Map<Integer, List<Interval>> byEnd = new TreeMap<>();
    for (Interval interval : all) {
      byEnd.computeIfAbsent(interval.end(), e -> new ArrayList<>()).add(interval);
    }
    List<Recipe> recipes = new ArrayList<>();
    List<Unresolved> unresolved = new ArrayList<>();
    Integer previous = null;
    for (Map.Entry<Integer, List<Interval>> entry : byEnd.entrySet()) {
      int end = entry.getKey();
      // The shortest interval first: the one that needs the least taken away.
      List<Interval> candidates =
          entry.getValue().stream()
              .sorted(Comparator.comparingInt(Interval::start).reversed())
              .toList();
      Recipe recipe = recipe(end, candidates, previous, all);
      if (recipe == null) {
        unresolved.add(
            new Unresolved(
                end,
                "no accumulation ends at "
                    + previous
                    + " min with the same start as "
                    + candidates
                    + ", and none starts there"));
        continue;
      }
      recipes.add(recipe);
      previous = end;
    }
    return new Plan(List.copyOf(recipes), List.copyOf(unresolved));
  }

  private static Recipe recipe(
      int end, List<Interval> candidates, Integer previous, Set<Interval> all) {
    if (previous == null) {
      Interval first = candidates.getFirst();
      return new Recipe(first.start(), end, first, null);
    }
    for (Interval c : candidates) {
      if (c.start() == previous) {
        return new Recipe(previous, end, c, null);
      }
    }
    for (Interval c : candidates) {
      if (c.start() < previous && all.contains(new Interval(c.start(), previous))) {
        return new Recipe(previous, end, c, new Interval(c.start(), previous));
      }
    }
    // Output missing between: the amount since the candidate's own start (the gap stays a gap).
    for (Interval c : candidates) {
      if (c.start() > previous && c.start() < end) {
        return new Recipe(c.start(), end, c, null);
      }
    }
    return null;
  }
}
