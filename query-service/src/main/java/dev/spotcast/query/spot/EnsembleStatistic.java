package dev.spotcast.query.spot;

import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A statistic across the members of an ensemble ({@code ensemble=}), computed from each member's
 * interpolated value:
 *
 * <ul>
 *   <li>{@code mean}; {@code spread}: the standard deviation about the mean, sqrt(sum (x - mean)² /
 *       N);
 *   <li>{@code min}, {@code max}, {@code median}, {@code pNN} (1..99): percentiles by linear
 *       interpolation between the sorted members (numpy's default, Hyndman and Fan's type 7);
 *   <li>{@code prob_gt:X}, {@code prob_lt:X}: the share of members above or below X (in the
 *       parameter's unit as the model stores it), in %.
 * </ul>
 *
 * @param label as asked, e.g. "p90", "prob_gt:273.15"
 */
public record EnsembleStatistic(Kind kind, double argument, String label) {

  public enum Kind {
    MEAN,
    SPREAD,
    PERCENTILE,
    PROBABILITY_ABOVE,
    PROBABILITY_BELOW
  }

  private static final Pattern PERCENTILE = Pattern.compile("p([1-9][0-9]?)");
  private static final Pattern PROBABILITY =
      Pattern.compile("prob_(gt|lt):([+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?)");

  /** The statistic named, or null when the text names none. */
  public static EnsembleStatistic of(String text) {
    String name = text.strip().toLowerCase(Locale.ROOT);
    switch (name) {
      case "mean":
        return new EnsembleStatistic(Kind.MEAN, 0, name);
      case "spread":
        return new EnsembleStatistic(Kind.SPREAD, 0, name);
      case "min":
        return new EnsembleStatistic(Kind.PERCENTILE, 0, name);
      case "median":
        return new EnsembleStatistic(Kind.PERCENTILE, 50, name);
      case "max":
        return new EnsembleStatistic(Kind.PERCENTILE, 100, name);
      default:
        break;
    }
    Matcher percentile = PERCENTILE.matcher(name);
    if (percentile.matches()) {
      return new EnsembleStatistic(Kind.PERCENTILE, Integer.parseInt(percentile.group(1)), name);
    }
    Matcher probability = PROBABILITY.matcher(name);
    if (probability.matches()) {
      double threshold = Double.parseDouble(probability.group(2));
      return new EnsembleStatistic(
          probability.group(1).equals("gt") ? Kind.PROBABILITY_ABOVE : Kind.PROBABILITY_BELOW,
          threshold,
          name);
    }
    return null;
  }

  /** What the statistic's values are in, given the parameter's unit. */
  public String unit(String parameterUnit) {
    return kind == Kind.PROBABILITY_ABOVE || kind == Kind.PROBABILITY_BELOW ? "%" : parameterUnit;
  }

  /**
   * Whether units= may convert the statistic as it converts a value: not a spread (a difference),
   * not a probability.
   */
  public boolean convertible() {
    return kind == Kind.MEAN || kind == Kind.PERCENTILE;
  }

  /** The statistic of the members' values (at least one). */
  public double of(double[] members) {
    int n = members.length;
    switch (kind) {
      case MEAN:
        return Arrays.stream(members).sum() / n;
      case SPREAD:
        {
          double mean = Arrays.stream(members).sum() / n;
          double squares = 0;
          for (double x : members) {
            squares += (x - mean) * (x - mean);
          }
          return Math.sqrt(squares / n);
        }
      case PERCENTILE:
        {
          double[] sorted = members.clone();
          Arrays.sort(sorted);
          double h = (n - 1) * argument / 100;
          int lower = (int) Math.floor(h);
          if (lower >= n - 1) {
            return sorted[n - 1];
          }
          return sorted[lower] + (h - lower) * (sorted[lower + 1] - sorted[lower]);
        }
      case PROBABILITY_ABOVE:
        return 100.0 * Arrays.stream(members).filter(x -> x > argument).count() / n;
      case PROBABILITY_BELOW:
        return 100.0 * Arrays.stream(members).filter(x -> x < argument).count() / n;
      default:
        throw new IllegalStateException(kind.name());
    }
  }
}
