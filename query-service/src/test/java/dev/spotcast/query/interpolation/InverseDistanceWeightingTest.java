package dev.spotcast.query.interpolation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class InverseDistanceWeightingTest {

  private final InverseDistanceWeighting squared = new InverseDistanceWeighting(2);

  @Test
  void equalDistancesShareTheWeight() {
    assertThat(squared.weights(new double[] {1000, 1000})).containsExactly(0.5, 0.5);
  }

  @Test
  void weightFallsWithTheSquareOfTheDistance() {
    // 1/1 and 1/4, normalised by 1.25
    assertThat(squared.weights(new double[] {1000, 2000}))
        .containsExactly(new double[] {0.8, 0.2}, within(1e-12));
  }

  @Test
  void aPointUnderOneMillimetreTakesAllTheWeight() {
    assertThat(squared.weights(new double[] {5000, 0.0001, 3000})).containsExactly(0, 1, 0);
  }

  @Test
  void powerOneIsPlainInverseDistance() {
    // 1/2, 1/4, 1/4 sum to 1
    assertThat(new InverseDistanceWeighting(1).weights(new double[] {2, 4, 4}))
        .containsExactly(new double[] {0.5, 0.25, 0.25}, within(1e-12));
  }
}
