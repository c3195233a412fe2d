package dev.spotcast.query.edr;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.spotcast.model.LevelType;
import dev.spotcast.query.spot.SpotForecast;
import dev.spotcast.query.spot.Vertical;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The answers of an EDR area, cube, radius or trajectory query: one sample per grid point (areas)
 * or vertex (trajectories), each with its place, time and level, the values per parameter (null
 * where unavailable) and, for areas, each parameter's statistics over the points inside.
 *
 * @param trajectory whether the samples are the vertices of a trajectory (else the grid points of
 *     an area)
 * @param levels per sample its level (m or hPa), or null for the single-level fields
 */
record AreaSamples(
    String model,
    Instant run,
    boolean trajectory,
    LevelType levelType,
    List<Double> lons,
    List<Double> lats,
    List<Instant> times,
    List<Double> levels,
    Map<String, String> units,
    Map<String, List<Double>> values,
    Map<String, Statistics> statistics) {

  /**
   * Over the grid points inside an area: the smallest, largest and mean value, and how many points
   * had one.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Statistics(
      Double min, Double max, Double mean, int count, @JsonProperty("points") int points) {}

  /**
   * @param answers per sample its spot answer (at the grid point itself for areas)
   * @param verticals per sample its level, null for the single-level fields
   * @param names the parameters to keep, in order; empty keeps every parameter answered
   */
  static AreaSamples of(
      List<SpotForecast> answers,
      List<Vertical> verticals,
      List<String> names,
      boolean trajectory) {
    SpotForecast first = answers.getFirst();
    List<String> kept = names.isEmpty() ? List.copyOf(first.values().keySet()) : names;
    List<Double> lons = new ArrayList<>(answers.size());
    List<Double> lats = new ArrayList<>(answers.size());
    List<Instant> times = new ArrayList<>(answers.size());
    List<Double> levels = new ArrayList<>(answers.size());
    for (int i = 0; i < answers.size(); i++) {
      SpotForecast answer = answers.get(i);
      lons.add(answer.lon());
      lats.add(answer.lat());
      times.add(answer.time());
      levels.add(verticals.get(i) == null ? null : verticals.get(i).value());
    }
    Map<String, String> units = new LinkedHashMap<>();
    Map<String, List<Double>> values = new LinkedHashMap<>();
    Map<String, Statistics> statistics = trajectory ? null : new LinkedHashMap<>();
    for (String name : kept) {
      List<Double> column = new ArrayList<>(answers.size());
      double min = Double.POSITIVE_INFINITY;
      double max = Double.NEGATIVE_INFINITY;
      double sum = 0;
      int count = 0;
      for (SpotForecast answer : answers) {
        SpotForecast.Value value = answer.values().get(name);
        Double v = value == null ? null : value.value();
        column.add(v);
        if (value != null) {
          units.putIfAbsent(name, value.unit());
        }
        if (v != null) {
          min = Math.min(min, v);
          max = Math.max(max, v);
          sum += v;
          count++;
        }
      }
      units.putIfAbsent(name, "");
      values.put(name, column);
      if (statistics != null) {
        statistics.put(
            name,
            count == 0
                ? new Statistics(null, null, null, 0, answers.size())
                : new Statistics(min, max, sum / count, count, answers.size()));
      }
    }
    LevelType type = verticals.getFirst() == null ? null : verticals.getFirst().type();
    return new AreaSamples(
        first.model(),
        first.run(),
        trajectory,
        type,
        lons,
        lats,
        times,
        levels,
        units,
        values,
        statistics);
  }
}
