package dev.spotcast.query.edr;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.Parameter;
import dev.spotcast.query.spot.Derived;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parameters of a run as EDR and CoverageJSON describe them: the stored ones, the wind speed
 * and direction the service derives from u and v (10u and 10v) when both are on one level type, and
 * the derived variables the spot answers ({@link Derived}: dew point, precipitation in mm, weather
 * code, ...) that the run's parameters make.
 */
final class EdrParameters {

  private EdrParameters() {}

  /**
   * A derived parameter: computed from two stored components, in the unit given (null: the
   * components').
   */
  record Wind(String name, String u, String v, String unit) {}

  static final List<Wind> WINDS =
      List.of(
          new Wind("wind_speed", "u", "v", null),
          new Wind("wind_direction", "u", "v", "deg"),
          new Wind("wind_speed_10m", "10u", "10v", null),
          new Wind("wind_direction_10m", "10u", "10v", "deg"));

  /** A CoverageJSON parameter object (also the members of an EDR collection's parameter_names). */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Description(
      String type,
      String id,
      Map<String, String> description,
      Unit unit,
      ObservedProperty observedProperty) {}

  /**
   * A unit: its label and its symbol (as stored, UCUM-like: K, m/s, %, hPa, deg; 1 when
   * dimensionless).
   */
  public record Unit(Map<String, String> label, String symbol) {}

  /** What is measured: a CF standard name URI when known, and a label. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ObservedProperty(String id, Map<String, String> label) {}

  private record Known(String label, String standardName) {}

  private static final Map<String, Known> KNOWN =
      Map.ofEntries(
          Map.entry("t", new Known("Air temperature", "air_temperature")),
          Map.entry("2t", new Known("Air temperature at 2 m", "air_temperature")),
          Map.entry("u", new Known("Eastward wind", "eastward_wind")),
          Map.entry("v", new Known("Northward wind", "northward_wind")),
          Map.entry("10u", new Known("Eastward wind at 10 m", "eastward_wind")),
          Map.entry("10v", new Known("Northward wind at 10 m", "northward_wind")),
          Map.entry("rh", new Known("Relative humidity", "relative_humidity")),
          Map.entry("r", new Known("Relative humidity", "relative_humidity")),
          Map.entry("pres", new Known("Air pressure", "air_pressure")),
          Map.entry("sp", new Known("Surface air pressure", "surface_air_pressure")),
          Map.entry(
              "msl", new Known("Air pressure at mean sea level", "air_pressure_at_mean_sea_level")),
          Map.entry("gh", new Known("Geopotential height", "geopotential_height")),
          Map.entry("wind_speed", new Known("Wind speed", "wind_speed")),
          Map.entry("wind_direction", new Known("Wind from direction", "wind_from_direction")),
          Map.entry("wind_speed_10m", new Known("Wind speed at 10 m", "wind_speed")),
          Map.entry(
              "wind_direction_10m",
              new Known("Wind from direction at 10 m", "wind_from_direction")));

  /** The wind parameter of that name, or null. */
  static Wind wind(String name) {
    return WINDS.stream().filter(d -> d.name().equals(name)).findFirst().orElse(null);
  }

  /** Whether a level axis holds both components of a wind parameter. */
  static boolean derivable(LevelAxis axis, Wind wind) {
    return axis.parameter(wind.u()) != null && axis.parameter(wind.v()) != null;
  }

  /**
   * The model parameters a derived variable of the spot ({@link Derived}) is made from in this run,
   * or null when it is not one or the run cannot make it (or stores a parameter of that name).
   */
  static List<String> ingredients(ForecastRun run, String name) {
    Derived.Definition d = Derived.definition(name);
    if (d == null || run.parameter(name) != null) {
      return null;
    }
    return Derived.reads(d, n -> run.parameter(n) != null);
  }

  /**
   * Every parameter of the run, stored ones first (run order), then the derivable ones, with units.
   */
  static Map<String, String> units(ForecastRun run) {
    Map<String, String> units = new LinkedHashMap<>();
    for (Parameter p : run.parameters()) {
      units.put(p.name(), p.unit());
    }
    for (Wind d : WINDS) {
      for (LevelAxis axis : run.axes()) {
        if (derivable(axis, d)) {
          units.putIfAbsent(d.name(), d.unit() != null ? d.unit() : axis.parameter(d.u()).unit());
        }
      }
    }
    for (Derived.Definition d : Derived.ALL) {
      if (ingredients(run, d.name()) != null) {
        units.putIfAbsent(d.name(), d.unit());
      }
    }
    return units;
  }

  /** The CoverageJSON description of a parameter. */
  static Description describe(String name, String unit, boolean withId) {
    Known known = KNOWN.get(name);
    String label = known != null ? known.label() : name;
    String symbol = unit == null || unit.isBlank() ? "1" : unit;
    Wind wind = wind(name);
    Derived.Definition derived = Derived.definition(name);
    String text =
        label
            + " ("
            + name
            + ")"
            + (wind != null
                ? ", derived from the interpolated " + wind.u() + " and " + wind.v()
                : derived != null ? ", derived: " + derived.description() : "");
    return new Description(
        "Parameter",
        withId ? name : null,
        Map.of("en", text),
        new Unit(Map.of("en", symbol), symbol),
        new ObservedProperty(
            known != null
                ? "http://vocab.nerc.ac.uk/standard_name/" + known.standardName() + "/"
                : null,
            Map.of("en", label)));
  }
}
