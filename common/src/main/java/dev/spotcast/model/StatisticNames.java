package dev.spotcast.model;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One name per parameter, whatever the length of its statistic's interval. ecCodes names some
 * statistics by that length: {@code 10fg} is the 10 m gust's maximum since the previous
 * post-processing, {@code 10fg3} and {@code 10fg6} its maximum over the last 3 and 6 hours. ECMWF's
 * open data uses those names step by step (10fg hourly to 90 h, 10fg3 three-hourly to 144 h, 10fg6
 * after; reported in dynamical-org/reformatters#517). Spotcast keeps each step's interval beside
 * its value, so the hours in the name say nothing more, and a parameter's series must not change
 * its name half-way: the name is the one without them. The 2 m temperature's extremes ({@code
 * mx2t6}, {@code mn2t6}) keep their names, which users ask by; a run that mixes their windows is
 * the same case, not handled yet.
 */
public final class StatisticNames {

  private static final Pattern WITH_HOURS = Pattern.compile("(10fg)(1|3|6)");

  private StatisticNames() {}

  /** {@code name} without the hours of its interval ({@code 10fg3}: {@code 10fg}); else itself. */
  public static String withoutInterval(String name) {
    Matcher matcher = WITH_HOURS.matcher(name);
    return matcher.matches() ? matcher.group(1) : name;
  }
}
