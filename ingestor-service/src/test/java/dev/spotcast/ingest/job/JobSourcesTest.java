package dev.spotcast.ingest.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.sharding.ShardingSpec;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobSourcesTest {

  private static final Instant RUN = Instant.parse("2026-01-01T00:00:00Z");

  @Test
  void aSyntheticSpecGivesTheSameSlicesEveryTime() {
    JobSpec spec = new JobSpec(
        new JobSpec.Synthetic("synth", RUN, List.of(-10.0, -10.0, 10.0, 10.0), 1.0, List.of(0.0, 100.0),
            List.of(0, 3), 7L), null);

    try (OpenedSource one = JobSources.open(spec, ShardingSpec.DEFAULT);
        OpenedSource two = JobSources.open(spec, ShardingSpec.DEFAULT)) {
      assertThat(one.source().run().documentCount()).isEqualTo(21L * 21 * 2 * 2);
      assertThat(one.source().slices()).isEqualTo(two.source().slices());
    }
  }

  @Test
  void badSpecsSayWhatToFix() {
    assertThatThrownBy(() -> JobSources.open(new JobSpec(null, null), ShardingSpec.DEFAULT))
        .isInstanceOf(InvalidJobException.class).hasMessageContaining("exactly one of");
    assertThatThrownBy(() -> JobSources.open(
        new JobSpec(new JobSpec.Synthetic("Bad Model", RUN, null, null, null, null, null), null), ShardingSpec.DEFAULT))
        .isInstanceOf(InvalidJobException.class).hasMessageContaining("model id");
    assertThatThrownBy(() -> JobSources.open(
        new JobSpec(new JobSpec.Synthetic("m", RUN, List.of(1.0, 2.0), null, null, null, null), null),
        ShardingSpec.DEFAULT))
        .isInstanceOf(InvalidJobException.class).hasMessageContaining("[south, west, north, east]");
    assertThatThrownBy(() -> JobSources.open(
        new JobSpec(null, new JobSpec.Files("m", List.of("/no/such/file.grib2"), null)), ShardingSpec.DEFAULT))
        .isInstanceOf(InvalidJobException.class).hasMessageContaining("/no/such/file.grib2");
  }
}
