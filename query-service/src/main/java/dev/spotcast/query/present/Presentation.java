package dev.spotcast.query.present;

import dev.spotcast.query.spot.EnsembleStatistic;
import dev.spotcast.query.spot.SeriesForecast;
import dev.spotcast.query.spot.SpotForecast;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How an answer is presented, as the request asked: in which units ({@code units=}), with local
 * times of which zone ({@code timezone=}), with which daily aggregates ({@code daily=}, series
 * only), with what how many earlier runs forecast ({@code previous_runs=}, spot only). The forecast
 * itself (run, neighbours, weights) is never changed.
 *
 * @param timezone {@code timezone=} as given (auto or a zone), null without it
 */
public record Presentation(
    UnitChoice units, String timezone, List<LocalDays.Item> daily, int previousRuns) {

  public static final Presentation AS_COMPUTED =
      new Presentation(UnitChoice.MODEL, null, List.of(), 0);

  public boolean changesNothing() {
    return units.isModel() && timezone == null && daily.isEmpty() && previousRuns == 0;
  }

  /**
   * @param previous the answers of earlier runs ({@code previous_runs=}), null when not asked
   */
  public SpotForecast apply(
      SpotForecast forecast, TimeZones zones, List<SpotForecast.PreviousRun> previous) {
    if (changesNothing()) {
      return forecast;
    }
    ZoneId zone = zones.resolve(timezone, forecast.lat(), forecast.lon());
    List<SpotForecast.PreviousRun> earlier = null;
    if (previous != null) {
      earlier = new ArrayList<>(previous.size());
      for (SpotForecast.PreviousRun run : previous) {
        earlier.add(
            new SpotForecast.PreviousRun(
                run.run(), run.values() == null ? null : convert(run.values()), run.problem()));
      }
    }
    return new SpotForecast(
        forecast.model(),
        forecast.run(),
        forecast.time(),
        forecast.lat(),
        forecast.lon(),
        forecast.alt(),
        forecast.pressure(),
        forecast.method(),
        converted(forecast.values(), forecast.ensemble()),
        forecast.neighbours(),
        forecast.levels(),
        forecast.steps(),
        zone == null ? null : zone.getId(),
        zone == null ? null : forecast.time().atZone(zone).toOffsetDateTime(),
        earlier,
        forecast.blend(),
        forecast.terrain(),
        forecast.ensemble(),
        forecast.provisional());
  }

  /** Daily aggregates without {@code timezone=} are of UTC days. */
  public SeriesForecast apply(SeriesForecast series, TimeZones zones) {
    if (changesNothing()) {
      return series;
    }
    ZoneId zone = zones.resolve(timezone, series.lat(), series.lon());
    if (zone == null && !daily.isEmpty()) {
      zone = ZoneOffset.UTC;
    }
    List<SeriesForecast.Step> steps = new ArrayList<>(series.steps().size());
    for (SeriesForecast.Step step : series.steps()) {
      steps.add(
          new SeriesForecast.Step(
              step.step(),
              step.time(),
              zone == null ? null : step.time().atZone(zone).toOffsetDateTime(),
              converted(step.values(), series.ensemble())));
    }
    Map<String, String> params = new LinkedHashMap<>();
    boolean convertible = convertible(series.ensemble());
    series
        .params()
        .forEach(
            (name, unit) -> params.put(name, convertible ? units.conversion(unit).label() : unit));
    List<SeriesForecast.Day> days =
        daily.isEmpty()
            ? null
            : LocalDays.days(steps, zone, daily, params.keySet(), series.lat(), series.lon());
    return new SeriesForecast(
        series.model(),
        series.run(),
        series.lat(),
        series.lon(),
        series.alt(),
        series.pressure(),
        series.method(),
        params,
        steps,
        series.neighbours(),
        zone == null ? null : zone.getId(),
        days,
        series.terrain(),
        series.ensemble(),
        series.blend(),
        series.provisional());
  }

  /**
   * An ensemble's spread (a difference) and probabilities (%) are not converted as values are: they
   * stay in the model's unit.
   */
  private static boolean convertible(SpotForecast.EnsembleUsed ensemble) {
    return ensemble == null
        || ensemble.statistic() == null
        || EnsembleStatistic.of(ensemble.statistic()).convertible();
  }

  private Map<String, SpotForecast.Value> converted(
      Map<String, SpotForecast.Value> values, SpotForecast.EnsembleUsed ensemble) {
    return convertible(ensemble) ? convert(values) : values;
  }

  private Map<String, SpotForecast.Value> convert(Map<String, SpotForecast.Value> values) {
    if (units.isModel()) {
      return values;
    }
    Map<String, SpotForecast.Value> converted = new LinkedHashMap<>();
    values.forEach(
        (name, value) -> {
          UnitChoice.Conversion conversion = units.conversion(value.unit());
          converted.put(
              name,
              new SpotForecast.Value(
                  value.value() == null ? null : conversion.apply(value.value()),
                  conversion.label(),
                  value.reason(),
                  value.over()));
        });
    return converted;
  }
}
