package dev.spotcast.query.spot;

import dev.spotcast.index.RunRecord;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.config.QueryProperties;
import dev.spotcast.query.interpolation.InverseDistanceWeighting;
import dev.spotcast.query.search.ForecastHit;
import dev.spotcast.query.search.NeighbourQuery;
import dev.spotcast.query.search.NeighbourSearch;
import dev.spotcast.query.search.SearchSaturatedException;
import dev.spotcast.query.search.SearchUnavailableException;
import dev.spotcast.query.terrain.RunTerrain;
import dev.spotcast.query.terrain.TerrainStore;
import dev.spotcast.sharding.ShardingStrategy;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.springframework.stereotype.Service;

/**
 * Answers spot requests: the model's published run (from memory), a plan checked against it, the
 * neighbour search in Elasticsearch, and the interpolation.
 */
@Service
public class SpotService {

  static final String TIMER = "spotcast.spot.request";
  static final String BATCH_TIMER = "spotcast.batch.request";
  static final String SERIES_TIMER = "spotcast.series.request";

  private final PublishedRuns runs;
  private final NeighbourSearch search;
  private final SpotInterpolator interpolator;
  private final MeterRegistry registry;
  private final TerrainStore terrains;
  private final Map<String, Timer> timers = new ConcurrentHashMap<>();
  private final RecentPlaces recent;

  public SpotService(
      PublishedRuns runs,
      NeighbourSearch search,
      QueryProperties properties,
      MeterRegistry registry,
      TerrainStore terrains,
      RecentPlaces recent) {
    this.runs = runs;
    this.recent = recent;
    this.search = search;
    this.interpolator =
        new SpotInterpolator(
            new InverseDistanceWeighting(properties.idwPower()), terrains.properties());
    this.registry = registry;
    this.terrains = terrains;
  }

  /** A request planned against a run, with the run's terrain. */
  private SpotPlan plan(ShardingStrategy strategy, SpotRequest request, RunTerrain terrain) {
    SpotPlan plan = SpotPlan.of(strategy, request);
    return terrain.none() && !terrain.pending()
        ? plan
        : plan.withTerrain(terrain, terrains.properties().candidates());
  }

  public SpotForecast spot(SpotRequest request) {
    recent.record(request);
    return timed(
        TIMER,
        "Spot requests, from validated request to interpolated answer",
        () -> answer(request));
  }

  /**
   * The answer of one point of a batch: its forecast, or the reason it cannot be answered (a {@link
   * OutsideForecastException} or {@link BadParameterException}); exactly one is set.
   */
  public record PointAnswer(SpotForecast forecast, RuntimeException problem) {}

  /**
   * Answers several points of one model and run (the requests share model and run) with one
   * Elasticsearch multi-search: each point is planned and interpolated as {@link #spot} does; a
   * point the run cannot answer gets its problem while the others are answered.
   *
   * @throws UnknownModelException, UnknownRunException for the shared model and run
   */
  public List<PointAnswer> batch(List<SpotRequest> requests) {
    return timed(
        BATCH_TIMER,
        "Batch spot requests, from validated request to interpolated answers",
        () -> {
          if (requests.isEmpty()) {
            return List.of();
          }
          RunRecord record = record(requests.getFirst());
          ShardingStrategy strategy = runs.strategy(record);
          RunTerrain terrain = terrains.of(record.run());
          // The points share their params: an unknown one refuses the whole request, once.
          SpotPlan.checkParameters(record.run(), requests.getFirst().how().params());
          List<PointAnswer> answers = new ArrayList<>(requests.size());
          Planned planned =
              planEach(
                  requests.size(),
                  i -> plan(strategy, requests.get(i), terrain),
                  answers,
                  refused -> new PointAnswer(null, refused));
          List<SpotPlan> plans = planned.plans();
          List<List<ForecastHit>> hits = search.findAll(queries(plans));
          for (int p = 0; p < plans.size(); p++) {
            int i = planned.items().get(p);
            try {
              answers.set(
                  i, new PointAnswer(interpolator.interpolate(plans.get(p), hits.get(p)), null));
            } catch (OutsideForecastException e) {
              answers.set(i, new PointAnswer(null, e));
            }
          }
          return answers;
        });
  }

  /**
   * Every step of the run whose valid time lies in [from, to], interpolated in space and in the
   * vertical at the place of {@code request} (whose time is ignored), with one Elasticsearch
   * multi-search.
   *
   * @param from the earliest valid time, or null for the run's first step
   * @param to the latest valid time, or null for the run's last step
   * @throws OutsideForecastException when no step lies in the range (the detail gives the run's
   *     range)
   */
  public SeriesForecast series(SpotRequest request, Instant from, Instant to) {
    recent.record(request);
    return timed(
        SERIES_TIMER,
        "Series requests, from validated request to interpolated answer",
        () -> seriesOf(List.of(request), from, to).getFirst());
  }

  /**
   * The answers at several valid times of the run at one place, each exactly what {@link #spot}
   * answers at that time (interpolated in space, in the vertical and in time between the steps
   * around it; amounts over the request's period before it), from one Elasticsearch search: what an
   * hourly axis over a 3-hourly run needs. The place is planned once, at the run's first step.
   *
   * @return per time its answer, null where the time is outside the run
   * @throws OutsideForecastException when the place is outside the run's grid
   */
  public List<SpotForecast> seriesAt(SpotRequest request, List<Instant> times) {
    recent.record(request);
    return timed(
        SERIES_TIMER,
        "Series requests, from validated request to interpolated answer",
        () -> {
          RunRecord record = record(request);
          ForecastRun run = record.run();
          SpotPlan place =
              plan(
                  runs.strategy(record),
                  request.at(run.validTime(run.steps().getFirst())),
                  terrains.of(run));
          List<SpotForecast> answers = new ArrayList<>(times.size());
          // A time outside the run: no answer there.
          Planned planned =
              planEach(times.size(), i -> place.at(times.get(i)), answers, refused -> null);
          List<SpotPlan> plans = planned.plans();
          if (plans.isEmpty()) {
            return answers;
          }
          List<SpotForecast> forecasts =
              interpolator.series(plans, search.find(SpotPlan.query(plans, search.usesIds(run))));
          for (int p = 0; p < plans.size(); p++) {
            answers.set(planned.items().get(p), forecasts.get(p));
          }
          return answers;
        });
  }

  /**
   * The answers of several requests, each of its own model and run (an ensemble's members), from
   * one Elasticsearch multi-search.
   */
  public List<SpotForecast> spotAll(List<SpotRequest> requests) {
    return timed(
        TIMER,
        "Spot requests, from validated request to interpolated answer",
        () -> {
          List<SpotPlan> plans = new ArrayList<>(requests.size());
          for (SpotRequest request : requests) {
            RunRecord record = record(request);
            plans.add(plan(runs.strategy(record), request, terrains.of(record.run())));
          }
          List<List<ForecastHit>> hits = search.findAll(queries(plans));
          List<SpotForecast> answers = new ArrayList<>(plans.size());
          for (int p = 0; p < plans.size(); p++) {
            answers.add(interpolator.interpolate(plans.get(p), hits.get(p)));
          }
          return answers;
        });
  }

  /**
   * The series of several requests, each of its own model and run, from one Elasticsearch
   * multi-search.
   */
  public List<SeriesForecast> seriesAll(List<SpotRequest> requests, Instant from, Instant to) {
    return timed(
        SERIES_TIMER,
        "Series requests, from validated request to interpolated answer",
        () -> seriesOf(requests, from, to));
  }

  private List<SeriesForecast> seriesOf(List<SpotRequest> requests, Instant from, Instant to) {
    // Per request the plans of its steps in range, made from the plan of its place at the first.
    List<List<SpotPlan>> plansOf = new ArrayList<>(requests.size());
    List<NeighbourQuery> queries = new ArrayList<>(requests.size());
    for (SpotRequest request : requests) {
      RunRecord record = record(request);
      ForecastRun run = record.run();
      ShardingStrategy strategy = runs.strategy(record);
      RunTerrain terrain = terrains.of(run);
      List<SpotPlan> plans =
          SpotPlan.series(run, request, from, to, each -> plan(strategy, each, terrain));
      if (plans.isEmpty()) {
        throw new OutsideForecastException(
            from != null ? "from" : "to",
            "no step of run "
                + run.runId()
                + " of model "
                + run.model()
                + " has a valid time in ["
                + (from == null ? "" : from)
                + ", "
                + (to == null ? "" : to)
                + "]; valid: "
                + run.validTime(run.steps().getFirst())
                + ".."
                + run.validTime(run.steps().getLast()));
      }
      plansOf.add(plans);
      queries.add(SpotPlan.query(plans, search.usesIds(run)));
    }
    // One read per series (through the document cache and shared reads, as a spot's); an
    // ensemble's members together in one multi-search.
    List<List<ForecastHit>> hits =
        queries.size() == 1 ? List.of(search.find(queries.getFirst())) : search.findAll(queries);
    List<SeriesForecast> all = new ArrayList<>(requests.size());
    for (int r = 0; r < requests.size(); r++) {
      List<SpotForecast> forecasts = interpolator.series(plansOf.get(r), hits.get(r));
      List<SeriesForecast.Step> steps = new ArrayList<>(forecasts.size());
      for (int i = 0; i < forecasts.size(); i++) {
        SpotForecast forecast = forecasts.get(i);
        steps.add(
            new SeriesForecast.Step(
                plansOf.get(r).get(i).step(), forecast.time(), forecast.values()));
      }
      SpotForecast first = forecasts.getFirst();
      Map<String, String> units = new LinkedHashMap<>();
      first.values().forEach((name, value) -> units.put(name, value.unit()));
      all.add(
          new SeriesForecast(
              first.model(),
              first.run(),
              first.lat(),
              first.lon(),
              first.alt(),
              first.pressure(),
              first.method(),
              units,
              steps,
              first.neighbours(),
              first.terrain(),
              first.provisional()));
    }
    return all;
  }

  private <T> T timed(String name, String description, Supplier<T> work) {
    Timer.Sample sample = Timer.start(registry);
    String outcome = "error";
    try {
      T answer = work.get();
      outcome = "success";
      return answer;
    } catch (BadParameterException
        | OutsideForecastException
        | UnknownModelException
        | UnknownRunException e) {
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
          timers.computeIfAbsent(
              name + '|' + outcome,
              key -> timer(name, description, key.substring(name.length() + 1))));
    }
  }

  /** Registered once per name and outcome: the request path does not build meter ids. */
  private Timer timer(String name, String description, String outcome) {
    return Timer.builder(name)
        .description(description)
        .tag("outcome", outcome)
        .publishPercentileHistogram()
        .register(registry);
  }

  private SpotForecast answer(SpotRequest request) {
    RunRecord record = record(request);
    SpotPlan plan = plan(runs.strategy(record), request, terrains.of(record.run()));
    return interpolator.interpolate(plan, search.find(query(plan)));
  }

  /**
   * The plans made of some items of a request (its points, its times), each with the position of
   * its item.
   */
  private record Planned(List<SpotPlan> plans, List<Integer> items) {}

  /**
   * Plans each of {@code count} items ({@code plan} of its position) or keeps its refusal: {@code
   * answers} gets a place per item, null for a planned item (answered later), the refusal's answer
   * for an item the run refuses ({@link OutsideForecastException}, {@link BadParameterException}).
   */
  private static <A> Planned planEach(
      int count,
      IntFunction<SpotPlan> plan,
      List<A> answers,
      Function<RuntimeException, A> refusal) {
    List<SpotPlan> plans = new ArrayList<>(count);
    List<Integer> items = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      answers.add(null);
      try {
        plans.add(plan.apply(i));
        items.add(i);
      } catch (OutsideForecastException | BadParameterException e) {
        answers.set(i, refusal.apply(e));
      }
    }
    return new Planned(plans, items);
  }

  private List<NeighbourQuery> queries(List<SpotPlan> plans) {
    List<NeighbourQuery> queries = new ArrayList<>(plans.size());
    plans.forEach(plan -> queries.add(query(plan)));
    return queries;
  }

  /** What the search reads for a plan: its n nearest points only if the search reads them by id. */
  private NeighbourQuery query(SpotPlan plan) {
    return plan.query(search.usesIds(plan.run()));
  }

  private RunRecord record(SpotRequest request) {
    return request.which().run() == null ? published(request) : run(request);
  }

  /** The run asked for with run=, if it may be served. */
  private RunRecord run(SpotRequest request) {
    published(request); // an unknown model is a 404 about the model
    return runs.get(request.which().model(), request.which().run())
        .orElseThrow(
            () ->
                UnknownRunException.of(
                    "run", request.which().model(), request.which().run(), runs));
  }

  private RunRecord published(SpotRequest request) {
    // Before the catalog's first read no request gets here (web.CatalogGate answers 503).
    return runs.get(request.which().model())
        .orElseThrow(() -> new UnknownModelException(request.which().model(), runs.models()));
  }
}
