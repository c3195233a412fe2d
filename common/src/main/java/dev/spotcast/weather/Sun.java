package dev.spotcast.weather;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Objects;
import org.shredzone.commons.suncalc.SunPosition;
import org.shredzone.commons.suncalc.SunTimes;

/**
 * Day and night, sunrise, sunset and daylight at a place, from commons-suncalc (Richard Körber's
 * library, after Montenbruck and Pfleger, "Astronomy on the Personal Computer"), whose times agree
 * with NOAA's solar calculator to about a minute away from the polar circles.
 *
 * <p>Sunrise and sunset are the moments the sun's upper limb touches a sea-level horizon with
 * standard refraction: its centre's geometric altitude is then {@link #HORIZON_DEGREES}, NOAA's and
 * the almanacs' convention. Between them is day: {@link #isDay} answers the same question for one
 * moment. Latitudes in degrees north (-90 to 90), longitudes in degrees east; valid for any date
 * the Gregorian calendar covers, to a minute between the polar circles and within about ten minutes
 * beyond them, where a grazing sun makes the moment itself uncertain.
 *
 * <p>Beyond the polar circles a local day may have no sunrise or no sunset: {@link Day} says so
 * with {@link Polar#DAY} (the sun stays up all day) or {@link Polar#NIGHT} (it stays down), and its
 * missing times are null, never invented.
 */
public final class Sun {

  /**
   * -0.833 degrees: the geometric altitude of the sun's centre at sunrise and sunset, 34' of
   * refraction plus the 16' semi-diameter (NOAA, "General Solar Position Calculations").
   */
  public static final double HORIZON_DEGREES = -0.833;

  private Sun() {}

  /** Whether the polar day or night holds all the local day. */
  public enum Polar {
    /** The sun rises or sets (or both) during the day. */
    NONE,
    /** The sun stays above the horizon all day (midnight sun). */
    DAY,
    /** The sun stays below the horizon all day. */
    NIGHT
  }

  /**
   * The sun on one local day at a place.
   *
   * @param date the local date
   * @param zone the time zone the date is in
   * @param sunrise the first sunrise of the day, or null if the sun does not rise on it
   * @param sunset the last sunset of the day, or null if the sun does not set on it
   * @param polar whether the sun stays up or down all day
   * @param daylight how long the sun is up during the local day (23, 24 or 25 hours long)
   */
  public record Day(
      LocalDate date,
      ZoneId zone,
      ZonedDateTime sunrise,
      ZonedDateTime sunset,
      Polar polar,
      Duration daylight) {}

  /**
   * The geometric (airless) altitude of the sun's centre above the horizon in degrees, -90 to 90,
   * at {@code time}.
   */
  public static double elevation(double latitude, double longitude, Instant time) {
    return SunPosition.compute().at(latitude, longitude).on(time).execute().getTrueAltitude();
  }

  /** Whether the sun is up at {@code time}: its centre above {@link #HORIZON_DEGREES}. */
  public static boolean isDay(double latitude, double longitude, Instant time) {
    return elevation(latitude, longitude, time) > HORIZON_DEGREES;
  }

  /**
   * Sunrise, sunset and daylight on the local {@code date} in {@code zone}. The day's risings and
   * settings are followed from its start to its end, so that a day near the polar circles with two
   * settings (just after midnight and again before the next) counts its daylight right; its sunrise
   * is the first rising of the day, its sunset the last setting.
   */
  public static Day day(double latitude, double longitude, LocalDate date, ZoneId zone) {
    Objects.requireNonNull(date, "date");
    Objects.requireNonNull(zone, "zone");
    ZonedDateTime start = date.atStartOfDay(zone);
    ZonedDateTime end = date.plusDays(1).atStartOfDay(zone);
    SunTimes whole = times(latitude, longitude, start, end, zone);
    // Up at midnight if the day's first event is a setting (or there is none and it stays up):
    // asked of the library itself, so that the state agrees with the events it finds.
    ZonedDateTime firstRise = whole.getRise();
    ZonedDateTime firstSet = whole.getSet();
    boolean upAtStart =
        firstRise == null && firstSet == null
            ? whole.isAlwaysUp()
            : firstRise == null || (firstSet != null && firstSet.isBefore(firstRise));
    boolean up = upAtStart;
    ZonedDateTime from = start;
    ZonedDateTime sunrise = null;
    ZonedDateTime sunset = null;
    Duration daylight = Duration.ZERO;
    // At most a few events a day; the bound only guards against a library that answers the same
    // moment again.
    for (int event = 0; event < 8 && from.isBefore(end); event++) {
      SunTimes times =
          event == 0 ? whole : times(latitude, longitude, from.plusSeconds(1), end, zone);
      ZonedDateTime next = up ? times.getSet() : times.getRise();
      if (next == null || !next.isBefore(end) || next.isBefore(from)) {
        break;
      }
      next = next.withZoneSameInstant(zone);
      if (up) {
        daylight = daylight.plus(Duration.between(from, next));
        sunset = next;
      } else if (sunrise == null) {
        sunrise = next;
      }
      up = !up;
      from = next;
    }
    if (up) {
      daylight = daylight.plus(Duration.between(from, end));
    }
    Polar polar = Polar.NONE;
    if (sunrise == null && sunset == null) {
      polar = upAtStart ? Polar.DAY : Polar.NIGHT;
      daylight = upAtStart ? Duration.between(start, end) : Duration.ZERO;
    }
    return new Day(date, zone, sunrise, sunset, polar, daylight);
  }

  private static SunTimes times(
      double latitude, double longitude, ZonedDateTime from, ZonedDateTime end, ZoneId zone) {
    return SunTimes.compute()
        .at(latitude, longitude)
        .on(from)
        .timezone(zone)
        .limit(Duration.between(from, end))
        .execute();
  }
}
