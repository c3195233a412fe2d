package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.synthetic.SyntheticWeather;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where the documents of a run being left are in the next run: the same valid times. */
class RunHandoffTest {

  private static final Instant T00 = Instant.parse("2026-11-30T00:00:00Z");
  private static final Instant T06 = Instant.parse("2026-11-30T06:00:00Z");

  private static ForecastRun run(Instant runTime, List<Integer> steps, int stepsPerDocument) {
    return ForecastRun.of(
        "handoff",
        runTime,
        RegularLatLonGrid.covering(0, 0, 1, 1, 1.0),
        LevelType.HEIGHT_ABOVE_GROUND,
        List.of(2.0),
        steps,
        SyntheticWeather.PARAMETERS,
        new ShardingSpec(1, 0, 1, 1).withStepsPerDocument(stepsPerDocument));
  }

  @Test
  void aDocumentOfOneStepMovesBackByTheHoursBetweenTheRuns() {
    ForecastRun old = run(T00, List.of(0, 3, 6, 9, 12, 15), 1);
    ForecastRun next = run(T06, List.of(0, 3, 6, 9, 12, 15), 1);
    // 06 UTC is the old run's step 6 and the new run's step 0; 15 UTC its step 9.
    assertThat(RunHandoff.documentStep(old, next, 6)).isEqualTo(0);
    assertThat(RunHandoff.documentStep(old, next, 15)).isEqualTo(9);
    // 00 and 03 UTC are before the new run: nothing to read.
    assertThat(RunHandoff.documentStep(old, next, 0)).isEqualTo(-1);
    assertThat(RunHandoff.documentStep(old, next, 3)).isEqualTo(-1);
    // A step the old run does not have.
    assertThat(RunHandoff.documentStep(old, next, 4)).isEqualTo(-1);
  }

  @Test
  void aTimeBetweenTheNewRunsStepsReadsTheStepBeforeIt() {
    ForecastRun old = run(T00, List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), 1);
    ForecastRun next = run(T06, List.of(0, 3, 6), 1);
    // 08 UTC falls between the new run's steps 0 (06 UTC) and 3 (09 UTC): step 0's document.
    assertThat(RunHandoff.documentStep(old, next, 8)).isEqualTo(0);
    assertThat(RunHandoff.documentStep(old, next, 9)).isEqualTo(3);
  }

  @Test
  void aBlockMovesToTheNewRunsBlockOfItsFirstTimeTheNewRunHas() {
    // Blocks of 4 steps: old 0-9 (00-09 UTC), 12-21, 24-33; new 0-9 (06-15 UTC), 12-21, 24-33.
    List<Integer> steps = List.of(0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33);
    ForecastRun old = run(T00, steps, 4);
    ForecastRun next = run(T06, steps, 4);
    // The old block 00-09 UTC: 06 UTC is the first of its times the new run has, in its block 0.
    assertThat(RunHandoff.documentStep(old, next, 0)).isEqualTo(0);
    // Old 12-21 (12-21 UTC) starts at the new run's step 6, of its block 0.
    assertThat(RunHandoff.documentStep(old, next, 12)).isEqualTo(0);
    // Old 24-33 (00-09 UTC the next day) starts at step 18, of the block of step 12.
    assertThat(RunHandoff.documentStep(old, next, 24)).isEqualTo(12);
    // A whole series is one document in both runs.
    ForecastRun oldSeries = run(T00, steps, ShardingSpec.ALL_STEPS);
    ForecastRun nextSeries = run(T06, steps, ShardingSpec.ALL_STEPS);
    assertThat(RunHandoff.documentStep(oldSeries, nextSeries, 0)).isEqualTo(0);
  }

  @Test
  void aDocumentAfterTheNewRunsLastStepHasNothingToRead() {
    ForecastRun old = run(T00, List.of(0, 6, 12, 18, 24, 48), 1);
    ForecastRun next = run(T06, List.of(0, 6, 12), 1);
    assertThat(RunHandoff.documentStep(old, next, 18)).isEqualTo(12);
    assertThat(RunHandoff.documentStep(old, next, 24)).isEqualTo(-1);
    assertThat(RunHandoff.documentStep(old, next, 48)).isEqualTo(-1);
  }
}
