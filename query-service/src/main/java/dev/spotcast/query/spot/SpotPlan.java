package dev.spotcast.query.spot;

import dev.spotcast.interpolation.Bracket;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.sharding.ShardingStrategy;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a spot request needs from a run: the parameters, the levels and steps around the requested
 * height and time with their weights, and the search radius. Building it checks that the run covers
 * the request, so a plan is always answerable.
 *
 * @param levels the levels around {@code alt}, positions in {@code run.levels()}
 * @param steps the steps around {@code time}, positions in {@code run.steps()}
 */
public record SpotPlan(
    ForecastRun run, SpotRequest request, List<Parameter> parameters, Bracket levels, Bracket steps) {

  /**
   * Plans a request against a run.
   *
   * @throws BadParameterException when a requested parameter is not in the run
   * @throws OutsideForecastException when the place, height or time is outside the run
   */
  public static SpotPlan of(ForecastRun run, SpotRequest request) {
    List<Parameter> parameters = parameters(run, request.params());
    requireInsideGrid(run, request.lat(), request.lon());
    Bracket levels = levelBracket(run, request.alt());
    Bracket steps = stepBracket(run, request.time());
    return new SpotPlan(run, request, parameters, levels, steps);
  }

  /** Every (level, step) the interpolation reads: up to two levels times up to two steps. */
  public List<Combination> combinations() {
    List<Combination> combinations = new ArrayList<>(4);
    for (int l : positions(levels)) {
      for (int s : positions(steps)) {
        combinations.add(new Combination(l, s, run.levels().get(l), run.steps().get(s)));
      }
    }
    return combinations;
  }

  /** The combinations grouped by the index that holds them, in a stable order. */
  public Map<String, List<Combination>> combinationsByIndex(ShardingStrategy strategy) {
    return combinations().stream()
        .collect(
            Collectors.groupingBy(
                c -> strategy.indexName(c.levelPosition(), c.stepPosition()),
                LinkedHashMap::new,
                Collectors.toList()));
  }

  /**
   * Radius that holds at least the n nearest grid points: on a regular grid a disc of radius
   * spacing * (1 + sqrt(n)) contains more than n points wherever the request lies.
   */
  public double radiusKm() {
    return run.grid().maxSpacingKm() * (1 + Math.sqrt(request.neighbours()));
  }

  /** The one or two axis positions a bracket reads. */
  static int[] positions(Bracket bracket) {
    return bracket.single() ? new int[] {bracket.lower()} : new int[] {bracket.lower(), bracket.upper()};
  }

  private static List<Parameter> parameters(ForecastRun run, List<String> names) {
    if (names.isEmpty()) {
      return run.parameters();
    }
    List<Parameter> parameters = new ArrayList<>(names.size());
    for (String name : names) {
      Parameter parameter = run.parameter(name);
      if (parameter == null) {
        String known = run.parameters().stream().map(Parameter::name).collect(Collectors.joining(", "));
        throw new BadParameterException(
            "params", "unknown parameter '" + name + "' for model " + run.model() + "; known: " + known);
      }
      parameters.add(parameter);
    }
    return parameters;
  }

  private static void requireInsideGrid(ForecastRun run, double lat, double lon) {
    switch (run.grid()) {
      case RegularLatLonGrid grid -> {
        double south = grid.lat0();
        double north = grid.lat0() + grid.dLat() * (grid.nLat() - 1);
        if (lat < south - 1e-9 || lat > north + 1e-9) {
          throw new OutsideForecastException(
              "lat",
              "lat " + plain(lat) + " is outside the grid of model " + run.model()
                  + "; valid: " + plain(south) + ".." + plain(north));
        }
        double span = grid.dLon() * (grid.nLon() - 1);
        boolean global = grid.dLon() * grid.nLon() >= 360 - 1e-9;
        // Measured eastwards from the grid's first column, so a grid across the antimeridian works.
        double east = ((lon - grid.lon0()) % 360 + 360) % 360;
        if (!global && east > span + 1e-9) {
          double west = RegularLatLonGrid.normaliseLongitude(grid.lon0());
          throw new OutsideForecastException(
              "lon",
              "lon " + plain(lon) + " is outside the grid of model " + run.model()
                  + "; valid: " + plain(west) + ".." + plain(west + span));
        }
      }
    }
  }

  private static Bracket levelBracket(ForecastRun run, double alt) {
    List<Integer> axis = run.levels();
    // Pressure levels are interpolated linearly in ln(p), the others linearly in their value.
    Bracket bracket =
        run.levelType() == LevelType.ISOBARIC ? Bracket.of(axis, alt, Math::log) : Bracket.linear(axis, alt);
    if (bracket != null) {
      return bracket;
    }
    String unit = unitSuffix(run.levelType());
    int lowest = axis.getFirst();
    int highest = axis.getLast();
    String valid = "; valid: " + lowest + ".." + highest + unit;
    String where = alt > highest ? " is above the highest level " + highest : " is below the lowest level " + lowest;
    throw new OutsideForecastException("alt", "alt " + plain(alt) + unit + where + unit + valid);
  }

  private static Bracket stepBracket(ForecastRun run, Instant time) {
    Duration sinceRun = Duration.between(run.runTime(), time);
    double hours = (sinceRun.getSeconds() + sinceRun.getNano() / 1e9) / 3600;
    Bracket bracket = Bracket.linear(run.steps(), hours);
    if (bracket != null) {
      return bracket;
    }
    Instant first = run.validTime(run.steps().getFirst());
    Instant last = run.validTime(run.steps().getLast());
    String where = time.isBefore(first) ? " is before the first step" : " is after the last step";
    throw new OutsideForecastException(
        "time",
        "time " + time + where + " of run " + run.runId() + " of model " + run.model()
            + "; valid: " + first + ".." + last);
  }

  private static String unitSuffix(LevelType type) {
    return type.unit().isEmpty() ? "" : " " + type.unit();
  }

  /** A number as people write it: 12000 rather than 12000.0. */
  static String plain(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }
}
