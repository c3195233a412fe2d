package dev.spotcast.query.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.query.config.QueryProperties;
import dev.spotcast.query.request.SpotRequestParser;
import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.Ensembles;
import dev.spotcast.query.spot.OutsideForecastException;
import dev.spotcast.query.spot.Place;
import dev.spotcast.query.spot.Reading;
import dev.spotcast.query.spot.RunSelection;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.query.spot.SpotService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /v1/spot}: many points of one model and run in one request, answered with one
 * Elasticsearch multi-search. Each point is validated, planned and interpolated as {@code GET
 * /v1/spot} does it.
 */
@RestController
public class BatchController {

  /** The members of a point; every other option is shared, at the top level. */
  private static final Set<String> POINT_FIELDS =
      Set.of("lat", "lon", "time", "alt", "pressure", "elevation");

  private static final Set<String> BODY_FIELDS =
      Set.of(
          "model",
          "points",
          "n",
          "params",
          "method",
          "power",
          "run",
          "cell_selection",
          "member",
          "ensemble");

  private final SpotRequestParser parser;
  private final SpotService service;
  private final QueryProperties properties;
  private final Ensembles ensembles;

  public BatchController(
      SpotRequestParser parser,
      SpotService service,
      QueryProperties properties,
      Ensembles ensembles) {
    this.parser = parser;
    this.service = service;
    this.properties = properties;
    this.ensembles = ensembles;
  }

  /** The answer: per point, in request order, its GET /v1/spot answer or its problem. */
  public record BatchAnswer(int answered, int failed, List<Object> results) {}

  @Operation(
      summary = "Spot weather at many points",
      description =
          "The points (lat, lon, time and alt or pressure each, and optionally elevation, as GET /v1/spot takes"
              + " them) share model, n, params, method, power, run, cell_selection and, for an ensemble, member or"
              + " ensemble, given at the top level. Each result, in request order, is the"
              + " answer GET /v1/spot gives for that point, or the problem+json object it would have been"
              + " refused with (422 outside the run, 400 e.g. method=bilinear on an irregular grid), its"
              + " parameter named points[i].name. All points are searched with one Elasticsearch multi-search."
              + " A malformed point or option refuses the whole request with 400 naming it (points[i].lat,"
              + " n, ...); more points than spotcast.query.max-batch-points (default 1000) is 400 naming points;"
              + " an unknown model or run 404; 429 and 503 as GET /v1/spot.",
      requestBody =
          @io.swagger.v3.oas.annotations.parameters.RequestBody(
              required = true,
              content =
                  @Content(
                      mediaType = MediaType.APPLICATION_JSON_VALUE,
                      examples =
                          @ExampleObject(
                              value =
                                  "{\"model\":\"synth\",\"n\":4,\"params\":[\"t\",\"u\",\"v\"],\"points\":["
                                      + "{\"lat\":45.5,\"lon\":5.25,\"alt\":750,\"time\":\"2026-11-21T06:30:00Z\"},"
                                      + "{\"lat\":46,\"lon\":6,\"alt\":0,\"time\":\"2026-11-21T09:00:00Z\"}]}"))))
  @PostMapping(path = "/v1/spot", consumes = MediaType.APPLICATION_JSON_VALUE)
  public BatchAnswer batch(@RequestBody @Schema(hidden = true) JsonNode body) {
    if (body == null || !body.isObject()) {
      throw new BadParameterException(
          "points", "the body must be a JSON object with a points array");
    }
    JsonNode points = body.path("points");
    if (!points.isArray() || points.isEmpty()) {
      throw new BadParameterException(
          "points", "points must be a non-empty array of {lat, lon, time, alt|pressure}");
    }
    int max = properties.maxBatchPoints();
    if (points.size() > max) {
      throw new BadParameterException(
          "points",
          "at most "
              + max
              + " points per request (spotcast.query.max-batch-points), got "
              + points.size());
    }
    onlyKnownMembers(
        body,
        BODY_FIELDS,
        "",
        "model, points, n, params, method, power, run, cell_selection, member, ensemble");
    String model = SpotRequestParser.model(text(body.get("model")));
    Reading how =
        parser.reading(
            text(body.get("n")),
            text(body.get("method")),
            text(body.get("power")),
            SpotRequestParser.parameterNames(params(body.get("params"))));
    String run = SpotRequestParser.runId(text(body.get("run")));
    String cellSelection = text(body.get("cell_selection"));
    RunSelection.EnsembleChoice choice =
        SpotRequestParser.ensemble(text(body.get("member")), text(body.get("ensemble")));
    RunSelection which = new RunSelection(model, run, choice);
    boolean ensemble = choice != null || ensembles.isEnsemble(model);
    if (ensemble && ensembles.members(model) == null) {
      throw new BadParameterException(
          "model",
          "model "
              + model
              + " is not an ensemble: member and ensemble"
              + " apply to ensembles (listed under ensembles in /v1/models)");
    }
    List<SpotRequest> requests = new ArrayList<>(points.size());
    for (int i = 0; i < points.size(); i++) {
      JsonNode point = points.get(i);
      if (!point.isObject()) {
        throw new BadParameterException(
            "points[" + i + "]",
            "points[" + i + "] must be an object {lat, lon, time, alt|pressure}");
      }
      onlyKnownMembers(
          point, POINT_FIELDS, "points[" + i + "].", "lat, lon, time, alt, pressure, elevation");
      try {
        Place where =
            SpotRequestParser.place(
                text(point.get("lat")),
                text(point.get("lon")),
                text(point.get("alt")),
                text(point.get("pressure")),
                text(point.get("elevation")),
                cellSelection);
        requests.add(
            SpotRequest.of(which, where, how, SpotRequestParser.time(text(point.get("time")))));
      } catch (BadParameterException e) {
        String name = pointParameter(i, e.parameter());
        throw new BadParameterException(
            name, name.equals(e.parameter()) ? e.getMessage() : name + ": " + e.getMessage());
      }
    }
    List<SpotService.PointAnswer> answers =
        ensemble ? ensembleAnswers(model.strip(), requests, choice) : service.batch(requests);
    List<Object> results = new ArrayList<>(answers.size());
    int failed = 0;
    for (int i = 0; i < answers.size(); i++) {
      SpotService.PointAnswer answer = answers.get(i);
      if (answer.forecast() != null) {
        results.add(answer.forecast());
      } else {
        failed++;
        results.add(ApiProblemHandler.pointProblem(answer.problem(), i));
      }
    }
    return new BatchAnswer(answers.size() - failed, failed, results);
  }

  /**
   * Each point's answer from an ensemble (its member, or the statistic across members), point by
   * point: a point the ensemble cannot answer gets its problem, the others their answer.
   */
  private List<SpotService.PointAnswer> ensembleAnswers(
      String model, List<SpotRequest> requests, RunSelection.EnsembleChoice choice) {
    List<SpotService.PointAnswer> answers = new ArrayList<>(requests.size());
    for (SpotRequest request : requests) {
      try {
        answers.add(
            new SpotService.PointAnswer(
                choice != null && choice.statistic() != null
                    ? ensembles.statistic(model, request, choice.statistic())
                    : ensembles.member(model, request, choice == null ? null : choice.member()),
                null));
      } catch (OutsideForecastException e) {
        answers.add(new SpotService.PointAnswer(null, e));
      }
    }
    return answers;
  }

  /**
   * A member the body does not define is refused, naming it: a typo must not silently change the
   * answer.
   */
  private static void onlyKnownMembers(
      JsonNode object, Set<String> known, String prefix, String list) {
    for (Iterator<String> names = object.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!known.contains(name)) {
        throw new BadParameterException(
            prefix + name,
            "unknown member '"
                + prefix
                + name
                + "'; "
                + (prefix.isEmpty() ? "the body" : "a point")
                + " takes "
                + list);
      }
    }
  }

  /** A point's own members are named points[i].name; the shared options keep their name. */
  static String pointParameter(int index, String parameter) {
    return POINT_FIELDS.contains(parameter) ? "points[" + index + "]." + parameter : parameter;
  }

  /**
   * A member as the query string would carry it: numbers and strings as text, absent or null as
   * null.
   */
  private static String text(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return null;
    }
    return node.isValueNode() ? node.asText() : node.toString();
  }

  /** params as an array of names or a comma-separated string. */
  private static String params(JsonNode node) {
    if (node != null && node.isArray()) {
      return StreamSupport.stream(node.spliterator(), false)
          .map(BatchController::text)
          .collect(Collectors.joining(","));
    }
    return text(node);
  }
}
