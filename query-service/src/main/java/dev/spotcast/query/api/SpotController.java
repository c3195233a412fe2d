package dev.spotcast.query.api;

import dev.spotcast.query.request.PlaceParameters;
import dev.spotcast.query.request.SpotRequestParser;
import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.Blends;
import dev.spotcast.query.spot.Ensembles;
import dev.spotcast.query.spot.Place;
import dev.spotcast.query.spot.Reading;
import dev.spotcast.query.spot.RunSelection;
import dev.spotcast.query.spot.SpotForecast;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.query.spot.SpotService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import java.time.Instant;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /v1/spot}: the weather at a place, height and time from a model's published run. */
@RestController
public class SpotController {

  /**
   * The operation's summary and description in the OpenAPI description ({@link SideBySideApiDocs}).
   */
  static final String SUMMARY = "Spot weather";

  static final String DESCRIPTION =
      "Values interpolated from the model's published run: inverse-distance weighting over the n nearest"
          + " grid points (or as method= says), linear between the two levels around alt (m above ground) or pressure (hPa,"
          + " linear in ln p), and linear between the two steps around time. Without alt and pressure"
          + " the single-level fields (surface, mean sea level) are answered. A parameter without a value"
          + " at a level or point it needs is reported unavailable with the reason."
          + " method=nearest takes the nearest grid point, method=bilinear the 4 points of the grid cell"
          + " (regular lat/lon grids). When u and v (10u and 10v) are answered, wind_speed and"
          + " wind_direction (wind_speed_10m, wind_direction_10m) are derived from the interpolated"
          + " components: degrees from which the wind blows, clockwise from north, [0, 360)."
          + " Where the run has terrain (orography, land-sea mask), elevation= corrects temperatures to the place's"
          + " height and cell_selection= chooses land or sea grid points; the answer's terrain says what was done."
          + " For an ensemble (members loaded as NAME_m0..), model=NAME answers the control member, member=N member N,"
          + " ensemble=mean|spread|min|max|median|pNN|prob_gt:X|prob_lt:X a statistic across members; the answer's"
          + " ensemble says which."
          + " Errors are RFC 9457 problem+json: 400 bad parameter, 404 unknown model or run, 422 outside"
          + " the run (the detail gives the valid range), 429 too many requests at once and 503"
          + " Elasticsearch unavailable (both with Retry-After).";

  private final SpotRequestParser parser;
  private final SpotService service;
  private final Blends blends;
  private final Ensembles ensembles;

  public SpotController(
      SpotRequestParser parser, SpotService service, Blends blends, Ensembles ensembles) {
    this.parser = parser;
    this.service = service;
    this.blends = blends;
    this.ensembles = ensembles;
  }

  @Operation(summary = SUMMARY, description = DESCRIPTION)
  @GetMapping("/v1/spot")
  public SpotForecast spot(
      PlaceParameters place,
      @Parameter(description = "valid time, ISO-8601 with a zone", example = "2026-11-21T06:30:00Z")
          @RequestParam("time")
          String time,
      @Parameter(
              description =
                  "exponent of the inverse-distance weighting, (0, 16] (method=idw; default configured, 2)")
          @RequestParam(name = "power", required = false)
          String power,
      @Parameter(hidden = true) @RequestParam(name = "previous_runs", required = false)
          String previousRuns) {
    String model = SpotRequestParser.model(place.model());
    if (previousRuns != null && blends.isBlend(model)) {
      throw new BadParameterException(
          "previous_runs",
          "blend "
              + model
              + " answers from each member's published run: ask a member model for earlier runs");
    }
    return answer(model, place, time, power);
  }

  @GetMapping(path = "/v1/spot", params = "models")
  public SideBySide spotOfModels(
      @Parameter(
              description = "comma-separated model ids (1..10), instead of model",
              example = "demo,sample_uv")
          @RequestParam("models")
          String models,
      PlaceParameters place,
      @Parameter(description = "valid time, ISO-8601 with a zone", example = "2026-11-21T06:30:00Z")
          @RequestParam("time")
          String time,
      @Parameter(
              description =
                  "exponent of the inverse-distance weighting, (0, 16] (method=idw; default configured, 2)")
          @RequestParam(name = "power", required = false)
          String power) {
    return SideBySide.of(
        SideBySide.parse(models, place.model()), model -> answer(model, place, time, power));
  }

  /**
   * A model's answer, an ensemble's (a member or a statistic across members), or a blend's from its
   * members' published runs (a blend has no runs of its own).
   */
  private SpotForecast answer(String model, PlaceParameters text, String time, String power) {
    Place where = SpotRequestParser.place(text);
    Reading how = parser.reading(text, power);
    Instant when = SpotRequestParser.time(time);
    RunSelection which = SpotRequestParser.runSelection(model, text);
    SpotRequest request = SpotRequest.of(which, where, how, when);
    RunSelection.EnsembleChoice choice = which.ensemble();
    if (choice != null || ensembles.isEnsemble(model)) {
      return choice != null && choice.statistic() != null
          ? ensembles.statistic(model, request, choice.statistic())
          : ensembles.member(model, request, choice == null ? null : choice.member());
    }
    if (!blends.isBlend(model)) {
      return service.spot(request);
    }
    if (which.run() != null) {
      throw new BadParameterException(
          "run",
          "blend "
              + model
              + " answers from each member's published run: ask a member model for earlier runs");
    }
    return blends.spot(
        model, member -> SpotRequest.of(RunSelection.published(member), where, how, when));
  }
}
