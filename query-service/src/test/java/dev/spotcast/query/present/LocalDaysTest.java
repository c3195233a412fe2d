package dev.spotcast.query.present;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.SeriesForecast;
import dev.spotcast.query.spot.SpotForecast;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LocalDaysTest {

  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

  /** Hourly steps from {@code first}, t = the step number, wind_direction 90 at every step. */
  private static List<SeriesForecast.Step> hourly(Instant first, int count) {
    List<SeriesForecast.Step> steps = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Map<String, SpotForecast.Value> values = new LinkedHashMap<>();
      values.put("t", SpotForecast.Value.of(i, "K"));
      values.put("wind_direction", SpotForecast.Value.of(90, "degree"));
      steps.add(new SeriesForecast.Step(i, first.plusSeconds(3600L * i), values));
    }
    return steps;
  }

  @Test
  void daysFollowTheLocalClock() {
    // 48 hourly steps from 2026-11-21T00Z; Berlin is UTC+1 then, so its 21 November is
    // [20T23:00Z, 21T23:00Z): steps 0..22 (23 steps, the first an hour after the day starts:
    // incomplete);
    // its 22 November [21T23:00Z, 22T23:00Z): steps 23..46, complete; 23 November: step 47 alone.
    List<SeriesForecast.Day> days =
        LocalDays.days(
            hourly(Instant.parse("2026-11-21T00:00:00Z"), 48),
            BERLIN,
            LocalDays.parse("min,max,mean,sum"),
            Set.of("t", "wind_direction"));

    assertThat(days)
        .extracting(SeriesForecast.Day::date)
        .containsExactly(
            LocalDate.of(2026, 11, 21), LocalDate.of(2026, 11, 22), LocalDate.of(2026, 11, 23));
    SeriesForecast.Day first = days.get(0);
    assertThat(first.start()).isEqualTo(OffsetDateTime.parse("2026-11-21T00:00+01:00"));
    assertThat(first.end()).isEqualTo(OffsetDateTime.parse("2026-11-22T00:00+01:00"));
    assertThat(first.complete()).isFalse();
    assertThat(first.steps()).isEqualTo(23);
    // 0 + 1 + ... + 22 = 253; mean 11
    assertThat(first.values().get("t"))
        .containsExactly(
            Map.entry("min", 0.0),
            Map.entry("max", 22.0),
            Map.entry("mean", 11.0),
            Map.entry("sum", 253.0));
    assertThat(first.values()).doesNotContainKey("wind_direction");

    SeriesForecast.Day second = days.get(1);
    assertThat(second.complete()).isTrue();
    assertThat(second.steps()).isEqualTo(24);
    // 23 + ... + 46 = 24 x 34.5 = 828
    assertThat(second.values().get("t"))
        .containsEntry("min", 23.0)
        .containsEntry("max", 46.0)
        .containsEntry("mean", 34.5)
        .containsEntry("sum", 828.0);
    assertThat(days.get(2).complete()).isFalse();
    assertThat(days.get(2).steps()).isEqualTo(1);
  }

  @Test
  void theDayTheClocksGoForwardHas23Hours() {
    // Berlin, 29 March 2026: [28T23:00Z, 29T22:00Z), 23 hourly steps 28T23Z .. 29T21Z, complete.
    List<SeriesForecast.Day> days =
        LocalDays.days(
            hourly(Instant.parse("2026-03-28T23:00:00Z"), 23),
            BERLIN,
            LocalDays.parse("t:max"),
            Set.of("t"));
    assertThat(days).hasSize(1);
    assertThat(days.get(0).end().toInstant()).isEqualTo(Instant.parse("2026-03-29T22:00:00Z"));
    assertThat(days.get(0).complete()).isTrue();
    assertThat(days.get(0).values().get("t")).containsExactly(Map.entry("max", 22.0));
  }

  @Test
  void threeHourlyStepsCoverADayFromMidnightTo21() {
    List<SeriesForecast.Step> steps = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      steps.add(
          new SeriesForecast.Step(
              3 * i,
              Instant.parse("2026-11-21T00:00:00Z").plusSeconds(3 * 3600L * i),
              Map.of(
                  "t",
                  i == 3
                      ? SpotForecast.Value.unavailable("K", "bitmap")
                      : SpotForecast.Value.of(280 + i, "K"))));
    }
    SeriesForecast.Day day =
        LocalDays.days(steps, ZoneOffset.UTC, LocalDays.parse("t:mean"), Set.of("t")).getFirst();
    assertThat(day.complete()).isTrue();
    // the unavailable step 9 h is left out: (280 + 281 + 282 + 284 + 285 + 286 + 287) / 7 = 1985 /
    // 7
    assertThat(day.values().get("t").get("mean")).isEqualTo(1985.0 / 7);
  }

  @Test
  void badAggregatesAreRefusedWithWhatToWrite() {
    assertThatThrownBy(() -> LocalDays.parse("t:avg"))
        .isInstanceOf(BadParameterException.class)
        .hasMessageContaining("min, max, mean, sum");
    assertThatThrownBy(() -> LocalDays.parse("wind_direction:mean"))
        .isInstanceOf(BadParameterException.class)
        .hasMessageContaining("direction");
    assertThatThrownBy(() -> LocalDays.parse(":max"))
        .isInstanceOf(BadParameterException.class)
        .hasMessageContaining("names no parameter");
    assertThatThrownBy(
            () ->
                LocalDays.days(
                    hourly(Instant.EPOCH, 2), BERLIN, LocalDays.parse("rh:max"), Set.of("t")))
        .isInstanceOf(BadParameterException.class)
        .hasMessageContaining("rh, which this series does not answer");
    assertThat(LocalDays.parse("max, t:max, max")).hasSize(2);
  }
}
