package dev.spotcast.query.edr;

import dev.spotcast.query.spot.BadParameterException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.TemporalAccessor;

/**
 * The {@code datetime=} of an EDR query: absent (every step of the run), an instant, or an interval
 * {@code a/b}, {@code ../b} or {@code a/..} of ISO-8601 date-times with a zone.
 *
 * @param instant the instant asked for, or null for an interval
 * @param from the interval's start, or null when open (or for an instant)
 * @param to the interval's end, or null when open (or for an instant)
 */
public record EdrDatetime(Instant instant, Instant from, Instant to) {

  static final String PARAMETER = "datetime";
  private static final String OPEN = "..";

  /** Every step of the run. */
  public static final EdrDatetime ALL = new EdrDatetime(null, null, null);

  public boolean isInstant() {
    return instant != null;
  }

  public static EdrDatetime parse(String text) {
    if (text == null || text.isBlank()) {
      return ALL;
    }
    String value = text.strip();
    int slash = value.indexOf('/');
    if (slash < 0) {
      if (value.equals(OPEN)) {
        throw bad(value, "'..' is only allowed as one end of an interval");
      }
      return new EdrDatetime(instant(value, value), null, null);
    }
    if (value.indexOf('/', slash + 1) >= 0) {
      throw bad(value, "an interval has exactly one '/'");
    }
    String start = value.substring(0, slash).strip();
    String end = value.substring(slash + 1).strip();
    Instant from = start.equals(OPEN) || start.isEmpty() ? null : instant(start, value);
    Instant to = end.equals(OPEN) || end.isEmpty() ? null : instant(end, value);
    if (from == null && to == null) {
      throw bad(value, "an interval needs at least one end");
    }
    if (from != null && to != null && from.isAfter(to)) {
      throw new BadParameterException(
          PARAMETER, "datetime interval starts after it ends: " + value);
    }
    return new EdrDatetime(null, from, to);
  }

  private static Instant instant(String text, String whole) {
    TemporalAccessor parsed;
    try {
      parsed =
          DateTimeFormatter.ISO_DATE_TIME.parseBest(text, ZonedDateTime::from, LocalDateTime::from);
    } catch (DateTimeParseException e) {
      String hint = text.contains(" ") ? " (send a '+' offset as %2B in a URL)" : "";
      throw bad(whole, "'" + text + "' is not an ISO-8601 date-time" + hint);
    }
    if (parsed instanceof ZonedDateTime zoned) {
      return zoned.toInstant();
    }
    throw bad(whole, "'" + text + "' has no zone: add 'Z' for UTC or an offset such as +01:00");
  }

  private static BadParameterException bad(String value, String why) {
    return new BadParameterException(
        PARAMETER,
        "datetime must be an ISO-8601 date-time with a zone (2026-11-21T06:00:00Z) or an interval a/b, ../b or a/..;"
            + " "
            + why
            + "; got '"
            + value
            + "'");
  }
}
