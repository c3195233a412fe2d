package dev.spotcast.model;

import dev.spotcast.sharding.ShardingSpec;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Objects;

/**
 * One run of one model (e.g. model "synth" started at 2026-11-21T00:00Z): its grid, levels, steps
 * and parameters, and the sharding it was loaded with. Everything a query needs to find and
 * interpolate its documents, so it is stored with the run in the run catalog.
 *
 * @param levels level values in the unit of {@code levelType}, strictly increasing
 * @param steps forecast steps in hours after {@code runTime}, strictly increasing
 */
public record ForecastRun(
    String model,
    Instant runTime,
    GridDefinition grid,
    LevelType levelType,
    List<Integer> levels,
    List<Integer> steps,
    List<Parameter> parameters,
    ShardingSpec sharding) {

  private static final DateTimeFormatter RUN_ID =
      DateTimeFormatter.ofPattern("yyyyMMddHH").withZone(ZoneOffset.UTC);

  public ForecastRun {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(runTime, "runTime");
    Objects.requireNonNull(grid, "grid");
    Objects.requireNonNull(levelType, "levelType");
    Objects.requireNonNull(sharding, "sharding");
    ModelNames.requireValid(model);
    levels = List.copyOf(levels);
    steps = List.copyOf(steps);
    parameters = List.copyOf(parameters);
    requireIncreasing("levels", levels);
    requireIncreasing("steps", steps);
    if (parameters.isEmpty()) {
      throw new IllegalArgumentException("a run needs at least one parameter");
    }
    if (parameters.stream().map(Parameter::name).distinct().count() != parameters.size()) {
      throw new IllegalArgumentException("parameter names must be unique");
    }
  }

  /** The run's identifier inside index names and ids: the UTC run time as yyyyMMddHH. */
  public String runId() {
    return RUN_ID.format(runTime);
  }

  public Instant validTime(int step) {
    return runTime.plus(Duration.ofHours(step));
  }

  /** Documents this run produces: one per grid point, level and step. */
  public long documentCount() {
    return (long) grid.pointCount() * levels.size() * steps.size();
  }

  public Parameter parameter(String name) {
    for (Parameter p : parameters) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    return null;
  }

  private static void requireIncreasing(String what, List<Integer> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("a run needs at least one of " + what);
    }
    for (int i = 1; i < values.size(); i++) {
      if (values.get(i) <= values.get(i - 1)) {
        throw new IllegalArgumentException(what + " must be strictly increasing: " + values);
      }
    }
  }
}
