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
  void theProbeMeasuresARate() {
    double rate = MemoryProbe.copyGigabytesPerSecond();
    assertThat(rate).isPositive().isFinite();
  }
}
