package dev.spotcast.query.openmeteo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.query.openmeteo.OpenMeteoVariables.Statistic;
import dev.spotcast.query.spot.SpotForecast;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules of /v1/forecast that are Open-Meteo's rather than Spotcast's. */
class OpenMeteoForecastTest {

  @Test
  void aPartialDayHasAnExtremeOnlyWhenItsFirstHourHasAValue() {
    // Open-Meteo: max()/min() over the day's 24 hours keep a NaN first hour, skip later NaNs.
    assertThat(OpenMeteoForecast.partialDayAnswered(Statistic.MAX, true)).isTrue();
    assertThat(OpenMeteoForecast.partialDayAnswered(Statistic.MIN, true)).isTrue();
    assertThat(OpenMeteoForecast.partialDayAnswered(Statistic.MAX, false)).isFalse();
    assertThat(OpenMeteoForecast.partialDayAnswered(Statistic.MIN, false)).isFalse();
  }

  @Test
  void aPartialDayHasNoSumNorMeanButCountsItsWetHours() {
    for (boolean first : new boolean[] {true, false}) {
      assertThat(OpenMeteoForecast.partialDayAnswered(Statistic.SUM, first)).isFalse();
      assertThat(OpenMeteoForecast.partialDayAnswered(Statistic.MEAN, first)).isFalse();
      assertThat(OpenMeteoForecast.partialDayAnswered(Statistic.SUNSHINE, first)).isFalse();
      assertThat(OpenMeteoForecast.partialDayAnswered(Statistic.WET_HOURS, first)).isTrue();
    }
  }

  @Test
  void theCellNamedIsTheNearestGridPoint() {
    SpotForecast.Neighbour far = new SpotForecast.Neighbour(1, 50, 10, 3000, 0.1);
    SpotForecast.Neighbour near = new SpotForecast.Neighbour(2, 49, 11, 1200, 0.6);
    SpotForecast.Neighbour asNear = new SpotForecast.Neighbour(3, 49, 12, 1200, 0.3);
    assertThat(OpenMeteoForecast.nearest(List.of(far, near, asNear))).isEqualTo(near);
    assertThat(OpenMeteoForecast.nearest(List.of())).isNull();
    assertThat(OpenMeteoForecast.nearest(null)).isNull();
  }
}
