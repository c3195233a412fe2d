package dev.spotcast.query.spot;

import dev.spotcast.interpolation.Bracket;
import dev.spotcast.interpolation.InverseDistanceWeighting;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.GridDefinition;
import dev.spotcast.model.Parameter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.sf.geographiclib.Geodesic;
import net.sf.geographiclib.GeodesicMask;

/**
 * Turns the documents around a request into values: inverse-distance weighting over the n nearest
 * grid points, then linear between the two levels, then linear between the two steps. A value
 * missing at any point or combination with a non-zero weight makes that parameter unavailable
 * rather than averaged over fewer points.
 */
public final class SpotInterpolator {

  private final InverseDistanceWeighting weighting;

  public SpotInterpolator(InverseDistanceWeighting weighting) {
    this.weighting = weighting;
  }

  public SpotForecast interpolate(SpotPlan plan, List<ForecastHit> hits) {
    ForecastRun run = plan.run();
    SpotRequest request = plan.request();
    List<Integer> points = nearestPoints(hits, request.neighbours());
    if (points.isEmpty()) {
      throw new OutsideForecastException(
          "lat",
          "no grid point of model " + run.model() + " within " + SpotPlan.plain(Math.round(plan.radiusKm()))
              + " km of " + SpotPlan.plain(request.lat()) + ", " + SpotPlan.plain(request.lon()));
    }

    GridDefinition grid = run.grid();
    double[] distances = new double[points.size()];
    for (int i = 0; i < distances.length; i++) {
      int point = points.get(i);
      distances[i] =
          Geodesic.WGS84.Inverse(
                  request.lat(), request.lon(), grid.latitude(point), grid.longitude(point), GeodesicMask.DISTANCE)
              .s12;
    }
    double[] weights = weighting.weights(distances);

    Map<DocumentKey, Map<String, Double>> documents = new HashMap<>();
    for (ForecastHit hit : hits) {
      documents.putIfAbsent(new DocumentKey(hit.level(), hit.step(), hit.point()), hit.values());
    }

    Map<String, SpotForecast.Value> values = new LinkedHashMap<>();
    for (Parameter parameter : plan.parameters()) {
      values.put(parameter.name(), value(plan, parameter, points, weights, documents));
    }

    List<SpotForecast.Neighbour> neighbours = new ArrayList<>(points.size());
    for (int i = 0; i < points.size(); i++) {
      int point = points.get(i);
      neighbours.add(
          new SpotForecast.Neighbour(point, grid.latitude(point), grid.longitude(point), distances[i], weights[i]));
    }
    return new SpotForecast(
        run.model(),
        run.runTime(),
        request.time(),
        request.lat(),
        request.lon(),
        request.alt(),
        values,
        neighbours,
        levelsUsed(run, plan.levels()),
        stepsUsed(run, plan.steps()));
  }

  /**
   * The n nearest distinct grid points, ordered as Elasticsearch sorted them (distance, then point
   * id), merged over the hits of every index.
   */
  static List<Integer> nearestPoints(List<ForecastHit> hits, int n) {
    Map<Integer, Double> distanceByPoint = new HashMap<>();
    for (ForecastHit hit : hits) {
      distanceByPoint.merge(hit.point(), hit.sortDistance(), Math::min);
    }
    return distanceByPoint.entrySet().stream()
        .sorted(Map.Entry.<Integer, Double>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
        .limit(n)
        .map(Map.Entry::getKey)
        .toList();
  }

  private static SpotForecast.Value value(
      SpotPlan plan,
      Parameter parameter,
      List<Integer> points,
      double[] weights,
      Map<DocumentKey, Map<String, Double>> documents) {
    ForecastRun run = plan.run();
    Bracket levels = plan.levels();
    Bracket steps = plan.steps();
    double[] byStep = new double[2];
    int[] stepPositions = SpotPlan.positions(steps);
    int[] levelPositions = SpotPlan.positions(levels);
    for (int s = 0; s < stepPositions.length; s++) {
      int step = run.steps().get(stepPositions[s]);
      double[] byLevel = new double[2];
      for (int l = 0; l < levelPositions.length; l++) {
        int level = run.levels().get(levelPositions[l]);
        double sum = 0;
        for (int i = 0; i < points.size(); i++) {
          if (weights[i] == 0) {
            continue;
          }
          Map<String, Double> stored = documents.get(new DocumentKey(level, step, points.get(i)));
          Double v = stored == null ? null : stored.get(parameter.name());
          if (v == null || !Double.isFinite(v)) {
            return SpotForecast.Value.unavailable(
                parameter.unit(),
                "no value at grid point " + points.get(i) + " for level " + level + ", step " + step);
          }
          sum += weights[i] * v;
        }
        byLevel[l] = sum;
      }
      byStep[s] = levels.interpolate(byLevel[0], byLevel[1]);
    }
    return SpotForecast.Value.of(parameter.clamp(steps.interpolate(byStep[0], byStep[1])), parameter.unit());
  }

  private static List<SpotForecast.LevelUsed> levelsUsed(ForecastRun run, Bracket bracket) {
    String unit = run.levelType().unit();
    if (bracket.single()) {
      return List.of(new SpotForecast.LevelUsed(run.levels().get(bracket.lower()), unit, 1));
    }
    return List.of(
        new SpotForecast.LevelUsed(run.levels().get(bracket.lower()), unit, 1 - bracket.upperWeight()),
        new SpotForecast.LevelUsed(run.levels().get(bracket.upper()), unit, bracket.upperWeight()));
  }

  private static List<SpotForecast.StepUsed> stepsUsed(ForecastRun run, Bracket bracket) {
    if (bracket.single()) {
      int step = run.steps().get(bracket.lower());
      return List.of(new SpotForecast.StepUsed(step, run.validTime(step), 1));
    }
    int lower = run.steps().get(bracket.lower());
    int upper = run.steps().get(bracket.upper());
    return List.of(
        new SpotForecast.StepUsed(lower, run.validTime(lower), 1 - bracket.upperWeight()),
        new SpotForecast.StepUsed(upper, run.validTime(upper), bracket.upperWeight()));
  }

  /** A document inside a run: level value, step, grid point. */
  private record DocumentKey(int level, int step, int point) {}
}
