package dev.spotcast.query.api;

import dev.spotcast.index.RunRecord;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.request.PlaceParameters;
import dev.spotcast.query.request.SpotRequestParser;
import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.Blends;
import dev.spotcast.query.spot.Ensembles;
import dev.spotcast.query.spot.Place;
import dev.spotcast.query.spot.Reading;
import dev.spotcast.query.spot.RunSelection;
import dev.spotcast.query.spot.SeriesForecast;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.query.spot.SpotService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import java.time.Instant;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v1/series}: the weather at a place and height at every step of a run in a time range.
 */
@RestController
public class SeriesController {

  /**
   * The operation's summary and description in the OpenAPI description ({@link SideBySideApiDocs}).
   */
  static final String SUMMARY = "Time series at a place";

  static final String DESCRIPTION =
      "Every step of the run whose valid time lies in [from, to] (default: the whole run), each"
          + " interpolated in space and in the vertical as GET /v1/spot does at the step's valid time; no"
          + " interpolation in time (the steps themselves). One Elasticsearch round trip. Errors are RFC 9457"
          + " problem+json as for GET /v1/spot; 422 when no step lies in the range (the detail gives the"
          + " run's valid range). An ensemble's series is its control member's, member=N's, or with ensemble= the"
          + " statistic across members at each step. A blend's series has a step at each valid time of its members'"
          + " steps, each the blend's answer at that time as GET /v1/spot gives it.";

  private final SpotRequestParser parser;
  private final SpotService service;
  private final Blends blends;
  private final Ensembles ensembles;
  private final PublishedRuns runs;

  public SeriesController(
      SpotRequestParser parser,
      SpotService service,
      Blends blends,
      Ensembles ensembles,
      PublishedRuns runs) {
    this.parser = parser;
    this.service = service;
    this.blends = blends;
    this.ensembles = ensembles;
    this.runs = runs;
  }

  /** A blend's series: at each valid time of its members' steps, the blend's answer there. */
  private SeriesForecast blendSeries(
      String model,
      RunSelection which,
      Place where,
      Reading how,
      SpotRequestParser.TimeRange range) {
    if (which.run() != null) {
      throw new BadParameterException(
          "run",
          "blend "
              + model
              + " answers from each member's published run: ask a member model for earlier runs");
    }
    if (which.ensemble() != null) {
      throw new BadParameterException(
          "model", "blend " + model + " is not an ensemble: omit member and ensemble");
    }
    return blends.series(
        model,
        (member, time) -> SpotRequest.of(RunSelection.published(member), where, how, time),
        range.from(),
        range.to(),
        member -> runs.get(member).map(RunRecord::run).orElse(null));
  }

  @Operation(summary = SUMMARY, description = DESCRIPTION)
  @GetMapping("/v1/series")
  public SeriesForecast series(
      PlaceParameters place,
      @Parameter(
              description =
                  "earliest valid time, ISO-8601 with a zone (default: the run's first step)",
              example = "2026-11-21T03:00:00Z")
          @RequestParam(name = "from", required = false)
          String from,
      @Parameter(
              description =
                  "latest valid time, ISO-8601 with a zone (default: the run's last step)",
              example = "2026-11-21T12:00:00Z")
          @RequestParam(name = "to", required = false)
          String to) {
    return series(SpotRequestParser.model(place.model()), place, from, to);
  }

  /**
   * A model's series, or an ensemble's (a member's, or a statistic across members step by step).
   */
  private SeriesForecast series(String model, PlaceParameters text, String from, String to) {
    SpotRequestParser.TimeRange range = SpotRequestParser.range(from, to);
    Place where = SpotRequestParser.place(text);
    Reading how = parser.reading(text, null);
    RunSelection which = SpotRequestParser.runSelection(model, text);
    if (blends.isBlend(model)) {
      return blendSeries(model, which, where, how, range);
    }
    // The time of each step is set by the service; any valid instant stands in here.
    SpotRequest template = SpotRequest.of(which, where, how, Instant.EPOCH);
    RunSelection.EnsembleChoice choice = which.ensemble();
    if (choice != null || ensembles.isEnsemble(model)) {
      return choice != null && choice.statistic() != null
          ? ensembles.statisticSeries(model, template, choice.statistic(), range.from(), range.to())
          : ensembles.memberSeries(
              model, template, choice == null ? null : choice.member(), range.from(), range.to());
    }
    return service.series(template, range.from(), range.to());
  }

  @GetMapping(path = "/v1/series", params = "models")
  public SideBySide seriesOfModels(
      @Parameter(
              description = "comma-separated model ids (1..10), instead of model",
              example = "demo,sample_uv")
          @RequestParam("models")
          String models,
      PlaceParameters place,
      @Parameter(
              description =
                  "earliest valid time, ISO-8601 with a zone (default: each run's first step)")
          @RequestParam(name = "from", required = false)
          String from,
      @Parameter(
              description =
                  "latest valid time, ISO-8601 with a zone (default: each run's last step)")
          @RequestParam(name = "to", required = false)
          String to) {
    return SideBySide.of(
        SideBySide.parse(models, place.model()), model -> series(model, place, from, to));
  }
}
