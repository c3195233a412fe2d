package dev.spotcast.weather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ApparentTemperatureTest {

  /**
   * Worked by hand from the Bureau of Meteorology's formula (bom.gov.au/info/thermal_stress,
   * "Apparent Temperature"): AT = Ta + 0.33 e − 0.70 ws − 4.00, e = rh / 100 · 6.105 · exp(17.27 Ta
   * / (237.7 + Ta)). For example 30 °C, 50 %, 2 m/s: e = 0.5 · 6.105 · exp(1.93538) = 21.144 hPa,
   * AT = 30 + 6.977 − 1.40 − 4.00 = 31.58 °C. Still air at 0 °C and 100 %: e = 6.105 hPa, AT =
   * −1.99 °C; with 10 m/s, −8.99 °C.
   */
  @ParameterizedTest
  @CsvSource({
    "30, 50, 2, 31.577",
    "35, 20, 0, 34.697",
    "10, 80, 5, 5.737",
    "0, 100, 10, -8.985",
    "25, 60, 3, 25.153"
  })
  void theBureausFormula(double celsius, double rh, double wind, double expectedCelsius) {
    assertThat(ApparentTemperature.of(celsius + 273.15, rh, wind))
        .isCloseTo(expectedCelsius + 273.15, offset(0.001));
  }

  @ParameterizedTest
  @CsvSource({"30, 50, 21.144", "0, 100, 6.105", "25, 60, 18.950"})
  void theBureausVapourPressure(double celsius, double rh, double hpa) {
    assertThat(ApparentTemperature.bomVapourPressureHpa(celsius, rh)).isCloseTo(hpa, offset(0.001));
  }
}
