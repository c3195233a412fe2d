package dev.spotcast.ingestor.source.file;

import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.GridDefinition;
import dev.spotcast.model.IrregularGrid;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.ModelNames;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Turns the fields of a set of files into runs: fields with the same reference time (and ensemble
 * member) form one run, whatever file they came from; different reference times are different runs.
 * Each member of an ensemble becomes a model of its own ({@code MODEL_mN}), so members are never
 * mixed into one value. Within a run every field must share one grid, and a field may appear once:
 * anything else is an error naming the files.
 */
public final class FileRuns {

  private FileRuns() {}

  /** The identity of a run in a set of files. */
  record RunKey(Instant referenceTime, Integer member) {}

  /**
   * Groups the fields into runs.
   *
   * @param members the ensemble members to keep, or empty for all of them
   * @throws IllegalArgumentException when a run mixes grids or holds a field twice
   */
  public static List<FileForecastSource> assemble(
      String model, List<FieldRef> fields, Set<Integer> members, ShardingSpec sharding) {
    ModelNames.requireValid(model);
    Map<RunKey, List<FieldRef>> byRun =
        new TreeMap<>(
            Comparator.comparing(RunKey::referenceTime)
                .thenComparing(RunKey::member, Comparator.nullsFirst(Comparator.naturalOrder())));
    for (FieldRef field : fields) {
      if (field.member() != null && !members.isEmpty() && !members.contains(field.member())) {
        continue;
      }
      byRun
          .computeIfAbsent(
              new RunKey(field.referenceTime(), field.member()), k -> new ArrayList<>())
          .add(field);
    }
    List<FileForecastSource> sources = new ArrayList<>();
    for (Map.Entry<RunKey, List<FieldRef>> entry : byRun.entrySet()) {
      RunKey key = entry.getKey();
      String runModel = key.member() == null ? model : model + "_m" + key.member();
      sources.add(build(runModel, key.referenceTime(), entry.getValue(), sharding));
    }
    return sources;
  }

  private static FileForecastSource build(
      String model, Instant runTime, List<FieldRef> fields, ShardingSpec sharding) {
    FieldGrid grid = fields.getFirst().grid();
    for (FieldRef field : fields) {
      if (!field.grid().equals(grid)) {
        throw new IllegalArgumentException(
            "run "
                + runTime
                + " of "
                + model
                + " mixes grids: "
                + describe(fields.getFirst())
                + " is on a "
                + grid.kind()
                + " grid of "
                + grid.pointCount()
                + " points, "
                + describe(field)
                + " on a "
                + field.grid().kind()
                + " grid of "
                + field.grid().pointCount()
                + " points; load files of different grids as different models");
      }
    }
    // Axes in a stable order (the LevelType order), levels sorted, parameters in first-seen order.
    Map<LevelType, TreeSet<Double>> levels = new EnumMap<>(LevelType.class);
    Map<LevelType, LinkedHashMap<String, Parameter>> parameters = new EnumMap<>(LevelType.class);
    TreeSet<Integer> steps = new TreeSet<>();
    Map<FieldKey, FieldRef> byKey = new HashMap<>();
    for (FieldRef field : fields) {
      levels.computeIfAbsent(field.levelType(), t -> new TreeSet<>()).add(field.level());
      Parameter parameter = ParameterUnits.parameter(field.parameter(), field.unit());
      Parameter known =
          parameters
              .computeIfAbsent(field.levelType(), t -> new LinkedHashMap<>())
              .putIfAbsent(parameter.name(), parameter);
      if (known != null && !known.unit().equals(parameter.unit())) {
        throw new IllegalArgumentException(
            "parameter "
                + parameter.name()
                + " has unit "
                + known.unit()
                + " and "
                + parameter.unit()
                + " in run "
                + runTime
                + " of "
                + model
                + " ("
                + describe(field)
                + ")");
      }
      steps.add(field.stepHours());
      FieldRef twice =
          byKey.put(
              new FieldKey(field.levelType(), field.level(), field.stepHours(), field.parameter()),
              field);
      if (twice != null) {
        throw new IllegalArgumentException(
            "the same field is given twice in run "
                + runTime
                + " of "
                + model
                + ": "
                + describe(twice)
                + " and "
                + describe(field));
      }
    }
    List<LevelAxis> axes = new ArrayList<>();
    for (Map.Entry<LevelType, TreeSet<Double>> entry : levels.entrySet()) {
      axes.add(
          new LevelAxis(
              entry.getKey(),
              List.copyOf(entry.getValue()),
              List.copyOf(parameters.get(entry.getKey()).values())));
    }
    ForecastRun run =
        new ForecastRun(model, runTime, definition(grid), axes, List.copyOf(steps), sharding);
    Map<FieldKey, FieldRef> index = Map.copyOf(byKey);
    return new FileForecastSource(run, grid, index);
  }

  /**
   * The grid as the catalog keeps it: the arithmetic of a regular grid, or what queries need of
   * others.
   */
  static GridDefinition definition(FieldGrid grid) {
    if (grid.regular().isPresent()) {
      RegularLatLon r = grid.regular().get();
      return new RegularLatLonGrid(r.lat0(), r.lon0(), r.dLat(), r.dLon(), r.nLat(), r.nLon());
    }
    double south = 90;
    double north = -90;
    for (int p = 0; p < grid.pointCount(); p++) {
      double lat = grid.latitude(p);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
    return new IrregularGrid(grid.kind(), grid.pointCount(), grid.maxSpacingKm(), south, north);
  }

  static String describe(FieldRef field) {
    return field.parameter()
        + " on "
        + field.levelType().label()
        + " "
        + field.level()
        + " step "
        + field.stepHours()
        + " ("
        + field.file().getFileName()
        + " message "
        + field.message()
        + ")";
  }

  /** A field within a run: its level type, level, step and parameter. */
  record FieldKey(LevelType levelType, double level, int step, String parameter) {
    FieldKey {
      Objects.requireNonNull(levelType);
      Objects.requireNonNull(parameter);
    }
  }
}
