package dev.spotcast.bench.query;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MemoryProbeTest {

  @Test
  void aRepeatIsFlaggedWhenTheHostCopiesBelowThreeQuartersOfItsStart() {
    assertThat(MemoryProbe.after(2.0, 1.6))
        .isEqualTo("memory copy 1.60 GB/s after the window (80% of the start's)");
    assertThat(MemoryProbe.after(1.9, 0.44))
        .startsWith("memory copy 0.44 GB/s after the window (23% of the start's)")
        .endsWith("compare this repeat with care");
  }

  @Test
  void theRandomReadsFollowOneCycleThroughEveryPlace() {
    for (int n : new int[] {2, 3, 10, 1000}) {
      int[] next = MemoryProbe.cycle(n, 5);
      boolean[] seen = new boolean[n];
      int at = 0;
      for (int step = 0; step < n; step++) {
        assertThat(seen[at])
            .as("place %d of %d seen twice before the cycle closed", at, n)
            .isFalse();
        seen[at] = true;
        at = next[at];
      }
      assertThat(at).as("back at the start after %d reads", n).isZero();
    }
    // Hand-computed for two places: the only cycle is 0 -> 1 -> 0.
    assertThat(MemoryProbe.cycle(2, 1)).containsExactly(1, 0);
  }

  @Test
  void theProbeMeasuresARate() {
    double rate = MemoryProbe.copyGigabytesPerSecond();
    assertThat(rate).isPositive().isFinite();
    assertThat(MemoryProbe.randomReadNanos()).isPositive().isFinite();
  }
}
