package dev.spotcast.query.present;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.spotcast.query.spot.BadParameterException;
import org.junit.jupiter.api.Test;

class UnitChoiceTest {

  @Test
  void temperaturesConvertFromKelvin() {
    UnitChoice celsius = UnitChoice.parse("C");
    assertThat(celsius.conversion("K").label()).isEqualTo("°C");
    assertThat(celsius.conversion("K").apply(273.15)).isCloseTo(0.0, within(1e-9));
    assertThat(celsius.conversion("K").apply(300.0)).isCloseTo(26.85, within(1e-9));
    // (273.15 K - 273.15) x 9/5 + 32 = 32 °F; 300 K: 26.85 x 1.8 + 32 = 80.33 °F
    UnitChoice fahrenheit = UnitChoice.parse("fahrenheit");
    assertThat(fahrenheit.conversion("K").apply(273.15)).isCloseTo(32.0, within(1e-9));
    assertThat(fahrenheit.conversion("K").apply(300.0)).isCloseTo(80.33, within(1e-9));
  }

  @Test
  void speedsAndPressuresConvertTogether() {
    UnitChoice choice = UnitChoice.parse("kn, hPa");
    // 10 m/s = 36,000 m/h / 1852 m per nautical mile = 19.43844... kn
    assertThat(choice.conversion("m/s").label()).isEqualTo("kn");
    assertThat(choice.conversion("m/s").apply(10.0)).isCloseTo(36000.0 / 1852.0, within(1e-9));
    assertThat(choice.conversion("Pa").label()).isEqualTo("hPa");
    assertThat(choice.conversion("Pa").apply(101325.0)).isCloseTo(1013.25, within(1e-9));
    // 10 m/s = 10 / 0.44704 mph (the mile is 1609.344 m); 10 m/s = 36 km/h
    assertThat(UnitChoice.parse("mph").conversion("m/s").apply(10.0))
        .isCloseTo(10 / 0.44704, within(1e-9));
    assertThat(UnitChoice.parse("km/h").conversion("m/s").apply(10.0))
        .isCloseTo(36.0, within(1e-9));
    assertThat(UnitChoice.parse("Pa").conversion("hPa").apply(1013.25))
        .isCloseTo(101325.0, within(1e-9));
  }

  @Test
  void valuesOfOtherKindsKeepTheirUnit() {
    UnitChoice choice = UnitChoice.parse("C,kn");
    assertThat(choice.conversion("%").label()).isEqualTo("%");
    assertThat(choice.conversion("%").apply(81.5)).isEqualTo(81.5);
    assertThat(choice.conversion("hPa").label()).isEqualTo("hPa");
    assertThat(choice.conversion("degree").apply(270.0)).isEqualTo(270.0);
    assertThat(choice.conversion("(0 - 1)").label()).isEqualTo("(0 - 1)");
    assertThat(UnitChoice.parse(null).isModel()).isTrue();
    assertThat(UnitChoice.parse(" ").conversion("K").label()).isEqualTo("K");
  }

  @Test
  void unknownUnitsAndTwoOfOneKindAreRefused() {
    assertThatThrownBy(() -> UnitChoice.parse("C,furlongs"))
        .isInstanceOf(BadParameterException.class)
        .hasMessageContaining("unknown unit 'furlongs'")
        .hasMessageContaining("kn");
    assertThatThrownBy(() -> UnitChoice.parse("C,F"))
        .isInstanceOf(BadParameterException.class)
        .hasMessageContaining("two units of one kind: °C and °F");
  }
}
