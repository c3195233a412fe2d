package dev.spotcast.query.request;

import dev.spotcast.query.spot.Method;
import java.util.List;

/**
 * How a request's values are read, parsed and checked once: the parameters, the grid points and how
 * they are combined.
 *
 * @param params parameter names, each once, in order; empty for all of the run's at the vertical
 * @param neighbours grid points to interpolate from (1 for nearest, 4 for bilinear)
 * @param power the IDW power, or null for the configured one
 */
public record Reading(List<String> params, Method method, int neighbours, Double power) {

  public Reading {
    params = List.copyOf(params);
  }
}
