package dev.spotcast.query.spot;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How a spot request's values are read, parsed and checked once: the parameters, the grid points
 * and how they are combined, and the period amounts are answered over. Part of a {@link
 * SpotRequest}.
 *
 * @param params parameter names, each once, in order; empty for all of the run's at the vertical
 * @param method how grid points are combined
 * @param neighbours grid points to interpolate from (1 for {@link Method#NEAREST}, 4 for {@link
 *     Method#BILINEAR})
 * @param power the IDW power, or null for the configured one
 * @param period the period before the request's time an amount (a sum over time) is answered over
 *     ({@link SpotRequest#OWN_INTERVAL}: the model's interval that ends there), or null when not
 *     asked for ({@link SpotRequest#amountPeriod()})
 */
public record Reading(
    List<String> params, Method method, int neighbours, Double power, Duration period) {

  public Reading {
    params = List.copyOf(params);
    Objects.requireNonNull(method, "method");
  }

  /**
   * Inverse-distance weighting of the n nearest points with the configured power, amounts over the
   * hour before.
   */
  public static Reading idw(int neighbours, List<String> params) {
    return new Reading(params, Method.IDW, neighbours, null, null);
  }

  /** The nearest grid point, amounts over the hour before. */
  public static Reading nearest(List<String> params) {
    return new Reading(params, Method.NEAREST, 1, null, null);
  }

  /** The same reading with amounts over another period. */
  public Reading over(Duration newPeriod) {
    return new Reading(params, method, neighbours, power, newPeriod);
  }

  /** The same reading of other parameters. */
  public Reading withParams(List<String> other) {
    return other.equals(params) ? this : new Reading(other, method, neighbours, power, period);
  }
}
