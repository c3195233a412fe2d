package dev.spotcast.query.request;

import dev.spotcast.query.spot.Method;
import java.time.Duration;
import java.util.List;

/**
 * How a request's values are read, parsed and checked once: the parameters, the grid points and how
 * they are combined.
 *
 * @param params parameter names, each once, in order; empty for all of the run's at the vertical
 * @param neighbours grid points to interpolate from (1 for nearest, 4 for bilinear)
 * @param power the IDW power, or null for the configured one
 * @param period the period amounts are answered over, or null for the default (the hour before)
 */
public record Reading(
    List<String> params, Method method, int neighbours, Double power, Duration period) {

  public Reading {
    params = List.copyOf(params);
  }

  /** The same reading with amounts over another period. */
  public Reading over(Duration newPeriod) {
    return new Reading(params, method, neighbours, power, newPeriod);
  }
}
