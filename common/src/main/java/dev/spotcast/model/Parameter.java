package dev.spotcast.model;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A forecast parameter as stored: its field name in documents and the unit its values are in.
 * Optional bounds keep interpolated values of bounded quantities (humidity) inside them.
 *
 * @param aggregation what the value says about time; {@link Aggregation#POINT} when not given
 * @param starts for a value over an interval: where the interval of each of the run's steps starts,
 *     in the run's step unit, one per step in the order of {@link ForecastRun#steps()} (a start
 *     equal to its step: an empty interval, or no value at that step); null for {@link
 *     Aggregation#POINT}
 * @param levels the levels of its axis it has values on, when only some (2 m temperature, 10 m wind
 *     on a height axis); null when it is on every level of its axis (or not known: runs recorded
 *     before this was kept)
 */
public record Parameter(
    String name,
    String unit,
    double min,
    double max,
    Aggregation aggregation,
    List<Integer> starts,
    List<Double> levels) {

  public Parameter {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(unit, "unit");
    if (aggregation == null) {
      aggregation = Aggregation.POINT;
    }
    if (aggregation == Aggregation.POINT) {
      if (starts != null) {
        throw new IllegalArgumentException("parameter " + name + ": a point value has no interval");
      }
    } else if (starts == null) {
      throw new IllegalArgumentException(
          "parameter " + name + ": a " + aggregation.label() + " needs its intervals");
    } else {
      starts = List.copyOf(starts);
    }
    if (!name.matches(NAME)) {
      throw new IllegalArgumentException(
          "parameter name must be letters, digits or '_' (GRIB short names such as 10u or"
              + " ASWDIR_S), at most 32, got '"
              + name
              + "'");
    }
    if (levels != null) {
      levels = List.copyOf(levels);
    }
    if (!(min <= max)) {
      throw new IllegalArgumentException("parameter " + name + ": min > max");
    }
  }

  /**
   * The rule every parameter name follows: ecCodes' short names as it gives them ("t", "10u",
   * "prmsl", DWD's "ASWDIR_S"), at most 32 characters.
   */
  public static final String NAME = "[A-Za-z0-9][A-Za-z0-9_]{0,31}";

  /**
   * The lower-case form a name may also be asked by, when it differs from the name (DWD's ASWDIR_S:
   * aswdir_s), else null.
   */
  public String lowerCaseName() {
    String lower = name.toLowerCase(Locale.ROOT);
    return lower.equals(name) ? null : lower;
  }

  /** A value at the step's instant. */
  public Parameter(String name, String unit, double min, double max) {
    this(name, unit, min, max, Aggregation.POINT, null, null);
  }

  public static Parameter unbounded(String name, String unit) {
    return new Parameter(name, unit, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
  }

  /** The same parameter over the given intervals (one start per step of the run). */
  public Parameter over(Aggregation newAggregation, List<Integer> newStarts) {
    return new Parameter(name, unit, min, max, newAggregation, newStarts, levels);
  }

  /** The same parameter in another unit (e.g. a mean flux made from an accumulated energy). */
  public Parameter withUnit(String newUnit) {
    return new Parameter(name, newUnit, min, max, aggregation, starts, levels);
  }

  /** The same parameter on only some levels of its axis (null: all of them). */
  public Parameter onLevels(List<Double> newLevels) {
    return new Parameter(name, unit, min, max, aggregation, starts, newLevels);
  }

  /** The one level it has values on, when it has only one (2 m temperature), else null. */
  public Double ownLevel() {
    return levels != null && levels.size() == 1 ? levels.getFirst() : null;
  }

  public double clamp(double value) {
    return Math.max(min, Math.min(max, value));
  }
}
