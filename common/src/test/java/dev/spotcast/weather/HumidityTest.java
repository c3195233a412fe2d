package dev.spotcast.weather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HumidityTest {

  private static final double K = 273.15;

  /**
   * Saturation vapour pressure of liquid water, IAPWS (Wagner and Pruß 1993, the IAPWS-95
   * saturation line; the CRC Handbook of Chemistry and Physics, "Vapor pressure of water"): 0.01 °C
   * 611.7 Pa, 10 °C 1.2282 kPa, 20 °C 2.3392 kPa, 25 °C 3.1699 kPa, 30 °C 4.2470 kPa, 40 °C 7.3851
   * kPa, 50 °C 12.352 kPa. Over supercooled water, Murphy and Koop (2005, Q. J. R. Meteorol. Soc.
   * 131, 1539-1565, eq. 10): -10 °C 286.5 Pa, -20 °C 125.5 Pa, -30 °C 50.94 Pa, -40 °C 18.91 Pa.
   * Alduchov and Eskridge give their form's error as under 0.4 % from -40 to +50 °C.
   */
  @ParameterizedTest
  @CsvSource({
    "0.01, 611.7",
    "10, 1228.2",
    "20, 2339.2",
    "25, 3169.9",
    "30, 4247.0",
    "40, 7385.1",
    "50, 12352",
    "-10, 286.5",
    "-20, 125.5",
    "-30, 50.94",
    "-40, 18.91"
  })
  void saturationVapourPressureWithinAlduchovAndEskridgesErrorOfTheReferenceTables(
      double celsius, double pascal) {
    assertThat(Humidity.saturationVapourPressure(celsius + K))
        .isCloseTo(pascal, withinPercentage(0.4));
  }

  /**
   * The dew point is the temperature at which the air's vapour pressure saturates: air at T holding
   * the saturation vapour pressure of Td (IAPWS, the table above) has dew point Td, its relative
   * humidity being e_s(Td) / e_s(T) from the same table (30 °C and 2339.2 / 4247.0 Pa = 55.08 %:
   * dew point 20 °C). The Magnus form's 0.4 % error is under 0.1 K of dew point.
   */
  @ParameterizedTest
  @CsvSource({
    "30, 2339.2, 4247.0, 20",
    "25, 1228.2, 3169.9, 10",
    "40, 4247.0, 7385.1, 30",
    "20, 611.7, 2339.2, 0.01",
    "10, 286.5, 1228.2, -10",
    "50, 12352, 12352, 50"
  })
  void dewPointFromTheReferenceTable(
      double celsius, double vapourPressure, double saturation, double dewPointCelsius) {
    double relativeHumidity = 100 * vapourPressure / saturation;

    assertThat(Humidity.dewPoint(celsius + K, relativeHumidity))
        .isCloseTo(dewPointCelsius + K, offset(0.1));
    assertThat(Humidity.relativeHumidity(celsius + K, dewPointCelsius + K))
        .isCloseTo(relativeHumidity, withinPercentage(0.5));
  }

  @Test
  void dewPointAndRelativeHumidityInvertEachOther() {
    for (double celsius = -40; celsius <= 50; celsius += 5) {
      for (double rh = 5; rh <= 100; rh += 5) {
        double dewPoint = Humidity.dewPoint(celsius + K, rh);
        assertThat(Humidity.relativeHumidity(celsius + K, dewPoint)).isCloseTo(rh, offset(1e-9));
        assertThat(dewPoint).isLessThanOrEqualTo(celsius + K + 1e-9);
      }
    }
  }

  @Test
  void saturationAboveOneHundredPercentIsSaturationAndNoHumidityHasNoDewPoint() {
    assertThat(Humidity.dewPoint(293.15, 103)).isCloseTo(293.15, offset(1e-9));
    assertThat(Humidity.relativeHumidity(293.15, 294.15)).isEqualTo(100);
    assertThatThrownBy(() -> Humidity.dewPoint(293.15, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * Specific humidity from its definition, q = ε e / (p − (1 − ε) e) (WMO-No. 8, Annex 4.B),
   * computed by hand: e = 1169.6 Pa (half of e_s at 20 °C by IAPWS) at 1000 hPa gives q = 0.622 ·
   * 1169.6 / (100000 − 0.378 · 1169.6) = 0.0073072 kg/kg; back from q, 50 % relative humidity at 20
   * °C (within the Magnus form's 0.4 %).
   */
  @Test
  void specificHumidityAndBack() {
    double q = Humidity.specificHumidity(1169.6, 100_000);

    assertThat(q).isCloseTo(0.0073072, offset(1e-7));
    assertThat(Humidity.vapourPressureFromSpecific(q, 100_000)).isCloseTo(1169.6, offset(1e-6));
    assertThat(Humidity.relativeHumidityFromSpecific(293.15, q, 100_000))
        .isCloseTo(50, withinPercentage(0.4));
    // Supersaturated by interpolation: capped at 100 %.
    assertThat(Humidity.relativeHumidityFromSpecific(293.15, 0.02, 100_000)).isEqualTo(100);
  }
}
