package dev.spotcast.query.interpolation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Amounts over periods from amounts over output intervals, by hand. */
class TimeWeightsTest {

  // Hourly to 3, then 3-hourly to 9: intervals 0-0 (empty), 0-1, 1-2, 2-3, 3-6, 6-9.
  private static final List<Integer> STEPS = List.of(0, 1, 2, 3, 6, 9);
  private static final List<Integer> STARTS = List.of(0, 0, 1, 2, 3, 6);

  @Test
  void theHourBeforeAnHourlyStepIsThatStepsAmount() {
    TimeWeights w = TimeWeights.sum(STEPS, STARTS, 1, 2);

    assertThat(w.positions()).containsExactly(2);
    assertThat(w.weights()).containsExactly(1.0);
    assertThat(w.split()).isFalse();
    assertThat(w.missing()).isNull();
  }

  @Test
  void anHourBetweenStepsTakesTheOverlappedShareOfEach() {
    // 1.5..2.5 overlaps 1-2 by a half and 2-3 by a half.
    TimeWeights w = TimeWeights.sum(STEPS, STARTS, 1.5, 2.5);

    assertThat(w.positions()).containsExactly(2, 3);
    assertThat(w.weights()).containsExactly(0.5, 0.5);
    assertThat(w.split()).isTrue();
  }

  @Test
  void anHourInsideAThreeHourIntervalIsAThirdOfIt() {
    TimeWeights w = TimeWeights.sum(STEPS, STARTS, 4, 5);

    assertThat(w.positions()).containsExactly(4);
    assertThat(w.weights()[0]).isCloseTo(1.0 / 3, within(1e-12));
    assertThat(w.split()).isTrue();
  }

  @Test
  void sixHoursAcrossTheChangeOfLadder() {
    // 0..6: 0-1, 1-2, 2-3 whole and 3-6 whole.
    TimeWeights w = TimeWeights.sum(STEPS, STARTS, 0, 6);

    assertThat(w.positions()).containsExactly(1, 2, 3, 4);
    assertThat(w.weights()).containsExactly(1.0, 1.0, 1.0, 1.0);
    assertThat(w.split()).isFalse();
    assertThat(w.missing()).isNull();
  }

  @Test
  void aPeriodReachingBeforeTheRunIsMissing() {
    TimeWeights w = TimeWeights.sum(STEPS, STARTS, -1, 0);

    assertThat(w.missing()).isEqualTo("no stored interval overlaps it");
  }

  @Test
  void aPeriodPartlyAfterTheLastStepIsMissing() {
    TimeWeights w = TimeWeights.sum(STEPS, STARTS, 8, 10);

    assertThat(w.missing()).isEqualTo("part of it is not stored");
  }

  @Test
  void aMaximumIsTheValueOfTheIntervalTheTimeFallsIn() {
    // mx2t6-like: 6-hour windows ending at 6 and 12.
    List<Integer> steps = List.of(6, 12);
    List<Integer> starts = List.of(0, 6);

    TimeWeights at = TimeWeights.within(steps, starts, 6);
    TimeWeights after = TimeWeights.within(steps, starts, 7);

    assertThat(at.positions()).containsExactly(0);
    assertThat(at.from()).isEqualTo(0);
    assertThat(at.to()).isEqualTo(6);
    assertThat(after.positions()).containsExactly(1);
    assertThat(TimeWeights.within(steps, starts, 0).missing()).isNotNull();
  }
}
