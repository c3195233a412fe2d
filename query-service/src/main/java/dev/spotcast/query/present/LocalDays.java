package dev.spotcast.query.present;

import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.SeriesForecast;
import dev.spotcast.query.spot.SpotForecast;
import dev.spotcast.weather.Sun;
import dev.spotcast.weather.Sunshine;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code daily=} on a series: per local day of the requested time zone, the minimum, maximum, mean
 * or sum of each parameter over the run's steps whose valid time lies in the day ([00:00, 24:00)
 * local time, so 23 or 25 hours on a day the clocks change). One run only: a day is never completed
 * with another run's steps. A day is complete when its first step is less than one step interval
 * after its start and its last step at most one interval before its end (the interval: the smallest
 * gap between the series' steps); otherwise it is answered and marked incomplete, with its step
 * count. The sum of an amount (a value over a period, such as precipitation) adds the amounts whose
 * periods lie in the day, and the share of one that straddles midnight in proportion to its overlap
 * (an amount is spread evenly over its period), so a day is the amount between its two midnights
 * whatever the model's output intervals; other sums add the step values. The mean of a mean over
 * periods (a mean flux, mean cloud cover) is its mean over the day's time, each period weighted by
 * its overlap with the day, so a 3-hour mean counts three times an hourly one. A direction
 * (wind_direction) has no mean: bare aggregates leave it out and naming it is refused.
 */
public final class LocalDays {

  private LocalDays() {}

  /** What a day's values are. */
  public enum Aggregate {
    MIN,
    MAX,
    MEAN,
    SUM;

    String key() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private static final Set<String> DIRECTIONS = Set.of("wind_direction");

  /** One aggregate asked for: of one parameter, or (param null) of every parameter answered. */
  public record Item(String param, Aggregate aggregate) {}

  /**
   * Parses {@code daily=}: a comma list of {@code min|max|mean|sum} (every parameter) or {@code
   * PARAM:min|max|mean|sum}; null or blank means none.
   */
  public static List<Item> parse(String text) {
    if (text == null || text.isBlank()) {
      return List.of();
    }
    List<Item> items = new ArrayList<>();
    for (String part : text.split(",")) {
      String token = part.strip();
      int colon = token.lastIndexOf(':');
      String param = colon < 0 ? null : token.substring(0, colon).strip();
      Aggregate aggregate =
          aggregate(colon < 0 ? token : token.substring(colon + 1).strip(), token);
      if (param != null && param.isEmpty()) {
        throw new BadParameterException(
            "daily", "'" + token + "' names no parameter; write PARAM:" + aggregate.key());
      }
      if (param != null
          && DIRECTIONS.contains(param)
          && aggregate != Aggregate.MIN
          && aggregate != Aggregate.MAX) {
        throw new BadParameterException(
            "daily",
            param
                + " is a direction and has no "
                + aggregate.key()
                + "; aggregate u and v, or wind_speed");
      }
      Item item = new Item(param, aggregate);
      if (!items.contains(item)) {
        items.add(item);
      }
    }
    return List.copyOf(items);
  }

  private static Aggregate aggregate(String name, String token) {
    try {
      return Aggregate.valueOf(name.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new BadParameterException(
          "daily",
          "'"
              + token
              + "': daily takes a comma list of min, max, mean, sum,"
              + " each alone (every parameter) or as PARAM:AGGREGATE, e.g. daily=t:min,t:max");
    }
  }

  /**
   * The local days of a series' steps (in time order) with the asked aggregates.
   *
   * @param params the parameters the series answers, in its order
   * @throws BadParameterException naming {@code daily} for a parameter the series does not answer
   */
  public static List<SeriesForecast.Day> days(
      List<SeriesForecast.Step> steps, ZoneId zone, List<Item> items, Set<String> params) {
    return days(steps, zone, items, params, null, null);
  }

  /**
   * As {@link #days(List, ZoneId, List, Set)}, each day with the sun at the place (sunrise, sunset,
   * daylight) when lat and lon are given.
   */
  public static List<SeriesForecast.Day> days(
      List<SeriesForecast.Step> steps,
      ZoneId zone,
      List<Item> items,
      Set<String> params,
      Double lat,
      Double lon) {
    for (Item item : items) {
      if (item.param() != null && !params.contains(item.param())) {
        throw new BadParameterException(
            "daily",
            "daily names "
                + item.param()
                + ", which this series does not answer;"
                + " it answers "
                + String.join(", ", params));
      }
    }
    if (steps.isEmpty() || items.isEmpty()) {
      return List.of();
    }
    Duration interval = smallestGap(steps);
    Map<LocalDate, List<SeriesForecast.Step>> byDay = new LinkedHashMap<>();
    for (SeriesForecast.Step step : steps) {
      byDay
          .computeIfAbsent(step.time().atZone(zone).toLocalDate(), d -> new ArrayList<>())
          .add(step);
    }
    List<SeriesForecast.Day> days = new ArrayList<>(byDay.size());
    for (Map.Entry<LocalDate, List<SeriesForecast.Step>> entry : byDay.entrySet()) {
      LocalDate date = entry.getKey();
      List<SeriesForecast.Step> inDay = entry.getValue();
      OffsetDateTime start = date.atStartOfDay(zone).toOffsetDateTime();
      OffsetDateTime end = date.plusDays(1).atStartOfDay(zone).toOffsetDateTime();
      Instant first = inDay.getFirst().time();
      Instant last = inDay.getLast().time();
      boolean complete =
          interval != null
              && Duration.between(start.toInstant(), first).compareTo(interval) < 0
              && Duration.between(last, end.toInstant()).compareTo(interval) <= 0;
      Map<String, Map<String, Double>> values = values(inDay, items, params);
      overPeriods(values, steps, start.toInstant(), end.toInstant());
      days.add(
          new SeriesForecast.Day(
              date,
              start,
              end,
              complete,
              inDay.size(),
              values,
              sun(lat, lon, date, zone, steps, start.toInstant(), end.toInstant())));
    }
    return days;
  }

  private static SeriesForecast.SunDay sun(
      Double lat,
      Double lon,
      LocalDate date,
      ZoneId zone,
      List<SeriesForecast.Step> steps,
      Instant dayStart,
      Instant dayEnd) {
    if (lat == null || lon == null) {
      return null;
    }
    Sun.Day day = Sun.day(lat, lon, date, zone);
    return new SeriesForecast.SunDay(
        day.sunrise() == null ? null : day.sunrise().toOffsetDateTime(),
        day.sunset() == null ? null : day.sunset().toOffsetDateTime(),
        day.polar().name().toLowerCase(Locale.ROOT),
        day.daylight().toSeconds(),
        sunshine(lat, lon, steps, dayStart, dayEnd));
  }

  /**
   * Seconds of sunshine in the day from the direct radiation {@code fdir} (a mean flux over each
   * step's interval once loaded), each interval's flux taken as constant over its part of the day;
   * null without it.
   */
  private static Long sunshine(
      double lat, double lon, List<SeriesForecast.Step> steps, Instant dayStart, Instant dayEnd) {
    double seconds = 0;
    boolean any = false;
    for (SeriesForecast.Step step : steps) {
      SpotForecast.Value fdir = step.values().get(DIRECT_RADIATION);
      if (fdir == null || fdir.value() == null || fdir.over() == null) {
        continue;
      }
      Instant from = fdir.over().from().isAfter(dayStart) ? fdir.over().from() : dayStart;
      Instant to = fdir.over().to().isBefore(dayEnd) ? fdir.over().to() : dayEnd;
      if (from.isBefore(to)) {
        seconds += Sunshine.seconds(lat, lon, from, to, fdir.value());
        any = true;
      }
    }
    return any ? Math.round(seconds) : null;
  }

  /** ECMWF's total sky direct solar radiation at surface, the input of sunshine duration. */
  private static final String DIRECT_RADIATION = "fdir";

  private static Duration smallestGap(List<SeriesForecast.Step> steps) {
    Duration smallest = null;
    for (int i = 1; i < steps.size(); i++) {
      Duration gap = Duration.between(steps.get(i - 1).time(), steps.get(i).time());
      if (!gap.isZero() && !gap.isNegative() && (smallest == null || gap.compareTo(smallest) < 0)) {
        smallest = gap;
      }
    }
    return smallest;
  }

  private static Map<String, Map<String, Double>> values(
      List<SeriesForecast.Step> steps, List<Item> items, Set<String> params) {
    Map<String, Map<String, Double>> values = new LinkedHashMap<>();
    for (String param : params) {
      for (Item item : items) {
        boolean every = item.param() == null && !DIRECTIONS.contains(param);
        if (every || param.equals(item.param())) {
          values
              .computeIfAbsent(param, p -> new LinkedHashMap<>())
              .put(item.aggregate().key(), aggregate(steps, param, item.aggregate()));
        }
      }
    }
    return values;
  }

  /**
   * Replaces, for values over periods, what a plain aggregate of the day's steps gets wrong: the
   * sum of amounts by the amount between the day's start and end, and the mean of means (mean
   * fluxes, mean cloud cover) by their mean over the day's time, each weighted by how much of the
   * day its period covers. Both come from every step's period that overlaps the day (a day's first
   * hours belong to the next day's first step; a 3-hour mean weighs three times an hourly one).
   */
  private static void overPeriods(
      Map<String, Map<String, Double>> values,
      List<SeriesForecast.Step> steps,
      Instant dayStart,
      Instant dayEnd) {
    for (Map.Entry<String, Map<String, Double>> entry : values.entrySet()) {
      String param = entry.getKey();
      String statistic = statistic(steps, param);
      Aggregate aggregate =
          "sum".equals(statistic)
              ? Aggregate.SUM
              : "mean".equals(statistic) ? Aggregate.MEAN : null;
      if (aggregate == null || !entry.getValue().containsKey(aggregate.key())) {
        continue;
      }
      double sum = 0;
      long covered = 0;
      for (SeriesForecast.Step step : steps) {
        SpotForecast.Value value = step.values().get(param);
        if (value == null || value.value() == null || value.over() == null) {
          continue;
        }
        long from = Math.max(value.over().from().toEpochMilli(), dayStart.toEpochMilli());
        long to = Math.min(value.over().to().toEpochMilli(), dayEnd.toEpochMilli());
        long length = value.over().to().toEpochMilli() - value.over().from().toEpochMilli();
        if (to > from && length > 0) {
          // An amount in proportion to the part of its period inside the day; a mean weighted by
          // that part's length.
          sum +=
              aggregate == Aggregate.SUM
                  ? value.value() * (to - from) / length
                  : value.value() * (to - from);
          covered += to - from;
        }
      }
      Double day = covered == 0 ? null : aggregate == Aggregate.SUM ? sum : sum / covered;
      entry.getValue().put(aggregate.key(), day);
    }
  }

  /** The statistic a parameter's values are over periods with (sum, mean, ...), or null. */
  private static String statistic(List<SeriesForecast.Step> steps, String param) {
    for (SeriesForecast.Step step : steps) {
      SpotForecast.Value value = step.values().get(param);
      if (value != null && value.over() != null) {
        return value.over().statistic();
      }
    }
    return null;
  }

  private static Double aggregate(
      List<SeriesForecast.Step> steps, String param, Aggregate aggregate) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double sum = 0;
    int n = 0;
    for (SeriesForecast.Step step : steps) {
      SpotForecast.Value value = step.values().get(param);
      if (value == null || value.value() == null) {
        continue;
      }
      double v = value.value();
      min = Math.min(min, v);
      max = Math.max(max, v);
      sum += v;
      n++;
    }
    if (n == 0) {
      return null;
    }
    return switch (aggregate) {
      case MIN -> min;
      case MAX -> max;
      case MEAN -> sum / n;
      case SUM -> sum;
    };
  }
}
