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
}
