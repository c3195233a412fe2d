package dev.spotcast.query.request;

import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.query.config.QueryProperties;
import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.EnsembleStatistic;
import dev.spotcast.query.spot.Method;
import dev.spotcast.query.spot.Place;
import dev.spotcast.query.spot.Reading;
import dev.spotcast.query.spot.RunSelection;
import dev.spotcast.query.spot.Site;
import dev.spotcast.query.spot.Vertical;
import dev.spotcast.query.terrain.CellSelection;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.TemporalAccessor;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * Turns the query parameters of {@code /v1/spot}, {@code /v1/series} and the batch into the parts
 * of a {@link dev.spotcast.query.spot.SpotRequest} (which run, where, how to read, when), rejecting
 * anything malformed with a message that names the parameter. Whether the model's run covers the
 * request is not its business.
 */
@Component
public class SpotRequestParser {

  /** Plain decimal numbers only: Java also parses "NaN", "Infinity", hex floats and "1d". */
  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

  private final QueryProperties properties;

  public SpotRequestParser(QueryProperties properties) {
    this.properties = properties;
  }

  /** Where a {@code /v1/spot} or {@code /v1/series} request asks. */
  public static Place place(PlaceParameters text) {
    return place(
        text.lat(),
        text.lon(),
        text.alt(),
        text.pressure(),
        text.elevation(),
        text.cellSelection());
  }

  /**
   * Where a request asks: {@code lat} and {@code lon} (required), {@code alt} or {@code pressure},
   * {@code elevation} and {@code cell_selection} (optional).
   */
  public static Place place(
      String lat, String lon, String alt, String pressure, String elevation, String cellSelection) {
    double latitude = number("lat", lat, "degrees north");
    if (latitude < -90 || latitude > 90) {
      throw new BadParameterException(
          "lat", "lat must be within [-90, 90] degrees, got " + lat.strip());
    }
    double longitude = number("lon", lon, "degrees east");
    if (longitude < -180 || longitude > 360) {
      throw new BadParameterException(
          "lon", "lon must be within [-180, 180] degrees (or [0, 360]), got " + lon.strip());
    }
    return new Place(
        latitude,
        RegularLatLonGrid.normaliseLongitude(longitude),
        vertical(alt, pressure),
        site(elevation, cellSelection));
  }

  /**
   * How a {@code /v1/spot} or {@code /v1/series} request reads its values, with {@code power} (spot
   * only).
   */
  public Reading reading(PlaceParameters text, String power) {
    return reading(text.n(), text.method(), power, parameterNames(text.params()))
        .over(period(text.period()));
  }

  /** The shortest and longest {@code period=}. */
  static final Duration SHORTEST_PERIOD = Duration.ofMinutes(15);

  static final Duration LONGEST_PERIOD = Duration.ofDays(10);

  private static final Pattern SHORT_DURATION = Pattern.compile("(\\d{1,5})\\s*(min|h|d)");

  /**
   * {@code period=}: "3h", "90min", "1d" or ISO-8601 ("PT6H"), 15 minutes to 10 days; null when not
   * given (amounts over the hour before).
   */
  public static Duration period(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    String t = text.strip();
    Duration period = null;
    Matcher m = SHORT_DURATION.matcher(t.toLowerCase(Locale.ROOT));
    if (m.matches()) {
      long n = Long.parseLong(m.group(1));
      period =
          switch (m.group(2)) {
            case "min" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofDays(n);
          };
    } else {
      try {
        period = Duration.parse(t);
      } catch (DateTimeParseException e) {
        // said below
      }
    }
    if (period == null
        || period.compareTo(SHORTEST_PERIOD) < 0
        || period.compareTo(LONGEST_PERIOD) > 0) {
      throw new BadParameterException(
          "period",
          "period must be a duration from 15min to 10d such as 1h, 3h, 6h, 24h, 90min or PT6H, got "
              + t);
    }
    return period;
  }

  /**
   * How a request reads its values.
   *
   * @param method idw (default), nearest or bilinear
   * @param power the IDW power (method=idw only), default the configured one
   * @param params the parameter names, already split ({@link #parameterNames})
   */
  public Reading reading(String n, String method, String power, List<String> params) {
    Method how = method(method);
    boolean hasN = n != null && !n.isBlank();
    if (how != Method.IDW && hasN) {
      throw new BadParameterException(
          "n",
          "n applies to method=idw only; method="
              + how.label()
              + " uses "
              + (how == Method.NEAREST ? "1 point" : "the 4 points of the grid cell"));
    }
    int neighbours =
        switch (how) {
          case IDW -> neighbours(n);
          case NEAREST -> 1;
          case BILINEAR -> 4;
        };
    return new Reading(params, how, neighbours, power(power, how), null);
  }

  /**
   * Which forecast a request of {@code model} (already checked, {@link #model}) reads: run=,
   * member=, ensemble=.
   */
  public static RunSelection runSelection(String model, PlaceParameters text) {
    return new RunSelection(model, runId(text.run()), ensemble(text.member(), text.ensemble()));
  }

  /** The valid time of {@code time=}: ISO-8601 with a zone, required. */
  public static Instant time(String text) {
    return instant("time", text);
  }

  /** The range [from, to] of valid times of a series, each end optional. */
  public static TimeRange range(String from, String to) {
    Instant start = from == null || from.isBlank() ? null : instant("from", from);
    Instant end = to == null || to.isBlank() ? null : instant("to", to);
    if (start != null && end != null && start.isAfter(end)) {
      throw new BadParameterException("from", "from " + start + " is after to " + end);
    }
    return new TimeRange(start, end);
  }

  /** A range of valid times; a null end is the run's first or last step. */
  public record TimeRange(Instant from, Instant to) {}

  /**
   * Highest and lowest elevation a request may give (m above sea level): below the Dead Sea, above
   * Everest.
   */
  private static final double LOWEST = -500;

  private static final double HIGHEST = 9000;

  /**
   * The site of a request: {@code elevation} (m above sea level) and {@code cell_selection} (land,
   * sea, nearest); both optional.
   */
  public static Site site(String elevation, String cellSelection) {
    Double metres = null;
    if (elevation != null && !elevation.isBlank()) {
      metres = number("elevation", elevation, "m above sea level");
      if (metres < LOWEST || metres > HIGHEST) {
        throw new BadParameterException(
            "elevation",
            "elevation must be within ["
                + "-500"
                + ", "
                + "9000"
                + "] m above sea level, got "
                + elevation.strip());
      }
    }
    CellSelection selection = null;
    if (cellSelection != null && !cellSelection.isBlank()) {
      selection = CellSelection.of(cellSelection.strip());
      if (selection == null) {
        throw new BadParameterException(
            "cell_selection",
            "cell_selection must be one of land, sea, nearest; got '"
                + cellSelection.strip()
                + "'");
      }
    }
    return metres == null && selection == null ? Site.ANY : new Site(metres, selection);
  }

  /** member= and ensemble= as given, or null when neither is. */
  public static RunSelection.EnsembleChoice ensemble(String member, String ensemble) {
    boolean hasMember = member != null && !member.isBlank();
    boolean hasStatistic = ensemble != null && !ensemble.isBlank();
    if (!hasMember && !hasStatistic) {
      return null;
    }
    if (hasMember && hasStatistic) {
      throw new BadParameterException(
          "ensemble",
          "give member (one member's values) or ensemble (a statistic across"
              + " members), not both");
    }
    if (hasMember) {
      String value = member.strip();
      if (!value.matches("\\d{1,3}")) {
        throw new BadParameterException(
            "member", "member must be a member number (0..999), got '" + value + "'");
      }
      return new RunSelection.EnsembleChoice(Integer.parseInt(value), null);
    }
    EnsembleStatistic statistic = EnsembleStatistic.of(ensemble);
    if (statistic == null) {
      throw new BadParameterException(
          "ensemble",
          "ensemble must be one of mean, spread, min, max, median, pNN"
              + " (1..99), prob_gt:X, prob_lt:X; got '"
              + ensemble.strip()
              + "'");
    }
    return new RunSelection.EnsembleChoice(null, statistic);
  }

  private static Method method(String text) {
    if (text == null || text.isBlank()) {
      return Method.IDW;
    }
    Method method = Method.of(text.strip());
    if (method == null) {
      throw new BadParameterException(
          "method", "method must be one of idw, nearest, bilinear; got '" + text.strip() + "'");
    }
    return method;
  }

  private static Double power(String text, Method method) {
    if (text == null || text.isBlank()) {
      return null;
    }
    if (method != Method.IDW) {
      throw new BadParameterException(
          "power", "power applies to method=idw only, not method=" + method.label());
    }
    double power = number("power", text, "(the IDW exponent)");
    if (!(power > 0) || power > 16) {
      throw new BadParameterException("power", "power must be in (0, 16], got " + text.strip());
    }
    return power;
  }

  private static final DateTimeFormatter RUN_ID =
      DateTimeFormatter.ofPattern("yyyyMMddHH").withZone(ZoneOffset.UTC);
  private static final Pattern RUN_ID_TEXT = Pattern.compile("\\d{10}");

  /** The run id (yyyyMMddHH, UTC) of a run= value, or null for the latest (published) run. */
  public static String runId(String text) {
    if (text == null || text.isBlank() || text.strip().equals("latest")) {
      return null;
    }
    String value = text.strip();
    if (RUN_ID_TEXT.matcher(value).matches()) {
      try {
        LocalDateTime.parse(
            value,
            DateTimeFormatter.ofPattern("uuuuMMddHH").withResolverStyle(ResolverStyle.STRICT));
        return value;
      } catch (DateTimeParseException e) {
        throw new BadParameterException(
            "run", "run '" + value + "' is not a valid yyyyMMddHH run id");
      }
    }
    Instant runTime;
    try {
      runTime = ZonedDateTime.parse(value, DateTimeFormatter.ISO_DATE_TIME).toInstant();
    } catch (DateTimeParseException e) {
      throw new BadParameterException(
          "run",
          "run must be 'latest', a run time (ISO-8601 with a zone, e.g. 2026-11-21T00:00:00Z) or a run id"
              + " (yyyyMMddHH, e.g. 2026112100); got '"
              + value
              + "'");
    }
    if (runTime.getEpochSecond() % 3600 != 0) {
      throw new BadParameterException("run", "run times are on the hour; got " + runTime);
    }
    return RUN_ID.format(runTime);
  }

  /**
   * alt= (m above ground) or pressure= (hPa), not both; neither asks for the single-level fields.
   */
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
        throw new BadParameterException(
            "pressure", "pressure must be positive (hPa), got " + pressure.strip());
      }
      return Vertical.pressure(hectopascals);
    }
    return null;
  }

  /** The model a request names: required, before anything is looked up by it. */
  public static String model(String model) {
    if (model == null || model.isBlank()) {
      throw new BadParameterException(
          "model", "model is required: one of the model ids /v1/models lists");
    }
    return model.strip();
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
      throw new BadParameterException(
          name, name + " must be a decimal number in " + unit + ", got '" + value + "'");
    }
    double parsed = Double.parseDouble(value);
    if (!Double.isFinite(parsed)) {
      throw new BadParameterException(name, name + " must be a finite number, got '" + value + "'");
    }
    return parsed;
  }

  private static Instant instant(String name, String text) {
    String value = required(name, text);
    TemporalAccessor parsed;
    try {
      parsed =
          DateTimeFormatter.ISO_DATE_TIME.parseBest(
              value, ZonedDateTime::from, LocalDateTime::from);
    } catch (DateTimeParseException e) {
      // An unencoded '+' in a query string arrives as a space: say so, it is the usual cause.
      String hint = value.contains(" ") ? " (send a '+' offset as %2B in a URL)" : "";
      throw new BadParameterException(
          name,
          name
              + " must be an ISO-8601 date-time with a zone, e.g. 2026-11-21T06:00:00Z or 2026-11-21T07:00:00+01:00; got '"
              + value
              + "'"
              + hint);
    }
    if (parsed instanceof ZonedDateTime zoned) {
      return zoned.toInstant();
    }
    // A time without a zone is ambiguous; guessing UTC would silently shift local times.
    throw new BadParameterException(
        name, name + " '" + value + "' has no zone: add 'Z' for UTC or an offset such as +01:00");
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
    throw new BadParameterException(
        "n", "n must be an integer in [1, " + max + "], got '" + value + "'");
  }

  /** The names of a {@code params} list, each once, in order; empty for none. */
  public static List<String> parameterNames(String text) {
    if (text == null) {
      return List.of();
    }
    LinkedHashSet<String> names = new LinkedHashSet<>();
    for (String part : text.split(",")) {
      String name = part.strip();
      if (!name.isEmpty()) {
        names.add(name);
      }
    }
    if (names.isEmpty()) {
      throw new BadParameterException(
          "params",
          "params must be a comma-separated list of parameter names, e.g. t,u,v; got '"
              + text
              + "'");
    }
    return List.copyOf(names);
  }
}
