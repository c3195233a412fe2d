package dev.spotcast.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

class PercentilesTest {

  @Test
  void nearestRankOfSmallValuesIsExact() {
    Percentiles p = Percentiles.of(new long[] {30, 10, 20, 40, 50, 60, 70, 80, 90, 100});
    assertThat(p.count()).isEqualTo(10);
    assertThat(p.at(50)).isEqualTo(50); // ceil(0.50 * 10) = 5th smallest
    assertThat(p.at(90)).isEqualTo(90); // 9th
    assertThat(p.at(91)).isEqualTo(100); // ceil(9.1) = 10th
    assertThat(p.at(1)).isEqualTo(10); // at least the first
  }

  @Test
  void largeValuesWithinATenthOfAPercent() {
    long[] micros = new long[1000];
    for (int i = 0; i < micros.length; i++) {
      micros[i] = 1_000_000L + i * 1000L; // 1.000 s .. 1.999 s
    }
    // The 990th smallest is 1.989 s.
    assertThat((double) Percentiles.of(micros).at(99))
        .isCloseTo(1_989_000, Percentage.withPercentage(0.1));
  }

  @Test
  void nothingRecordedIsZero() {
    assertThat(Percentiles.of(new long[0]).at(99)).isZero();
  }
}
