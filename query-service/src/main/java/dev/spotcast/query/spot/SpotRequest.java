package dev.spotcast.query.spot;

import java.time.Instant;
import java.util.List;

/**
 * A validated spot request: every value is within its syntactic range; whether the model's run
 * covers it is checked against the run by {@link SpotPlan}.
 *
 * @param lon longitude normalised to [-180, 180)
 * @param alt height in the unit of the run's levels
 * @param neighbours grid points to interpolate from
 * @param params parameter names to answer, empty for all of the run's parameters
 */
public record SpotRequest(
    String model, double lat, double lon, double alt, Instant time, int neighbours, List<String> params) {

  public SpotRequest {
    params = List.copyOf(params);
  }
}
