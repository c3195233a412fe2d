package dev.spotcast.ingestor.cli;

import dev.spotcast.model.ForecastRun;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Parses forecast steps given as {@code 0-24}, {@code 0-48/3} or {@code 0,6,12} (hours), ladders
 * such as ECMWF's {@code 0-90,93-144/3,150-240/6}, parts in minutes such as {@code 0-360/15min},
 * and level lists.
 */
public final class StepList {

  private StepList() {}

  public static List<Integer> parse(String text) {
    List<Integer> steps = new ArrayList<>();
    try {
      for (String part : text.split(",")) {
        String p = part.strip();
        int slash = p.indexOf('/');
        int every = slash < 0 ? 1 : Integer.parseInt(p.substring(slash + 1));
        String range = slash < 0 ? p : p.substring(0, slash);
        int dash = range.indexOf('-', 1);
        if (dash < 0) {
          steps.add(Integer.parseInt(range));
        } else {
          int from = Integer.parseInt(range.substring(0, dash));
          int to = Integer.parseInt(range.substring(dash + 1));
          if (every < 1 || to < from) {
            throw new IllegalArgumentException("bad step range '" + p + "'");
          }
          for (int s = from; s <= to; s += every) {
            steps.add(s);
          }
        }
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "steps must look like 0-24, 0-48/3 or 0,6,12; got '" + text + "'");
    }
    return steps;
  }

  /**
   * Steps in minutes: each comma part in hours ({@code 0-90}, {@code 93-144/3}) or, ending in
   * {@code min}, in minutes ({@code 0-360/15min}); sorted, each once.
   */
  public static List<Integer> parseMinutes(String text) {
    TreeSet<Integer> minutes = new TreeSet<>();
    for (String part : text.split(",")) {
      String p = part.strip();
      if (p.endsWith("min")) {
        minutes.addAll(parse(p.substring(0, p.length() - 3)));
      } else {
        for (int hour : parse(p)) {
          minutes.add(Math.multiplyExact(hour, 60));
        }
      }
    }
    return List.copyOf(minutes);
  }

  /**
   * A run's steps from {@link #parseMinutes}: as the run counts them (hours when every step is a
   * whole hour) with the unit's length in minutes.
   */
  public record Steps(List<Integer> steps, int unitMinutes) {
    public static Steps of(String text) {
      List<Integer> minutes = parseMinutes(text);
      int unit = ForecastRun.stepUnitOf(minutes);
      return new Steps(minutes.stream().map(m -> m / unit).toList(), unit);
    }
  }

  /**
   * Parses level values given as a comma list of decimals, e.g. {@code 0,500,1000} or {@code
   * 0.1,1,10}.
   */
  public static List<Double> parseLevels(String text) {
    List<Double> levels = new ArrayList<>();
    try {
      for (String part : text.split(",")) {
        double level = Double.parseDouble(part.strip());
        if (!Double.isFinite(level)) {
          throw new NumberFormatException();
        }
        levels.add(level);
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "levels must be a comma list of numbers such as 0,500,1000; got '" + text + "'");
    }
    return levels;
  }

  /** A run's steps as people read them: "[0, 1, 2] h", or "[0, 1, 2] x 15 min". */
  public static String describe(ForecastRun run) {
    return run.steps()
        + (run.stepUnitMinutes() == ForecastRun.HOURS
            ? " h"
            : " x " + run.stepUnitMinutes() + " min");
  }
}
