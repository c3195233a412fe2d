package dev.spotcast.ingestor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StepListTest {

  @Test
  void parsesRangesStridesAndLists() {
    assertThat(StepList.parse("0-24")).hasSize(25).startsWith(0, 1).endsWith(24);
    assertThat(StepList.parse("0-12/6")).containsExactly(0, 6, 12);
    assertThat(StepList.parse("0,6, 12")).containsExactly(0, 6, 12);
    assertThat(StepList.parse("0-6/3,12")).containsExactly(0, 3, 6, 12);
  }

  @Test
  void rejectsWhatItCannotRead() {
    assertThatThrownBy(() -> StepList.parse("six")).hasMessageContaining("0-24");
    assertThatThrownBy(() -> StepList.parse("6-0")).hasMessageContaining("6-0");
  }

  @Test
  void laddersAndMinutes() {
    StepList.Steps ecmwf = StepList.Steps.of("0-90,93-144/3,150-240/6");
    assertThat(ecmwf.unitMinutes()).isEqualTo(60);
    assertThat(ecmwf.steps()).hasSize(125).contains(90, 93, 144, 150, 240).doesNotContain(91, 145);

    StepList.Steps quarter = StepList.Steps.of("0-60/15min,90min,2");
    assertThat(quarter.unitMinutes()).isEqualTo(15);
    assertThat(quarter.steps()).containsExactly(0, 1, 2, 3, 4, 6, 8);

    StepList.Steps half = StepList.Steps.of("0-3,210min");
    assertThat(half.unitMinutes()).isEqualTo(30);
    assertThat(half.steps()).containsExactly(0, 2, 4, 6, 7);
  }
}
