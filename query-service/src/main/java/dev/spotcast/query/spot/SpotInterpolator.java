package dev.spotcast.query.spot;

import dev.spotcast.index.DocumentIds;
import dev.spotcast.model.Aggregation;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.query.interpolation.Bilinear;
import dev.spotcast.query.interpolation.Bracket;
import dev.spotcast.query.interpolation.InverseDistanceWeighting;
import dev.spotcast.query.interpolation.TimeWeights;
import dev.spotcast.query.search.ForecastHit;
import dev.spotcast.query.terrain.CellChoice;
import dev.spotcast.query.terrain.CellSelection;
import dev.spotcast.query.terrain.RunTerrain;
import dev.spotcast.query.terrain.TerrainProperties;
import dev.spotcast.weather.Wind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the documents around a request into values: inverse-distance weighting over the n nearest
 * grid points, then linear between the two levels (in ln p for pressure), then linear between the
 * two steps. A value missing at any point, level or step with a non-zero weight makes that
 * parameter unavailable, with the reason, rather than averaged over fewer points or interpolated
 * across a level where the parameter does not exist.
 */
public final class SpotInterpolator {

  private final InverseDistanceWeighting weighting;
  private final TerrainProperties terrain;

  public SpotInterpolator(InverseDistanceWeighting weighting) {
    this(weighting, TerrainProperties.defaults());
  }

  /**
   * @param terrain the lapse rate and the parameters {@code elevation=} corrects
   */
  public SpotInterpolator(InverseDistanceWeighting weighting, TerrainProperties terrain) {
    this.weighting = weighting;
    this.terrain = terrain;
  }

  public SpotForecast interpolate(SpotPlan plan, List<ForecastHit> hits) {
    Neighbourhood around = neighbourhood(plan, hits);
    return interpolate(
        plan, around, new Found(plan, plan.stepPositions(), around.points(), hits), null, true);
  }

  /**
   * Every step of a series: plans of one place at several times ({@link SpotPlan#at}) and the hits
   * of their one query ({@link SpotPlan#query(List)}). The grid points and their weights are worked
   * out once, as every step interpolates between the same neighbours, and the documents are indexed
   * once for all steps, and each parameter at an instant is read along the steps in one pass. Only
   * the first answer says which levels and steps it was made from (a series gives each step's
   * values, and the rest from its first).
   */
  List<SpotForecast> series(List<SpotPlan> plans, List<ForecastHit> hits) {
    SpotPlan first = plans.getFirst();
    Neighbourhood around = neighbourhood(first, hits);
    Found found = new Found(first, SpotPlan.stepPositions(plans), around.points(), hits);
    double[][][] columns = new double[first.axes().size()][][];
    for (int a = 0; a < columns.length; a++) {
      List<Parameter> parameters = first.axes().get(a).parameters();
      columns[a] = new double[parameters.size()][];
      for (int k = 0; k < parameters.size(); k++) {
        if (!parameters.get(k).aggregation().overInterval()) {
          columns[a][k] = found.column(a, parameters.get(k).name(), around.weights());
        }
      }
    }
    List<SpotForecast> answers = new ArrayList<>(plans.size());
    for (SpotPlan plan : plans) {
      answers.add(interpolate(plan, around, found, columns, answers.isEmpty()));
    }
    return answers;
  }

  /**
   * The grid points an answer is made from, with their weights: the cell's corners (bilinear), or
   * the nearest points found (chosen by land or sea when the plan selects).
   *
   * @param candidates the points a cell selection chose among, by point (the geo path's only)
   */
  private record Neighbourhood(
      int[] points,
      double[] weights,
      List<SpotForecast.Neighbour> neighbours,
      CellChoice choice,
      Map<Integer, ForecastHit> candidates) {}

  private Neighbourhood neighbourhood(SpotPlan plan, List<ForecastHit> hits) {
    ForecastRun run = plan.run();
    SpotRequest request = plan.request();
    int[] points;
    double[] weights;
    List<SpotForecast.Neighbour> neighbours;
    CellChoice choice = plan.choice();
    Map<Integer, ForecastHit> candidates = Map.of();
    if (request.how().method() == Method.BILINEAR) {
      RegularLatLonGrid grid = (RegularLatLonGrid) run.grid();
      Bilinear.Corners corners = Bilinear.of(grid, request.where().lat(), request.where().lon());
      // A grid with a single row or column repeats corners: one neighbour each, weights added.
      Map<Integer, Double> byPoint = new LinkedHashMap<>(8);
      for (int i = 0; i < 4; i++) {
        byPoint.merge(corners.points()[i], corners.weights()[i], Double::sum);
      }
      points = new int[byPoint.size()];
      weights = new double[byPoint.size()];
      neighbours = new ArrayList<>(byPoint.size());
      int i = 0;
      for (Map.Entry<Integer, Double> corner : byPoint.entrySet()) {
        points[i] = corner.getKey();
        weights[i] = corner.getValue();
        double lat = grid.latitude(points[i]);
        double lon = grid.longitude(points[i]);
        double distance = Distances.metres(request.where().lat(), request.where().lon(), lat, lon);
        neighbours.add(new SpotForecast.Neighbour(points[i], lat, lon, distance, weights[i]));
        i++;
      }
    } else {
      List<ForecastHit> nearest = nearestPoints(hits, plan.searchNeighbours());
      if (plan.selecting() && choice == null) {
        // The geo path fetched the candidates: the selection chooses among them.
        choice =
            CellChoice.among(
                nearest.stream().mapToInt(ForecastHit::point).toArray(),
                nearest.stream().mapToDouble(ForecastHit::sortDistance).toArray(),
                plan.terrain(),
                request.where().site().selection(),
                request.how().neighbours());
        candidates = new HashMap<>();
        for (ForecastHit hit : nearest) {
          candidates.put(hit.point(), hit);
        }
        Set<Integer> chosen = new HashSet<>();
        for (int point : choice.points()) {
          chosen.add(point);
        }
        nearest = nearest.stream().filter(hit -> chosen.contains(hit.point())).toList();
      } else if (nearest.size() > request.how().neighbours()) {
        nearest = nearest.subList(0, request.how().neighbours());
      }
      if (nearest.isEmpty()) {
        throw new OutsideForecastException(
            "lat",
            "no grid point of model "
                + run.model()
                + " within "
                + SpotPlan.plain(Math.round(plan.radiusKm()))
                + " km of "
                + SpotPlan.plain(request.where().lat())
                + ", "
                + SpotPlan.plain(request.where().lon()));
      }
      neighbours = new ArrayList<>(nearest.size());
      double[] distances = new double[nearest.size()];
      for (int i = 0; i < distances.length; i++) {
        ForecastHit hit = nearest.get(i);
        double lat = hit.lat();
        double lon = hit.lon();
        if (run.grid() instanceof RegularLatLonGrid grid) {
          // Exact coordinates from the grid definition rather than the index's quantised geo_point.
          lat = grid.latitude(hit.point());
          lon = grid.longitude(hit.point());
        }
        distances[i] = Distances.metres(request.where().lat(), request.where().lon(), lat, lon);
        neighbours.add(new SpotForecast.Neighbour(hit.point(), lat, lon, distances[i], 0));
      }
      InverseDistanceWeighting idw =
          request.how().power() == null
              ? weighting
              : new InverseDistanceWeighting(request.how().power());
      weights = idw.weights(distances);
      for (int i = 0; i < neighbours.size(); i++) {
        SpotForecast.Neighbour n = neighbours.get(i);
        neighbours.set(
            i, new SpotForecast.Neighbour(n.point(), n.lat(), n.lon(), n.distance(), weights[i]));
      }
      points = nearest.stream().mapToInt(ForecastHit::point).toArray();
    }
    return new Neighbourhood(points, weights, neighbours, choice, candidates);
  }

  /**
   * @param columns per axis plan and parameter, its values along the steps read ({@link
   *     Found#column}), null where not read so; null: none
   * @param detailed whether the answer says which levels and steps it was made from
   */
  private SpotForecast interpolate(
      SpotPlan plan, Neighbourhood around, Found found, double[][][] columns, boolean detailed) {
    ForecastRun run = plan.run();
    SpotRequest request = plan.request();
    int[] points = around.points();
    double[] weights = around.weights();
    Map<String, SpotForecast.Value> values = new LinkedHashMap<>();
    List<SpotForecast.LevelUsed> levelsUsed = new ArrayList<>();
    for (int a = 0; a < plan.axes().size(); a++) {
      SpotPlan.AxisPlan axis = plan.axes().get(a);
      for (int k = 0; k < axis.parameters().size(); k++) {
        Parameter parameter = axis.parameters().get(k);
        double[] column = columns == null ? null : columns[a][k];
        int s =
            column == null || !plan.steps().single() ? -1 : found.readIndex(plan.steps().lower());
        values.put(
            parameter.name(),
            s >= 0 && !Double.isNaN(column[s])
                ? SpotForecast.Value.of(parameter.clamp(column[s]), parameter.unit())
                : value(plan, a, parameter, points, weights, found));
      }
      if (detailed) {
        levelsUsed.addAll(levelsUsed(axis));
      }
    }
    SpotForecast.TerrainUsed terrainUsed =
        terrainUsed(plan, points, weights, around.choice(), around.candidates(), values);
    addWind(values, "u", "v", "");
    addWind(values, "10u", "10v", "_10m");
    Derived.add(values, request);
    Vertical vertical = request.where().vertical();
    return new SpotForecast(
        run.model(),
        run.runTime(),
        request.time(),
        request.where().lat(),
        request.where().lon(),
        vertical != null && vertical.type() == LevelType.HEIGHT_ABOVE_GROUND
            ? vertical.value()
            : null,
        vertical != null && vertical.type() == LevelType.ISOBARIC ? vertical.value() : null,
        request.how().method().label(),
        values,
        around.neighbours(),
        levelsUsed,
        detailed ? stepsUsed(run, plan.steps()) : List.of(),
        null,
        null,
        null,
        null,
        terrainUsed,
        null,
        plan.terrain().pending());
  }

  /**
   * What the terrain did to an answer, or null when the run has none and the request said nothing
   * of it: the model's ground height at the place (weighted as the values are), the elevation
   * answered for, the temperature corrections from one to the other, and the grid points a cell
   * selection passed over. Corrects {@code values} in place.
   */
  private SpotForecast.TerrainUsed terrainUsed(
      SpotPlan plan,
      int[] points,
      double[] weights,
      CellChoice choice,
      Map<Integer, ForecastHit> candidates,
      Map<String, SpotForecast.Value> values) {
    RunTerrain runTerrain = plan.terrain();
    Site site = plan.request().where().site();
    if (runTerrain.pending()) {
      return new SpotForecast.TerrainUsed(
          null,
          null,
          null,
          null,
          null,
          site.elevation() == null ? null : "the run's terrain is still being read: not corrected",
          CellSelection.NEAREST.label(),
          null,
          "the terrain of run "
              + plan.run().runId()
              + " is still being read (it is read once when the run is"
              + " published): answered without it; ask again in a few seconds");
    }
    if (runTerrain.none() && site.elevation() == null && site.cellSelection() == null) {
      return null;
    }
    String model = plan.run().model();
    Double modelElevation = null;
    if (runTerrain.hasElevation()) {
      double sum = 0;
      for (int i = 0; i < points.length; i++) {
        if (weights[i] != 0) {
          sum += weights[i] * runTerrain.elevation(points[i]);
        }
      }
      modelElevation = Double.isFinite(sum) ? sum : null;
    }
    Double lapseRate = null;
    Map<String, Double> corrections = null;
    String notCorrected = null;
    if (site.elevation() != null) {
      Vertical vertical = plan.request().where().vertical();
      if (modelElevation == null) {
        notCorrected =
            runTerrain.hasElevation()
                ? "model "
                    + model
                    + " has no terrain height at a grid point used: values are at the model's ground"
                : "model "
                    + model
                    + "'s run has no orography ("
                    + String.join(", ", terrain.orographyParameters())
                    + " or "
                    + String.join(", ", terrain.geopotentialParameters())
                    + " on its surface): values are at the model's ground";
      } else if (vertical != null && vertical.type() == LevelType.ISOBARIC) {
        notCorrected = "pressure levels lie at the same height whatever the ground: not corrected";
      } else {
        double delta = terrain.lapseRate() * (modelElevation - site.elevation());
        lapseRate = terrain.lapseRate();
        corrections = new LinkedHashMap<>();
        for (String name : terrain.correctedParameters()) {
          SpotForecast.Value value = values.get(name);
          if (value != null && value.value() != null) {
            values.put(name, SpotForecast.Value.of(value.value() + delta, value.unit()));
            corrections.put(name, delta);
          }
        }
      }
    }
    String selection = null;
    List<SpotForecast.SkippedPoint> skipped = null;
    String fallback = null;
    if (runTerrain.hasMask()) {
      selection = plan.selecting() ? site.selection().label() : CellSelection.NEAREST.label();
      if (choice != null) {
        fallback = choice.fallback();
        skipped = new ArrayList<>(choice.skipped().size());
        String wanted = site.selection().label();
        for (CellChoice.Skipped passed : choice.skipped()) {
          double lat;
          double lon;
          if (plan.run().grid() instanceof RegularLatLonGrid grid) {
            lat = grid.latitude(passed.point());
            lon = grid.longitude(passed.point());
          } else {
            ForecastHit hit = candidates.get(passed.point());
            lat = hit == null ? Double.NaN : hit.lat();
            lon = hit == null ? Double.NaN : hit.lon();
          }
          double distance =
              Double.isNaN(lat)
                  ? passed.distance()
                  : Distances.metres(
                      plan.request().where().lat(), plan.request().where().lon(), lat, lon);
          Double fraction = Double.isNaN(passed.landFraction()) ? null : passed.landFraction();
          skipped.add(
              new SpotForecast.SkippedPoint(
                  passed.point(),
                  lat,
                  lon,
                  distance,
                  fraction,
                  fraction == null
                      ? "no land-sea mask value"
                      : "not "
                          + wanted
                          + ": land fraction "
                          + SpotPlan.plain(Math.round(fraction * 1000) / 1000.0)
                          + (wanted.equals("land") ? " < " : " >= ")
                          + SpotPlan.plain(runTerrain.landThreshold())));
        }
      }
    } else if (site.cellSelection() != null && site.cellSelection() != CellSelection.NEAREST) {
      fallback =
          "model "
              + model
              + "'s run has no land-sea mask ("
              + String.join(", ", terrain.landSeaMaskParameters())
              + " on its surface): the nearest grid points answer";
      selection = CellSelection.NEAREST.label();
    }
    Double elevation = site.elevation() != null ? site.elevation() : modelElevation;
    String elevationFrom =
        site.elevation() != null ? "request" : modelElevation != null ? "model" : null;
    return new SpotForecast.TerrainUsed(
        elevation,
        elevationFrom,
        modelElevation,
        lapseRate,
        corrections,
        notCorrected,
        selection,
        skipped,
        fallback);
  }

  /**
   * Wind speed and direction (meteorological, degrees from which it blows) from interpolated u and
   * v components when both are answered: {@code wind_speed}, {@code wind_direction} from u/v,
   * {@code wind_speed_10m}, {@code wind_direction_10m} from 10u/10v.
   */
  static void addWind(
      Map<String, SpotForecast.Value> values, String uName, String vName, String suffix) {
    SpotForecast.Value u = values.get(uName);
    SpotForecast.Value v = values.get(vName);
    if (u == null || v == null) {
      return;
    }
    String speed = "wind_speed" + suffix;
    String direction = "wind_direction" + suffix;
    if (u.value() == null || v.value() == null) {
      String reason =
          "derived from "
              + uName
              + " and "
              + vName
              + ": "
              + (u.value() == null ? u.reason() : v.reason());
      values.put(speed, SpotForecast.Value.unavailable(u.unit(), reason));
      values.put(direction, SpotForecast.Value.unavailable("deg", reason));
      return;
    }
    values.put(speed, SpotForecast.Value.of(Wind.speed(u.value(), v.value()), u.unit()));
    values.put(direction, SpotForecast.Value.of(Wind.direction(u.value(), v.value()), "deg"));
  }

  /**
   * The hits of the n nearest distinct grid points, ordered as Elasticsearch sorted them (distance,
   * then point id), merged over the hits of every index.
   */
  static List<ForecastHit> nearestPoints(List<ForecastHit> hits, int n) {
    // Per distinct point its nearest hit; the points are few (the neighbours and candidates), the
    // hits of a series many (every step of each), so a scan beats a map of boxed keys.
    List<ForecastHit> byPoint = new ArrayList<>();
    for (ForecastHit hit : hits) {
      int i = 0;
      while (i < byPoint.size() && byPoint.get(i).point() != hit.point()) {
        i++;
      }
      if (i == byPoint.size()) {
        byPoint.add(hit);
      } else if (hit.sortDistance() < byPoint.get(i).sortDistance()) {
        byPoint.set(i, hit);
      }
    }
    byPoint.sort(
        (a, b) -> {
          int byDistance = Double.compare(a.sortDistance(), b.sortDistance());
          return byDistance != 0 ? byDistance : Integer.compare(a.point(), b.point());
        });
    return byPoint.size() > n ? List.copyOf(byPoint.subList(0, n)) : List.copyOf(byPoint);
  }

  private static SpotForecast.Value value(
      SpotPlan plan, int a, Parameter parameter, int[] points, double[] weights, Found found) {
    SpotPlan.AxisPlan axis = plan.axes().get(a);
    LevelAxis levelAxis = axis.axis();
    Bracket levels = axis.levels();
    int[] levelPositions = SpotPlan.positions(levels);
    // The steps this parameter is made of and their weights: the bracket around the time for a
    // value at an instant, the intervals of its period for one over time.
    TimeWeights period = plan.timeWeights(parameter);
    int[] positions;
    double[] stepWeights;
    if (period == null) {
      Bracket steps = plan.steps();
      positions = SpotPlan.positions(steps);
      stepWeights =
          steps.single()
              ? new double[] {1}
              : new double[] {1 - steps.upperWeight(), steps.upperWeight()};
    } else if (period.missing() != null) {
      return SpotForecast.Value.unavailable(
          parameter.unit(),
          parameter.name() + " " + describe(plan, parameter, period) + ": " + period.missing());
    } else {
      positions = period.positions();
      stepWeights = period.weights();
    }
    double total = 0;
    for (int p = 0; p < positions.length; p++) {
      int s = found.readIndex(positions[p]);
      int step = plan.run().steps().get(positions[p]);
      double[] byLevel = new double[2];
      for (int l = 0; l < levelPositions.length; l++) {
        double level = levelAxis.levels().get(levelPositions[l]);
        double sum = 0;
        for (int i = 0; i < points.length; i++) {
          if (weights[i] == 0) {
            continue;
          }
          ForecastHit stored = s < 0 ? null : found.get(a, l, s, i);
          double v = stored == null ? Double.NaN : stored.number(parameter.name());
          if (!Double.isFinite(v)) {
            String at =
                levelAxis.type().singleLevel() ? "" : " at " + levelLabel(levelAxis, level) + ",";
            return SpotForecast.Value.unavailable(
                parameter.unit(),
                parameter.name()
                    + " has no value"
                    + at
                    + " step "
                    + step
                    + ", grid point "
                    + points[i]);
          }
          sum += weights[i] * v;
        }
        byLevel[l] = sum;
      }
      total += stepWeights[p] * levels.interpolate(byLevel[0], byLevel[1]);
    }
    SpotForecast.Value value = SpotForecast.Value.of(parameter.clamp(total), parameter.unit());
    return period == null ? value : value.over(over(plan, parameter, period));
  }

  /** The period a value over time was answered for, as times. */
  private static SpotForecast.Period over(SpotPlan plan, Parameter parameter, TimeWeights period) {
    ForecastRun run = plan.run();
    return new SpotForecast.Period(
        parameter.aggregation().label(),
        at(run, period.from()),
        at(run, period.to()),
        period.split() ? true : null);
  }

  private static Instant at(ForecastRun run, double steps) {
    return run.runTime().plusMillis(Math.round(steps * run.stepUnitMinutes() * 60_000));
  }

  private static String describe(SpotPlan plan, Parameter parameter, TimeWeights period) {
    ForecastRun run = plan.run();
    return parameter.aggregation() == Aggregation.SUM
        ? "over " + at(run, period.from()) + ".." + at(run, period.to())
        : "at " + at(run, period.to());
  }

  private static String levelLabel(LevelAxis axis, double level) {
    String unit = axis.type().unit();
    return DocumentIds.level(level) + (unit.isEmpty() ? "" : " " + unit);
  }

  private static List<SpotForecast.LevelUsed> levelsUsed(SpotPlan.AxisPlan plan) {
    LevelAxis axis = plan.axis();
    Bracket bracket = plan.levels();
    String type = axis.type().label();
    String unit = axis.type().unit();
    if (bracket.single()) {
      return List.of(new SpotForecast.LevelUsed(type, axis.levels().get(bracket.lower()), unit, 1));
    }
    return List.of(
        new SpotForecast.LevelUsed(
            type, axis.levels().get(bracket.lower()), unit, 1 - bracket.upperWeight()),
        new SpotForecast.LevelUsed(
            type, axis.levels().get(bracket.upper()), unit, bracket.upperWeight()));
  }

  /** The steps of the bracket around the time (what values at an instant are interpolated from). */
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

  /**
   * The documents found, indexed as {@link #value} reads them: by the plan's axis, the level's
   * place in its bracket (lower, upper), the step's place among the steps read and the grid point's
   * among the neighbours, in one pass over the hits and without a key object per document. A hit of
   * a document the answer does not use (a candidate point passed over, a level outside the bracket)
   * is left out; of two hits of one document the first is kept.
   */
  private static final class Found {

    private final List<SpotPlan.AxisPlan> axes;
    private final int[] read;
    private final int[] points;
    private final ForecastHit[] hits;

    /**
     * @param read the positions of the steps read among the run's steps, ascending
     * @param points the neighbours' grid points
     */
    Found(SpotPlan plan, int[] read, int[] points, List<ForecastHit> found) {
      this.axes = plan.axes();
      this.read = read;
      this.points = points;
      ForecastRun run = plan.run();
      hits = new ForecastHit[axes.size() * 2 * read.length * points.length];
      // The levels of each axis plan's bracket, unboxed once (NaN: no upper level).
      double[] lower = new double[axes.size()];
      double[] upper = new double[axes.size()];
      for (int a = 0; a < axes.size(); a++) {
        Bracket bracket = axes.get(a).levels();
        List<Double> levels = axes.get(a).axis().levels();
        lower[a] = levels.get(bracket.lower());
        upper[a] = bracket.single() ? Double.NaN : levels.get(bracket.upper());
      }
      int lastStep = Integer.MIN_VALUE;
      int lastPosition = -1;
      for (ForecastHit hit : found) {
        int i = 0;
        while (i < points.length && points[i] != hit.point()) {
          i++;
        }
        if (i == points.length) {
          continue;
        }
        if (hit.step() != lastStep) {
          lastStep = hit.step();
          lastPosition = run.stepPosition(lastStep);
        }
        int s = readIndex(lastPosition);
        if (s < 0) {
          continue;
        }
        // An axis can be planned more than once (fields of their own height: 2 m and 10 m).
        for (int a = 0; a < axes.size(); a++) {
          if (axes.get(a).position() != hit.axisPosition()) {
            continue;
          }
          int l =
              Double.compare(lower[a], hit.level()) == 0
                  ? 0
                  : Double.compare(upper[a], hit.level()) == 0 ? 1 : -1;
          if (l >= 0 && hits[slot(a, l, s, i)] == null) {
            hits[slot(a, l, s, i)] = hit;
          }
        }
      }
    }

    /** The place of a step position among those read, negative when it was not read. */
    int readIndex(int stepPosition) {
      if (stepPosition < 0 || read.length == 0) {
        return -1;
      }
      if (read[read.length - 1] - read[0] == read.length - 1) {
        // Consecutive steps (a series, a bracket): no search.
        int s = stepPosition - read[0];
        return s < read.length ? s : -1;
      }
      return Arrays.binarySearch(read, stepPosition);
    }

    private int slot(int a, int l, int s, int i) {
      return ((a * 2 + l) * read.length + s) * points.length + i;
    }

    /** The document at an axis, level place, step place and neighbour, null when none was found. */
    ForecastHit get(int a, int l, int s, int i) {
      return hits[slot(a, l, s, i)];
    }

    /**
     * A parameter at an instant (not over time) at every step read, each step alone: what {@link
     * #value} makes of it at that step, by the same arithmetic in the same order, before the
     * parameter's clamp; NaN where a value it needs is missing (there {@link #value} says which).
     * Reads each parameter once per block rather than once per step.
     */
    double[] column(int a, String parameter, double[] weights) {
      Bracket levels = axes.get(a).levels();
      int levelCount = levels.single() ? 1 : 2;
      double[][] byLevel = new double[2][read.length];
      boolean[] missing = new boolean[read.length];
      for (int l = 0; l < levelCount; l++) {
        for (int i = 0; i < points.length; i++) {
          if (weights[i] == 0) {
            continue;
          }
          Object block = null;
          float[] numbers = null;
          for (int s = 0; s < read.length; s++) {
            ForecastHit hit = get(a, l, s, i);
            double v;
            if (hit == null) {
              v = Double.NaN;
            } else if (hit.block() != null) {
              if (hit.block() != block) {
                block = hit.block();
                numbers = hit.blockColumn(parameter);
              }
              v = hit.number(numbers);
            } else {
              v = hit.number(parameter);
            }
            if (!Double.isFinite(v)) {
              missing[s] = true;
            }
            byLevel[l][s] += weights[i] * v;
          }
        }
      }
      double[] column = new double[read.length];
      for (int s = 0; s < read.length; s++) {
        double total = 0;
        total += 1.0 * levels.interpolate(byLevel[0][s], byLevel[1][s]);
        column[s] = missing[s] ? Double.NaN : total;
      }
      return column;
    }
  }
}
