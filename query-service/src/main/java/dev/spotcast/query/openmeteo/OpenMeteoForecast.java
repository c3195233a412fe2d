package dev.spotcast.query.openmeteo;

import dev.spotcast.index.RunRecord;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.config.QueryProperties;
import dev.spotcast.query.present.LocalDays;
import dev.spotcast.query.present.TimeZones;
import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.Blends;
import dev.spotcast.query.spot.Derived;
import dev.spotcast.query.spot.Ensembles;
import dev.spotcast.query.spot.OutsideForecastException;
import dev.spotcast.query.spot.Place;
import dev.spotcast.query.spot.Reading;
import dev.spotcast.query.spot.RunSelection;
import dev.spotcast.query.spot.SeriesForecast;
import dev.spotcast.query.spot.Site;
import dev.spotcast.query.spot.SpotForecast;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.query.spot.SpotService;
import dev.spotcast.query.spot.Vertical;
import dev.spotcast.query.terrain.CellSelection;
import dev.spotcast.weather.Sun;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.springframework.stereotype.Service;

/**
 * Answers Open-Meteo forecast requests from Spotcast's own answers: per place and model, the
 * variables of the catalogue ({@link OpenMeteoVariables}) are grouped by the height or pressure
 * they are read at; each group's hours and quarter hours are {@code /v1/spot}'s answers at those
 * times ({@link SpotService#seriesAt}: interpolated in time between the run's steps, amounts over
 * the hour or quarter hour before), its current values {@code /v1/spot} at the quarter hour, its
 * local days' sums Open-Meteo's (the amounts of the day's hours, {@link #daySums}), and its other
 * daily aggregates the series' (a day the run covers partly as Open-Meteo's daily code answers it,
 * {@link #partialDayAnswered}). The place is named as Open-Meteo names it: by the grid cell that
 * answered.
 */
@Service
public class OpenMeteoForecast {

  private static final DateTimeFormatter LOCAL_MINUTE =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm");
  private static final DateTimeFormatter ABBREVIATION =
      DateTimeFormatter.ofPattern("zzz", Locale.ENGLISH);

  private final SpotService service;
  private final Blends blends;
  private final Ensembles ensembles;
  private final PublishedRuns runs;
  private final TimeZones zones;
  private final QueryProperties properties;
  private final Clock clock;

  public OpenMeteoForecast(
      SpotService service,
      Blends blends,
      Ensembles ensembles,
      PublishedRuns runs,
      TimeZones zones,
      QueryProperties properties) {
    this.service = service;
    this.blends = blends;
    this.ensembles = ensembles;
    this.runs = runs;
    this.zones = zones;
    this.properties = properties;
    this.clock = Clock.systemUTC();
  }

  /** One answer per place, in the order of the request. */
  public List<Map<String, Object>> answer(OpenMeteoQuery query) {
    return answer(query, false);
  }

  /**
   * One answer per place; of {@code /v1/ensemble} ({@code members}): every member of each ensemble,
   * the control under the variable's name, the others as {@code NAME_memberNN}.
   */
  public List<Map<String, Object>> answer(OpenMeteoQuery query, boolean members) {
    List<String> timezones =
        query.timezone() == null ? List.of() : List.of(query.timezone().split(","));
    List<Map<String, Object>> answers = new ArrayList<>();
    for (int i = 0; i < query.latitudes().size(); i++) {
      String timezone =
          timezones.isEmpty()
              ? null
              : timezones.get(timezones.size() == query.latitudes().size() ? i : 0).strip();
      answers.add(place(query, i, timezone, members));
    }
    return answers;
  }

  /** The hours and days a place is answered for, in its zone. */
  private record Axis(
      ZoneId zone,
      List<Instant> hours,
      List<Instant> quarters,
      List<LocalDate> days,
      Instant from,
      Instant to) {}

  private Axis axis(OpenMeteoQuery query, ZoneId zone) {
    LocalDate today = LocalDate.now(clock.withZone(zone));
    LocalDate start =
        query.startDate() != null ? query.startDate() : today.minusDays(query.pastDays());
    LocalDate end =
        query.endDate() != null ? query.endDate() : today.plusDays(query.forecastDays() - 1L);
    List<LocalDate> days = new ArrayList<>();
    for (LocalDate d = start; !d.isAfter(end); d = d.plusDays(1)) {
      days.add(d);
    }
    Instant first = start.atStartOfDay(zone).toInstant();
    Instant last = end.plusDays(1).atStartOfDay(zone).toInstant();
    if (query.startHour() != null) {
      first = query.startHour().atZone(zone).toInstant();
      last = query.endHour().atZone(zone).toInstant().plus(Duration.ofHours(1));
    }
    List<Instant> hours = new ArrayList<>();
    for (Instant t = first; t.isBefore(last); t = t.plus(Duration.ofHours(1))) {
      hours.add(t);
    }
    List<Instant> quarters = new ArrayList<>(hours.size() * 4);
    for (Instant hour : hours) {
      for (int q = 0; q < 4; q++) {
        quarters.add(hour.plus(Duration.ofMinutes(15L * q)));
      }
    }
    Instant from = days.isEmpty() ? first : min(first, start.atStartOfDay(zone).toInstant());
    Instant to = days.isEmpty() ? last : max(last, end.plusDays(1).atStartOfDay(zone).toInstant());
    return new Axis(zone, hours, quarters, days, from, to);
  }

  private static Instant min(Instant a, Instant b) {
    return a.isBefore(b) ? a : b;
  }

  private static Instant max(Instant a, Instant b) {
    return a.isAfter(b) ? a : b;
  }

  private ZoneId zone(String timezone, double lat, double lon) {
    if (timezone == null || timezone.isBlank()) {
      return ZoneOffset.UTC;
    }
    if (timezone.equalsIgnoreCase("gmt") || timezone.equalsIgnoreCase("utc")) {
      return ZoneOffset.UTC;
    }
    try {
      return zones.resolve(timezone, lat, lon);
    } catch (BadParameterException e) {
      throw new OpenMeteoException("Invalid timezone: " + timezone);
    }
  }

  /** Who answers under which suffix: a model's published run, or an ensemble member's run. */
  private record Answerer(String model, String run, String suffix) {}

  private List<Answerer> answerers(OpenMeteoQuery query, double lat, double lon, boolean members) {
    List<Answerer> answerers = new ArrayList<>();
    if (!members) {
      List<String> models =
          query.models().isEmpty() ? List.of(defaultModel(lat, lon)) : query.models();
      for (String model : models) {
        answerers.add(new Answerer(model, null, models.size() > 1 ? "_" + model : ""));
      }
      return answerers;
    }
    List<String> names = query.models().isEmpty() ? List.of(defaultEnsemble(lat)) : query.models();
    for (String ensemble : names) {
      SortedMap<Integer, String> of = ensembles.members(ensemble);
      if (of == null || runs.get(ensemble).isPresent()) {
        throw new OpenMeteoException(
            "Unknown ensemble '"
                + ensemble
                + "'; the ensembles served: "
                + String.join(", ", new TreeSet<>(ensembles.all().keySet())));
      }
      String run = ensembles.run(ensemble, of, null);
      String suffix = names.size() > 1 ? "_" + ensemble : "";
      for (Map.Entry<Integer, String> member : of.entrySet()) {
        answerers.add(
            new Answerer(
                member.getValue(),
                run,
                (member.getKey().equals(of.firstKey())
                        ? ""
                        : String.format(Locale.ROOT, "_member%02d", member.getKey()))
                    + suffix));
      }
    }
    return answerers;
  }

  /** The first ensemble (by name) whose members' grid spans the latitude. */
  private String defaultEnsemble(double lat) {
    for (Map.Entry<String, SortedMap<Integer, String>> e :
        new java.util.TreeMap<>(ensembles.all()).entrySet()) {
      RunRecord record = runs.get(e.getValue().get(e.getValue().firstKey())).orElse(null);
      if (runs.get(e.getKey()).isEmpty()
          && record != null
          && record.run().grid().south() <= lat
          && lat <= record.run().grid().north()) {
        return e.getKey();
      }
    }
    throw new OpenMeteoException("No ensemble covers latitude " + lat);
  }

  private Map<String, Object> place(OpenMeteoQuery query, int i, String timezone, boolean members) {
    long started = System.nanoTime();
    double lat = query.latitudes().get(i);
    double lon = RegularLatLonGrid.normaliseLongitude(query.longitudes().get(i));
    Double elevation = query.elevations().get(i);
    ZoneId zone = zone(timezone, lat, lon);
    Axis axis = axis(query, zone);
    List<Answerer> answerers = answerers(query, lat, lon, members);
    CellSelection cells =
        query.cellSelection() == null ? null : CellSelection.of(query.cellSelection());
    Site site = elevation == null && cells == null ? Site.ANY : new Site(elevation, cells);
    Map<String, Object> hourly = new LinkedHashMap<>();
    Map<String, Object> hourlyUnits = new LinkedHashMap<>();
    Map<String, Object> current = new LinkedHashMap<>();
    Map<String, Object> currentUnits = new LinkedHashMap<>();
    Map<String, Object> daily = new LinkedHashMap<>();
    Map<String, Object> dailyUnits = new LinkedHashMap<>();
    String timeUnit = query.unixTime() ? "unixtime" : "iso8601";
    hourly.put("time", times(axis.hours(), zone, query.unixTime()));
    List<Instant> quarters = axis.quarters();
    Map<String, Object> minutely = new LinkedHashMap<>();
    Map<String, Object> minutelyUnits = new LinkedHashMap<>();
    minutely.put("time", times(quarters, zone, query.unixTime()));
    minutelyUnits.put("time", timeUnit);
    hourlyUnits.put("time", timeUnit);
    Instant now = clock.instant().truncatedTo(ChronoUnit.MINUTES);
    now = now.minus(Duration.ofMinutes(now.atZone(ZoneOffset.UTC).getMinute() % 15));
    current.put("time", time(now, zone, query.unixTime()));
    current.put("interval", 900);
    currentUnits.put("time", timeUnit);
    currentUnits.put("interval", "seconds");
    List<Object> dayTimes = new ArrayList<>();
    for (LocalDate day : axis.days()) {
      dayTimes.add(
          query.unixTime() ? (Object) day.atStartOfDay(zone).toEpochSecond() : day.toString());
    }
    daily.put("time", dayTimes);
    dailyUnits.put("time", timeUnit);
    Double modelElevation = null;
    SpotForecast.Neighbour cell = null;
    for (Answerer answerer : answerers) {
      String suffix = answerer.suffix();
      ModelAnswer answer =
          model(query, answerer.model(), answerer.run(), lat, lon, site, axis, now);
      if (modelElevation == null) {
        modelElevation = answer.elevation();
      }
      if (cell == null) {
        cell = answer.cell();
      }
      block(
          query.hourly(),
          axis.hours(),
          suffix,
          query.units(),
          hourly,
          hourlyUnits,
          answer.hourValues());
      // Every quarter hour inside the run, interpolated in time as the hours are.
      block(
          query.minutely15(),
          quarters,
          suffix,
          query.units(),
          minutely,
          minutelyUnits,
          answer.quarterValues());
      for (OpenMeteoVariables.Variable v : query.current()) {
        currentUnits.put(v.name() + suffix, OpenMeteoVariables.label(v.kind(), query.units()));
        current.put(v.name() + suffix, answer.current(v, query.units()));
      }
      for (OpenMeteoVariables.Daily d : query.daily()) {
        String unit = OpenMeteoVariables.label(d.kind(), query.units());
        dailyUnits.put(
            d.name() + suffix, d.kind() == OpenMeteoVariables.Kind.TIME ? timeUnit : unit);
        List<Object> values = new ArrayList<>(axis.days().size());
        for (LocalDate day : axis.days()) {
          values.add(answer.daily(d, day, query, lat, lon, zone));
        }
        daily.put(d.name() + suffix, values);
      }
    }
    Map<String, Object> body = new LinkedHashMap<>();
    // As Open-Meteo: the coordinates of the grid cell that answered (here the nearest of the grid
    // points the values are interpolated from), the place asked when none did.
    body.put("latitude", cell == null ? lat : cell.lat());
    body.put("longitude", cell == null ? lon : cell.lon());
    body.put("generationtime_ms", (System.nanoTime() - started) / 1e6);
    Instant reference = axis.hours().isEmpty() ? axis.from() : axis.hours().getFirst();
    ZonedDateTime at = reference.atZone(zone);
    body.put("utc_offset_seconds", at.getOffset().getTotalSeconds());
    boolean utc = zone.equals(ZoneOffset.UTC);
    body.put("timezone", utc ? "GMT" : zone.getId());
    body.put("timezone_abbreviation", utc ? "GMT" : ABBREVIATION.format(at));
    Double answeredElevation = elevation != null ? elevation : modelElevation;
    if (answeredElevation != null) {
      body.put("elevation", answeredElevation);
    }
    if (!query.current().isEmpty()) {
      body.put("current_units", currentUnits);
      body.put("current", current);
    }
    if (!query.minutely15().isEmpty()) {
      body.put("minutely_15_units", minutelyUnits);
      body.put("minutely_15", minutely);
    }
    if (!query.hourly().isEmpty()) {
      body.put("hourly_units", hourlyUnits);
      body.put("hourly", hourly);
    }
    if (!query.daily().isEmpty()) {
      body.put("daily_units", dailyUnits);
      body.put("daily", daily);
    }
    return body;
  }

  /**
   * Writes the variables of an hourly or quarter-hour block, with their units: each variable's
   * value at each of the times, as the model answered them.
   */
  private static void block(
      List<OpenMeteoVariables.Variable> variables,
      List<Instant> times,
      String suffix,
      OpenMeteoVariables.Units units,
      Map<String, Object> values,
      Map<String, Object> labels,
      TimedValues answered) {
    for (OpenMeteoVariables.Variable v : variables) {
      labels.put(v.name() + suffix, OpenMeteoVariables.label(v.kind(), units));
      List<Double> column = new ArrayList<>(times.size());
      for (Instant time : times) {
        column.add(answered.at(v, time, units));
      }
      values.put(v.name() + suffix, column);
    }
  }

  /** A model's values of a variable at times: its hours' or its quarter hours'. */
  @FunctionalInterface
  private interface TimedValues {
    Double at(OpenMeteoVariables.Variable v, Instant time, OpenMeteoVariables.Units units);
  }

  private static List<Object> times(List<Instant> instants, ZoneId zone, boolean unix) {
    List<Object> times = new ArrayList<>(instants.size());
    for (Instant t : instants) {
      times.add(time(t, zone, unix));
    }
    return times;
  }

  private static Object time(Instant t, ZoneId zone, boolean unix) {
    return unix ? (Object) t.getEpochSecond() : LOCAL_MINUTE.format(t.atZone(zone));
  }

  /** The first model (by name) whose grid spans the place's latitude. */
  private String defaultModel(double lat, double lon) {
    for (String model : runs.models().stream().sorted().toList()) {
      RunRecord record = runs.get(model).orElse(null);
      if (record != null
          && record.run().grid().south() <= lat
          && lat <= record.run().grid().north()) {
        return model;
      }
    }
    throw new OpenMeteoException("No model covers latitude " + lat + " and longitude " + lon);
  }

  /** A group of sources read together: one series at one vertical. */
  private record Group(Vertical vertical, Set<String> ask) {}

  /**
   * What one model answered at a place: per vertical its hours and quarter hours (interpolated in
   * time), its series of the run's own steps (for the days), its answer now.
   *
   * @param cell the nearest grid point the values were interpolated from, null when none answered
   */
  private record ModelAnswer(
      Map<OpenMeteoVariables.Variable, OpenMeteoVariables.Source> sources,
      Map<Vertical, SeriesForecast> series,
      Map<Vertical, Map<Instant, Map<String, SpotForecast.Value>>> steps,
      Map<Vertical, Map<Instant, Map<String, SpotForecast.Value>>> hours,
      Map<Vertical, Map<Instant, Map<String, SpotForecast.Value>>> quarters,
      Map<Vertical, SpotForecast> now,
      Map<Vertical, Map<LocalDate, SeriesForecast.Day>> days,
      Map<Vertical, Map<LocalDate, Map<String, SpotForecast.Value>>> sums,
      Double elevation,
      SpotForecast.Neighbour cell) {

    private SpotForecast.Value value(
        Map<Vertical, Map<Instant, Map<String, SpotForecast.Value>>> byVertical,
        OpenMeteoVariables.Variable v,
        Instant time) {
      OpenMeteoVariables.Source source = sources.get(v);
      if (source == null) {
        return null;
      }
      Map<Instant, Map<String, SpotForecast.Value>> at = byVertical.get(source.vertical());
      Map<String, SpotForecast.Value> values = at == null ? null : at.get(time);
      return values == null ? null : values.get(source.key());
    }

    /** The hourly values, in the units asked. */
    TimedValues hourValues() {
      return (v, hour, units) -> converted(v.kind(), value(hours, v, hour), units);
    }

    /** The quarter-hour values, in the units asked. */
    TimedValues quarterValues() {
      return (v, time, units) -> converted(v.kind(), value(quarters, v, time), units);
    }

    Double current(OpenMeteoVariables.Variable v, OpenMeteoVariables.Units units) {
      OpenMeteoVariables.Source source = sources.get(v);
      SpotForecast spot = source == null ? null : now.get(source.vertical());
      return spot == null ? null : converted(v.kind(), spot.values().get(source.key()), units);
    }

    Object daily(
        OpenMeteoVariables.Daily d,
        LocalDate day,
        OpenMeteoQuery query,
        double lat,
        double lon,
        ZoneId zone) {
      switch (d.statistic()) {
        case SUNRISE, SUNSET, DAYLIGHT -> {
          Sun.Day sun = Sun.day(lat, lon, day, zone);
          if (d.statistic() == OpenMeteoVariables.Statistic.DAYLIGHT) {
            return (double) sun.daylight().toSeconds();
          }
          ZonedDateTime t =
              d.statistic() == OpenMeteoVariables.Statistic.SUNRISE ? sun.sunrise() : sun.sunset();
          return t == null ? null : time(t.toInstant(), zone, query.unixTime());
        }
        default -> {
          // the hourly variable the day is of, and the day as the series aggregated it
          OpenMeteoVariables.Variable hourly = OpenMeteoVariables.hourly(d.hourly());
          OpenMeteoVariables.Source source = sources.get(hourly);
          if (source == null) {
            return null;
          }
          if (d.statistic() == OpenMeteoVariables.Statistic.SUM) {
            Map<LocalDate, Map<String, SpotForecast.Value>> byDate = sums.get(source.vertical());
            Map<String, SpotForecast.Value> values = byDate == null ? null : byDate.get(day);
            return converted(
                d.kind(), values == null ? null : values.get(source.key()), query.units());
          }
          Map<LocalDate, SeriesForecast.Day> byDate = days.get(source.vertical());
          SeriesForecast.Day aggregated = byDate == null ? null : byDate.get(day);
          if (aggregated == null
              || !aggregated.complete()
                  && !partialDayAnswered(
                      d.statistic(),
                      covers(series.get(source.vertical()), day.atStartOfDay(zone).toInstant()))) {
            return null;
          }
          if (d.statistic() == OpenMeteoVariables.Statistic.SUNSHINE) {
            return aggregated.sun() == null || aggregated.sun().sunshineSeconds() == null
                ? null
                : (double) aggregated.sun().sunshineSeconds();
          }
          if (d.statistic() == OpenMeteoVariables.Statistic.WET_HOURS) {
            return wetHours(source, day, zone);
          }
          Map<String, Double> of = aggregated.values().get(source.key());
          Double value =
              of == null ? null : of.get(aggregate(d.statistic()).name().toLowerCase(Locale.ROOT));
          String unit = series.get(source.vertical()).params().get(source.key());
          return value == null
              ? null
              : OpenMeteoVariables.convert(d.kind(), unit, value, query.units());
        }
      }
    }

    /** Hours of the day with at least 0.1 mm: each step's amount spread over its own period. */
    private Double wetHours(OpenMeteoVariables.Source source, LocalDate day, ZoneId zone) {
      Instant start = day.atStartOfDay(zone).toInstant();
      Instant end = day.plusDays(1).atStartOfDay(zone).toInstant();
      double hours = 0;
      for (Map<String, SpotForecast.Value> values : steps.get(source.vertical()).values()) {
        SpotForecast.Value v = values.get(source.key());
        if (v == null || v.value() == null || v.over() == null) {
          continue;
        }
        double length = Duration.between(v.over().from(), v.over().to()).toSeconds() / 3600.0;
        Instant from = max(v.over().from(), start);
        Instant to = min(v.over().to(), end);
        if (length > 0 && from.isBefore(to) && v.value() / length >= 0.1) {
          hours += Duration.between(from, to).toSeconds() / 3600.0;
        }
      }
      return hours;
    }
  }

  /**
   * Whether a daily statistic has a value on a day the run covers only partly, as Open-Meteo's own
   * daily aggregation gives one: it aggregates the day's hourly values, an hour without a value
   * being NaN ({@code GenericDailyCalculator.swift} with its {@code [Float]} {@code max(by: 24)}).
   * Its maximum and minimum (Swift's {@code max()}/{@code min()} over the day's slice) keep a NaN
   * first hour but pass over NaNs after a value, so they are the extreme of the hours with a value
   * when the day's first hour has one, and null otherwise; a sum or mean of a NaN is NaN, so null
   * (the sunshine duration is a sum); precipitation hours count the hours above the threshold, a
   * NaN hour not counting, so the count over the hours with a value.
   *
   * @param firstHourCovered whether the run has a value at the day's first hour
   */
  static boolean partialDayAnswered(
      OpenMeteoVariables.Statistic statistic, boolean firstHourCovered) {
    return switch (statistic) {
      case MAX, MIN -> firstHourCovered;
      case WET_HOURS -> true;
      default -> false;
    };
  }

  /** Whether an instant lies within the series' steps (from its first to its last). */
  private static boolean covers(SeriesForecast series, Instant time) {
    return series != null
        && !series.steps().isEmpty()
        && !time.isBefore(series.steps().getFirst().time())
        && !time.isAfter(series.steps().getLast().time());
  }

  /**
   * The grid point Open-Meteo would name: of those an answer was interpolated from, the nearest
   * (the first of equally near ones); null for none.
   */
  static SpotForecast.Neighbour nearest(List<SpotForecast.Neighbour> neighbours) {
    SpotForecast.Neighbour nearest = null;
    for (SpotForecast.Neighbour n :
        neighbours == null ? List.<SpotForecast.Neighbour>of() : neighbours) {
      if (nearest == null || n.distance() < nearest.distance()) {
        nearest = n;
      }
    }
    return nearest;
  }

  private static LocalDays.Aggregate aggregate(OpenMeteoVariables.Statistic statistic) {
    return switch (statistic) {
      case MIN -> LocalDays.Aggregate.MIN;
      case MEAN -> LocalDays.Aggregate.MEAN;
      case SUM -> LocalDays.Aggregate.SUM;
      default -> LocalDays.Aggregate.MAX;
    };
  }

  private static Double converted(
      OpenMeteoVariables.Kind kind, SpotForecast.Value value, OpenMeteoVariables.Units units) {
    return value == null || value.value() == null
        ? null
        : OpenMeteoVariables.convert(kind, value.unit(), value.value(), units);
  }

  private ModelAnswer model(
      OpenMeteoQuery query,
      String model,
      String runId,
      double lat,
      double lon,
      Site site,
      Axis axis,
      Instant now) {
    // A blend (configured, as /v1/spot serves it) answers the variables its first member with a
    // run can make; each value is the blend's weighted mean of its members' at that time.
    boolean blend = runId == null && blends.isBlend(model);
    ForecastRun run = blend ? blendRun(model) : published(model, runId);
    Set<OpenMeteoVariables.Variable> needed = new LinkedHashSet<>(query.hourly());
    needed.addAll(query.minutely15());
    needed.addAll(query.current());
    Set<OpenMeteoVariables.Variable> forDays = new LinkedHashSet<>();
    for (OpenMeteoVariables.Daily d : query.daily()) {
      if (d.hourly() != null) {
        forDays.add(OpenMeteoVariables.hourly(d.hourly()));
      }
    }
    needed.addAll(forDays);
    Map<OpenMeteoVariables.Variable, OpenMeteoVariables.Source> sources = new HashMap<>();
    Map<Vertical, Group> groups = new LinkedHashMap<>();
    for (OpenMeteoVariables.Variable v : needed) {
      for (OpenMeteoVariables.Source source : v.sources()) {
        if (source.ask().stream().allMatch(name -> has(run, name, source.vertical()))) {
          sources.put(v, source);
          groups
              .computeIfAbsent(source.vertical(), k -> new Group(k, new LinkedHashSet<>()))
              .ask()
              .addAll(source.ask());
          break;
        }
      }
    }
    Map<Vertical, SeriesForecast> series = new HashMap<>();
    Map<Vertical, Map<Instant, Map<String, SpotForecast.Value>>> steps = new HashMap<>();
    Map<Vertical, Map<Instant, Map<String, SpotForecast.Value>>> hours = new HashMap<>();
    Map<Vertical, Map<Instant, Map<String, SpotForecast.Value>>> quarters = new HashMap<>();
    Map<Vertical, SpotForecast> spots = new HashMap<>();
    Map<Vertical, Map<LocalDate, SeriesForecast.Day>> days = new HashMap<>();
    Map<Vertical, Map<LocalDate, Map<String, SpotForecast.Value>>> sums = new HashMap<>();
    Set<Vertical> summed = new LinkedHashSet<>();
    for (OpenMeteoVariables.Daily d : query.daily()) {
      OpenMeteoVariables.Source source =
          d.statistic() == OpenMeteoVariables.Statistic.SUM
              ? sources.get(OpenMeteoVariables.hourly(d.hourly()))
              : null;
      if (source != null) {
        summed.add(source.vertical());
      }
    }
    Answered answered = new Answered();
    for (Group group : groups.values()) {
      Function<String, SpotRequest> requestFor = of -> request(of, lat, lon, group, runId, site);
      SpotRequest template = requestFor.apply(model);
      // The hours' amounts over the hour before each, the quarter hours' over the quarter hour.
      if (!query.hourly().isEmpty()) {
        hours.put(group.vertical(), timed(model, blend, requestFor, HOUR, axis.hours(), answered));
      }
      if (!query.minutely15().isEmpty()) {
        quarters.put(
            group.vertical(), timed(model, blend, requestFor, QUARTER, axis.quarters(), answered));
      }
      if (!query.daily().isEmpty()) {
        SeriesForecast read = blend ? blendSeries(model, requestFor, axis) : series(template, axis);
        if (read != null) {
          series.put(group.vertical(), read);
          Map<Instant, Map<String, SpotForecast.Value>> byTime = new LinkedHashMap<>();
          for (SeriesForecast.Step step : read.steps()) {
            byTime.put(step.time(), step.values());
          }
          steps.put(group.vertical(), byTime);
          answered.add(read.terrain(), read.neighbours());
          days.put(group.vertical(), days(query, group, read, sources, axis, lat, lon));
        }
      }
      if (summed.contains(group.vertical())) {
        sums.put(group.vertical(), daySums(model, blend, requestFor, axis, answered));
      }
      if (!query.current().isEmpty()) {
        try {
          SpotForecast spot =
              blend
                  ? blends.spot(model, of -> requestFor.apply(of).over(QUARTER).at(now))
                  : service.spot(template.over(QUARTER).at(now));
          spots.put(group.vertical(), spot);
          answered.add(spot.terrain(), spot.neighbours());
        } catch (OutsideForecastException e) {
          if (!blend) {
            outsideThePlace(e);
          } // no member of the blend answers now: nulls
        } catch (BadParameterException e) {
          // the model cannot answer this group now: nulls
        }
      }
    }
    return new ModelAnswer(
        sources,
        series,
        steps,
        hours,
        quarters,
        spots,
        days,
        sums,
        answered.elevation,
        answered.cell);
  }

  /** The model's published run (or the run asked), or Open-Meteo's error naming the models. */
  private ForecastRun published(String model, String runId) {
    return (runId == null ? runs.get(model) : runs.get(model, runId))
        .orElseThrow(
            () ->
                new OpenMeteoException(
                    "Unknown model '"
                        + model
                        + "'; the models served: "
                        + String.join(
                            ", ",
                            java.util.stream.Stream.concat(
                                    runs.models().stream(), blends.all().keySet().stream())
                                .sorted()
                                .toList())))
        .run();
  }

  /** The run of a blend's first member that has one: what its variables are made from. */
  private ForecastRun blendRun(String blend) {
    for (var member : blends.all().get(blend).members()) {
      RunRecord record = runs.get(member.model()).orElse(null);
      if (record != null) {
        return record.run();
      }
    }
    throw new OpenMeteoException("No member of blend '" + blend + "' has a published run");
  }

  /** The request of one group at the place for a model (a blend's member, or the model). */
  private SpotRequest request(
      String model, double lat, double lon, Group group, String runId, Site site) {
    return SpotRequest.of(
        RunSelection.of(model, runId),
        new Place(lat, lon, group.vertical(), site),
        Reading.idw(properties.defaultNeighbours(), List.copyOf(group.ask())),
        Instant.EPOCH);
  }

  /**
   * Open-Meteo's hours or quarter hours of a group: at each of the times what /v1/spot answers then
   * (interpolated in time between the run's steps, amounts over the period before it), a blend's
   * ({@link #blendAt}) or the model's ({@link #at}); none where there is no answer.
   */
  private Map<Instant, Map<String, SpotForecast.Value>> timed(
      String model,
      boolean blend,
      Function<String, SpotRequest> requestFor,
      Duration period,
      List<Instant> times,
      Answered answered) {
    return blend
        ? blendAt(model, requestFor, period, times)
        : at(requestFor.apply(model).over(period), times, answered);
  }

  /**
   * A group's amounts over each local day as Open-Meteo sums a day: its 24 hourly values, 00:00 to
   * 23:00, each the amount over the hour before, so the amount from 23:00 the day before to 23:00
   * (open-meteo/open-meteo, GenericDailyCalculator.swift: {@code sum(by: 24)} of the hourly values
   * from the day's start); none where an hour of it is outside the run, as Open-Meteo's sum of a
   * NaN hour is NaN. Each is /v1/spot's amount over that period at the day's last hour, one read
   * per length of day (a day of a change to or from summer time has 23 or 25 hours).
   */
  private Map<LocalDate, Map<String, SpotForecast.Value>> daySums(
      String model,
      boolean blend,
      Function<String, SpotRequest> requestFor,
      Axis axis,
      Answered answered) {
    Map<Duration, Map<Instant, LocalDate>> byLength = new LinkedHashMap<>();
    for (LocalDate day : axis.days()) {
      Instant start = day.atStartOfDay(axis.zone()).toInstant();
      Instant end = day.plusDays(1).atStartOfDay(axis.zone()).toInstant();
      byLength
          .computeIfAbsent(Duration.between(start, end), k -> new LinkedHashMap<>())
          .put(end.minus(HOUR), day);
    }
    Map<LocalDate, Map<String, SpotForecast.Value>> sums = new HashMap<>();
    byLength.forEach(
        (length, lastHours) ->
            timed(model, blend, requestFor, length, List.copyOf(lastHours.keySet()), answered)
                .forEach((time, values) -> sums.put(lastHours.get(time), values)));
    return sums;
  }

  /** A blend's values at each of the times ({@link Blends#at}), none where it has no answer. */
  private Map<Instant, Map<String, SpotForecast.Value>> blendAt(
      String blend,
      Function<String, SpotRequest> requestFor,
      Duration period,
      List<Instant> times) {
    Map<Instant, Map<String, SpotForecast.Value>> byTime = new HashMap<>();
    if (times.isEmpty()) {
      return byTime;
    }
    try {
      List<SpotForecast> answers = blends.at(blend, of -> requestFor.apply(of).over(period), times);
      for (int i = 0; i < times.size(); i++) {
        if (answers.get(i) != null) {
          byTime.put(times.get(i), answers.get(i).values());
        }
      }
    } catch (BadParameterException e) {
      // a member cannot answer this group: nulls
    }
    return byTime;
  }

  /** A blend's series over the axis ({@link Blends#series}), or null where it has none. */
  private SeriesForecast blendSeries(
      String blend, Function<String, SpotRequest> requestFor, Axis axis) {
    try {
      return blends.series(
          blend,
          (of, time) -> requestFor.apply(of).at(time),
          axis.from(),
          axis.to(),
          of -> runs.get(of).map(RunRecord::run).orElse(null));
    } catch (OutsideForecastException | BadParameterException e) {
      return null;
    }
  }

  /** The hour before an hourly value: what its amounts are over. */
  private static final Duration HOUR = Duration.ofHours(1);

  /** The quarter hour before a minutely_15 or current value. */
  private static final Duration QUARTER = Duration.ofMinutes(15);

  /** The elevation and grid cell of the first answer that names them. */
  private static final class Answered {
    Double elevation;
    SpotForecast.Neighbour cell;

    void add(SpotForecast.TerrainUsed terrain, List<SpotForecast.Neighbour> neighbours) {
      if (elevation == null && terrain != null) {
        elevation = terrain.elevation();
      }
      if (cell == null) {
        cell = nearest(neighbours);
      }
    }
  }

  /**
   * A group's values at each of the times ({@link SpotService#seriesAt}), none where the run has no
   * answer.
   */
  private Map<Instant, Map<String, SpotForecast.Value>> at(
      SpotRequest request, List<Instant> times, Answered answered) {
    Map<Instant, Map<String, SpotForecast.Value>> byTime = new HashMap<>();
    if (times.isEmpty()) {
      return byTime;
    }
    try {
      List<SpotForecast> answers = service.seriesAt(request, times);
      for (int i = 0; i < times.size(); i++) {
        SpotForecast answer = answers.get(i);
        if (answer != null) {
          byTime.put(times.get(i), answer.values());
          answered.add(answer.terrain(), answer.neighbours());
        }
      }
    } catch (OutsideForecastException e) {
      outsideThePlace(e);
    } catch (BadParameterException e) {
      // the model cannot answer this group: nulls
    }
    return byTime;
  }

  /** The series of a group, or null when the run has no step in the range (nulls). */
  private SeriesForecast series(SpotRequest template, Axis axis) {
    try {
      return service.series(template, axis.from(), axis.to());
    } catch (OutsideForecastException e) {
      outsideThePlace(e);
      return null;
    } catch (BadParameterException e) {
      return null;
    }
  }

  /** A place outside the model's grid is the request's error; a time outside it gives nulls. */
  private static void outsideThePlace(OutsideForecastException e) {
    String parameter = e.parameter();
    if (parameter != null
        && !parameter.equals("from")
        && !parameter.equals("to")
        && !parameter.equals("time")) {
      throw new OpenMeteoException(e.getMessage());
    }
  }

  /** The series' local days with the aggregates the daily variables of this group need. */
  private static Map<LocalDate, SeriesForecast.Day> days(
      OpenMeteoQuery query,
      Group group,
      SeriesForecast answered,
      Map<OpenMeteoVariables.Variable, OpenMeteoVariables.Source> sources,
      Axis axis,
      double lat,
      double lon) {
    List<LocalDays.Item> items = new ArrayList<>();
    for (OpenMeteoVariables.Daily d : query.daily()) {
      if (d.hourly() == null) {
        continue;
      }
      OpenMeteoVariables.Source source = sources.get(OpenMeteoVariables.hourly(d.hourly()));
      if (source == null
          || !Objects.equals(source.vertical(), group.vertical())
          || !answered.params().containsKey(source.key())) {
        continue;
      }
      LocalDays.Item item = new LocalDays.Item(source.key(), aggregate(d.statistic()));
      if (!items.contains(item)) {
        items.add(item);
      }
    }
    Map<LocalDate, SeriesForecast.Day> byDate = new HashMap<>();
    if (items.isEmpty()) {
      return byDate;
    }
    for (SeriesForecast.Day day :
        LocalDays.days(
            answered.steps(), axis.zone(), items, answered.params().keySet(), lat, lon)) {
      byDate.put(day.date(), day);
    }
    return byDate;
  }

  /** Whether the run can answer a parameter, or make a derived one, at a vertical. */
  static boolean has(ForecastRun run, String name, Vertical vertical) {
    Derived.Definition derived = Derived.definition(name);
    if (derived != null) {
      return Derived.reads(derived, n -> has(run, n, vertical)) != null;
    }
    for (LevelAxis axis : run.axes()) {
      Parameter p = axis.parameter(name);
      if (p == null) {
        continue;
      }
      if (vertical == null) {
        if (axis.type().singleLevel()
            || axis.levels().size() == 1
            || p.levels() != null && p.levels().size() == 1) {
          return true;
        }
      } else if (axis.type() == vertical.type()
          && vertical.value() >= axis.lowest()
          && vertical.value() <= axis.highest()
          && (p.levels() == null || p.levels().contains(vertical.value()))) {
        return true;
      }
    }
    return false;
  }
}
