package dev.spotcast.query.spot;

import dev.spotcast.model.Aggregation;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.GridDefinition;
import dev.spotcast.model.IrregularGrid;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.query.interpolation.Bracket;
import dev.spotcast.query.interpolation.TimeWeights;
import dev.spotcast.query.search.Combination;
import dev.spotcast.query.search.GridNeighbours;
import dev.spotcast.query.search.NeighbourQuery;
import dev.spotcast.query.terrain.CellChoice;
import dev.spotcast.query.terrain.CellSelection;
import dev.spotcast.query.terrain.RunTerrain;
import dev.spotcast.sharding.ShardingStrategy;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What a spot request needs from a run: per level type it reads, the parameters and the levels
 * around the requested height or pressure with their weights; the steps around the requested time;
 * the search radius. Building it checks that the run covers the request, so a plan is always
 * answerable.
 *
 * @param axes the level types read, each with its parameters and level bracket
 * @param steps the steps around {@code time}, positions in {@code run.steps()}
 * @param terrain the run's terrain ({@link RunTerrain#NONE} when it has none or it was not asked
 *     for)
 * @param selecting whether the neighbours are chosen by land or sea among {@code candidates} times
 *     n nearest points
 * @param choice on a regular grid when selecting: the grid points chosen (from the grid definition
 *     and the terrain), fetched by id; null otherwise. The plan decides the grid points a search
 *     reads on a regular grid, this choice included ({@link #query()})
 */
public record SpotPlan(
    ShardingStrategy strategy,
    SpotRequest request,
    List<AxisPlan> axes,
    Bracket steps,
    RunTerrain terrain,
    int candidates,
    boolean selecting,
    CellChoice choice) {

  public SpotPlan(
      ShardingStrategy strategy, SpotRequest request, List<AxisPlan> axes, Bracket steps) {
    this(strategy, request, axes, steps, RunTerrain.NONE, 1, false, null);
  }

  /**
   * This plan with the run's terrain: on a run with a land-sea mask, a request by idw or nearest
   * takes its neighbours by {@code cell_selection} among {@code candidates} times n nearest points;
   * on a regular grid they are chosen here.
   */
  public SpotPlan withTerrain(RunTerrain runTerrain, int candidateFactor) {
    boolean select =
        runTerrain.hasMask()
            && request.how().method() != Method.BILINEAR
            && request.where().site().selection() != CellSelection.NEAREST;
    SpotPlan plan =
        new SpotPlan(
            strategy, request, axes, steps, runTerrain, select ? candidateFactor : 1, select, null);
    if (select && run().grid() instanceof RegularLatLonGrid grid) {
      GridNeighbours.Nearest nearest = plan.nearest(grid, plan.searchNeighbours());
      CellChoice chosen =
          CellChoice.among(
              nearest.points(),
              nearest.distances(),
              runTerrain,
              request.where().site().selection(),
              request.how().neighbours());
      return new SpotPlan(
          strategy, request, axes, steps, runTerrain, plan.candidates, true, chosen);
    }
    return plan;
  }

  /**
   * The same plan at another time of the same run: everything but the steps is the place's, so a
   * series plans its place once and each step from it.
   *
   * @throws OutsideForecastException when the time is outside the run
   */
  public SpotPlan at(Instant time) {
    return new SpotPlan(
        strategy,
        request.at(time),
        axes,
        stepBracket(run(), time, axes),
        terrain,
        candidates,
        selecting,
        choice);
  }

  /**
   * The same plan at a step of the run (a position in its steps), read alone: what a series asks at
   * each step.
   */
  public SpotPlan atStep(int position) {
    Instant time = run().validTime(run().steps().get(position));
    return new SpotPlan(
        strategy,
        request.at(time),
        axes,
        new Bracket(position, position, 0),
        terrain,
        candidates,
        selecting,
        choice);
  }

  /**
   * The plans of a series at a request's place: one per step of the run whose valid time lies in
   * [from, to] (null: unbounded), in time order, the place planned once by {@code place} at the
   * first of them and each later step from it ({@link #atStep}). Amounts are answered over each
   * step's own interval, so that they add up, unless the request asks for a period. Empty when no
   * step lies in the range.
   *
   * @param place plans the request at the first step (the caller's planning: terrain and all)
   */
  public static List<SpotPlan> series(
      ForecastRun run,
      SpotRequest request,
      Instant from,
      Instant to,
      Function<SpotRequest, SpotPlan> place) {
    SpotRequest each = request.periodAsked() ? request : request.over(SpotRequest.OWN_INTERVAL);
    List<SpotPlan> plans = new ArrayList<>(run.steps().size());
    for (int position = 0; position < run.steps().size(); position++) {
      Instant valid = run.validTime(run.steps().get(position));
      if ((from == null || !valid.isBefore(from)) && (to == null || !valid.isAfter(to))) {
        plans.add(
            plans.isEmpty()
                ? place.apply(each.at(valid)).atStep(position)
                : plans.getFirst().atStep(position));
      }
    }
    return plans;
  }

  /** The step this plan reads alone ({@link #atStep}), or the lower step of its bracket. */
  public int step() {
    return run().steps().get(steps.lower());
  }

  /** What the neighbour search reads for this plan, its grid points all worked out. */
  public NeighbourQuery query() {
    return query(true);
  }

  /**
   * What the neighbour search reads for this plan.
   *
   * @param idsPath whether the search takes the ids path for this run ({@code
   *     NeighbourSearch.usesIds}); when not, the n nearest points are left to the geo path, which
   *     finds them itself, and not worked out here
   */
  public NeighbourQuery query(boolean idsPath) {
    return query(combinationsByIndex(stepPositions()), idsPath);
  }

  /**
   * What the neighbour search reads for the plans of one place at several times (the steps of a
   * series, each from {@link #at}): every (level, step) any of them needs, in one query, its grid
   * points all worked out.
   */
  public static NeighbourQuery query(List<SpotPlan> samePlace) {
    return query(samePlace, true);
  }

  /**
   * As {@link #query(List)}; with {@code idsPath} false the n nearest points are left to the geo
   * path ({@link #query(boolean)}).
   */
  public static NeighbourQuery query(List<SpotPlan> samePlace, boolean idsPath) {
    SpotPlan first = samePlace.getFirst();
    return first.query(first.combinationsByIndex(stepPositions(samePlace)), idsPath);
  }

  /** Every step any of the plans reads ({@link #stepPositions()}), positions in order. */
  static int[] stepPositions(List<SpotPlan> plans) {
    TreeSet<Integer> read = new TreeSet<>();
    for (SpotPlan plan : plans) {
      for (int s : plan.stepPositions()) {
        read.add(s);
      }
    }
    return read.stream().mapToInt(Integer::intValue).toArray();
  }

  private NeighbourQuery query(Map<String, List<Combination>> byIndex, boolean idsPath) {
    return new NeighbourQuery(
        strategy,
        request.where().lat(),
        request.where().lon(),
        request.how().neighbours(),
        searchNeighbours(),
        radiusKm(),
        points(idsPath),
        request.how().method() == Method.BILINEAR || choice != null,
        parameters(),
        byIndex);
  }

  /**
   * The grid points the search reads, decided here once on a regular lat/lon grid: the points a
   * cell selection chose ({@link #withTerrain}), the corners of the grid cell (bilinear), or the n
   * nearest within the radius, as the geo path's sort would leave them; null on other grids, whose
   * points only the geo path's search finds, and for the n nearest when the search does not take
   * the ids path ({@code idsPath} false): its geo path finds them.
   */
  private GridNeighbours.Nearest points(boolean idsPath) {
    if (!(run().grid() instanceof RegularLatLonGrid grid)) {
      return null;
    }
    if (choice != null) {
      return new GridNeighbours.Nearest(choice.points(), choice.distances());
    }
    if (request.how().method() == Method.BILINEAR) {
      return GridNeighbours.cell(grid, request.where().lat(), request.where().lon());
    }
    return idsPath ? nearest(grid, request.how().neighbours()) : null;
  }

  /** The {@code count} nearest grid points within this plan's radius. */
  private GridNeighbours.Nearest nearest(RegularLatLonGrid grid, int count) {
    return GridNeighbours.nearest(
        grid,
        request.where().lat(),
        request.where().lon(),
        count,
        NeighbourQuery.radiusMeters(radiusKm()));
  }

  /** How many nearest grid points are searched: n, or the candidates of a cell selection. */
  public int searchNeighbours() {
    return request.how().neighbours() * candidates;
  }

  /**
   * The part of a plan on one level type.
   *
   * @param position the axis's position in the run's axes
   * @param levels the levels around the request's height or pressure (position 0 of a single-level
   *     axis)
   */
  public record AxisPlan(
      int position, LevelAxis axis, List<Parameter> parameters, Bracket levels) {}

  /**
   * Plans a request against a run.
   *
   * @throws BadParameterException when a requested parameter is not in the run, or the request
   *     needs a vertical coordinate it did not give
   * @throws OutsideForecastException when the place, level type, height or time is outside the run
   */
  public static SpotPlan of(ShardingStrategy strategy, SpotRequest asked) {
    ForecastRun run = strategy.run();
    SpotRequest request =
        asked.withParams(asked.how().params().stream().map(run::storedName).distinct().toList());
    List<Integer> candidates;
    try {
      candidates = candidateAxes(run, request.where().vertical());
    } catch (BadParameterException | OutsideForecastException e) {
      // Asked only for fields with a height of their own (2t, 10u): no vertical needed.
      if (request.how().params().isEmpty() || !ownHeightsOnly(run, request.how().params())) {
        throw e;
      }
      candidates = List.of();
    }
    List<AxisPlan> axes = axisPlans(run, request, candidates);
    requireInsideGrid(run, request.where().lat(), request.where().lon());
    if (request.how().method() == Method.BILINEAR && !(run.grid() instanceof RegularLatLonGrid)) {
      throw new BadParameterException(
          "method",
          "method=bilinear needs a regular lat/lon grid; model "
              + run.model()
              + " has a "
              + run.grid().kind()
              + " grid: use method=idw or method=nearest");
    }
    Bracket steps = stepBracket(run, request.time(), axes);
    return new SpotPlan(strategy, request, axes, steps);
  }

  /**
   * As {@link #of(ShardingStrategy, SpotRequest)}, building the run's sharding strategy (hashing
   * every routing tile): for tests and tools; the service plans with the catalog's strategy of the
   * run.
   */
  public static SpotPlan of(ForecastRun run, SpotRequest request) {
    return of(new ShardingStrategy(run), request);
  }

  /** The run planned against. */
  public ForecastRun run() {
    return strategy.run();
  }

  /** Every parameter answered, in plan order. */
  public List<Parameter> parameters() {
    List<Parameter> all = new ArrayList<>();
    for (AxisPlan axis : axes) {
      all.addAll(axis.parameters());
    }
    return all;
  }

  /**
   * Every (level, step) the interpolation reads: per axis up to two levels times up to two steps.
   */
  public List<Combination> combinations() {
    return combinations(stepPositions());
  }

  /** Every (level, step) of some steps (positions in the run's steps) at the plan's levels. */
  private List<Combination> combinations(int[] read) {
    // A set: a parameter read at its own height may share a level with the bracket's.
    Set<Combination> combinations = new LinkedHashSet<>(4 * axes.size() * read.length);
    for (AxisPlan axis : axes) {
      for (int l : positions(axis.levels())) {
        for (int s : read) {
          combinations.add(
              new Combination(
                  axis.position(), l, s, axis.axis().levels().get(l), run().steps().get(s)));
        }
      }
    }
    return List.copyOf(combinations);
  }

  /** The combinations grouped by the index that holds them, in a stable order. */
  public Map<String, List<Combination>> combinationsByIndex() {
    return combinationsByIndex(stepPositions());
  }

  private Map<String, List<Combination>> combinationsByIndex(int[] read) {
    return combinations(read).stream()
        .collect(
            Collectors.groupingBy(
                c -> strategy.indexName(c.axisPosition(), c.levelPosition(), c.stepPosition()),
                LinkedHashMap::new,
                Collectors.toList()));
  }

  /**
   * Radius that holds at least the n nearest grid points: on a regular grid a disc of radius
   * spacing * (1 + sqrt(n)) contains more than n points wherever the request lies.
   */
  public double radiusKm() {
    return run().grid().maxSpacingKm() * (1 + Math.sqrt(searchNeighbours()));
  }

  /**
   * How a parameter over time intervals is answered at the request's time: an amount ({@link
   * Aggregation#SUM}) over the request's period before it, anything else (and an amount when the
   * period is {@link SpotRequest#OWN_INTERVAL}) over the interval the time falls in; null for a
   * value at an instant, which the step bracket interpolates.
   */
  public TimeWeights timeWeights(Parameter parameter) {
    if (!parameter.aggregation().overInterval()) {
      return null;
    }
    ForecastRun run = run();
    double time = run.stepsSince(request.time());
    if (parameter.aggregation() == Aggregation.SUM
        && !request.amountPeriod().equals(SpotRequest.OWN_INTERVAL)) {
      double period = request.amountPeriod().toSeconds() / (60.0 * run.stepUnitMinutes());
      return TimeWeights.sum(run.steps(), parameter.starts(), time - period, time);
    }
    return TimeWeights.within(run.steps(), parameter.starts(), time);
  }

  /**
   * Every step read, positions in {@code run.steps()} in order: the bracket around the time, and
   * the intervals the parameters over time need.
   */
  public int[] stepPositions() {
    if (steps.single() && axes.stream().allMatch(SpotPlan::atInstantsOnly)) {
      return new int[] {steps.lower()}; // a step of a series: the step alone
    }
    TreeSet<Integer> all = new TreeSet<>();
    for (int s : positions(steps)) {
      all.add(s);
    }
    for (Parameter parameter : parameters()) {
      TimeWeights weights = timeWeights(parameter);
      if (weights != null) {
        for (int s : weights.positions()) {
          all.add(s);
        }
      }
    }
    return all.stream().mapToInt(Integer::intValue).toArray();
  }

  private static boolean atInstantsOnly(AxisPlan axis) {
    for (Parameter parameter : axis.parameters()) {
      if (parameter.aggregation().overInterval()) {
        return false;
      }
    }
    return true;
  }

  static int[] positions(Bracket bracket) {
    return bracket.single()
        ? new int[] {bracket.lower()}
        : new int[] {bracket.lower(), bracket.upper()};
  }

  /** The axes a request can read: the one of its vertical coordinate, or every single-level one. */
  private static List<Integer> candidateAxes(ForecastRun run, Vertical vertical) {
    List<Integer> candidates = new ArrayList<>();
    for (int i = 0; i < run.axes().size(); i++) {
      LevelType type = run.axes().get(i).type();
      if (vertical == null ? type.singleLevel() : type == vertical.type()) {
        candidates.add(i);
      }
    }
    if (!candidates.isEmpty()) {
      return candidates;
    }
    if (vertical == null) {
      throw new BadParameterException(
          "alt",
          "model "
              + run.model()
              + " has no single-level fields: ask with "
              + run.axes().stream().map(SpotPlan::howToAsk).collect(Collectors.joining(" or ")));
    }
    throw new OutsideForecastException(
        vertical.parameter(),
        "model "
            + run.model()
            + " has no "
            + vertical.type().label()
            + " levels ("
            + vertical.parameter()
            + "=); it has: "
            + run.axes().stream().map(SpotPlan::describe).collect(Collectors.joining("; ")));
  }

  /** Refuses a parameter name the run does not have (400 naming params, with the known ones). */
  public static void checkParameters(ForecastRun run, List<String> names) {
    for (String name : names) {
      if (run.parameter(name) == null) {
        throw unknownParameter(run, name);
      }
    }
  }

  private static BadParameterException unknownParameter(ForecastRun run, String name) {
    String known = run.parameters().stream().map(Parameter::name).collect(Collectors.joining(", "));
    return new BadParameterException(
        "params",
        "unknown parameter '" + name + "' for model " + run.model() + "; known: " + known);
  }

  private static List<AxisPlan> axisPlans(
      ForecastRun run, SpotRequest request, List<Integer> candidates) {
    Map<Integer, List<Parameter>> byAxis = new LinkedHashMap<>();
    candidates.forEach(c -> byAxis.put(c, new ArrayList<>()));
    // Fields that exist on one level only (2 m temperature, 10 m wind) are read at that level.
    Map<OwnHeight, List<Parameter>> ownHeight = new LinkedHashMap<>();
    if (request.how().params().isEmpty()) {
      for (int c : candidates) {
        byAxis.get(c).addAll(run.axes().get(c).parameters());
      }
    } else {
      for (String name : request.how().params()) {
        Parameter parameter = run.parameter(name);
        if (parameter == null && Derived.definition(name) != null) {
          addIngredients(run, Derived.definition(name), candidates, byAxis, ownHeight);
          continue;
        }
        if (parameter == null) {
          throw unknownParameter(run, name);
        }
        if (byAxis.values().stream().anyMatch(ps -> ps.contains(parameter))
            || ownHeight.values().stream().anyMatch(ps -> ps.contains(parameter))) {
          continue;
        }
        OwnHeight own = ownHeight(run, name);
        if (own != null) {
          ownHeight.computeIfAbsent(own, k -> new ArrayList<>()).add(parameter);
          continue;
        }
        Integer axis =
            candidates.stream()
                .filter(c -> run.axes().get(c).parameter(name) != null)
                .findFirst()
                .orElse(null);
        if (axis == null) {
          String where =
              run.axes().stream()
                  .filter(a -> a.parameter(name) != null)
                  .map(SpotPlan::howToAsk)
                  .collect(Collectors.joining(" or "));
          throw new OutsideForecastException(
              "params",
              "parameter "
                  + name
                  + " of model "
                  + run.model()
                  + " is not on the levels asked for; ask with "
                  + where);
        }
        byAxis.get(axis).add(parameter);
      }
    }
    if (byAxis.values().stream().allMatch(List::isEmpty)
        && ownHeight.isEmpty()
        && !candidates.isEmpty()) {
      // Only values of the place and time (is_day) asked: read the first parameter, so that the
      // answer still names its grid points and the place is checked against the grid.
      int first = candidates.getFirst();
      byAxis.get(first).add(run.axes().get(first).parameters().getFirst());
    }
    List<AxisPlan> plans = new ArrayList<>();
    for (Map.Entry<Integer, List<Parameter>> entry : byAxis.entrySet()) {
      if (entry.getValue().isEmpty()) {
        continue;
      }
      LevelAxis axis = run.axes().get(entry.getKey());
      Bracket levels =
          axis.type().singleLevel()
              ? new Bracket(0, 0, 0)
              : levelBracket(run, axis, request.where().vertical());
      plans.add(new AxisPlan(entry.getKey(), axis, List.copyOf(entry.getValue()), levels));
    }
    for (Map.Entry<OwnHeight, List<Parameter>> entry : ownHeight.entrySet()) {
      OwnHeight at = entry.getKey();
      plans.add(
          new AxisPlan(
              at.axis(),
              run.axes().get(at.axis()),
              List.copyOf(entry.getValue()),
              new Bracket(at.level(), at.level(), 0)));
    }
    return plans;
  }

  /** A level of an axis that some parameters are read at whatever the request's height. */
  private record OwnHeight(int axis, int level) {}

  /**
   * Where a parameter that has values on one level of a height or pressure axis only (2t at 2 m, or
   * any parameter of an axis of one level) is read; null for one on several levels or on a
   * single-level axis.
   */
  private static OwnHeight ownHeight(ForecastRun run, String name) {
    for (int a = 0; a < run.axes().size(); a++) {
      LevelAxis axis = run.axes().get(a);
      Parameter p = axis.parameter(name);
      if (p == null || axis.type().singleLevel()) {
        continue;
      }
      Double own = axis.levels().size() == 1 ? axis.levels().getFirst() : p.ownLevel();
      if (own != null) {
        int level = axis.levels().indexOf(own);
        if (level >= 0) {
          return new OwnHeight(a, level);
        }
      }
    }
    return null;
  }

  /**
   * Whether every parameter asked for (or what the derived ones are made of) has a height of its
   * own, so that the request needs no vertical coordinate.
   */
  private static boolean ownHeightsOnly(ForecastRun run, List<String> params) {
    for (String name : params) {
      Derived.Definition derived = run.parameter(name) == null ? Derived.definition(name) : null;
      if (derived != null) {
        List<String> reads = Derived.reads(derived, n -> ownHeight(run, n) != null);
        if (reads == null || reads.isEmpty()) {
          return false;
        }
      } else if (ownHeight(run, name) == null) {
        return false;
      }
    }
    return true;
  }

  /** Adds what a derived variable is made of to the axes (or own heights) it is read from. */
  private static void addIngredients(
      ForecastRun run,
      Derived.Definition derived,
      List<Integer> candidates,
      Map<Integer, List<Parameter>> byAxis,
      Map<OwnHeight, List<Parameter>> ownHeight) {
    List<String> reads =
        Derived.reads(
            derived,
            n ->
                ownHeight(run, n) != null
                    || candidates.stream().anyMatch(c -> run.axes().get(c).parameter(n) != null));
    if (reads == null) {
      throw new OutsideForecastException(
          "params",
          derived.name()
              + " is made from "
              + Derived.needs(derived)
              + "; model "
              + run.model()
              + " has none of these on the levels asked for"
              + " (its parameters: "
              + run.parameters().stream().map(Parameter::name).collect(Collectors.joining(", "))
              + ")");
    }
    for (String name : reads) {
      OwnHeight own = ownHeight(run, name);
      if (own != null) {
        Parameter p = run.axes().get(own.axis()).parameter(name);
        List<Parameter> at = ownHeight.computeIfAbsent(own, k -> new ArrayList<>());
        if (!at.contains(p)) {
          at.add(p);
        }
        continue;
      }
      for (int c : candidates) {
        Parameter p = run.axes().get(c).parameter(name);
        if (p != null) {
          if (!byAxis.get(c).contains(p)) {
            byAxis.get(c).add(p);
          }
          break;
        }
      }
    }
  }

  private static void requireInsideGrid(ForecastRun run, double lat, double lon) {
    GridDefinition grid = run.grid();
    if (lat < grid.south() - 1e-9 || lat > grid.north() + 1e-9) {
      throw new OutsideForecastException(
          "lat",
          "lat "
              + plain(lat)
              + " is outside the grid of model "
              + run.model()
              + "; valid: "
              + plain(grid.south())
              + ".."
              + plain(grid.north()));
    }
    switch (grid) {
      case RegularLatLonGrid regular -> {
        double span = regular.dLon() * (regular.nLon() - 1);
        // Measured eastwards from the grid's first column, so a grid across the antimeridian works.
        double east = ((lon - regular.lon0()) % 360 + 360) % 360;
        if (!regular.global() && east > span + 1e-9) {
          double west = RegularLatLonGrid.normaliseLongitude(regular.lon0());
          throw new OutsideForecastException(
              "lon",
              "lon "
                  + plain(lon)
                  + " is outside the grid of model "
                  + run.model()
                  + "; valid: "
                  + plain(west)
                  + ".."
                  + plain(west + span));
        }
      }
      case IrregularGrid irregular -> {
        // Its outline is not a box: a place beyond it finds no grid point within the search radius.
      }
    }
  }

  private static Bracket levelBracket(ForecastRun run, LevelAxis axis, Vertical vertical) {
    List<Double> levels = axis.levels();
    double value = vertical.value();
    // Pressure levels are interpolated linearly in ln(p), the others linearly in their value.
    Bracket bracket =
        axis.type() == LevelType.ISOBARIC
            ? Bracket.of(levels, value, Math::log)
            : Bracket.linear(levels, value);
    if (bracket != null) {
      return bracket;
    }
    String unit = unitSuffix(axis.type());
    String lowest = plain(axis.lowest());
    String highest = plain(axis.highest());
    String valid = "; valid: " + lowest + ".." + highest + unit;
    // Pressure grows downwards: say "greater"/"less" rather than "above"/"below" for it.
    boolean pressure = axis.type() == LevelType.ISOBARIC;
    String where =
        value > axis.highest()
            ? (pressure ? " is greater than the largest level " : " is above the highest level ")
                + highest
            : (pressure ? " is less than the smallest level " : " is below the lowest level ")
                + lowest;
    throw new OutsideForecastException(
        vertical.parameter(),
        vertical.parameter()
            + " "
            + plain(value)
            + unit
            + where
            + unit
            + " of model "
            + run.model()
            + valid);
  }

  /**
   * The steps around the time. A time before the run's first step is still answered when every
   * parameter asked is over intervals and one of them starts before it: GFS writes no APCP at f000,
   * so 00:30 lies in the 0-1 h interval that ends at the first step.
   */
  private static Bracket stepBracket(ForecastRun run, Instant time, List<AxisPlan> axes) {
    double at = run.stepsSince(time);
    Bracket bracket = Bracket.linear(run.steps(), at);
    if (bracket != null) {
      return bracket;
    }
    if (at < run.steps().getFirst() && insideFirstIntervals(axes, at)) {
      return new Bracket(0, 0, 0);
    }
    Instant first = run.validTime(run.steps().getFirst());
    Instant last = run.validTime(run.steps().getLast());
    String where = time.isBefore(first) ? " is before the first step" : " is after the last step";
    throw new OutsideForecastException(
        "time",
        "time "
            + time
            + where
            + " of run "
            + run.runId()
            + " of model "
            + run.model()
            + "; valid: "
            + first
            + ".."
            + last);
  }

  /** Whether every parameter planned is over intervals and one of them starts before {@code at}. */
  private static boolean insideFirstIntervals(List<AxisPlan> axes, double at) {
    boolean any = false;
    for (AxisPlan axis : axes) {
      for (Parameter parameter : axis.parameters()) {
        if (!parameter.aggregation().overInterval()) {
          return false;
        }
        for (int start : parameter.starts()) {
          any |= start < at;
        }
      }
    }
    return any;
  }

  /**
   * "isobaric levels 400..1000 hPa (pressure=)" or "mean sea level (neither alt= nor pressure=)".
   */
  static String describe(LevelAxis axis) {
    if (axis.type().singleLevel()) {
      return axis.type().label() + " (neither alt= nor pressure=)";
    }
    return axis.type().label()
        + " levels "
        + plain(axis.lowest())
        + ".."
        + plain(axis.highest())
        + unitSuffix(axis.type())
        + " ("
        + axis.type().queryParameter()
        + "=)";
  }

  private static String howToAsk(LevelAxis axis) {
    if (axis.type().singleLevel()) {
      return "neither alt= nor pressure= (" + axis.type().label() + ")";
    }
    return axis.type().queryParameter()
        + "= in "
        + plain(axis.lowest())
        + ".."
        + plain(axis.highest())
        + unitSuffix(axis.type());
  }

  private static String unitSuffix(LevelType type) {
    return type.unit().isEmpty() ? "" : " " + type.unit();
  }

  /** A number as people write it: 12000 rather than 12000.0. */
  static String plain(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }
}
