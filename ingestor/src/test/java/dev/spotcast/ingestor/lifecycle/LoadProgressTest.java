package dev.spotcast.ingestor.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LoadProgressTest {

  @Test
  void aLoadThatYieldsToNoOneShowsCountRateAndEta() {
    // 1,000,000 of 4,000,000 in 20 s: 50,000 docs/s, 3,000,000 left: 60 s.
    LoadProgress progress =
        new LoadProgress(4_000_000, 1_200_000, 1_000_000, 0, Duration.ofSeconds(20), 50_000);
    assertThat(progress.eta()).isEqualTo(Duration.ofSeconds(60));
    assertThat(progress.line())
        .isEqualTo("1,000,000 / 4,000,000 docs (25.0%)  50,000 docs/s  ETA 1m00s");
  }

  @Test
  void aLoadThatYieldsShowsTheBulksItMaySendAndWhetherItHoldsBack() {
    LoadProgress yielding =
        new LoadProgress(4_000_000, 1_200_000, 1_000_000, 0, Duration.ofSeconds(20), 50_000, 1, 4);
    assertThat(yielding.line())
        .isEqualTo(
            "1,000,000 / 4,000,000 docs (25.0%)  50,000 docs/s  ETA 1m00s"
                + "  bulks 1 of 4 (yielding to users)");
    LoadProgress clear =
        new LoadProgress(4_000_000, 1_200_000, 1_000_000, 5, Duration.ofSeconds(20), 50_000, 4, 4);
    assertThat(clear.line())
        .isEqualTo(
            "1,000,000 / 4,000,000 docs (25.0%)  50,000 docs/s  ETA 59s  bulks 4 of 4  FAILED 5");
  }
}
