package dev.spotcast.query.edr;

import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.Parameter;
import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.Vertical;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A validated EDR position query against one run: where, at which level, when, which parameters, in
 * which format. Everything is checked here, against the run held in memory, before anything is sent
 * to Elasticsearch; what only the run's coverage can refuse (a time or level outside it) is left to
 * the spot planning as for {@code /v1/spot}.
 *
 * <p>The level type of {@code z}: without z, the single-level fields (surface, mean sea level);
 * with z, the first level type of the run (in the order of the collection's {@code level_types})
 * that has levels and holds every parameter asked for: a height above ground in m or a pressure in
 * hPa, as {@code alt=} or {@code pressure=} of {@code /v1/spot}.
 *
 * @param vertical the height or pressure given (z or the Z of coords), or null
 * @param serviceParams what to ask the spot service for: stored parameters, wind components,
 *     derived variables it makes (never empty)
 * @param outputNames the parameters to answer, in order (derived wind included); empty: all
 *     answered
 * @param verticals the levels to answer, never empty: the one given; without z, for parameters on a
 *     level type with levels every level of it (EDR: no z means all levels); else one null (the
 *     single-level fields)
 */
public record PositionQuery(
    EdrCoords coords,
    Vertical vertical,
    EdrDatetime datetime,
    List<String> serviceParams,
    List<String> outputNames,
    EdrFormat format,
    List<Vertical> verticals) {

  static final String Z = "z";
  static final String PARAMETER_NAME = "parameter-name";

  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

  public static PositionQuery parse(
      ForecastRun run, String coords, String z, String datetime, String parameterNames, String f) {
    return parse(run, coords, z, datetime, parameterNames, f, null);
  }

  /**
   * @param accept the Accept header, which chooses the format when f is absent
   */
  public static PositionQuery parse(
      ForecastRun run,
      String coords,
      String z,
      String datetime,
      String parameterNames,
      String f,
      String accept) {
    EdrFormat format = EdrFormat.of(f, accept);
    return at(run, EdrCoords.parse(coords), z, datetime, parameterNames, format);
  }

  /**
   * The level, time, parameters and format of a query at a place already read (the position of a
   * point query; any place of an area or trajectory query, whose level and parameters are checked
   * the same way).
   */
  static PositionQuery at(
      ForecastRun run,
      EdrCoords where,
      String z,
      String datetime,
      String parameterNames,
      EdrFormat format) {
    Double level = level(z, where.z());
    EdrDatetime when = EdrDatetime.parse(datetime);
    List<String> asked = names(parameterNames);
    Set<String> stored = stored(run, asked);
    List<String> answered = answered(run, asked);
    LevelAxis axis = null;
    List<Vertical> verticals;
    Vertical vertical = null;
    if (level != null) {
      axis = leveledAxis(run, stored);
      if (axis.type() == LevelType.ISOBARIC && !(level > 0)) {
        throw new BadParameterException(
            Z,
            "z is a pressure in hPa for these parameters and must be positive, got "
                + plain(level));
      }
      vertical = new Vertical(axis.type(), level);
      verticals = List.of(vertical);
    } else if (singleLevel(run, stored)) {
      verticals = Collections.singletonList(null);
    } else {
      axis = leveledAxis(run, stored);
      LevelAxis all = axis;
      verticals = all.levels().stream().map(l -> new Vertical(all.type(), l)).toList();
    }
    List<String> serviceParams = !asked.isEmpty() ? answered : defaultParameters(run, axis);
    List<String> output = asked.stream().map(run::storedName).distinct().toList();
    return new PositionQuery(where, vertical, when, serviceParams, output, format, verticals);
  }

  /**
   * Whether the parameters asked for (all, when none was) are single-level fields; mixed ones are
   * refused (they have no level type in common).
   */
  private static boolean singleLevel(ForecastRun run, Set<String> stored) {
    boolean anySingleLevel = run.axes().stream().anyMatch(a -> a.type().singleLevel());
    if (stored.isEmpty()) {
      return anySingleLevel;
    }
    List<String> missing = new ArrayList<>();
    for (String name : stored) {
      if (run.axes().stream().noneMatch(a -> a.type().singleLevel() && a.parameter(name) != null)) {
        missing.add(name);
      }
    }
    if (missing.isEmpty()) {
      return true;
    }
    if (missing.size() < stored.size()) {
      throw new BadParameterException(
          PARAMETER_NAME,
          "parameters "
              + missing
              + " are not single-level fields but others asked for are: ask them separately; "
              + where(run));
    }
    return false;
  }

  /** z=, or the z of a POINT Z; both must agree. */
  private static Double level(String text, Double fromCoords) {
    Double z = null;
    if (text != null && !text.isBlank()) {
      String value = text.strip();
      if (!DECIMAL.matcher(value).matches()) {
        throw new BadParameterException(
            Z,
            "z must be a single level value (a decimal number: m above ground or hPa), got '"
                + value
                + "'");
      }
      z = Double.parseDouble(value);
      if (!Double.isFinite(z)) {
        throw new BadParameterException(Z, "z must be a finite number, got '" + value + "'");
      }
    }
    if (z != null && fromCoords != null && z.doubleValue() != fromCoords.doubleValue()) {
      throw new BadParameterException(
          Z,
          "z "
              + plain(z)
              + " differs from the z "
              + plain(fromCoords)
              + " of coords; give one of them");
    }
    return z != null ? z : fromCoords;
  }

  private static List<String> names(String text) {
    if (text == null) {
      return List.of();
    }
    Set<String> names = new LinkedHashSet<>();
    for (String part : text.split(",")) {
      if (!part.isBlank()) {
        names.add(part.strip());
      }
    }
    if (names.isEmpty()) {
      throw new BadParameterException(
          PARAMETER_NAME,
          "parameter-name must be a comma-separated list of parameter names, e.g. t,u,v; got '"
              + text
              + "'");
    }
    return List.copyOf(names);
  }

  /**
   * The stored parameters needed for the names asked for: a wind needs its components, a derived
   * variable of the spot what it is made from. Their levels decide the query's.
   */
  private static Set<String> stored(ForecastRun run, List<String> asked) {
    Set<String> stored = new LinkedHashSet<>();
    for (String name : asked) {
      if (run.parameter(name) != null) {
        stored.add(run.storedName(name));
        continue;
      }
      EdrParameters.Wind wind = EdrParameters.wind(name);
      if (wind != null && run.axes().stream().anyMatch(a -> EdrParameters.derivable(a, wind))) {
        stored.add(wind.u());
        stored.add(wind.v());
        continue;
      }
      List<String> ingredients = EdrParameters.ingredients(run, name);
      if (ingredients != null) {
        stored.addAll(ingredients);
        continue;
      }
      throw new BadParameterException(
          PARAMETER_NAME,
          "unknown parameter '"
              + name
              + "' for model "
              + run.model()
              + "; known: "
              + String.join(", ", EdrParameters.units(run).keySet()));
    }
    return stored;
  }

  /**
   * What the spot is asked for: stored parameters by their stored names, a wind by its components
   * (the spot adds the wind from them), a derived variable by its own name (the spot makes it).
   */
  private static List<String> answered(ForecastRun run, List<String> asked) {
    Set<String> answered = new LinkedHashSet<>();
    for (String name : asked) {
      EdrParameters.Wind wind = EdrParameters.wind(name);
      if (run.parameter(name) != null) {
        answered.add(run.storedName(name));
      } else if (wind != null) {
        answered.add(wind.u());
        answered.add(wind.v());
      } else {
        answered.add(name);
      }
    }
    return List.copyOf(answered);
  }

  /**
   * The first axis with levels that holds every stored parameter asked for (any, if none was asked
   * for).
   */
  private static LevelAxis leveledAxis(ForecastRun run, Set<String> stored) {
    for (LevelAxis axis : run.axes()) {
      if (!axis.type().singleLevel()
          && stored.stream().allMatch(name -> axis.parameter(name) != null)) {
        return axis;
      }
    }
    if (run.axes().stream().allMatch(a -> a.type().singleLevel())) {
      throw new BadParameterException(
          Z, "model " + run.model() + " has single-level fields only: omit z");
    }
    throw new BadParameterException(
        Z,
        "the parameters "
            + stored
            + " of model "
            + run.model()
            + " are not all on one level type with levels;"
            + " ask them separately: "
            + where(run));
  }

  /** All parameters of one level type: the chosen axis, or the first single-level one. */
  private static List<String> defaultParameters(ForecastRun run, LevelAxis axis) {
    LevelAxis chosen =
        axis != null
            ? axis
            : run.axes().stream().filter(a -> a.type().singleLevel()).findFirst().orElseThrow();
    return chosen.parameters().stream().map(Parameter::name).toList();
  }

  /** "height above ground: z in 0..500 m (t, u, v); surface: no z (2t, sp)". */
  static String where(ForecastRun run) {
    return run.axes().stream()
        .map(
            a ->
                a.type().label()
                    + ": "
                    + (a.type().singleLevel()
                        ? "no z"
                        : "z in "
                            + plain(a.lowest())
                            + ".."
                            + plain(a.highest())
                            + " "
                            + a.type().unit())
                    + " ("
                    + a.parameters().stream().map(Parameter::name).collect(Collectors.joining(", "))
                    + ")")
        .collect(Collectors.joining("; "));
  }

  static String plain(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }
}
