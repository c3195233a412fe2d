package dev.spotcast.query.edr;

import dev.spotcast.query.spot.SeriesForecast;
import dev.spotcast.query.spot.SpotForecast;
import dev.spotcast.query.spot.Vertical;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The values of a position query at one place, as the spot service answered them: per parameter one
 * value per time (null where unavailable), whatever the output format.
 *
 * @param lon the longitude answered, normalised to [-180, 180)
 * @param vertical the level asked for, or null for single-level fields or all levels
 * @param levels every level answered when no z was given for parameters with levels (the EDR "all
 *     levels"), else null
 * @param units per parameter answered, in order, its unit
 * @param values per parameter, one value (or null) per time, or with levels per time and level (t
 *     major)
 */
public record PointSamples(
    String model,
    Instant run,
    double lon,
    double lat,
    Vertical vertical,
    List<Vertical> levels,
    List<Instant> times,
    Map<String, String> units,
    Map<String, List<Double>> values) {

  /** The answers of series requests, one per level: values per time and level. */
  static PointSamples ofLevels(
      List<SeriesForecast> perLevel, List<Vertical> levels, List<String> names) {
    SeriesForecast first = perLevel.getFirst();
    List<Instant> times = new ArrayList<>();
    List<Map<String, SpotForecast.Value>> values = new ArrayList<>();
    for (int t = 0; t < first.steps().size(); t++) {
      times.add(first.steps().get(t).time());
      for (SeriesForecast series : perLevel) {
        values.add(t < series.steps().size() ? series.steps().get(t).values() : Map.of());
      }
    }
    return withLevels(
        build(first.model(), first.run(), first.lon(), first.lat(), null, times, values, names),
        levels);
  }

  /** The answers of spot requests at one time, one per level. */
  static PointSamples ofLevelsAt(
      List<SpotForecast> perLevel, List<Vertical> levels, List<String> names) {
    SpotForecast first = perLevel.getFirst();
    List<Map<String, SpotForecast.Value>> values = new ArrayList<>();
    perLevel.forEach(answer -> values.add(answer.values()));
    return withLevels(
        build(
            first.model(),
            first.run(),
            first.lon(),
            first.lat(),
            null,
            List.of(first.time()),
            values,
            names),
        levels);
  }

  private static PointSamples withLevels(PointSamples flat, List<Vertical> levels) {
    return new PointSamples(
        flat.model(),
        flat.run(),
        flat.lon(),
        flat.lat(),
        null,
        List.copyOf(levels),
        flat.times(),
        flat.units(),
        flat.values());
  }

  /** The answer of a spot request: one time. */
  static PointSamples of(SpotForecast forecast, Vertical vertical, List<String> names) {
    return build(
        forecast.model(),
        forecast.run(),
        forecast.lon(),
        forecast.lat(),
        vertical,
        List.of(forecast.time()),
        List.of(forecast.values()),
        names);
  }

  /** The answer of a series request: one time per step. */
  static PointSamples of(SeriesForecast series, Vertical vertical, List<String> names) {
    List<Instant> times = new ArrayList<>();
    List<Map<String, SpotForecast.Value>> values = new ArrayList<>();
    for (SeriesForecast.Step step : series.steps()) {
      times.add(step.time());
      values.add(step.values());
    }
    return build(
        series.model(), series.run(), series.lon(), series.lat(), vertical, times, values, names);
  }

  /**
   * @param names the parameters to keep, in order; empty keeps every parameter answered
   */
  private static PointSamples build(
      String model,
      Instant run,
      double lon,
      double lat,
      Vertical vertical,
      List<Instant> times,
      List<Map<String, SpotForecast.Value>> perTime,
      List<String> names) {
    List<String> kept =
        names.isEmpty()
            ? List.copyOf(
                perTime.stream().filter(m -> !m.isEmpty()).findFirst().orElse(Map.of()).keySet())
            : names;
    Map<String, String> units = new LinkedHashMap<>();
    Map<String, List<Double>> values = new LinkedHashMap<>();
    for (String name : kept) {
      List<Double> column = new ArrayList<>(perTime.size());
      for (Map<String, SpotForecast.Value> atTime : perTime) {
        SpotForecast.Value value = atTime.get(name);
        column.add(value == null ? null : value.value());
        if (value != null) {
          units.putIfAbsent(name, value.unit());
        }
      }
      units.putIfAbsent(name, "");
      values.put(name, column);
    }
    return new PointSamples(
        model, run, lon, lat, vertical, null, List.copyOf(times), units, values);
  }
}
