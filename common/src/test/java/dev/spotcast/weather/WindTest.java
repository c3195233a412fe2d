package dev.spotcast.weather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class WindTest {

  @Test
  void windFromTheComponentsInMeteorologicalDegrees() {
    assertThat(Wind.direction(0, -5)).isEqualTo(0); // blowing southwards: from the north
    assertThat(Wind.direction(-5, 0)).isEqualTo(90); // blowing westwards: from the east
    assertThat(Wind.direction(0, 5)).isEqualTo(180);
    assertThat(Wind.direction(5, 0)).isEqualTo(270);
    assertThat(Wind.direction(-3, -3)).isCloseTo(45, within(1e-12));
    assertThat(Wind.direction(0, 0)).isEqualTo(0);
    assertThat(Wind.speed(3, -4)).isEqualTo(5);
  }

  @Test
  void directionIsComputedFromInterpolatedComponentsNotByAveragingAngles() {
    // Half-way between a wind from 350 and one from 10 degrees: from the north, not from 180.
    double u = (-Math.sin(Math.toRadians(350)) - Math.sin(Math.toRadians(10))) / 2;
    double v = (-Math.cos(Math.toRadians(350)) - Math.cos(Math.toRadians(10))) / 2;

    assertThat(Wind.direction(u, v)).isCloseTo(0, within(1e-9));
  }
}
