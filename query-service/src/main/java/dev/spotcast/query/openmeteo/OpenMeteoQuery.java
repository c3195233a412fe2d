package dev.spotcast.query.openmeteo;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * An Open-Meteo forecast request as its parameters give it, checked: every problem is an {@link
 * OpenMeteoException} whose reason is the 400's. A parameter may be repeated ({@code
 * hourly=a&hourly=b}) and every list may be comma-separated.
 *
 * @param elevations per place, null where not given ({@code nan} or absent)
 * @param cellSelection land, sea or nearest; null when not given
 * @param unixTime times as Unix seconds (timeformat=unixtime, and always in FlatBuffers)
 * @param flatBuffers format=flatbuffers: Open-Meteo's binary WeatherApiResponse per place
 * @param csv format=csv: Open-Meteo's CSV layout
 * @param startDate the first local day, or null for today minus past_days
 * @param endDate the last local day, or null for today plus forecast_days - 1
 * @param startHour the first hour of the hourly answer (local), or null
 * @param endHour the last hour of the hourly answer (local), or null
 */
public record OpenMeteoQuery(
    List<Double> latitudes,
    List<Double> longitudes,
    List<Double> elevations,
    String cellSelection,
    List<String> models,
    String timezone,
    int forecastDays,
    int pastDays,
    LocalDate startDate,
    LocalDate endDate,
    LocalDateTime startHour,
    LocalDateTime endHour,
    OpenMeteoVariables.Units units,
    boolean unixTime,
    boolean flatBuffers,
    boolean csv,
    List<OpenMeteoVariables.Variable> hourly,
    List<OpenMeteoVariables.Variable> minutely15,
    List<OpenMeteoVariables.Variable> current,
    List<OpenMeteoVariables.Daily> daily) {

  /** At most this many places in one request. */
  static final int MAX_PLACES = 100;

  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

  /**
   * A date as Open-Meteo writes one, yyyy-mm-dd: four digits of year, so that no day is near the
   * ends of what java.time can count (a year of nine digits, +999999999-12-31, has no next day).
   */
  private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

  /** A local time, yyyy-mm-ddThh:mm (seconds allowed), its year of four digits. */
  private static final Pattern HOUR =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?");

  /** The request's parameters (query string and form body) as the servlet gives them. */
  public static OpenMeteoQuery parse(Map<String, String[]> parameters) {
    List<Double> lats = numbers(parameters, "latitude");
    List<Double> lons = numbers(parameters, "longitude");
    if (lats.isEmpty() || lons.isEmpty()) {
      throw new OpenMeteoException(
          "Parameter 'latitude' and 'longitude' are required (decimal degrees, comma lists for"
              + " several places)");
    }
    if (lats.size() != lons.size()) {
      throw new OpenMeteoException(
          "Parameter 'latitude' and 'longitude' must have the same number of elements");
    }
    if (lats.size() > MAX_PLACES) {
      throw new OpenMeteoException("At most " + MAX_PLACES + " locations per request");
    }
    for (int i = 0; i < lats.size(); i++) {
      if (lats.get(i) == null || lats.get(i) < -90 || lats.get(i) > 90) {
        throw new OpenMeteoException(
            "Latitude must be in range of -90 to 90°. Given: " + lats.get(i) + ".");
      }
      if (lons.get(i) == null || lons.get(i) < -180 || lons.get(i) > 180) {
        throw new OpenMeteoException(
            "Longitude must be in range of -180 to 180°. Given: " + lons.get(i) + ".");
      }
    }
    List<Double> elevations = numbers(parameters, "elevation");
    if (!elevations.isEmpty() && elevations.size() != 1 && elevations.size() != lats.size()) {
      throw new OpenMeteoException(
          "Parameter 'elevation' must have one value or as many as 'latitude'");
    }
    List<Double> perPlace = new ArrayList<>();
    for (int i = 0; i < lats.size(); i++) {
      Double e = elevations.isEmpty() ? null : elevations.get(elevations.size() == 1 ? 0 : i);
      if (e != null && (e < -500 || e > 9000)) {
        throw new OpenMeteoException("Elevation must be in range of -500 to 9000 m. Given: " + e);
      }
      perPlace.add(e);
    }
    String cell = one(parameters, "cell_selection", null, Set.of("land", "sea", "nearest"));
    List<String> models = new ArrayList<>();
    for (String model : list(parameters, "models")) {
      if (!model.equals("best_match") && !models.contains(model)) {
        models.add(model);
      }
    }
    if (models.size() > 10) {
      throw new OpenMeteoException("At most 10 models per request");
    }
    int forecastDays = integer(parameters, "forecast_days", 7, 0, 16);
    int pastDays = integer(parameters, "past_days", 0, 0, 92);
    LocalDate start = date(parameters, "start_date");
    LocalDate end = date(parameters, "end_date");
    if ((start == null) != (end == null)) {
      throw new OpenMeteoException("Parameter 'start_date' and 'end_date' must be given together");
    }
    if (start != null && end.isBefore(start)) {
      throw new OpenMeteoException("Parameter 'end_date' must not be before 'start_date'");
    }
    if (start != null && end.toEpochDay() - start.toEpochDay() > 366) {
      throw new OpenMeteoException("At most 366 days between 'start_date' and 'end_date'");
    }
    LocalDateTime startHour = hour(parameters, "start_hour");
    LocalDateTime endHour = hour(parameters, "end_hour");
    if ((startHour == null) != (endHour == null)) {
      throw new OpenMeteoException("Parameter 'start_hour' and 'end_hour' must be given together");
    }
    if (startHour != null && endHour.isBefore(startHour)) {
      throw new OpenMeteoException("Parameter 'end_hour' must not be before 'start_hour'");
    }
    if (startHour != null && java.time.Duration.between(startHour, endHour).toDays() > 366) {
      throw new OpenMeteoException("At most 366 days between 'start_hour' and 'end_hour'");
    }
    OpenMeteoVariables.Units units =
        new OpenMeteoVariables.Units(
            one(parameters, "temperature_unit", "celsius", Set.of("celsius", "fahrenheit")),
            windSpeedUnit(parameters),
            one(parameters, "precipitation_unit", "mm", Set.of("mm", "inch")));
    boolean unix =
        one(parameters, "timeformat", "iso8601", Set.of("iso8601", "unixtime")).equals("unixtime");
    String format = one(parameters, "format", "json", Set.of("json", "csv", "xlsx", "flatbuffers"));
    if (format.equals("xlsx")) {
      throw new OpenMeteoException(
          "format=xlsx is not served; ask format=json (the default), csv or flatbuffers");
    }
    List<OpenMeteoVariables.Variable> hourly = variables(parameters, "hourly");
    List<OpenMeteoVariables.Variable> current = variables(parameters, "current");
    List<OpenMeteoVariables.Variable> minutely15 = variables(parameters, "minutely_15");
    List<OpenMeteoVariables.Daily> daily = new ArrayList<>();
    for (String name : list(parameters, "daily")) {
      OpenMeteoVariables.Daily d = OpenMeteoVariables.daily(name);
      if (d == null) {
        throw invalid(name, "daily");
      }
      daily.add(d);
    }
    String timezone = String.join(",", list(parameters, "timezone"));
    return new OpenMeteoQuery(
        lats,
        lons,
        perPlace,
        cell,
        models,
        timezone.isEmpty() ? null : timezone,
        forecastDays,
        pastDays,
        start,
        end,
        startHour,
        endHour,
        units,
        unix || format.equals("flatbuffers"),
        format.equals("flatbuffers"),
        format.equals("csv"),
        hourly,
        minutely15,
        current,
        daily);
  }

  /**
   * {@code wind_speed_unit}, else its older name {@code windspeed_unit}, which Open-Meteo still
   * reads and clients still send (Home Assistant's {@code open-meteo} package among them).
   */
  private static String windSpeedUnit(Map<String, String[]> parameters) {
    Set<String> allowed = Set.of("kmh", "ms", "mph", "kn");
    String unit = one(parameters, "wind_speed_unit", null, allowed);
    return unit != null ? unit : one(parameters, "windspeed_unit", "kmh", allowed);
  }

  private static OpenMeteoException invalid(String value, String key) {
    return new OpenMeteoException(
        "Cannot initialize WeatherVariable from invalid String value " + value + " for key " + key);
  }

  private static List<OpenMeteoVariables.Variable> variables(
      Map<String, String[]> parameters, String key) {
    List<OpenMeteoVariables.Variable> variables = new ArrayList<>();
    for (String name : list(parameters, key)) {
      OpenMeteoVariables.Variable v = OpenMeteoVariables.hourly(name);
      if (v == null) {
        throw invalid(name, key);
      }
      variables.add(v);
    }
    return variables;
  }

  /** Every value of a parameter, repeated or comma-separated, each once, in order. */
  static List<String> list(Map<String, String[]> parameters, String key) {
    String[] values = parameters.get(key);
    if (values == null) {
      return List.of();
    }
    Set<String> all = new LinkedHashSet<>();
    for (String value : values) {
      for (String part : value.split(",")) {
        String v = part.strip();
        if (!v.isEmpty()) {
          all.add(v);
        }
      }
    }
    return List.copyOf(all);
  }

  /** Every value of a numeric list in order, repeats kept; {@code nan} is null. */
  private static List<Double> numbers(Map<String, String[]> parameters, String key) {
    String[] values = parameters.get(key);
    List<Double> numbers = new ArrayList<>();
    if (values == null) {
      return numbers;
    }
    for (String value : values) {
      for (String part : value.split(",", -1)) {
        String v = part.strip();
        if (v.isEmpty() && values.length == 1 && !value.contains(",")) {
          continue;
        }
        if (v.equalsIgnoreCase("nan")) {
          numbers.add(null);
        } else if (DECIMAL.matcher(v).matches() && Double.isFinite(Double.parseDouble(v))) {
          numbers.add(Double.parseDouble(v));
        } else {
          throw new OpenMeteoException(
              "Parameter '" + key + "' must be decimal numbers, comma-separated; got '" + v + "'");
        }
      }
    }
    return numbers;
  }

  private static String one(
      Map<String, String[]> parameters, String key, String otherwise, Set<String> allowed) {
    List<String> values = list(parameters, key);
    if (values.isEmpty()) {
      return otherwise;
    }
    if (values.size() > 1) {
      throw new OpenMeteoException("Parameter '" + key + "' takes one value");
    }
    String value = values.getFirst().toLowerCase(Locale.ROOT);
    if (!allowed.contains(value)) {
      throw new OpenMeteoException(
          "Parameter '"
              + key
              + "' must be one of "
              + String.join(", ", allowed.stream().sorted().toList())
              + "; got '"
              + values.getFirst()
              + "'");
    }
    return value;
  }

  private static int integer(
      Map<String, String[]> parameters, String key, int otherwise, int min, int max) {
    List<String> values = list(parameters, key);
    if (values.isEmpty()) {
      return otherwise;
    }
    try {
      if (values.size() == 1 && values.getFirst().matches("\\d{1,4}")) {
        int n = Integer.parseInt(values.getFirst());
        if (n >= min && n <= max) {
          return n;
        }
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new OpenMeteoException(
        "Parameter '" + key + "' must be an integer from " + min + " to " + max);
  }

  private static LocalDate date(Map<String, String[]> parameters, String key) {
    List<String> values = list(parameters, key);
    if (values.isEmpty()) {
      return null;
    }
    try {
      if (values.size() == 1 && DATE.matcher(values.getFirst()).matches()) {
        return LocalDate.parse(values.getFirst());
      }
    } catch (DateTimeParseException e) {
      // said below
    }
    throw new OpenMeteoException(
        "Parameter '"
            + key
            + "' must be one date yyyy-mm-dd; got '"
            + String.join(",", values)
            + "'");
  }

  private static LocalDateTime hour(Map<String, String[]> parameters, String key) {
    List<String> values = list(parameters, key);
    if (values.isEmpty()) {
      return null;
    }
    try {
      if (values.size() == 1 && HOUR.matcher(values.getFirst()).matches()) {
        LocalDateTime t = LocalDateTime.parse(values.getFirst());
        return t.withMinute(0).withSecond(0).withNano(0);
      }
    } catch (DateTimeParseException e) {
      // said below
    }
    throw new OpenMeteoException(
        "Parameter '"
            + key
            + "' must be one local time yyyy-mm-ddThh:mm; got '"
            + String.join(",", values)
            + "'");
  }
}
