package dev.spotcast.ingestor.source.file;

import dev.spotcast.model.Aggregation;
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
import java.util.concurrent.atomic.LongAdder;

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
    Map<SeriesKey, List<FieldRef>> bySeries = new LinkedHashMap<>();
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
      bySeries
          .computeIfAbsent(
              new SeriesKey(field.levelType(), field.level(), field.parameter()),
              k -> new ArrayList<>())
          .add(field);
    }
    // Each parameter on each level becomes one value per output step: accumulations as amounts
    // since the previous step, everything else as the file has it.
    LongAdder negatives = new LongAdder();
    List<SkippedField> dropped = new ArrayList<>();
    Map<SeriesKey, Map<Integer, FieldRef>> stored = new LinkedHashMap<>();
    for (Map.Entry<SeriesKey, List<FieldRef>> series : bySeries.entrySet()) {
      stored.put(series.getKey(), byEnd(series.getValue(), negatives, dropped, model, runTime));
    }
    TreeSet<Integer> minutes = new TreeSet<>();
    for (Map<Integer, FieldRef> byEnd : stored.values()) {
      for (FieldRef field : byEnd.values()) {
        minutes.add(field.stepMinutes());
        minutes.add(field.startMinutes());
      }
    }
    int unit = ForecastRun.stepUnitOf(minutes);
    TreeSet<Integer> steps = new TreeSet<>();
    Map<FieldKey, FieldRef> byKey = new HashMap<>();
    // Where each parameter's interval starts at each step (in minutes), from the first level that
    // has it there.
    Map<LevelType, Map<String, Map<Integer, Integer>>> starts = new EnumMap<>(LevelType.class);
    Map<LevelType, Map<String, FieldRef>> shape = new EnumMap<>(LevelType.class);
    for (Map.Entry<SeriesKey, Map<Integer, FieldRef>> entry : stored.entrySet()) {
      SeriesKey key = entry.getKey();
      for (FieldRef field : entry.getValue().values()) {
        int step = field.stepMinutes() / unit;
        steps.add(step);
        byKey.put(new FieldKey(key.levelType(), key.level(), step, key.parameter()), field);
        shape
            .computeIfAbsent(key.levelType(), t -> new HashMap<>())
            .putIfAbsent(key.parameter(), field);
        starts
            .computeIfAbsent(key.levelType(), t -> new HashMap<>())
            .computeIfAbsent(key.parameter(), p -> new HashMap<>())
            .putIfAbsent(field.stepMinutes(), field.startMinutes());
      }
    }
    List<Integer> stepList = List.copyOf(steps);
    List<LevelAxis> axes = new ArrayList<>();
    for (Map.Entry<LevelType, TreeSet<Double>> entry : levels.entrySet()) {
      LevelType type = entry.getKey();
      List<Parameter> axisParameters = new ArrayList<>();
      for (Parameter parameter : parameters.get(type).values()) {
        FieldRef example = shape.getOrDefault(type, Map.of()).get(parameter.name());
        if (example == null) {
          continue;
        }
        // On some levels only (2 m temperature on a height axis): say which, so that queries
        // answer it at its own height.
        TreeSet<Double> has = new TreeSet<>();
        for (SeriesKey key : stored.keySet()) {
          if (key.levelType() == type
              && key.parameter().equals(parameter.name())
              && !stored.get(key).isEmpty()) {
            has.add(key.level());
          }
        }
        List<Double> onLevels = has.size() < entry.getValue().size() ? List.copyOf(has) : null;
        if (example.aggregation() == Aggregation.POINT) {
          axisParameters.add(parameter.onLevels(onLevels));
          continue;
        }
        Map<Integer, Integer> startByEnd = starts.get(type).get(parameter.name());
        List<Integer> stepStarts = new ArrayList<>();
        for (int step : stepList) {
          stepStarts.add(startByEnd.getOrDefault(step * unit, step * unit) / unit);
        }
        Parameter over =
            example.aggregation() == Aggregation.SUM
                ? new Parameter(parameter.name(), example.unit(), 0, Double.POSITIVE_INFINITY)
                : parameter.withUnit(example.unit());
        axisParameters.add(over.over(example.aggregation(), stepStarts).onLevels(onLevels));
      }
      if (!axisParameters.isEmpty()) {
        axes.add(new LevelAxis(type, List.copyOf(entry.getValue()), axisParameters));
      }
    }
    if (axes.isEmpty() || stepList.isEmpty()) {
      throw new IllegalArgumentException(
          "run " + runTime + " of " + model + " has no field that can be loaded: " + dropped);
    }
    ForecastRun run =
        new ForecastRun(model, runTime, definition(grid), axes, stepList, sharding, unit);
    Map<FieldKey, FieldRef> index = Map.copyOf(byKey);
    return new FileForecastSource(run, grid, index, dropped, negatives);
  }

  /**
   * The fields of one parameter on one level, one per output step (by the end of its interval in
   * minutes): accumulations turned into amounts since the previous step, energies (J m-2) into mean
   * fluxes (W m-2), means over longer intervals (since the run's start, or since a window
   * restarted) into means since the previous step; of several maxima or minima ending at the same
   * step, the shortest.
   */
  private static Map<Integer, FieldRef> byEnd(
      List<FieldRef> fields,
      LongAdder negatives,
      List<SkippedField> dropped,
      String model,
      Instant runTime) {
    Aggregation aggregation = fields.getFirst().aggregation();
    for (FieldRef field : fields) {
      if (field.aggregation() != aggregation) {
        throw new IllegalArgumentException(
            "run "
                + runTime
                + " of "
                + model
                + " has "
                + describe(fields.getFirst())
                + " as a "
                + aggregation.label()
                + " and "
                + describe(field)
                + " as a "
                + field.aggregation().label());
      }
    }
    Map<Integer, FieldRef> byEnd = new TreeMap<>();
    if (aggregation == Aggregation.SUM || aggregation == Aggregation.MEAN) {
      Map<Accumulations.Interval, FieldRef> byInterval = new HashMap<>();
      for (FieldRef field : fields) {
        FieldRef twice =
            byInterval.put(
                new Accumulations.Interval(field.startMinutes(), field.stepMinutes()), field);
        if (twice != null) {
          throw twice(model, runTime, twice, field);
        }
      }
      Accumulations.Plan plan = Accumulations.plan(byInterval.keySet());
      for (Accumulations.Recipe recipe : plan.recipes()) {
        FieldRef minuend = byInterval.get(recipe.minuend());
        FieldRef subtrahend =
            recipe.subtrahend() == null ? null : byInterval.get(recipe.subtrahend());
        boolean energy = aggregation == Aggregation.SUM && ENERGY.contains(minuend.unit());
        int seconds = (recipe.end() - recipe.from()) * 60;
        if ((energy || aggregation == Aggregation.MEAN) && seconds == 0) {
          continue; // a mean over no time has no value
        }
        FieldRef value;
        if (aggregation == Aggregation.MEAN) {
          value =
              subtrahend == null
                  ? minuend
                  : minuend.withSource(
                      IntervalSource.mean(minuend, subtrahend, recipe.from(), recipe.end()),
                      recipe.from(),
                      minuend.unit(),
                      Aggregation.MEAN);
        } else {
          double scale = energy ? 1.0 / seconds : 1.0;
          value =
              minuend.withSource(
                  IntervalSource.amount(minuend, subtrahend, scale, negatives),
                  recipe.from(),
                  energy ? FLUX : minuend.unit(),
                  energy ? Aggregation.MEAN : Aggregation.SUM);
        }
        byEnd.put(recipe.end(), value);
      }
      for (Accumulations.Unresolved u : plan.unresolved()) {
        FieldRef example =
            fields.stream()
                .filter(f -> f.stepMinutes() == u.end())
                .max(Comparator.comparingInt(FieldRef::startMinutes))
                .orElseThrow();
        if (aggregation == Aggregation.MEAN) {
          // Means over windows that overlap the previous one (a fixed 6 h window every 3 h) cannot
          // be taken apart: the shortest stands for its own window, as a maximum does.
          byEnd.put(u.end(), example);
          continue;
        }
        dropped.add(
            new SkippedField(
                example.message(),
                example.parameter(),
                example.levelType().label()
                    + " "
                    + example.level()
                    + " ending at +"
                    + u.end()
                    + " min: "
                    + u.reason()));
      }
      return byEnd;
    }
    for (FieldRef field : fields) {
      FieldRef other = byEnd.get(field.stepMinutes());
      if (other == null
          || (aggregation.overInterval() && other.startMinutes() < field.startMinutes())) {
        byEnd.put(field.stepMinutes(), field);
      } else if (aggregation == Aggregation.POINT || other.startMinutes() == field.startMinutes()) {
        throw twice(model, runTime, other, field);
      }
    }
    return byEnd;
  }

  /** Units of accumulated energy, stored as mean fluxes over their intervals. */
  private static final Set<String> ENERGY = Set.of("J m**-2", "J m-2", "J/m2", "J m^-2");

  private static final String FLUX = "W m**-2";

  private static IllegalArgumentException twice(
      String model, Instant runTime, FieldRef one, FieldRef other) {
    return new IllegalArgumentException(
        "the same field is given twice in run "
            + runTime
            + " of "
            + model
            + ": "
            + describe(one)
            + " and "
            + describe(other));
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
        + " "
        + field.interval()
        + " ("
        + field.file().getFileName()
        + " message "
        + field.message()
        + ")";
  }

  /** The fields of one parameter on one level, over the steps. */
  private record SeriesKey(LevelType levelType, double level, String parameter) {}

  /** A field within a run: its level type, level, step (in the run's unit) and parameter. */
  record FieldKey(LevelType levelType, double level, int step, String parameter) {
    FieldKey {
      Objects.requireNonNull(levelType);
      Objects.requireNonNull(parameter);
    }
  }
}
