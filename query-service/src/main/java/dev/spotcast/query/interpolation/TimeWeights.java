package dev.spotcast.query.interpolation;

import java.util.ArrayList;
import java.util.List;

/**
 * How a value over a period is made from values stored over the run's output intervals (each step's
 * interval runs from its start to the step, in step units). An amount over a period is the sum of
 * the amounts of the intervals it overlaps, each taken in proportion to the overlap: an amount is
 * assumed spread evenly over its interval, so the hour before 14:00 inside a 12:00-15:00 interval
 * gets a third of it. A mean, maximum or minimum is the value of the interval the time falls in,
 * over that interval's own period.
 *
 * @param positions positions in the run's steps, in step order
 * @param weights the weight of each position's value
 * @param from where the period answered starts, in step units
 * @param to where it ends (the requested time)
 * @param split whether a stored interval was only partly inside the period (its amount was split)
 * @param missing why the period cannot be answered (outside the run, or a gap); null when it can
 */
public record TimeWeights(
    int[] positions, double[] weights, double from, double to, boolean split, String missing) {

  /**
   * The amount over {@code from..to} (step units) from the amounts stored per interval.
   *
   * @param steps the run's steps
   * @param starts where each step's interval starts (equal to the step: no interval)
   */
  public static TimeWeights sum(List<Integer> steps, List<Integer> starts, double from, double to) {
    List<Integer> positions = new ArrayList<>();
    List<Double> weights = new ArrayList<>();
    double covered = 0;
    boolean split = false;
    for (int k = 0; k < steps.size(); k++) {
      double start = starts.get(k);
      double end = steps.get(k);
      double length = end - start;
      if (length <= 0) {
        continue;
      }
      double overlap = Math.min(to, end) - Math.max(from, start);
      if (overlap <= 0) {
        continue;
      }
      positions.add(k);
      weights.add(overlap / length);
      covered += overlap;
      split |= overlap < length;
    }
    // Intervals never overlap each other, so full coverage is their overlaps adding up.
    String missing = null;
    if (covered < (to - from) * (1 - 1e-9)) {
      missing = positions.isEmpty() ? "no stored interval overlaps it" : "part of it is not stored";
    }
    return of(positions, weights, from, to, split, missing);
  }

  /**
   * The value of the interval that {@code time} falls in (after its start, up to and including its
   * end), over that interval.
   */
  public static TimeWeights within(List<Integer> steps, List<Integer> starts, double time) {
    for (int k = 0; k < steps.size(); k++) {
      double start = starts.get(k);
      double end = steps.get(k);
      if (start < end && start < time && time <= end) {
        return of(List.of(k), List.of(1.0), start, end, false, null);
      }
    }
    return of(List.of(), List.of(), time, time, false, "no stored interval holds that time");
  }

  private static TimeWeights of(
      List<Integer> positions,
      List<Double> weights,
      double from,
      double to,
      boolean split,
      String missing) {
    return new TimeWeights(
        positions.stream().mapToInt(Integer::intValue).toArray(),
        weights.stream().mapToDouble(Double::doubleValue).toArray(),
        from,
        to,
        split,
        missing);
  }

  /** The weight of a step position, 0 when it is not used. */
  public double weightOf(int position) {
    for (int i = 0; i < positions.length; i++) {
      if (positions[i] == position) {
        return weights[i];
      }
    }
    return 0;
  }
}
