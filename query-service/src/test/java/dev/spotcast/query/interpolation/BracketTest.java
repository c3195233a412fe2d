package dev.spotcast.query.interpolation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BracketTest {

  private static final List<Integer> HEIGHTS = List.of(0, 500, 1000, 2000);

  @ParameterizedTest
  @CsvSource({
    "750, 1, 2, 0.5",
    "1250, 2, 3, 0.25",
    "500, 1, 1, 0",
    "0, 0, 0, 0",
    "2000, 3, 3, 0",
    "100, 0, 1, 0.2"
  })
  void bracketsAValueLinearly(double value, int lower, int upper, double weight) {
    Bracket b = Bracket.linear(HEIGHTS, value);
    assertThat(b.lower()).isEqualTo(lower);
    assertThat(b.upper()).isEqualTo(upper);
    assertThat(b.upperWeight()).isCloseTo(weight, within(1e-12));
  }

  @ParameterizedTest
  @CsvSource({"-1", "2000.5"})
  void outsideTheAxisThereIsNoBracket(double value) {
    assertThat(Bracket.linear(HEIGHTS, value)).isNull();
  }

  @Test
  void pressureLevelsMayBeFractionalHectopascals() {
    Bracket b = Bracket.of(List.of(0.01, 0.1, 1.0), 0.1, Math::log);
    assertThat(b.lower()).isEqualTo(1);
    assertThat(b.single()).isTrue();
    // ln-p halfway between 0.01 and 1 hPa is 0.1 hPa: weight 1/2 between positions 0 and 2.
    Bracket wide = Bracket.of(List.of(0.01, 1.0), 0.1, Math::log);
    assertThat(wide.upperWeight()).isCloseTo(0.5, Offset.offset(1e-12));
  }

  @Test
  void pressureLevelsInterpolateInLogPressure() {
    // ln(700/500) / ln(1000/500) = 0.336472 / 0.693147
    Bracket b = Bracket.of(List.of(500, 1000), 700, Math::log);
    assertThat(b.upperWeight()).isCloseTo(0.485427, within(1e-6));
  }

  @Test
  void interpolatesBetweenTheTwoSides() {
    assertThat(new Bracket(2, 3, 0.25).interpolate(10, 20)).isEqualTo(12.5);
    assertThat(new Bracket(1, 1, 0).interpolate(7, 99)).isEqualTo(7);
  }
}
