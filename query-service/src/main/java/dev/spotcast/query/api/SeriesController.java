package dev.spotcast.query.api;

import dev.spotcast.query.spot.SeriesForecast;
import dev.spotcast.query.spot.SpotService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /v1/series}: the weather at a place and height at every step of a run in a time range. */
@RestController
public class SeriesController {

  private final SpotRequestParser parser;
  private final SpotService service;

  public SeriesController(SpotRequestParser parser, SpotService service) {
    this.parser = parser;
    this.service = service;
  }

  @Operation(
      summary = "Time series at a place",
      description =
          "Every step of the run whose valid time lies in [from, to] (default: the whole run), each"
              + " interpolated in space and in the vertical as GET /v1/spot does at the step's valid time; no"
              + " interpolation in time (the steps themselves). One Elasticsearch round trip. Errors are RFC 9457"
              + " problem+json as for GET /v1/spot; 422 when no step lies in the range (the detail gives the"
              + " run's valid range).")
  @GetMapping("/v1/series")
  public SeriesForecast series(
      @Parameter(description = "model id", example = "synth") @RequestParam("model") String model,
      @Parameter(description = "latitude in degrees, [-90, 90]", example = "45.5") @RequestParam("lat") String lat,
      @Parameter(description = "longitude in degrees, [-180, 180] or [0, 360]", example = "5.25")
          @RequestParam("lon")
          String lon,
      @Parameter(description = "height above ground in m (models with height levels)", example = "750")
          @RequestParam(name = "alt", required = false)
          String alt,
      @Parameter(description = "pressure in hPa (models with isobaric levels); not with alt")
          @RequestParam(name = "pressure", required = false)
          String pressure,
      @Parameter(description = "earliest valid time, ISO-8601 with a zone (default: the run's first step)",
              example = "2026-11-21T03:00:00Z")
          @RequestParam(name = "from", required = false)
          String from,
      @Parameter(description = "latest valid time, ISO-8601 with a zone (default: the run's last step)",
              example = "2026-11-21T12:00:00Z")
          @RequestParam(name = "to", required = false)
          String to,
      @Parameter(description = "number of grid points to interpolate from (default 4)")
          @RequestParam(name = "n", required = false)
          String n,
      @Parameter(description = "comma-separated parameter names (default: all of the model's)", example = "t,u,v")
          @RequestParam(name = "params", required = false)
          String params,
      @Parameter(description = "horizontal interpolation: idw (default), nearest, or bilinear (regular lat/lon grids)",
              schema = @Schema(allowableValues = {"idw", "nearest", "bilinear"}))
          @RequestParam(name = "method", required = false)
          String method,
      @Parameter(description = "run: latest (default), a run time (ISO-8601 with a zone) or a run id yyyyMMddHH",
              example = "latest")
          @RequestParam(name = "run", required = false)
          String run) {
    SpotRequestParser.SeriesRequest request =
        parser.parseSeries(model, lat, lon, alt, pressure, from, to, n, params, method, run);
    return service.series(request.request(), request.from(), request.to());
  }
}
