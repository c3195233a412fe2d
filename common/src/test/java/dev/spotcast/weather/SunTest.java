package dev.spotcast.weather;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Reference times from NOAA's solar calculator equations (NOAA Global Monitoring Laboratory,
 * "General Solar Position Calculations" and its NOAA_Solar_Calculations_day spreadsheet: sunrise
 * and sunset at a solar zenith of 90.833°), evaluated at the event time, in local clock time. NOAA
 * states them accurate to about a minute between ±72° latitude; the tolerance here is two minutes.
 * London on 21 June 2024, 04:43 and 21:21 BST, and on 21 December, 08:04 and 15:53 GMT, are also
 * the times the almanacs print.
 */
class SunTest {

  private static final Duration TOLERANCE = Duration.ofMinutes(2);

  @ParameterizedTest
  @CsvSource({
    "London, 51.5074, -0.1278, Europe/London, 2024-06-21, 04:43:11, 21:21:39",
    "London, 51.5074, -0.1278, Europe/London, 2024-12-21, 08:04:00, 15:53:39",
    "Sydney, -33.8688, 151.2093, Australia/Sydney, 2024-12-21, 05:40:52, 20:05:40",
    "Boulder, 40.0150, -105.2705, America/Denver, 2024-03-20, 07:03:27, 19:13:47",
    "Quito, -0.1807, -78.4678, America/Guayaquil, 2024-09-22, 06:03:07, 18:09:36",
    "Tromsø, 69.6492, 18.9553, Europe/Oslo, 2024-03-20, 05:41:41, 18:03:28",
    // The day clocks go forward (23 hours long): the times are summer time.
    "Berlin, 52.52, 13.405, Europe/Berlin, 2024-03-31, 06:42:13, 19:39:38"
  })
  void sunriseAndSunsetAsNoaasCalculatorGivesThem(
      String place,
      double latitude,
      double longitude,
      String zone,
      LocalDate date,
      LocalTime sunrise,
      LocalTime sunset) {
    ZoneId zoneId = ZoneId.of(zone);
    Sun.Day day = Sun.day(latitude, longitude, date, zoneId);

    assertThat(day.polar()).as(place).isEqualTo(Sun.Polar.NONE);
    assertClose(day.sunrise(), ZonedDateTime.of(date, sunrise, zoneId));
    assertClose(day.sunset(), ZonedDateTime.of(date, sunset, zoneId));
    assertThat(day.sunrise().getZone()).isEqualTo(zoneId);
    Duration expected = Duration.between(sunrise, sunset);
    assertThat(day.daylight()).isBetween(expected.minus(TOLERANCE), expected.plus(TOLERANCE));
  }

  @Test
  void midnightSunAndPolarNightHaveNoSunriseAndNoSunset() {
    // Tromsø, 69.65° N: the sun stays up from late May to late July and down from late November to
    // mid January (NOAA's calculator answers no sunrise or sunset on these dates).
    Sun.Day summer = Sun.day(69.6492, 18.9553, LocalDate.of(2024, 6, 21), ZoneId.of("Europe/Oslo"));
    Sun.Day winter =
        Sun.day(69.6492, 18.9553, LocalDate.of(2024, 12, 21), ZoneId.of("Europe/Oslo"));

    assertThat(summer.polar()).isEqualTo(Sun.Polar.DAY);
    assertThat(summer.sunrise()).isNull();
    assertThat(summer.sunset()).isNull();
    assertThat(summer.daylight()).isEqualTo(Duration.ofHours(24));
    assertThat(winter.polar()).isEqualTo(Sun.Polar.NIGHT);
    assertThat(winter.sunrise()).isNull();
    assertThat(winter.sunset()).isNull();
    assertThat(winter.daylight()).isZero();
  }

  @Test
  void aDayWithTwoSettingsCountsBothAndReportsTheEveningOne() {
    // Tromsø, 27 July 2024, as the midnight-sun season ends. NOAA: the sun set at 00:06:03 (the
    // setting of 26 July, after midnight), rises at 01:36:17 and sets again at 23:53:30. Daylight
    // is 6 min 3 s + 22 h 17 min 13 s = 22 h 23 min 16 s.
    ZoneId oslo = ZoneId.of("Europe/Oslo");
    LocalDate date = LocalDate.of(2024, 7, 27);
    Sun.Day day = Sun.day(69.6492, 18.9553, date, oslo);

    assertThat(day.polar()).isEqualTo(Sun.Polar.NONE);
    assertClose(day.sunrise(), ZonedDateTime.of(date, LocalTime.of(1, 36, 17), oslo));
    assertClose(day.sunset(), ZonedDateTime.of(date, LocalTime.of(23, 53, 30), oslo));
    Duration expected = Duration.parse("PT22H23M16S");
    assertThat(day.daylight())
        .isBetween(
            expected.minus(TOLERANCE.multipliedBy(2)), expected.plus(TOLERANCE.multipliedBy(2)));
  }

  @Test
  void theSouthPoleInItsSummerAndWinter() {
    Sun.Day january = Sun.day(-90, 0, LocalDate.of(2025, 1, 10), ZoneId.of("UTC"));
    Sun.Day july = Sun.day(-90, 0, LocalDate.of(2025, 7, 10), ZoneId.of("UTC"));

    assertThat(january.polar()).isEqualTo(Sun.Polar.DAY);
    assertThat(july.polar()).isEqualTo(Sun.Polar.NIGHT);
  }

  @Test
  void isDayBetweenSunriseAndSunset() {
    double lat = 51.5074;
    double lon = -0.1278;
    // London, 21 June 2024: sunrise 03:43:11 UTC, sunset 20:21:39 UTC (NOAA, as above).
    assertThat(Sun.isDay(lat, lon, Instant.parse("2024-06-21T12:00:00Z"))).isTrue();
    assertThat(Sun.isDay(lat, lon, Instant.parse("2024-06-21T00:00:00Z"))).isFalse();
    assertThat(Sun.isDay(lat, lon, Instant.parse("2024-06-21T03:40:00Z"))).isFalse();
    assertThat(Sun.isDay(lat, lon, Instant.parse("2024-06-21T03:47:00Z"))).isTrue();
    assertThat(Sun.isDay(lat, lon, Instant.parse("2024-06-21T20:18:00Z"))).isTrue();
    assertThat(Sun.isDay(lat, lon, Instant.parse("2024-06-21T20:25:00Z"))).isFalse();
    // Tromsø at local midnight in midsummer: the midnight sun.
    assertThat(Sun.isDay(69.6492, 18.9553, Instant.parse("2024-06-21T22:00:00Z"))).isTrue();
  }

  @Test
  void theSunsElevationAtNoon() {
    // NOAA's equations: at London's solar noon on 21 June 2024 (12:02 UTC) the declination is
    // 23.44°, so the elevation is 90 − 51.51 + 23.44 = 61.93°.
    assertThat(Sun.elevation(51.5074, -0.1278, Instant.parse("2024-06-21T12:02:00Z")))
        .isBetween(61.83, 62.03);
  }

  private static void assertClose(ZonedDateTime actual, ZonedDateTime expected) {
    assertThat(actual).isNotNull();
    Duration off = Duration.between(expected, actual).abs();
    assertThat(off).as("%s against %s", actual, expected).isLessThanOrEqualTo(TOLERANCE);
  }
}
