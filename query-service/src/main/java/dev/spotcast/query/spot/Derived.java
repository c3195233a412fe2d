package dev.spotcast.query.spot;

import dev.spotcast.weather.ApparentTemperature;
import dev.spotcast.weather.Humidity;
import dev.spotcast.weather.Sun;
import dev.spotcast.weather.WeatherCode;
import dev.spotcast.weather.Wind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The variables people ask for that models do not store, made from the values a request answers
 * after they are interpolated (the formulas and their references are in {@code
 * dev.spotcast.weather} and docs/derived-variables.md). A derived name in {@code params=} reads
 * what it is made from: the first set of the model's parameters it can be made of on the levels
 * asked for (the model's own short names, ecCodes style); those are answered too only when asked
 * for themselves.
 */
public final class Derived {

  private Derived() {}

  /** What a derived value is made of and how, at one place, time and period. */
  record Inputs(Map<String, SpotForecast.Value> values, SpotRequest request) {
    Double get(String name) {
      SpotForecast.Value v = values.get(name);
      return v == null ? null : v.value();
    }

    /** The first of the names that has a value, or null. */
    Double first(String... names) {
      for (String name : names) {
        Double v = get(name);
        if (v != null) {
          return v;
        }
      }
      return null;
    }

    /** The first of the names the request answered, with or without a value. */
    SpotForecast.Value value(String... names) {
      for (String name : names) {
        SpotForecast.Value v = values.get(name);
        if (v != null) {
          return v;
        }
      }
      return null;
    }
  }

  /**
   * A derived variable.
   *
   * @param needs sets of model parameters it can be made of, the first available set is read; empty
   *     for one made from the place and time alone
   * @param optional parameters read when the model has them (they refine the value)
   */
  public record Definition(
      String name,
      String unit,
      String description,
      List<List<String>> needs,
      List<String> optional,
      Compute compute) {}

  /** Computes a derived value, or says why it has none. */
  @FunctionalInterface
  interface Compute {
    SpotForecast.Value of(Inputs in, String unit);
  }

  /** Every derived variable, in the order they are listed. */
  public static final List<Definition> ALL =
      List.of(
          new Definition(
              "dew_point",
              "K",
              "dew point from temperature and relative humidity (Magnus, Alduchov & Eskridge 1996)",
              List.of(List.of("2t", "2r"), List.of("t", "r"), List.of("t", "rh")),
              List.of(),
              (in, unit) ->
                  of(
                      unit,
                      in.first("2t", "t"),
                      in.first("2r", "r", "rh"),
                      (t, rh) -> rh > 0 ? Humidity.dewPoint(t, Math.min(rh, 100)) : null)),
          new Definition(
              "relative_humidity",
              "%",
              "relative humidity from temperature and dew point (Magnus)",
              List.of(List.of("2t", "2d")),
              List.of(),
              (in, unit) -> of(unit, in.get("2t"), in.get("2d"), Humidity::relativeHumidity)),
          new Definition(
              "apparent_temperature",
              "K",
              "apparent temperature (Steadman, as the Australian Bureau of Meteorology gives it) from"
                  + " temperature and relative humidity at 2 m and wind speed at 10 m (or all at the"
                  + " height asked)",
              List.of(
                  List.of("2t", "2r", "10u", "10v"),
                  List.of("t", "rh", "u", "v"),
                  List.of("t", "r", "u", "v")),
              List.of(),
              (in, unit) -> {
                Double t = in.first("2t", "t");
                Double rh = in.first("2r", "rh", "r");
                Double u = in.first("10u", "u");
                Double v = in.first("10v", "v");
                if (t == null || rh == null || u == null || v == null) {
                  return missing(in, unit, "2t", "2r", "10u", "10v", "t", "rh", "r", "u", "v");
                }
                return SpotForecast.Value.of(
                    ApparentTemperature.of(t, Math.min(Math.max(rh, 0), 100), Wind.speed(u, v)),
                    unit);
              }),
          new Definition(
              "precipitation",
              "mm",
              "total precipitation over the period, in mm (kg m-2) whatever the model's unit",
              List.of(List.of("tp")),
              List.of(),
              (in, unit) -> millimetres(in.value("tp"), unit)),
          new Definition(
              "snowfall",
              "mm",
              "snowfall over the period, as mm of water equivalent",
              List.of(List.of("sf")),
              List.of(),
              (in, unit) -> millimetres(in.value("sf"), unit)),
          new Definition(
              "wind_gusts",
              "m s**-1",
              "the model's gust at 10 m (10fg, i10fg, gust), over its own interval",
              List.of(List.of("10fg"), List.of("i10fg"), List.of("gust"), List.of("fg10")),
              List.of(),
              (in, unit) -> {
                SpotForecast.Value v = in.value("10fg", "i10fg", "gust", "fg10");
                return v == null
                    ? SpotForecast.Value.unavailable(unit, "no gust parameter answered")
                    : new SpotForecast.Value(v.value(), v.unit(), v.reason(), v.over());
              }),
          new Definition(
              "is_day",
              "1",
              "1 when the sun's centre is above -0.833 degrees (NOAA's sunrise convention), else 0",
              List.of(List.of()),
              List.of(),
              (in, unit) ->
                  SpotForecast.Value.of(
                      Sun.isDay(
                              in.request().where().lat(),
                              in.request().where().lon(),
                              in.request().time())
                          ? 1
                          : 0,
                      unit)),
          new Definition(
              "weather_code",
              "wmo4677",
              "WMO 4677 weather code (the subset Open-Meteo documents) from cloud cover, the"
                  + " precipitation amount, its kind and CAPE over the amount's period",
              List.of(List.of("tcc"), List.of("tp")),
              List.of("tcc", "tp", "cp", "sf", "2t", "t", "cape", "vis", "lcc", "2r", "r"),
              Derived::weatherCode));

  /** A derived variable by name, or null. */
  public static Definition definition(String name) {
    for (Definition d : ALL) {
      if (d.name().equals(name)) {
        return d;
      }
    }
    return null;
  }

  /**
   * The model parameters a derived variable reads, given which the request can read; null when it
   * cannot be made.
   */
  public static List<String> reads(Definition d, Predicate<String> available) {
    for (List<String> set : d.needs()) {
      if (set.stream().allMatch(available)) {
        Set<String> all = new LinkedHashSet<>(set);
        d.optional().stream().filter(available).forEach(all::add);
        return List.copyOf(all);
      }
    }
    return null;
  }

  /** How the definition says what it needs, for an error: "2t and 2r, or t and r". */
  static String needs(Definition d) {
    List<String> sets = new ArrayList<>();
    for (List<String> set : d.needs()) {
      sets.add(String.join(" and ", set));
    }
    return String.join(", or ", sets);
  }

  /**
   * Adds the derived values the request asked for to the answered values (after wind), then keeps
   * only what was asked: the parameters read only to make a derived value are not answered.
   */
  static void add(Map<String, SpotForecast.Value> values, SpotRequest request) {
    if (request.how().params().isEmpty()) {
      return;
    }
    Set<String> keep = new LinkedHashSet<>();
    // What the derived values are made of: the values before any is added, copied once if needed.
    Inputs in = null;
    for (String name : request.how().params()) {
      Definition d = definition(name);
      if (d != null && !values.containsKey(name)) {
        if (in == null) {
          in = new Inputs(Map.copyOf(values), request);
        }
        values.put(name, d.compute().of(in, d.unit()));
      }
      keep.add(name);
    }
    if (keep.contains("u") && keep.contains("v")) {
      keep.addAll(List.of("wind_speed", "wind_direction"));
    }
    if (keep.contains("10u") && keep.contains("10v")) {
      keep.addAll(List.of("wind_speed_10m", "wind_direction_10m"));
    }
    values.keySet().retainAll(keep);
  }

  @FunctionalInterface
  private interface Binary {
    Double apply(double a, double b);
  }

  private static SpotForecast.Value of(String unit, Double a, Double b, Binary f) {
    if (a == null || b == null) {
      return SpotForecast.Value.unavailable(unit, "an ingredient has no value here");
    }
    Double v = f.apply(a, b);
    return v == null
        ? SpotForecast.Value.unavailable(unit, "no dew point for a relative humidity of 0")
        : SpotForecast.Value.of(v, unit);
  }

  private static SpotForecast.Value missing(Inputs in, String unit, String... names) {
    for (String name : names) {
      SpotForecast.Value v = in.values().get(name);
      if (v != null && v.value() == null) {
        return SpotForecast.Value.unavailable(unit, "derived from " + name + ": " + v.reason());
      }
    }
    return SpotForecast.Value.unavailable(unit, "an ingredient has no value here");
  }

  /** An amount in mm from one in m (ECMWF) or kg m-2 (GFS, DWD), over the same period. */
  private static SpotForecast.Value millimetres(SpotForecast.Value amount, String unit) {
    if (amount == null) {
      return SpotForecast.Value.unavailable(unit, "no amount answered");
    }
    if (amount.value() == null) {
      return new SpotForecast.Value(null, unit, amount.reason(), amount.over());
    }
    double factor =
        switch (amount.unit()) {
          case "m" -> 1000;
          case "mm", "kg m**-2", "kg m-2", "kg/m2" -> 1;
          default -> Double.NaN;
        };
    if (Double.isNaN(factor)) {
      return SpotForecast.Value.unavailable(
          unit, "the model's amount is in " + amount.unit() + ", which is not a depth of water");
    }
    return new SpotForecast.Value(amount.value() * factor, unit, null, amount.over());
  }

  private static SpotForecast.Value weatherCode(Inputs in, String unit) {
    SpotForecast.Value tp = in.value("tp");
    Duration period =
        tp != null && tp.over() != null
            ? Duration.between(tp.over().from(), tp.over().to())
            : in.request().amountPeriod();
    Double cloud = in.get("tcc");
    if (cloud != null && cloud > 1) {
      cloud = cloud / 100; // a model's percent
    }
    Double low = in.get("lcc");
    if (low != null && low > 1) {
      low = low / 100;
    }
    WeatherCode.Inputs inputs =
        WeatherCode.Inputs.none()
            .withCloudCover(cloud)
            .withPrecipitation(mm(in, "tp"))
            .withShowers(mm(in, "cp"))
            .withSnowfall(mm(in, "sf"))
            .withTemperature(in.first("2t", "t"))
            .withCape(in.get("cape"))
            .withVisibility(in.get("vis"))
            .withLowCloudCover(low)
            .withRelativeHumidity(in.first("2r", "r"));
    OptionalInt code = WeatherCode.of(inputs, period.isZero() ? Duration.ofHours(1) : period);
    SpotForecast.Value value =
        code.isPresent()
            ? SpotForecast.Value.of(code.getAsInt(), unit)
            : SpotForecast.Value.unavailable(unit, "neither cloud cover nor precipitation known");
    return tp != null && tp.over() != null ? value.over(tp.over()) : value;
  }

  private static Double mm(Inputs in, String name) {
    SpotForecast.Value v = millimetres(in.value(name), "mm");
    return in.values().containsKey(name) ? v.value() : null;
  }
}
