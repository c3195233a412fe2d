package dev.spotcast.weather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * WMO's sunshine threshold, 120 W m-2 of direct normal irradiance, applied to a mean direct flux on
 * a horizontal surface; the cases worked by hand from the sun's elevation.
 */
class SunshineTest {

  private static final double LAT = 51.5074;
  private static final double LON = -0.1278;

  @Test
  void aClearMiddayHourIsAllSunshineAHazyOneNone() {
    Instant start = Instant.parse("2024-06-21T11:30:00Z");
    Instant end = Instant.parse("2024-06-21T12:30:00Z");
    // Elevation about 62°, sin 0.88: 200 W m-2 horizontal is 227 W m-2 normal, above 120;
    // 100 W m-2 horizontal is 113 W m-2 normal, below.
    assertThat(Sunshine.seconds(LAT, LON, start, end, 200)).isEqualTo(3600);
    assertThat(Sunshine.seconds(LAT, LON, start, end, 100)).isZero();
    assertThat(Sunshine.seconds(LAT, LON, start, end, 0)).isZero();
  }

  @Test
  void nightHasNoSunshine() {
    Instant start = Instant.parse("2024-12-21T00:00:00Z");
    assertThat(Sunshine.seconds(LAT, LON, start, start.plusSeconds(3600), 50)).isZero();
  }

  @Test
  void theSunriseHourCountsOnlyTheTimeTheSunIsUp() {
    // London, 21 June 2024: the sun's centre crosses the geometric horizon at about 03:49 UTC; a
    // low
    // sun turns even 10 W m-2 horizontal into a strong beam, but only the samples after sunrise
    // count: between 10 and 15 minutes of the hour.
    Instant start = Instant.parse("2024-06-21T03:00:00Z");
    double seconds = Sunshine.seconds(LAT, LON, start, start.plusSeconds(3600), 10);

    assertThat(seconds).isBetween(600.0, 900.0);
    assertThat(seconds % 300).isZero();
  }

  @Test
  void theIntervalMustEndAfterItStarts() {
    Instant t = Instant.parse("2024-06-21T12:00:00Z");
    assertThatThrownBy(() -> Sunshine.seconds(LAT, LON, t, t, 100))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
