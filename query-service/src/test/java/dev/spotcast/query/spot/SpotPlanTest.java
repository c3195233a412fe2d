package dev.spotcast.query.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.sharding.ShardingSpec;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SpotPlanTest {

  private static final Instant RUN_TIME = Instant.parse("2026-11-21T00:00:00Z");

  private static final ForecastRun RUN =
      new ForecastRun(
          "synth",
          RUN_TIME,
          RegularLatLonGrid.covering(40, -10, 50, 10, 1.0),
          LevelType.HEIGHT_ABOVE_GROUND,
          List.of(0, 500, 1000, 2000, 10000),
          List.of(0, 1, 2, 3, 6),
          SyntheticWeather.PARAMETERS,
          new ShardingSpec(2, 0, 2, 10));

  @Test
  void exactLevelAndStepNeedOneCombination() {
    SpotPlan plan = plan(45, 0, 1000, "2026-11-21T03:00:00Z");

    assertThat(plan.combinations()).containsExactly(new Combination(2, 3, 1000, 3));
  }

  @Test
  void betweenLevelsAndStepsNeedsFourCombinationsWithTheirWeights() {
    SpotPlan plan = plan(45, 0, 750, "2026-11-21T04:30:00Z");

    assertThat(plan.levels().lower()).isEqualTo(1);
    assertThat(plan.levels().upperWeight()).isEqualTo(0.5);
    assertThat(plan.steps().lower()).isEqualTo(3);
    assertThat(plan.steps().upperWeight()).isEqualTo(0.5); // 4.5 h between steps 3 and 6
    assertThat(plan.combinations())
        .containsExactly(
            new Combination(1, 3, 500, 3),
            new Combination(1, 4, 500, 6),
            new Combination(2, 3, 1000, 3),
            new Combination(2, 4, 1000, 6));
  }

  @Test
  void combinationsAreGroupedByTheIndexOfTheirLevelBand() {
    // Two levels per index: levels 500 (position 1) and 1000 (position 2) are in different bands.
    SpotPlan plan = plan(45, 0, 750, "2026-11-21T00:30:00Z");
    ShardingStrategy strategy = new ShardingStrategy(RUN);

    Map<String, List<Combination>> byIndex = plan.combinationsByIndex(strategy);

    assertThat(byIndex).containsOnlyKeys(strategy.indexName(1, 0), strategy.indexName(2, 0));
    assertThat(byIndex.get(strategy.indexName(1, 0))).extracting(Combination::level).containsExactly(500, 500);
    assertThat(byIndex.get(strategy.indexName(2, 0))).extracting(Combination::step).containsExactly(0, 1);
  }

  @Test
  void aTimeBetweenStepsMayBeAnyInstant() {
    SpotPlan plan = plan(45, 0, 0, "2026-11-21T01:00:36Z");

    assertThat(plan.steps().lower()).isEqualTo(1);
    assertThat(plan.steps().upperWeight()).isCloseTo(0.01, within(1e-12));
  }

  @Test
  void radiusHoldsTheNearestPoints() {
    // 1 degree grid, n = 4: 111.195 km * (1 + 2).
    assertThat(plan(45, 0, 0, "2026-11-21T00:00:00Z").radiusKm()).isCloseTo(333.585, within(1e-9));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "12000 | alt 12000 m is above the highest level 10000 m; valid: 0..10000 m",
        "-5.5  | alt -5.5 m is below the lowest level 0 m; valid: 0..10000 m",
      })
  void aHeightOutsideTheLevelsSaysTheValidRange(double alt, String message) {
    assertThatThrownBy(() -> plan(45, 0, alt, "2026-11-21T00:00:00Z"))
        .isInstanceOfSatisfying(OutsideForecastException.class, e -> assertThat(e.parameter()).isEqualTo("alt"))
        .hasMessage(message);
  }

  @ParameterizedTest
  @CsvSource({
    "2026-11-20T23:59:59Z, before the first step",
    "2026-11-21T06:00:01Z, after the last step",
  })
  void aTimeOutsideTheHorizonSaysTheValidRange(String time, String where) {
    assertThatThrownBy(() -> plan(45, 0, 0, time))
        .isInstanceOfSatisfying(OutsideForecastException.class, e -> assertThat(e.parameter()).isEqualTo("time"))
        .hasMessage(
            "time " + Instant.parse(time) + " is " + where + " of run 2026112100 of model synth;"
                + " valid: 2026-11-21T00:00:00Z..2026-11-21T06:00:00Z");
  }

  @ParameterizedTest
  @CsvSource({
    "39.5, 0, lat, lat 39.5 is outside the grid of model synth; valid: 40..50",
    "45, 10.5, lon, lon 10.5 is outside the grid of model synth; valid: -10..10",
    "45, -170, lon, lon -170 is outside the grid of model synth; valid: -10..10",
  })
  void aPlaceOutsideTheGridSaysTheValidRange(double lat, double lon, String parameter, String message) {
    assertThatThrownBy(() -> plan(lat, lon, 0, "2026-11-21T00:00:00Z"))
        .isInstanceOfSatisfying(OutsideForecastException.class, e -> assertThat(e.parameter()).isEqualTo(parameter))
        .hasMessage(message);
  }

  @Test
  void aGridAcrossTheAntimeridianCoversBothSides() {
    ForecastRun pacific = withGrid(RegularLatLonGrid.covering(-10, 170, 10, 190, 1.0));

    assertThat(SpotPlan.of(pacific, request(0, 175)).combinations()).hasSize(1);
    assertThat(SpotPlan.of(pacific, request(0, -175)).combinations()).hasSize(1);
    assertThatThrownBy(() -> SpotPlan.of(pacific, request(0, -165))).isInstanceOf(OutsideForecastException.class);
  }

  @Test
  void aGlobalGridCoversEveryLongitude() {
    ForecastRun global = withGrid(RegularLatLonGrid.covering(-90, -180, 90, 180, 1.0));

    assertThat(SpotPlan.of(global, request(89.9, 179.5)).combinations()).hasSize(1);
  }

  @Test
  void anUnknownParameterIsABadRequestListingTheKnownOnes() {
    SpotRequest request = new SpotRequest("synth", 45, 0, 0, RUN_TIME, 4, List.of("t", "snow"));

    assertThatThrownBy(() -> SpotPlan.of(RUN, request))
        .isInstanceOfSatisfying(BadParameterException.class, e -> assertThat(e.parameter()).isEqualTo("params"))
        .hasMessage("unknown parameter 'snow' for model synth; known: t, u, v, rh, pres");
  }

  @Test
  void requestedParametersKeepTheirOrderAndDefaultToAll() {
    assertThat(SpotPlan.of(RUN, new SpotRequest("synth", 45, 0, 0, RUN_TIME, 4, List.of("rh", "t"))).parameters())
        .extracting(p -> p.name())
        .containsExactly("rh", "t");
    assertThat(plan(45, 0, 0, "2026-11-21T00:00:00Z").parameters()).isEqualTo(SyntheticWeather.PARAMETERS);
  }

  private static SpotPlan plan(double lat, double lon, double alt, String time) {
    return SpotPlan.of(RUN, new SpotRequest("synth", lat, lon, alt, Instant.parse(time), 4, List.of()));
  }

  private static SpotRequest request(double lat, double lon) {
    return new SpotRequest("synth", lat, RegularLatLonGrid.normaliseLongitude(lon), 0, RUN_TIME, 4, List.of());
  }

  private static ForecastRun withGrid(RegularLatLonGrid grid) {
    return new ForecastRun(
        RUN.model(), RUN.runTime(), grid, RUN.levelType(), RUN.levels(), RUN.steps(), RUN.parameters(), RUN.sharding());
  }
}
