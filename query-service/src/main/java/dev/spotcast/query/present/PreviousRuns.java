package dev.spotcast.query.present;

import dev.spotcast.index.RunRecord;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.request.PlaceParameters;
import dev.spotcast.query.request.QueryParameterRecords;
import dev.spotcast.query.request.SpotRequestParser;
import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.Place;
import dev.spotcast.query.spot.Reading;
import dev.spotcast.query.spot.RunSelection;
import dev.spotcast.query.spot.SpotForecast;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.query.spot.SpotService;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * {@code previous_runs=N} on {@code GET /v1/spot}: the same request answered by each of the N runs
 * of the model before the one that answered (newest first), as far as retention kept them, all in
 * one multi-search. A run whose steps do not reach the requested time says so instead of values.
 */
@Component
public class PreviousRuns {

  private final PublishedRuns published;
  private final SpotRequestParser parser;
  private final SpotService service;
  private final int max;

  public PreviousRuns(
      PublishedRuns published,
      SpotRequestParser parser,
      SpotService service,
      @Value("${spotcast.query.max-previous-runs:10}") int max) {
    this.published = published;
    this.parser = parser;
    this.service = service;
    this.max = max;
  }

  /** Checks {@code previous_runs=}: 0 when absent. */
  public int count(String text) {
    if (text == null || text.isBlank()) {
      return 0;
    }
    int count;
    try {
      count = Integer.parseInt(text.strip());
    } catch (NumberFormatException e) {
      count = -1;
    }
    if (count < 1 || count > max) {
      throw new BadParameterException(
          "previous_runs",
          "previous_runs must be a whole number in [1, "
              + max
              + "] (spotcast.query.max-previous-runs), got "
              + text.strip());
    }
    return count;
  }

  /** The answers of the {@code count} runs before the one that answered {@code answer}. */
  public List<SpotForecast.PreviousRun> of(
      HttpServletRequest request, SpotForecast answer, int count) {
    List<RunRecord> earlier =
        published.runs(answer.model()).stream()
            .filter(run -> run.runTime().isBefore(answer.run()))
            .limit(count)
            .toList();
    if (earlier.isEmpty()) {
      return List.of();
    }
    PlaceParameters text =
        QueryParameterRecords.read(
            PlaceParameters.class, request::getParameter, request::getHeader);
    // As they always were: at the place, without the site's elevation or cell selection.
    Place where =
        SpotRequestParser.place(text.lat(), text.lon(), text.alt(), text.pressure(), null, null);
    Reading how = parser.reading(text, request.getParameter("power"));
    Instant when = SpotRequestParser.time(request.getParameter("time"));
    String model = SpotRequestParser.model(text.model());
    List<SpotRequest> requests = new ArrayList<>(earlier.size());
    for (RunRecord run : earlier) {
      requests.add(SpotRequest.of(RunSelection.of(model, run.runId()), where, how, when));
    }
    List<SpotService.PointAnswer> answers = service.batch(requests);
    List<SpotForecast.PreviousRun> previous = new ArrayList<>(answers.size());
    for (int i = 0; i < answers.size(); i++) {
      SpotService.PointAnswer one = answers.get(i);
      previous.add(
          one.forecast() != null
              ? new SpotForecast.PreviousRun(
                  earlier.get(i).runTime(), one.forecast().values(), null)
              : new SpotForecast.PreviousRun(
                  earlier.get(i).runTime(), null, one.problem().getMessage()));
    }
    return previous;
  }
}
