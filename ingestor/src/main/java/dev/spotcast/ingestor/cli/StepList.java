package dev.spotcast.ingestor.cli;

import dev.spotcast.model.ForecastRun;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses forecast steps given as {@code 0-24}, {@code 0-48/3} or {@code 0,6,12}, and level lists.
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
