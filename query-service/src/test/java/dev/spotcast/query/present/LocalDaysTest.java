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

  @Test
  void aMeanOverPeriodsIsItsMeanOverTheDaysTime() {
    // A flux (W m-2) as means over each step's interval: 00-01 100, 01-02 200, 02-05 400 (3 h),
    // 05-08 0, then 08-24 in 16 hourly steps of 50 and a 3-hour 23-02 interval of 300 that is one
    // hour inside the day.
    Instant day = Instant.parse("2026-11-21T00:00:00Z");
    List<SeriesForecast.Step> steps = new ArrayList<>();
    int[][] periods = {{0, 1, 100}, {1, 2, 200}, {2, 5, 400}, {5, 8, 0}};
    for (int[] p : periods) {
      steps.add(mean(day, p[0], p[1], p[2]));
    }
    for (int h = 8; h < 23; h++) {
      steps.add(mean(day, h, h + 1, 50));
    }
    steps.add(mean(day, 23, 26, 300));

    SeriesForecast.Day first =
        LocalDays.days(steps, ZoneOffset.UTC, LocalDays.parse("flux:mean"), Set.of("flux"))
            .getFirst();

    // (100 + 200 + 3 * 400 + 3 * 0 + 15 * 50 + 1 * 300) / 24 h = 2550 / 24.
    assertThat(first.values().get("flux").get("mean")).isEqualTo(2550.0 / 24);
  }

  private static SeriesForecast.Step mean(Instant day, int fromHour, int toHour, double value) {
    Instant from = day.plusSeconds(3600L * fromHour);
    Instant to = day.plusSeconds(3600L * toHour);
    Map<String, SpotForecast.Value> values = new LinkedHashMap<>();
    values.put(
        "flux",
        SpotForecast.Value.of(value, "W m-2")
            .over(new SpotForecast.Period("mean", from, to, null)));
    return new SeriesForecast.Step(toHour, to, values);
  }
}
