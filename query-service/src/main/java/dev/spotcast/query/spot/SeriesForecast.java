package dev.spotcast.query.spot;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The answer to a series request: every step of the run in the requested range, each interpolated
 * in space and in the vertical exactly as a spot request at the step's valid time (no
 * interpolation in time: the steps themselves).
 *
 * @param run the run time of the model run that answered
 * @param lon the requested longitude, normalised to [-180, 180)
 * @param params every parameter answered (derived wind included) with its unit
 * @param steps the steps in the range, in time order
 * @param neighbours the grid points the values were interpolated from (the same at every step)
 */
public record SeriesForecast(
    String model,
    Instant run,
    double lat,
    double lon,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double alt,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double pressure,
    String method,
    Map<String, String> params,
    List<Step> steps,
    List<SpotForecast.Neighbour> neighbours) {

  /** One step of the run: hours after the run, its valid time and the values at it. */
  public record Step(int step, Instant time, Map<String, SpotForecast.Value> values) {}
}
