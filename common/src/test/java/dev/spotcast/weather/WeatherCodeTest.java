package dev.spotcast.weather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.weather.WeatherCode.Inputs;
import java.time.Duration;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Cases worked by hand from the thresholds documented on {@link WeatherCode}. */
class WeatherCodeTest {

  private static final Duration HOUR = Duration.ofHours(1);
  private static final double WARM = 288.15; // 15 °C
  private static final double FROST = 270.15; // -3 °C

  private static int code(Inputs in) {
    return WeatherCode.of(in, HOUR).orElseThrow();
  }

  /** Oktas rounded to the nearest eighth: 0 clear, 1-2 mainly clear, 3-7 partly, 8 overcast. */
  @ParameterizedTest
  @CsvSource({
    "0.0, 0", "0.06, 0", // 0.48 okta
    "0.07, 1", // 0.56 okta
    "0.31, 1", // 2.48 oktas
    "0.32, 2", // 2.56 oktas
    "0.5, 2", "0.93, 2", // 7.44 oktas
    "0.94, 3", // 7.52 oktas
    "1.0, 3"
  })
  void theSkyFromCloudCoverInOktas(double cover, int expected) {
    assertThat(code(Inputs.none().withCloudCover(cover).withPrecipitation(0.0)))
        .isEqualTo(expected);
  }

  /** Liquid, not convective, at 15 °C: drizzle below 1 mm/h, rain at FMH-1's 2.5 and 7.6 mm/h. */
  @ParameterizedTest
  @CsvSource({
    "0.09, 3", // below 0.1 mm/h: dry, the sky (overcast)
    "0.1, 51",
    "0.24, 51",
    "0.25, 53",
    "0.5, 55",
    "0.99, 55",
    "1.0, 61",
    "2.49, 61",
    "2.5, 63",
    "7.59, 63",
    "7.6, 65",
    "30, 65"
  })
  void drizzleAndRainByRate(double mmPerHour, int expected) {
    Inputs in =
        Inputs.none()
            .withCloudCover(1.0)
            .withPrecipitation(mmPerHour)
            .withShowers(0.0)
            .withSnowfall(0.0)
            .withTemperature(WARM);

    assertThat(code(in)).isEqualTo(expected);
  }

  @Test
  void aRateIsTheAmountOverThePeriodsHours() {
    // 6 mm in 3 hours is 2 mm/h: light rain (61); over one hour it would be moderate (63).
    Inputs in = Inputs.none().withPrecipitation(6.0).withTemperature(WARM);

    assertThat(WeatherCode.of(in, Duration.ofHours(3))).hasValue(61);
    assertThat(WeatherCode.of(in, HOUR)).hasValue(63);
    // 0.25 mm in a quarter of an hour is 1 mm/h: light rain, not drizzle.
    assertThat(WeatherCode.of(Inputs.none().withPrecipitation(0.25), Duration.ofMinutes(15)))
        .hasValue(61);
  }

  @Test
  void showersWhenTheConvectiveShareIsAtLeastHalf() {
    Inputs rain = Inputs.none().withTemperature(WARM);

    assertThat(code(rain.withPrecipitation(2.0).withShowers(1.0))).isEqualTo(80);
    assertThat(code(rain.withPrecipitation(2.0).withShowers(0.9))).isEqualTo(61);
    assertThat(code(rain.withPrecipitation(5.0).withShowers(5.0))).isEqualTo(81);
    assertThat(code(rain.withPrecipitation(12.0).withShowers(10.0))).isEqualTo(82);
    // Showers are light from the wet threshold on: 0.4 mm/h of showers is 80, not drizzle.
    assertThat(code(rain.withPrecipitation(0.4).withShowers(0.4))).isEqualTo(80);
  }

  @Test
  void snowFromTheSnowfallShareOrElseFromTheTemperature() {
    // Snowfall known: at least half of the precipitation.
    Inputs cold = Inputs.none().withTemperature(275.15);
    assertThat(code(cold.withPrecipitation(0.8).withSnowfall(0.5))).isEqualTo(71);
    assertThat(code(cold.withPrecipitation(0.8).withSnowfall(0.3))).isEqualTo(55); // rain at +2 °C
    assertThat(code(cold.withPrecipitation(1.5).withSnowfall(1.5))).isEqualTo(73);
    assertThat(code(cold.withPrecipitation(3.0).withSnowfall(3.0))).isEqualTo(75);
    // Without a snowfall field: snow at or below +1 °C.
    assertThat(code(Inputs.none().withPrecipitation(0.5).withTemperature(274.15))).isEqualTo(71);
    assertThat(code(Inputs.none().withPrecipitation(0.5).withTemperature(274.25))).isEqualTo(55);
    // Snowfall alone, without a total: the snowfall is the precipitation.
    assertThat(code(Inputs.none().withSnowfall(2.0))).isEqualTo(73);
  }

  @Test
  void snowShowers() {
    Inputs snow = Inputs.none().withTemperature(FROST);

    assertThat(code(snow.withPrecipitation(0.6).withShowers(0.6))).isEqualTo(85);
    assertThat(code(snow.withPrecipitation(1.2).withShowers(1.0))).isEqualTo(86);
  }

  @Test
  void liquidPrecipitationBelowFreezingFreezes() {
    // -3 °C at 2 m, the model's snowfall nil: supercooled drizzle and rain.
    Inputs freezing = Inputs.none().withTemperature(FROST).withSnowfall(0.0);

    assertThat(code(freezing.withPrecipitation(0.3))).isEqualTo(56);
    assertThat(code(freezing.withPrecipitation(0.7))).isEqualTo(57);
    assertThat(code(freezing.withPrecipitation(1.5))).isEqualTo(66);
    assertThat(code(freezing.withPrecipitation(4.0))).isEqualTo(67);
    // Before showers: convective freezing rain is still freezing rain.
    assertThat(code(freezing.withPrecipitation(4.0).withShowers(4.0))).isEqualTo(67);
  }

  @Test
  void thunderstormsNeedCapeAndConvectivePrecipitation() {
    Inputs unstable = Inputs.none().withTemperature(WARM).withCape(1500.0);

    assertThat(code(unstable.withPrecipitation(3.0).withShowers(3.0))).isEqualTo(95);
    // Convective share unknown: precipitation with CAPE is a thunderstorm.
    assertThat(code(unstable.withPrecipitation(3.0))).isEqualTo(95);
    // Stratiform rain under CAPE: rain.
    assertThat(code(unstable.withPrecipitation(3.0).withShowers(0.5))).isEqualTo(63);
    // CAPE without precipitation: the sky, not a thunderstorm.
    assertThat(code(unstable.withPrecipitation(0.0).withCloudCover(0.4))).isEqualTo(2);
    // Below 1000 J/kg: showers.
    assertThat(code(unstable.withCape(999.0).withPrecipitation(3.0).withShowers(3.0)))
        .isEqualTo(81);
  }

  @Test
  void fogFromVisibilityOrElseFromLowCloudAndSaturatedAir() {
    Inputs dry = Inputs.none().withCloudCover(1.0).withPrecipitation(0.0);

    assertThat(code(dry.withVisibility(800.0).withTemperature(WARM))).isEqualTo(45);
    assertThat(code(dry.withVisibility(800.0).withTemperature(FROST))).isEqualTo(48);
    assertThat(code(dry.withVisibility(1000.0))).isEqualTo(3);
    // No visibility field: overcast low cloud and 2 m air at 97 % or more.
    assertThat(code(dry.withLowCloudCover(0.9).withRelativeHumidity(98.0))).isEqualTo(45);
    assertThat(code(dry.withLowCloudCover(0.9).withRelativeHumidity(90.0))).isEqualTo(3);
    assertThat(code(dry.withLowCloudCover(0.5).withRelativeHumidity(100.0))).isEqualTo(3);
    // A visibility field decides alone: 5 km is not fog, whatever the humidity.
    assertThat(code(dry.withVisibility(5000.0).withLowCloudCover(1.0).withRelativeHumidity(100.0)))
        .isEqualTo(3);
    // Precipitation outranks fog.
    assertThat(code(dry.withVisibility(500.0).withPrecipitation(1.5).withTemperature(WARM)))
        .isEqualTo(61);
  }

  @Test
  void degradesWithWhatIsMissing() {
    // Precipitation unknown: the sky.
    assertThat(code(Inputs.none().withCloudCover(0.5))).isEqualTo(2);
    // Nothing known about the sky and nothing else to report: no code.
    assertThat(WeatherCode.of(Inputs.none(), HOUR)).isEqualTo(OptionalInt.empty());
    assertThat(WeatherCode.of(Inputs.none().withPrecipitation(0.0), HOUR)).isEmpty();
    // Precipitation without type or temperature: rain.
    assertThat(code(Inputs.none().withPrecipitation(3.0))).isEqualTo(63);
    // A negative amount (a de-accumulation artefact) is none.
    assertThat(code(Inputs.none().withPrecipitation(-0.5).withCloudCover(0.0))).isEqualTo(0);
  }

  @Test
  void thePeriodMustBePositive() {
    assertThatThrownBy(() -> WeatherCode.of(Inputs.none(), Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
