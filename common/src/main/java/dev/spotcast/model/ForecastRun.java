package dev.spotcast.model;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One run of one model (e.g. model "synth" started at 2026-11-21T00:00Z): its grid, its level axes
 * (one per level type, each with its levels and parameters), its steps, and the sharding it was
 * loaded with. Everything a query needs to find and interpolate its documents, so it is stored with
 * the run in the run catalog.
 *
 * @param axes one per level type, in a stable order; every axis shares the run's grid and steps
 * @param steps forecast steps after {@code runTime} in units of {@code stepUnitMinutes}, strictly
 *     increasing (documents carry these numbers)
 * @param stepUnitMinutes the length of one step unit: 60 (hours) unless the run has steps that are
 *     not whole hours (15-minute output: 15); a run recorded before steps had a unit has hours
 */
public record ForecastRun(
    String model,
    Instant runTime,
    GridDefinition grid,
    List<LevelAxis> axes,
    List<Integer> steps,
    ShardingSpec sharding,
    int stepUnitMinutes) {

  /** Minutes in an hour, the step unit of every run whose steps are whole hours. */
  public static final int HOURS = 60;

  private static final DateTimeFormatter RUN_ID =
      DateTimeFormatter.ofPattern("yyyyMMddHH").withZone(ZoneOffset.UTC);

  public ForecastRun {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(runTime, "runTime");
    Objects.requireNonNull(grid, "grid");
    Objects.requireNonNull(sharding, "sharding");
    ModelNames.requireValid(model);
    if (stepUnitMinutes == 0) {
      stepUnitMinutes = HOURS;
    }
    if (stepUnitMinutes < 0 || HOURS % stepUnitMinutes != 0) {
      throw new IllegalArgumentException(
          "the step unit must divide an hour, got " + stepUnitMinutes + " minutes");
    }
    axes = List.copyOf(axes);
    steps = List.copyOf(steps);
    if (axes.isEmpty()) {
      throw new IllegalArgumentException("a run needs at least one level axis");
    }
    Set<LevelType> types = new HashSet<>();
    for (LevelAxis axis : axes) {
      if (!types.add(axis.type())) {
        throw new IllegalArgumentException(
            "a run has one axis per level type; " + axis.type().label() + " twice");
      }
    }
    if (steps.isEmpty()) {
      throw new IllegalArgumentException("a run needs at least one step");
    }
    if (sharding.stepsPerDocument() > steps.size() && sharding.stepsPerIndex() == 0) {
      // "Every step in one document": recorded as the run's own number of steps.
      sharding = sharding.withStepsPerDocument(steps.size());
    }
    for (int i = 1; i < steps.size(); i++) {
      if (steps.get(i) <= steps.get(i - 1)) {
        throw new IllegalArgumentException("steps must be strictly increasing: " + steps);
      }
    }
    List<Parameter> all = new ArrayList<>();
    for (LevelAxis axis : axes) {
      for (Parameter p : axis.parameters()) {
        Parameter same =
            all.stream().filter(q -> q.name().equals(p.name())).findFirst().orElse(null);
        if (same == null) {
          all.add(p);
        } else if (same.aggregation() != p.aggregation()) {
          throw new IllegalArgumentException(
              "parameter "
                  + p.name()
                  + " is a "
                  + same.aggregation().label()
                  + " and a "
                  + p.aggregation().label());
        } else if (!same.unit().equals(p.unit())) {
          throw new IllegalArgumentException(
              "parameter "
                  + p.name()
                  + " has unit "
                  + same.unit()
                  + " on one level type and "
                  + p.unit()
                  + " on another");
        }
      }
    }
    for (Parameter p : all) {
      if (p.starts() != null) {
        if (p.starts().size() != steps.size()) {
          throw new IllegalArgumentException(
              "parameter "
                  + p.name()
                  + " has "
                  + p.starts().size()
                  + " interval starts for "
                  + steps.size()
                  + " steps");
        }
        for (int i = 0; i < steps.size(); i++) {
          if (p.starts().get(i) > steps.get(i)) {
            throw new IllegalArgumentException(
                "parameter "
                    + p.name()
                    + ": the interval of step "
                    + steps.get(i)
                    + " starts after it, at "
                    + p.starts().get(i));
          }
        }
      }
    }
  }

  /** A run whose steps are hours. */
  public ForecastRun(
      String model,
      Instant runTime,
      GridDefinition grid,
      List<LevelAxis> axes,
      List<Integer> steps,
      ShardingSpec sharding) {
    this(model, runTime, grid, axes, steps, sharding, HOURS);
  }

  /**
   * The step unit for steps and interval starts given in minutes: an hour when they are all whole
   * hours, else the largest divisor of an hour that divides them all (15 for 15-minute output).
   */
  public static int stepUnitOf(Collection<Integer> minutes) {
    int unit = HOURS;
    for (int m : minutes) {
      unit = gcd(unit, Math.abs(m));
    }
    return unit;
  }

  private static int gcd(int a, int b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  /** This run with its steps counted in another unit (steps already in that unit). */
  public ForecastRun withStepUnit(int unitMinutes) {
    return new ForecastRun(model, runTime, grid, axes, steps, sharding, unitMinutes);
  }

  /** This run with another sharding spec (its shards per index resolved, say). */
  public ForecastRun withSharding(ShardingSpec spec) {
    return new ForecastRun(model, runTime, grid, axes, steps, spec, stepUnitMinutes);
  }

  /** A run with one level type, as the synthetic model makes. */
  public static ForecastRun of(
      String model,
      Instant runTime,
      GridDefinition grid,
      LevelType levelType,
      List<Double> levels,
      List<Integer> steps,
      List<Parameter> parameters,
      ShardingSpec sharding) {
    return new ForecastRun(
        model,
        runTime,
        grid,
        List.of(new LevelAxis(levelType, levels, parameters)),
        steps,
        sharding);
  }

  /** The run's identifier inside index names and ids: the UTC run time as yyyyMMddHH. */
  public String runId() {
    return RUN_ID.format(runTime);
  }

  public Instant validTime(int step) {
    return runTime.plus(stepDuration(step));
  }

  /** The time from the run's start to a step (or the length of a number of step units). */
  public Duration stepDuration(int step) {
    return Duration.ofMinutes((long) step * stepUnitMinutes);
  }

  /**
   * Where a time falls on the run's step axis, in step units (fractional between steps): the
   * coordinate time interpolation brackets.
   */
  public double stepsSince(Instant time) {
    Duration sinceRun = Duration.between(runTime, time);
    return (sinceRun.getSeconds() + sinceRun.getNano() / 1e9) / (60.0 * stepUnitMinutes);
  }

  /**
   * Documents this run produces: one per grid point, level (of every axis) and block of steps (a
   * step each when a document carries one).
   */
  public long documentCount() {
    long levels = 0;
    for (LevelAxis axis : axes) {
      levels += axis.levels().size();
    }
    return (long) grid.pointCount() * levels * blockCount();
  }

  /**
   * Consecutive steps of one grid point and level that one document carries (the sharding's steps
   * per document, at most every step of the run).
   */
  public int stepsPerDocument() {
    return Math.min(sharding.stepsPerDocument(), steps.size());
  }

  /**
   * Bits per value of the documents' packed blocks of steps (the sharding's value bits); a run of
   * one step per document keeps its values as numbers whatever this says.
   */
  public int valueBits() {
    return sharding.valueBits();
  }

  /**
   * Whether each document keeps its identity and all its values in one binary doc value
   * (dev.spotcast.index.DocumentColumn): the sharding says so and the documents carry blocks of
   * steps.
   */
  public boolean oneColumn() {
    return sharding.oneColumn() && stepsPerDocument() > 1;
  }

  /** Documents per grid point and level: the blocks of {@link #stepsPerDocument()} steps. */
  public int blockCount() {
    int k = stepsPerDocument();
    return (steps.size() + k - 1) / k;
  }

  /** Position of the first step of the document that carries the step at {@code stepPosition}. */
  public int blockStart(int stepPosition) {
    int k = stepsPerDocument();
    return stepPosition / k * k;
  }

  /** Steps of the document whose first step is at {@code firstPosition} (the last may be short). */
  public int blockLength(int firstPosition) {
    return Math.min(stepsPerDocument(), steps.size() - firstPosition);
  }

  /** Position of a step of the run among its steps; negative when the run has no such step. */
  public int stepPosition(int step) {
    return Collections.binarySearch(steps, step);
  }

  /** Every parameter of the run, each once, in axis order. */
  public List<Parameter> parameters() {
    List<Parameter> all = new ArrayList<>();
    for (LevelAxis axis : axes) {
      for (Parameter p : axis.parameters()) {
        if (all.stream().noneMatch(q -> q.name().equals(p.name()))) {
          all.add(p);
        }
      }
    }
    return all;
  }

  /**
   * The name a parameter is stored under, asked as written or in any case (aswdir_s: ASWDIR_S); a
   * name the run does not store (a derived variable, an unknown one) as asked.
   */
  public String storedName(String name) {
    Parameter parameter = parameter(name);
    return parameter == null ? name : parameter.name();
  }

  /** The parameter of that name, as written or in any case ({@link LevelAxis#parameter}). */
  public Parameter parameter(String name) {
    for (LevelAxis axis : axes) {
      Parameter p = axis.parameter(name);
      if (p != null) {
        return p;
      }
    }
    return null;
  }

  /** Position of the axis of a level type in {@link #axes()}, or -1. */
  public int axisPosition(LevelType type) {
    for (int i = 0; i < axes.size(); i++) {
      if (axes.get(i).type() == type) {
        return i;
      }
    }
    return -1;
  }
}
