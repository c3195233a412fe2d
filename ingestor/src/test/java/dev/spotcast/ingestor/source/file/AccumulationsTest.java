package dev.spotcast.ingestor.source.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.ingestor.source.file.Accumulations.Interval;
import dev.spotcast.ingestor.source.file.Accumulations.Plan;
import dev.spotcast.ingestor.source.file.Accumulations.Recipe;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The amounts per output interval planned from the accumulations each centre writes. */
class AccumulationsTest {

  private static Interval h(int start, int end) {
    return new Interval(start * 60, end * 60);
  }

  private static Recipe direct(int from, int end, Interval field) {
    return new Recipe(from * 60, end * 60, field, null);
  }

  private static Recipe difference(int from, int end, Interval later, Interval earlier) {
    return new Recipe(from * 60, end * 60, later, earlier);
  }

  @Test
  void fromTheStartOfTheRunEachAmountIsADifference() {
    // ECMWF's tp: 0-0, 0-1, 0-2, 0-3 (then 3-hourly: 0-6).
    Plan plan = Accumulations.plan(List.of(h(0, 0), h(0, 1), h(0, 2), h(0, 3), h(0, 6)));

    assertThat(plan.unresolved()).isEmpty();
    assertThat(plan.recipes())
        .containsExactly(
            direct(0, 0, h(0, 0)),
            direct(0, 1, h(0, 1)),
            difference(1, 2, h(0, 2), h(0, 1)),
            difference(2, 3, h(0, 3), h(0, 2)),
            difference(3, 6, h(0, 6), h(0, 3)));
  }

  @Test
  void gfsWindowsThatRestartEverySixHours() {
    // GFS hourly: 0-1 ... 0-6, then 6-7 ... 6-12.
    List<Interval> fields = new ArrayList<>();
    for (int e = 1; e <= 12; e++) {
      fields.add(h(e <= 6 ? 0 : 6, e));
    }
    Plan plan = Accumulations.plan(fields);

    assertThat(plan.unresolved()).isEmpty();
    assertThat(plan.recipes()).hasSize(12);
    assertThat(plan.recipes().get(0)).isEqualTo(direct(0, 1, h(0, 1)));
    assertThat(plan.recipes().get(5)).isEqualTo(difference(5, 6, h(0, 6), h(0, 5)));
    assertThat(plan.recipes().get(6)).isEqualTo(direct(6, 7, h(6, 7)));
    assertThat(plan.recipes().get(11)).isEqualTo(difference(11, 12, h(6, 12), h(6, 11)));
  }

  @Test
  void gfsThreeHourlyAlternatesBetweenWindowsOfThreeAndSix() {
    // GFS 3-hourly: 0-3, 0-6, 6-9, 6-12.
    Plan plan = Accumulations.plan(List.of(h(0, 3), h(0, 6), h(6, 9), h(6, 12)));

    assertThat(plan.recipes())
        .containsExactly(
            direct(0, 3, h(0, 3)),
            difference(3, 6, h(0, 6), h(0, 3)),
            direct(6, 9, h(6, 9)),
            difference(9, 12, h(6, 12), h(6, 9)));
  }

  @Test
  void whereTwoWindowsEndAtOneStepTheOneThatStartsAtThePreviousStepIsTaken() {
    // 0-3, and at 6 both 0-6 and 3-6.
    Plan plan = Accumulations.plan(List.of(h(0, 3), h(0, 6), h(3, 6)));

    assertThat(plan.recipes()).containsExactly(direct(0, 3, h(0, 3)), direct(3, 6, h(3, 6)));
  }

  @Test
  void anAccumulationWhoseEarlierPartIsMissingCannotBeMadeIntoAnAmount() {
    // 0-1 and 0-3 make 1-3; 2-4 then starts before 3 and has no 2-3 to take away.
    Plan plan = Accumulations.plan(List.of(h(0, 1), h(0, 3), h(2, 4)));

    assertThat(plan.recipes())
        .containsExactly(direct(0, 1, h(0, 1)), difference(1, 3, h(0, 3), h(0, 1)));
    assertThat(plan.unresolved()).extracting(Accumulations.Unresolved::end).containsExactly(240);
  }

  @Test
  void aMissingStepLeavesAGapAndTheNextWindowStartsItsOwnAmount() {
    // 0-6 present, 6-12 missing, 12-18 present.
    Plan plan = Accumulations.plan(List.of(h(0, 6), h(12, 18)));

    assertThat(plan.recipes()).containsExactly(direct(0, 6, h(0, 6)), direct(12, 18, h(12, 18)));
  }

  @Test
  void fifteenMinuteOutput() {
    Plan plan =
        Accumulations.plan(List.of(new Interval(0, 15), new Interval(0, 30), new Interval(0, 45)));

    assertThat(plan.recipes())
        .containsExactly(
            new Recipe(0, 15, new Interval(0, 15), null),
            new Recipe(15, 30, new Interval(0, 30), new Interval(0, 15)),
            new Recipe(30, 45, new Interval(0, 45), new Interval(0, 30)));
  }
}
