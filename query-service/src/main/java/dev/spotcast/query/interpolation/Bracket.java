package dev.spotcast.query.interpolation;

import java.util.List;
import java.util.function.DoubleUnaryOperator;

/**
 * The two neighbours of a value in a sorted axis (levels, steps) and the linear weight of the upper
 * one. On an axis value the bracket is that single position with weight 0 for the upper side.
 *
 * @param lower position of the neighbour at or below the value
 * @param upper position of the neighbour at or above the value (equal to lower on an axis value)
 * @param upperWeight weight of the upper neighbour in [0, 1]; the lower one gets 1 - upperWeight
 */
public record Bracket(int lower, int upper, double upperWeight) {

  /** Linear in the axis values; null when the value lies outside the axis. */
  public static Bracket linear(List<? extends Number> axis, double value) {
    return of(axis, value, DoubleUnaryOperator.identity());
  }

  /**
   * Linear in {@code transform(axis value)}, e.g. {@code Math::log} for pressure levels; null when
   * the value lies outside the axis.
   */
  public static Bracket of(
      List<? extends Number> axis, double value, DoubleUnaryOperator transform) {
    if (axis.isEmpty()
        || value < axis.get(0).doubleValue()
        || value > axis.get(axis.size() - 1).doubleValue()) {
      return null;
    }
    for (int i = 0; i < axis.size(); i++) {
      double at = axis.get(i).doubleValue();
      if (value == at) {
        return new Bracket(i, i, 0);
      }
      if (value < at) {
        double lo = transform.applyAsDouble(axis.get(i - 1).doubleValue());
        double hi = transform.applyAsDouble(at);
        return new Bracket(i - 1, i, (transform.applyAsDouble(value) - lo) / (hi - lo));
      }
    }
    throw new IllegalStateException("unreachable: value within axis bounds");
  }

  public boolean single() {
    return lower == upper;
  }

  /** Interpolates between the values at the lower and the upper position. */
  public double interpolate(double atLower, double atUpper) {
    return single() ? atLower : atLower + (atUpper - atLower) * upperWeight;
  }
}
