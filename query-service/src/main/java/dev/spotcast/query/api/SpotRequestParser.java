package dev.spotcast.query.api;

import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.query.config.QueryProperties;
import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.query.spot.Vertical;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * Turns the query parameters of {@code /v1/spot} into a {@link SpotRequest}, rejecting anything
 * malformed with a message that names the parameter. Whether the model's run covers the request is
 * not its business.
 */
@Component
public class SpotRequestParser {

  /** Plain decimal numbers only: Java also parses "NaN", "Infinity", hex floats and "1d". */
  private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

  private final QueryProperties properties;

  public SpotRequestParser(QueryProperties properties) {
    this.properties = properties;
  }

  public SpotRequest parse(
      String model, String lat, String lon, String time, String alt, String pressure, String n, String params) {
    double latitude = number("lat", lat, "degrees north");
    if (latitude < -90 || latitude > 90) {
      throw new BadParameterException("lat", "lat must be within [-90, 90] degrees, got " + lat.strip());
    }
    double longitude = number("lon", lon, "degrees east");
    if (longitude < -180 || longitude > 360) {
      throw new BadParameterException(
          "lon", "lon must be within [-180, 180] degrees (or [0, 360]), got " + lon.strip());
    }
    return new SpotRequest(
        required("model", model),
        latitude,
        RegularLatLonGrid.normaliseLongitude(longitude),
        vertical(alt, pressure),
        instant(time),
        neighbours(n),
        parameterNames(params));
  }

  /** alt= (m above ground) or pressure= (hPa), not both; neither asks for the single-level fields. */
  private static Vertical vertical(String alt, String pressure) {
    boolean hasAlt = alt != null && !alt.isBlank();
    boolean hasPressure = pressure != null && !pressure.isBlank();
    if (hasAlt && hasPressure) {
      throw new BadParameterException(
          "pressure", "give either alt (m above ground) or pressure (hPa), not both");
    }
    if (hasAlt) {
      return Vertical.height(number("alt", alt, "m above ground"));
    }
    if (hasPressure) {
      double hectopascals = number("pressure", pressure, "hPa");
      if (!(hectopascals > 0)) {
        throw new BadParameterException("pressure", "pressure must be positive (hPa), got " + pressure.strip());
      }
      return Vertical.pressure(hectopascals);
    }
    return null;
  }

  private static String required(String name, String value) {
    if (value == null || value.isBlank()) {
      throw new BadParameterException(name, name + " is required");
    }
    return value.strip();
  }

  private static double number(String name, String text, String unit) {
    String value = required(name, text);
    if (!DECIMAL.matcher(value).matches()) {
      throw new BadParameterException(name, name + " must be a decimal number in " + unit + ", got '" + value + "'");
    }
    double parsed = Double.parseDouble(value);
    if (!Double.isFinite(parsed)) {
      throw new BadParameterException(name, name + " must be a finite number, got '" + value + "'");
    }
    return parsed;
  }

  private static Instant instant(String text) {
    String value = required("time", text);
    TemporalAccessor parsed;
    try {
      parsed = DateTimeFormatter.ISO_DATE_TIME.parseBest(value, ZonedDateTime::from, LocalDateTime::from);
    } catch (DateTimeParseException e) {
      // An unencoded '+' in a query string arrives as a space: say so, it is the usual cause.
      String hint = value.contains(" ") ? " (send a '+' offset as %2B in a URL)" : "";
      throw new BadParameterException(
          "time",
          "time must be an ISO-8601 date-time with a zone, e.g. 2026-11-21T06:00:00Z or 2026-11-21T07:00:00+01:00; got '"
              + value + "'" + hint);
    }
    if (parsed instanceof ZonedDateTime zoned) {
      return zoned.toInstant();
    }
    // A time without a zone is ambiguous; guessing UTC would silently shift local times.
    throw new BadParameterException(
        "time", "time '" + value + "' has no zone: add 'Z' for UTC or an offset such as +01:00");
  }

  private int neighbours(String text) {
    if (text == null || text.isBlank()) {
      return properties.defaultNeighbours();
    }
    String value = text.strip();
    int max = properties.maxNeighbours();
    try {
      int n = Integer.parseInt(value);
      if (n >= 1 && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below with the valid range
    }
    throw new BadParameterException("n", "n must be an integer in [1, " + max + "], got '" + value + "'");
  }

  private static List<String> parameterNames(String text) {
    if (text == null) {
      return List.of();
    }
    List<String> names = new ArrayList<>();
    for (String part : text.split(",")) {
      String name = part.strip();
      if (!name.isEmpty() && !names.contains(name)) {
        names.add(name);
      }
    }
    if (names.isEmpty()) {
      throw new BadParameterException(
          "params", "params must be a comma-separated list of parameter names, e.g. t,u,v; got '" + text + "'");
    }
    return names;
  }
}
