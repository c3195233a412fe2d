package dev.spotcast.query.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class EnsembleStatisticTest {

  /**
   * Four members: sorted 1, 2, 4, 9; mean 4; deviations -3, -2, 0, 5: variance (9 + 4 + 0 + 25) / 4
   * = 9.5.
   */
  private static final double[] MEMBERS = {4, 1, 9, 2};

  private static double of(String name) {
    return EnsembleStatistic.of(name).of(MEMBERS);
  }

  @Test
  void meanAndSpread() {
    assertThat(of("mean")).isEqualTo(4);
    assertThat(of("spread")).isCloseTo(Math.sqrt(9.5), within(1e-12));
  }

  @Test
  void percentilesInterpolateLinearlyBetweenSortedMembers() {
    assertThat(of("min")).isEqualTo(1);
    assertThat(of("max")).isEqualTo(9);
    // median: position 3 x 0.5 = 1.5, between 2 and 4
    assertThat(of("median")).isEqualTo(3);
    // p90: position 3 x 0.9 = 2.7, 4 + 0.7 x (9 - 4) = 7.5
    assertThat(of("p90")).isCloseTo(7.5, within(1e-12));
    // p10: position 0.3, 1 + 0.3 x (2 - 1) = 1.3
    assertThat(of("p10")).isCloseTo(1.3, within(1e-12));
  }

  @Test
  void probabilitiesAreSharesOfMembersStrictlyAboveOrBelow() {
    assertThat(of("prob_gt:2")).isEqualTo(50);
    assertThat(of("prob_lt:2")).isEqualTo(25);
    assertThat(of("prob_gt:-1e3")).isEqualTo(100);
    assertThat(EnsembleStatistic.of("prob_gt:2").unit("K")).isEqualTo("%");
    assertThat(EnsembleStatistic.of("p50").unit("K")).isEqualTo("K");
  }

  @Test
  void unknownNamesAreNone() {
    assertThat(EnsembleStatistic.of("p0")).isNull();
    assertThat(EnsembleStatistic.of("p100")).isNull();
    assertThat(EnsembleStatistic.of("prob_gt:")).isNull();
    assertThat(EnsembleStatistic.of("prob_gt:NaN")).isNull();
    assertThat(EnsembleStatistic.of("average")).isNull();
  }
}
