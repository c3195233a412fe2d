package dev.spotcast.query.openmeteo;

import dev.spotcast.query.spot.Vertical;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one catalogue of Open-Meteo's variable names Spotcast answers: for each, what it is made from
 * (the model parameters or Spotcast's derived variables a series answers, first set the model has,
 * at a height or pressure), its kind of quantity (which sets its unit as Open-Meteo writes it) and,
 * for a daily variable, the statistic over the local day. A name not here is an error; a name here
 * that a model cannot make is answered with nulls.
 */
public final class OpenMeteoVariables {

  private OpenMeteoVariables() {}

  /** What a value is, which decides its unit and conversion. */
  public enum Kind {
    TEMPERATURE,
    SPEED,
    PRECIPITATION,
    SNOWFALL,
    PRESSURE,
    PERCENT,
    DIRECTION,
    FLUX,
    WEATHER_CODE,
    FLAG,
    LENGTH,
    ENERGY,
    SECONDS,
    HOURS,
    TIME
  }

  /**
   * One way a model makes a variable: the series is asked for {@code ask} at {@code vertical}
   * (null: the single-level fields and those on their own level, such as 2t) and the value read
   * under {@code key}.
   */
  public record Source(List<String> ask, Vertical vertical, String key) {

    static Source of(String param) {
      return new Source(List.of(param), null, param);
    }

    static Source at(Vertical vertical, String param) {
      return new Source(List.of(param), vertical, param);
    }
  }

  /** An hourly (also current) variable. */
  public record Variable(String name, Kind kind, List<Source> sources) {}

  /** What a daily variable is over the local day. */
  public enum Statistic {
    MAX,
    MIN,
    MEAN,
    SUM,
    /** hours with at least 0.1 mm of precipitation */
    WET_HOURS,
    SUNRISE,
    SUNSET,
    DAYLIGHT,
    SUNSHINE
  }

  /**
   * A daily variable: a statistic of an hourly one over the local day, or of the sun at the place
   * ({@code hourly} null).
   */
  public record Daily(String name, String hourly, Statistic statistic, Kind kind) {}

  private static final Vertical AT_2M = Vertical.height(2);
  private static final Vertical AT_10M = Vertical.height(10);

  private static final Map<String, Variable> HOURLY = new LinkedHashMap<>();
  private static final Map<String, Daily> DAILY = new LinkedHashMap<>();

  private static void hourly(String name, Kind kind, Source... sources) {
    HOURLY.put(name, new Variable(name, kind, List.of(sources)));
  }

  private static void daily(String name, String hourly, Statistic statistic, Kind kind) {
    DAILY.put(name, new Daily(name, hourly, statistic, kind));
  }

  static {
    hourly("temperature_2m", Kind.TEMPERATURE, Source.of("2t"), Source.at(AT_2M, "t"));
    hourly(
        "relative_humidity_2m",
        Kind.PERCENT,
        Source.of("2r"),
        Source.of("relative_humidity"),
        Source.at(AT_2M, "rh"),
        Source.at(AT_2M, "r"));
    hourly(
        "dew_point_2m",
        Kind.TEMPERATURE,
        Source.of("2d"),
        Source.of("dew_point"),
        Source.at(AT_2M, "dew_point"));
    hourly(
        "apparent_temperature",
        Kind.TEMPERATURE,
        Source.of("apparent_temperature"),
        Source.at(AT_2M, "apparent_temperature"));
    hourly("precipitation", Kind.PRECIPITATION, Source.of("precipitation"));
    hourly("snowfall", Kind.SNOWFALL, Source.of("snowfall"));
    hourly("weather_code", Kind.WEATHER_CODE, Source.of("weather_code"));
    hourly("cloud_cover", Kind.PERCENT, Source.of("tcc"));
    hourly("cloud_cover_low", Kind.PERCENT, Source.of("lcc"));
    hourly("pressure_msl", Kind.PRESSURE, Source.of("msl"), Source.of("prmsl"));
    hourly(
        "surface_pressure", Kind.PRESSURE, Source.of("sp"), Source.at(Vertical.height(0), "pres"));
    hourly(
        "wind_speed_10m",
        Kind.SPEED,
        new Source(List.of("10u", "10v"), null, "wind_speed_10m"),
        new Source(List.of("u", "v"), AT_10M, "wind_speed"));
    hourly(
        "wind_direction_10m",
        Kind.DIRECTION,
        new Source(List.of("10u", "10v"), null, "wind_direction_10m"),
        new Source(List.of("u", "v"), AT_10M, "wind_direction"));
    hourly("wind_gusts_10m", Kind.SPEED, Source.of("wind_gusts"));
    hourly("is_day", Kind.FLAG, Source.of("is_day"));
    hourly(
        "shortwave_radiation",
        Kind.FLUX,
        Source.of("ssrd"),
        Source.of("avg_sdswrf"),
        Source.of("ASWDIR_S"));
    hourly("direct_radiation", Kind.FLUX, Source.of("fdir"), Source.of("ASWDIR_S"));
    hourly("cape", Kind.ENERGY, Source.of("cape"));
    hourly("visibility", Kind.LENGTH, Source.of("vis"));

    daily("temperature_2m_max", "temperature_2m", Statistic.MAX, Kind.TEMPERATURE);
    daily("temperature_2m_min", "temperature_2m", Statistic.MIN, Kind.TEMPERATURE);
    daily("temperature_2m_mean", "temperature_2m", Statistic.MEAN, Kind.TEMPERATURE);
    daily("apparent_temperature_max", "apparent_temperature", Statistic.MAX, Kind.TEMPERATURE);
    daily("apparent_temperature_min", "apparent_temperature", Statistic.MIN, Kind.TEMPERATURE);
    daily("precipitation_sum", "precipitation", Statistic.SUM, Kind.PRECIPITATION);
    daily("snowfall_sum", "snowfall", Statistic.SUM, Kind.SNOWFALL);
    daily("precipitation_hours", "precipitation", Statistic.WET_HOURS, Kind.HOURS);
    daily("weather_code", "weather_code", Statistic.MAX, Kind.WEATHER_CODE);
    daily("wind_speed_10m_max", "wind_speed_10m", Statistic.MAX, Kind.SPEED);
    daily("wind_gusts_10m_max", "wind_gusts_10m", Statistic.MAX, Kind.SPEED);
    daily("sunrise", null, Statistic.SUNRISE, Kind.TIME);
    daily("sunset", null, Statistic.SUNSET, Kind.TIME);
    daily("daylight_duration", null, Statistic.DAYLIGHT, Kind.SECONDS);
    daily("sunshine_duration", "direct_radiation", Statistic.SUNSHINE, Kind.SECONDS);
  }

  /** Open-Meteo's pressure-level names: temperature_850hPa, wind_speed_500hPa... */
  private static final Pattern PRESSURE_LEVEL =
      Pattern.compile(
          "(temperature|relative_humidity|dew_point|wind_speed|wind_direction"
              + "|geopotential_height)_(\\d{2,4})hPa");

  /**
   * An hourly (or current) variable by its Open-Meteo name, or null for a name it does not know.
   */
  public static Variable hourly(String name) {
    Variable known = HOURLY.get(name);
    if (known != null) {
      return known;
    }
    Matcher m = PRESSURE_LEVEL.matcher(name);
    if (!m.matches()) {
      return null;
    }
    int hpa = Integer.parseInt(m.group(2));
    if (hpa < 10 || hpa > 1000) {
      return null;
    }
    Vertical p = Vertical.pressure(hpa);
    return switch (m.group(1)) {
      case "temperature" -> new Variable(name, Kind.TEMPERATURE, List.of(Source.at(p, "t")));
      case "relative_humidity" ->
          new Variable(name, Kind.PERCENT, List.of(Source.at(p, "r"), Source.at(p, "rh")));
      case "dew_point" -> new Variable(name, Kind.TEMPERATURE, List.of(Source.at(p, "dew_point")));
      case "wind_speed" ->
          new Variable(name, Kind.SPEED, List.of(new Source(List.of("u", "v"), p, "wind_speed")));
      case "wind_direction" ->
          new Variable(
              name, Kind.DIRECTION, List.of(new Source(List.of("u", "v"), p, "wind_direction")));
      default -> new Variable(name, Kind.LENGTH, List.of(Source.at(p, "gh")));
    };
  }

  /** A daily variable by its Open-Meteo name, or null. */
  public static Daily daily(String name) {
    return DAILY.get(name);
  }

  /** The names listed, for the API description and errors. */
  public static List<String> hourlyNames() {
    return List.copyOf(HOURLY.keySet());
  }

  public static List<String> dailyNames() {
    return List.copyOf(DAILY.keySet());
  }

  /**
   * How Open-Meteo's FlatBuffers schema (WeatherApiResponse, github.com/open-meteo/sdk) names a
   * variable: its Variable enum value, with the height, pressure level and daily aggregation apart.
   */
  public record Identity(int variable, int altitude, int pressureLevel, int aggregation) {}

  /** The schema's Variable values of the base names this catalogue uses. */
  private static final Map<String, Integer> SCHEMA_VARIABLES =
      Map.ofEntries(
          Map.entry("apparent_temperature", 1),
          Map.entry("cape", 2),
          Map.entry("cloud_cover", 3),
          Map.entry("cloud_cover_low", 5),
          Map.entry("daylight_duration", 7),
          Map.entry("dew_point", 8),
          Map.entry("direct_radiation", 13),
          Map.entry("is_day", 19),
          Map.entry("precipitation", 24),
          Map.entry("precipitation_hours", 25),
          Map.entry("pressure_msl", 27),
          Map.entry("relative_humidity", 29),
          Map.entry("shortwave_radiation", 32),
          Map.entry("snowfall", 37),
          Map.entry("sunrise", 40),
          Map.entry("sunset", 41),
          Map.entry("surface_pressure", 45),
          Map.entry("temperature", 47),
          Map.entry("visibility", 55),
          Map.entry("weather_code", 56),
          Map.entry("wind_direction", 57),
          Map.entry("wind_gusts", 58),
          Map.entry("wind_speed", 59),
          Map.entry("geopotential_height", 61),
          Map.entry("sunshine_duration", 103));

  /** The schema's Aggregation values of the daily statistics. */
  private static final Map<String, Integer> SCHEMA_AGGREGATIONS =
      Map.of("_min", 1, "_max", 2, "_mean", 3, "_sum", 10);

  private static final Pattern HEIGHT = Pattern.compile("(.+)_(\\d+)m");

  /** A catalogue name in the FlatBuffers schema's terms. */
  public static Identity identity(String name) {
    String base = name;
    int aggregation = 0;
    for (Map.Entry<String, Integer> a : SCHEMA_AGGREGATIONS.entrySet()) {
      if (DAILY.containsKey(name) && base.endsWith(a.getKey())) {
        base = base.substring(0, base.length() - a.getKey().length());
        aggregation = a.getValue();
      }
    }
    int altitude = 0;
    int pressure = 0;
    Matcher level = PRESSURE_LEVEL.matcher(base);
    Matcher height = HEIGHT.matcher(base);
    if (level.matches()) {
      base = level.group(1);
      pressure = Integer.parseInt(level.group(2));
    } else if (height.matches()) {
      base = height.group(1);
      altitude = Integer.parseInt(height.group(2));
    }
    return new Identity(SCHEMA_VARIABLES.getOrDefault(base, 0), altitude, pressure, aggregation);
  }

  /** The schema's Unit value of a unit as Open-Meteo writes it in JSON. */
  public static int schemaUnit(String label) {
    return switch (label) {
      case "°C" -> 1;
      case "cm" -> 2;
      case "°" -> 5;
      case "" -> 6;
      case "°F" -> 9;
      case "hPa" -> 16;
      case "h" -> 17;
      case "inch" -> 18;
      case "J/kg" -> 20;
      case "km/h" -> 24;
      case "kn" -> 25;
      case "m/s" -> 28;
      case "m" -> 29;
      case "mp/h" -> 31;
      case "mm" -> 32;
      case "%" -> 35;
      case "s" -> 36;
      case "unixtime", "iso8601" -> 37;
      case "W/m²" -> 39;
      case "wmo code" -> 40;
      default -> 0;
    };
  }

  /** The units a request asked for. */
  public record Units(String temperature, String windSpeed, String precipitation) {
    public static final Units DEFAULT = new Units("celsius", "kmh", "mm");
  }

  /** The unit Open-Meteo writes for a kind in the units asked for. */
  public static String label(Kind kind, Units units) {
    return switch (kind) {
      case TEMPERATURE -> units.temperature().equals("fahrenheit") ? "°F" : "°C";
      case SPEED ->
          switch (units.windSpeed()) {
            case "ms" -> "m/s";
            case "mph" -> "mp/h";
            case "kn" -> "kn";
            default -> "km/h";
          };
      case PRECIPITATION -> units.precipitation().equals("inch") ? "inch" : "mm";
      case SNOWFALL -> units.precipitation().equals("inch") ? "inch" : "cm";
      case PRESSURE -> "hPa";
      case PERCENT -> "%";
      case DIRECTION -> "°";
      case FLUX -> "W/m²";
      case WEATHER_CODE -> "wmo code";
      case FLAG -> "";
      case LENGTH -> "m";
      case ENERGY -> "J/kg";
      case SECONDS -> "s";
      case HOURS -> "h";
      case TIME -> "iso8601";
    };
  }

  /**
   * A value in the unit the series answered it in, converted to the unit Open-Meteo writes for its
   * kind; null when the series' unit is not one this kind knows (never a wrong number).
   */
  public static Double convert(Kind kind, String from, double value, Units units) {
    String unit = from == null ? "" : from.strip().toLowerCase(Locale.ROOT);
    return switch (kind) {
      case TEMPERATURE -> {
        Double celsius =
            switch (unit) {
              case "k", "kelvin" -> value - 273.15;
              case "c", "°c", "degc", "celsius" -> value;
              default -> null;
            };
        yield celsius == null
            ? null
            : units.temperature().equals("fahrenheit") ? celsius * 9 / 5 + 32 : celsius;
      }
      case SPEED -> {
        Double ms =
            switch (unit) {
              case "m s**-1", "m/s", "m s-1", "ms" -> value;
              case "km/h" -> value / 3.6;
              default -> null;
            };
        yield ms == null
            ? null
            : switch (units.windSpeed()) {
              case "ms" -> ms;
              case "mph" -> ms * 3600 / 1609.344;
              case "kn" -> ms * 3600 / 1852;
              default -> ms * 3.6;
            };
      }
      case PRECIPITATION ->
          unit.equals("mm") ? (units.precipitation().equals("inch") ? value / 25.4 : value) : null;
      // Open-Meteo's snowfall in cm from mm of water: 7 mm of snow per mm of water.
      case SNOWFALL ->
          unit.equals("mm")
              ? (units.precipitation().equals("inch") ? value * 0.7 / 2.54 : value * 0.7)
              : null;
      case PRESSURE ->
          switch (unit) {
            case "pa" -> value / 100;
            case "hpa" -> value;
            default -> null;
          };
      case PERCENT ->
          switch (unit) {
            case "%" -> value;
            case "(0 - 1)", "0-1", "1", "fraction", "" -> value * 100;
            default -> null;
          };
      default -> value;
    };
  }
}
