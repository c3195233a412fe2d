package dev.spotcast.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class SyntheticWeatherTest {

  private static final long NOON = Instant.parse("2026-11-21T12:00:00Z").getEpochSecond();
  private final SyntheticWeather weather = new SyntheticWeather(42);

  @Test
  void sameSeedSameWeatherOtherSeedOtherWeather() {
    SyntheticWeather again = new SyntheticWeather(42);
    SyntheticWeather other = new SyntheticWeather(7);
    for (String p : new String[] {"t", "u", "v", "rh", "pres"}) {
      assertThat(again.value(p, 48.1, 11.6, 500, NOON))
          .isEqualTo(weather.value(p, 48.1, 11.6, 500, NOON));
    }
    assertThat(other.value("t", 48.1, 11.6, 500, NOON))
        .isNotEqualTo(weather.value("t", 48.1, 11.6, 500, NOON));
  }

  @Test
  void temperatureFallsBy6Point5KelvinPerKilometreAboveTheDiurnalLayer() {
    double at2000 = weather.value("t", 30, 20, 2000, NOON);
    double at3000 = weather.value("t", 30, 20, 3000, NOON);
    assertThat(at3000 - at2000).isCloseTo(-6.5, within(1e-9));
  }

  @Test
  void afternoonIsWarmerThanNightAtTheGround() {
    // 15h local solar time at lon 0 is 15:00Z; 03h is 03:00Z, 12 hours apart: the wave moves 5
    // degrees.
    long afternoon = Instant.parse("2026-11-21T15:00:00Z").getEpochSecond();
    long night = Instant.parse("2026-11-21T03:00:00Z").getEpochSecond();
    assertThat(weather.value("t", 0, 0, 0, afternoon) - weather.value("t", 0, 0, 0, night))
        .isGreaterThan(5);
  }

  @Test
  void valuesArePlausibleEverywhere() {
    for (int lat = -90; lat <= 90; lat += 5) {
      for (int lon = -180; lon < 180; lon += 15) {
        assertThat(weather.value("t", lat, lon, 0, NOON)).isBetween(240.0, 315.0);
        assertThat(weather.value("rh", lat, lon, 0, NOON)).isBetween(0.0, 100.0);
        assertThat(weather.value("rh", lat, lon, 9000, NOON)).isBetween(0.0, 100.0);
        assertThat(weather.value("pres", lat, lon, 0, NOON)).isCloseTo(1013.25, within(12.0));
        assertThat(
                Math.hypot(
                    weather.value("u", lat, lon, 0, NOON), weather.value("v", lat, lon, 0, NOON)))
            .isLessThan(40);
      }
    }
  }

  @Test
  void pressureFollowsTheStandardAtmosphere() {
    // ICAO standard atmosphere: about 505 hPa at 5500 m; the weather pattern adds at most 12 *
    // e^-0.6875.
    assertThat(weather.value("pres", 10, 10, 5500, NOON)).isCloseTo(505.0, within(7.0));
  }

  @Test
  void unknownParameterIsRejected() {
    assertThatThrownBy(() -> weather.value("snow", 0, 0, 0, NOON)).hasMessageContaining("snow");
  }
}
