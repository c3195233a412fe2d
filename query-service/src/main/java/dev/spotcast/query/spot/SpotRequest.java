package dev.spotcast.query.spot;

import java.time.Instant;
import java.util.List;

/**
 * A validated spot request: every value is within its syntactic range; whether the model's run
 * covers it is checked against the run by {@link SpotPlan}.
 *
 * @param lon longitude normalised to [-180, 180)
 * @param vertical the height or pressure asked for, or null for the single-level fields
 * @param neighbours grid points to interpolate from
 * @param params parameter names to answer, empty for all of the run's parameters at that vertical
 */
public record SpotRequest(
    String model, double lat, double lon, Vertical vertical, Instant time, int neighbours, List<String> params) {

  public SpotRequest {
    params = List.copyOf(params);
  }
}
