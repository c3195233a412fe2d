package dev.spotcast.query.spot;

import dev.spotcast.index.RunRecord;
import dev.spotcast.interpolation.InverseDistanceWeighting;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.config.QueryProperties;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.springframework.stereotype.Service;

/**
 * Answers spot requests: the model's published run (from memory), a plan checked against it, the
 * neighbour search in Elasticsearch, and the interpolation.
 */
@Service
public class SpotService {

  static final String TIMER = "spotcast.spot.request";

  private final PublishedRuns runs;
  private final NeighbourSearch search;
  private final SpotInterpolator interpolator;
  private final MeterRegistry registry;

  public SpotService(
      PublishedRuns runs, NeighbourSearch search, QueryProperties properties, MeterRegistry registry) {
    this.runs = runs;
    this.search = search;
    this.interpolator = new SpotInterpolator(new InverseDistanceWeighting(properties.idwPower()));
    this.registry = registry;
  }

  public SpotForecast spot(SpotRequest request) {
    Timer.Sample sample = Timer.start(registry);
    String outcome = "error";
    try {
      SpotForecast forecast = answer(request);
      outcome = "success";
      return forecast;
    } catch (BadParameterException | OutsideForecastException | UnknownModelException | UnknownRunException e) {
      outcome = "rejected";
      throw e;
    } catch (SearchUnavailableException e) {
      outcome = "unavailable";
      throw e;
    } catch (SearchSaturatedException e) {
      outcome = "saturated";
      throw e;
    } finally {
      sample.stop(
          Timer.builder(TIMER)
              .description("Spot requests, from validated request to interpolated answer")
              .tag("outcome", outcome)
              .publishPercentileHistogram()
              .register(registry));
    }
  }

  private SpotForecast answer(SpotRequest request) {
    RunRecord record = request.run() == null ? published(request) : run(request);
    SpotPlan plan = SpotPlan.of(record.run(), request);
    return interpolator.interpolate(plan, search.find(plan));
  }

  /** The run asked for with run=, if it may be served. */
  private RunRecord run(SpotRequest request) {
    published(request); // an unknown model is a 404 about the model
    return runs.get(request.model(), request.run())
        .orElseThrow(
            () -> new UnknownRunException(
                request.model(), request.run(), runs.runs(request.model()).stream().map(RunRecord::runId).toList()));
  }

  private RunRecord published(SpotRequest request) {
    return runs.get(request.model())
            .orElseThrow(
                () -> {
                  if (!runs.loaded()) {
                    return new SearchUnavailableException("the run catalog has not been read yet", null);
                  }
                  return new UnknownModelException(request.model(), runs.models());
                });
  }
}
