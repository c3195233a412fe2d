package dev.spotcast.ingest.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.ingest.settings.SyntheticLimits;
import dev.spotcast.model.ShardingSpec;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobSourcesTest {

  private static final Instant RUN = Instant.parse("2026-01-01T00:00:00Z");

  @TempDir Path root;

  private JobSources sources() {
    return new JobSources(new DataRoots(List.of(root), 10), SyntheticLimits.defaults());
  }

  private static JobSpec synthetic(
      List<Double> region, double resolution, List<Double> levels, List<Integer> steps) {
    return new JobSpec(
        new JobSpec.Synthetic("synth", RUN, region, resolution, levels, steps, 7L), null);
  }

  @Test
  void aSyntheticSpecGivesTheSameSlicesEveryTime() {
    JobSpec spec =
        synthetic(List.of(-10.0, -10.0, 10.0, 10.0), 1.0, List.of(0.0, 100.0), List.of(0, 3));

    try (OpenedSource one = sources().open(spec, ShardingSpec.DEFAULT);
        OpenedSource two = sources().open(spec, ShardingSpec.DEFAULT)) {
      // 21 x 21 points x 2 levels, both steps in one document each (the default layout).
      assertThat(one.source().run().documentCount()).isEqualTo(21L * 21 * 2);
      assertThat(one.source().slices()).isEqualTo(two.source().slices());
    }
  }

  private static JobSpec.Synthetic ladder(List<Integer> steps, String stepList) {
    return new JobSpec.Synthetic(
        "synth", RUN, List.of(-1.0, -1.0, 1.0, 1.0), 1.0, List.of(0.0), steps, 7L, null, stepList);
  }

  @Test
  void aSyntheticJobTakesTheClisStepListInMinutes() {
    JobSpec spec = new JobSpec(ladder(null, "0-60/15min"), null);

    try (OpenedSource opened = sources().open(spec, ShardingSpec.DEFAULT)) {
      assertThat(opened.source().run().stepUnitMinutes()).isEqualTo(15);
      assertThat(opened.source().run().steps()).containsExactly(0, 1, 2, 3, 4);
      assertThat(opened.source().run().validTime(4)).isEqualTo(RUN.plusSeconds(3600));
    }
    try (OpenedSource opened =
        sources().open(new JobSpec(ladder(null, "0-6,9-12/3"), null), ShardingSpec.DEFAULT)) {
      assertThat(opened.source().run().stepUnitMinutes()).isEqualTo(60);
      assertThat(opened.source().run().steps()).containsExactly(0, 1, 2, 3, 4, 5, 6, 9, 12);
    }
    assertThatThrownBy(
            () ->
                sources()
                    .open(new JobSpec(ladder(List.of(0, 1), "0-1"), null), ShardingSpec.DEFAULT))
        .isInstanceOf(InvalidJobException.class)
        .hasMessageContaining("not both");
    assertThatThrownBy(
            () -> sources().open(new JobSpec(ladder(null, "soon"), null), ShardingSpec.DEFAULT))
        .isInstanceOf(InvalidJobException.class)
        .hasMessageStartingWith("synthetic.stepList: ");
    // The bound on hours holds in minutes too: 8761 h in quarter hours.
    assertThatThrownBy(
            () ->
                sources().open(new JobSpec(ladder(null, "525660min"), null), ShardingSpec.DEFAULT))
        .isInstanceOf(InvalidJobException.class)
        .hasMessageContaining("hours allowed");
  }

  @Test
  void badSpecsSayWhatToFix() {
    assertThatThrownBy(() -> sources().open(new JobSpec(null, null), ShardingSpec.DEFAULT))
        .isInstanceOf(InvalidJobException.class)
        .hasMessageContaining("exactly one of");
    assertThatThrownBy(
            () ->
                sources()
                    .open(
                        new JobSpec(
                            new JobSpec.Synthetic("Bad Model", RUN, null, null, null, null, null),
                            null),
                        ShardingSpec.DEFAULT))
        .isInstanceOf(InvalidJobException.class)
        .hasMessageContaining("model id");
    assertThatThrownBy(
            () ->
                sources()
                    .open(
                        new JobSpec(
                            new JobSpec.Synthetic(
                                "m", RUN, List.of(1.0, 2.0), null, null, null, null),
                            null),
                        ShardingSpec.DEFAULT))
        .isInstanceOf(InvalidJobException.class)
        .hasMessageContaining("[south, west, north, east]");
    String missing = root.resolve("no/such/file.grib2").toString();
    assertThatThrownBy(
            () ->
                sources()
                    .open(
                        new JobSpec(null, new JobSpec.Files("m", List.of(missing), null)),
                        ShardingSpec.DEFAULT))
        .isInstanceOf(InvalidJobException.class)
        .hasMessageContaining(missing);
  }

  @Test
  void syntheticRunsAreBoundedAndTheRefusalNamesTheBound() {
    SyntheticLimits limits = new SyntheticLimits(3, 4, 48, 10_000);
    JobSources bounded = new JobSources(new DataRoots(List.of(root), 10), limits);
    List<Double> region = List.of(0.0, 0.0, 10.0, 10.0);

    assertThatThrownBy(
            () ->
                bounded.open(
                    synthetic(region, 5, List.of(0.0, 1.0, 2.0, 3.0), List.of(0)),
                    ShardingSpec.DEFAULT))
        .hasMessage("synthetic.levels: 4 levels, at most 3 allowed");
    assertThatThrownBy(
            () ->
                bounded.open(
                    synthetic(region, 5, List.of(0.0), List.of(0, 1, 2, 3, 4)),
                    ShardingSpec.DEFAULT))
        .hasMessage("synthetic.steps: 5 steps, at most 4 allowed");
    assertThatThrownBy(
            () ->
                bounded.open(
                    synthetic(region, 5, List.of(0.0), List.of(0, 49)), ShardingSpec.DEFAULT))
        .hasMessage("synthetic.steps: at most 48 hours allowed");
    // 0.1 degree over 10 x 10 degrees: 101 x 101 points, x 1 level x 1 step = 10,201 documents.
    assertThatThrownBy(
            () ->
                bounded.open(
                    synthetic(region, 0.1, List.of(0.0), List.of(0)), ShardingSpec.DEFAULT))
        .hasMessage(
            "synthetic: about 1.02e+04 documents (points x levels x steps), at most"
                + " 10000 allowed");
    // A resolution so fine that the grid's sizes would overflow an int is refused by the count, not
    // built.
    assertThatThrownBy(
            () ->
                sources()
                    .open(
                        synthetic(
                            List.of(-90.0, -180.0, 90.0, 180.0), 1e-6, List.of(0.0), List.of(0)),
                        ShardingSpec.DEFAULT))
        .hasMessageContaining("at most 1000000000 allowed");
    // At the bounds: accepted. 3 x 3 points x 3 levels x 4 steps = 108, what the limit counts
    // (documents of one step each; in the default layout the 4 steps share one document).
    try (OpenedSource atBounds =
        bounded.open(
            synthetic(region, 5, List.of(0.0, 1.0, 2.0), List.of(0, 1, 2, 48)),
            ShardingSpec.DEFAULT)) {
      assertThat(atBounds.source().run().documentCount()).isEqualTo(3L * 3 * 3);
    }
    try (OpenedSource atBounds =
        bounded.open(
            synthetic(region, 5, List.of(0.0, 1.0, 2.0), List.of(0, 1, 2, 48)),
            ShardingSpec.DEFAULT.withStepsPerDocument(1))) {
      assertThat(atBounds.source().run().documentCount()).isEqualTo(108);
    }
    List<Integer> manySteps = IntStream.range(0, 1001).boxed().toList();
    assertThatThrownBy(
            () ->
                sources().open(synthetic(region, 5, List.of(0.0), manySteps), ShardingSpec.DEFAULT))
        .hasMessageContaining("at most 1000 allowed");
    assertThatThrownBy(
            () ->
                sources()
                    .open(
                        synthetic(region, 5, Collections.nCopies(101, 0.0), List.of(0)),
                        ShardingSpec.DEFAULT))
        .hasMessageContaining("101 levels, at most 100 allowed");
  }
}
