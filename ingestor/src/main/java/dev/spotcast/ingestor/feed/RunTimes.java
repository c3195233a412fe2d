package dev.spotcast.ingestor.feed;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Run times as publishers write them in paths ({@code yyyymmdd}, {@code HH}, {@code yyyymmddHH}),
 * always UTC, and the cycles before a moment, newest first, for {@code latest}.
 */
public final class RunTimes {

  private static final DateTimeFormatter DAY =
      DateTimeFormatter.ofPattern("yyyyMMdd", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter HOUR =
      DateTimeFormatter.ofPattern("HH", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter RUN =
      DateTimeFormatter.ofPattern("yyyyMMddHH", Locale.ROOT).withZone(ZoneOffset.UTC);

  private RunTimes() {}

  public static String day(Instant run) {
    return DAY.format(run);
  }

  public static String hour(Instant run) {
    return HOUR.format(run);
  }

  /** e.g. {@code 2026112600}. */
  public static String run(Instant run) {
    return RUN.format(run);
  }

  /**
   * Reads {@code yyyymmddHH} and checks the hour is one of the layout's cycles.
   *
   * @throws IllegalArgumentException saying what is expected
   */
  public static Instant parse(String text, FeedLayout layout) {
    Instant run;
    try {
      if (!text.strip().matches("\\d{10}")) {
        throw new DateTimeParseException("not 10 digits", text, 0);
      }
      run =
          LocalDateTime.parse(text.strip(), DateTimeFormatter.ofPattern("uuuuMMddHH", Locale.ROOT))
              .toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "a run is 'latest' or yyyymmddHH (UTC), e.g. 2026112600; got '" + text + "'");
    }
    int hour = run.atZone(ZoneOffset.UTC).getHour();
    if (!layout.cycles().contains(hour)) {
      throw new IllegalArgumentException(
          layout.name() + " has no run at " + hour + " UTC; its runs are at " + layout.cycles());
    }
    return run;
  }

  /** The layout's last {@code count} cycles at or before {@code now}, newest first. */
  public static List<Instant> cyclesBefore(Instant now, FeedLayout layout, int count) {
    List<Instant> runs = new ArrayList<>();
    Instant day = now.truncatedTo(ChronoUnit.DAYS);
    while (runs.size() < count) {
      for (int i = layout.cycles().size() - 1; i >= 0 && runs.size() < count; i--) {
        Instant run = day.plus(Duration.ofHours(layout.cycles().get(i)));
        if (!run.isAfter(now)) {
          runs.add(run);
        }
      }
      day = day.minus(Duration.ofDays(1));
    }
    return runs;
  }
}
