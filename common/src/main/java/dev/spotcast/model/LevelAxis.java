package dev.spotcast.model;

import java.util.List;
import java.util.Objects;

/**
 * The levels of one level type in a run and the parameters given on them, e.g. isobaric 400..1000
 * hPa with t, u, v. A parameter may have no value on some of the levels (v on 3 of 5 levels): its
 * documents there simply lack it.
 *
 * @param levels level values in the unit of {@code type}, strictly increasing
 */
public record LevelAxis(LevelType type, List<Double> levels, List<Parameter> parameters) {

  public LevelAxis {
    Objects.requireNonNull(type, "type");
    levels = List.copyOf(levels);
    parameters = List.copyOf(parameters);
    if (levels.isEmpty()) {
      throw new IllegalArgumentException(type.label() + ": a level axis needs at least one level");
    }
    for (int i = 0; i < levels.size(); i++) {
      double level = levels.get(i);
      if (!Double.isFinite(level)) {
        throw new IllegalArgumentException(
            type.label() + ": level values must be finite: " + levels);
      }
      if (i > 0 && level <= levels.get(i - 1)) {
        throw new IllegalArgumentException(
            type.label() + ": levels must be strictly increasing: " + levels);
      }
    }
    if (parameters.isEmpty()) {
      throw new IllegalArgumentException(
          type.label() + ": a level axis needs at least one parameter");
    }
  }

  public double lowest() {
    return levels.getFirst();
  }

  public double highest() {
    return levels.getLast();
  }

  /**
   * The parameter of that name: as written (ecCodes' DWD names are upper case, ASWDIR_S), else in
   * any case (aswdir_s), so that people ask for a publisher's name either way.
   */
  public Parameter parameter(String name) {
    for (Parameter p : parameters) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    for (Parameter p : parameters) {
      if (p.name().equalsIgnoreCase(name)) {
        return p;
      }
    }
    return null;
  }
}
