package dev.spotcast.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatisticNamesTest {

  @Test
  void theHoursOfAnIntervalLeaveTheName() {
    assertThat(StatisticNames.withoutInterval("10fg3")).isEqualTo("10fg");
    assertThat(StatisticNames.withoutInterval("10fg6")).isEqualTo("10fg");
    assertThat(StatisticNames.withoutInterval("10fg1")).isEqualTo("10fg");
  }

  @Test
  void otherNamesStayAsTheyAre() {
    assertThat(StatisticNames.withoutInterval("10fg")).isEqualTo("10fg");
    assertThat(StatisticNames.withoutInterval("i10fg")).isEqualTo("i10fg");
    assertThat(StatisticNames.withoutInterval("2t")).isEqualTo("2t");
    assertThat(StatisticNames.withoutInterval("10fg12")).isEqualTo("10fg12");
    assertThat(StatisticNames.withoutInterval("tp")).isEqualTo("tp");
    // Users ask for the 2 m extremes by these names.
    assertThat(StatisticNames.withoutInterval("mx2t6")).isEqualTo("mx2t6");
    assertThat(StatisticNames.withoutInterval("mn2t6")).isEqualTo("mn2t6");
  }
}
