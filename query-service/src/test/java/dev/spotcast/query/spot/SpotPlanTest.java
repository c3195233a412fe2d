package dev.spotcast.query.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.search.Combination;
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
      ForecastRun.of(
          "synth",
          RUN_TIME,
          RegularLatLonGrid.covering(40, -10, 50, 10, 1.0),
          LevelType.HEIGHT_ABOVE_GROUND,
          List.of(0.0, 500.0, 1000.0, 2000.0, 10000.0),
          List.of(0, 1, 2, 3, 6),
          SyntheticWeather.PARAMETERS,
          new ShardingSpec(2, 0, 2, 10));

  @Test
  void exactLevelAndStepNeedOneCombination() {
    SpotPlan plan = plan(45, 0, 1000, "2026-11-21T03:00:00Z");

    assertThat(plan.combinations()).containsExactly(new Combination(0, 2, 3, 1000, 3));
  }

  @Test
  void betweenLevelsAndStepsNeedsFourCombinationsWithTheirWeights() {
    SpotPlan plan = plan(45, 0, 750, "2026-11-21T04:30:00Z");

    assertThat(plan.axes()).hasSize(1);
    assertThat(plan.axes().getFirst().levels().lower()).isEqualTo(1);
    assertThat(plan.axes().getFirst().levels().upperWeight()).isEqualTo(0.5);
    assertThat(plan.steps().lower()).isEqualTo(3);
    assertThat(plan.steps().upperWeight()).isEqualTo(0.5); // 4.5 h between steps 3 and 6
    assertThat(plan.combinations())
        .containsExactly(
            new Combination(0, 1, 3, 500, 3),
            new Combination(0, 1, 4, 500, 6),
            new Combination(0, 2, 3, 1000, 3),
            new Combination(0, 2, 4, 1000, 6));
  }

  @Test
  void combinationsAreGroupedByTheIndexOfTheirLevelBand() {
    // Two levels per index: levels 500 (position 1) and 1000 (position 2) are in different bands.
    SpotPlan plan = plan(45, 0, 750, "2026-11-21T00:30:00Z");
    ShardingStrategy strategy = new ShardingStrategy(RUN);

    Map<String, List<Combination>> byIndex = plan.combinationsByIndex();

    assertThat(byIndex).containsOnlyKeys(strategy.indexName(0, 1, 0), strategy.indexName(0, 2, 0));
    assertThat(byIndex.get(strategy.indexName(0, 1, 0)))
        .extracting(Combination::level)
        .containsExactly(500.0, 500.0);
    assertThat(byIndex.get(strategy.indexName(0, 2, 0)))
        .extracting(Combination::step)
        .containsExactly(0, 1);
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
        "12000 | alt 12000 m is above the highest level 10000 m of model synth; valid: 0..10000 m",
        "-5.5  | alt -5.5 m is below the lowest level 0 m of model synth; valid: 0..10000 m",
      })
  void aHeightOutsideTheLevelsSaysTheValidRange(double alt, String message) {
    assertThatThrownBy(() -> plan(45, 0, alt, "2026-11-21T00:00:00Z"))
        .isInstanceOfSatisfying(
            OutsideForecastException.class, e -> assertThat(e.parameter()).isEqualTo("alt"))
        .hasMessage(message);
  }

  @ParameterizedTest
  @CsvSource({
    "2026-11-20T23:59:59Z, before the first step",
    "2026-11-21T06:00:01Z, after the last step",
  })
  void aTimeOutsideTheHorizonSaysTheValidRange(String time, String where) {
    assertThatThrownBy(() -> plan(45, 0, 0, time))
        .isInstanceOfSatisfying(
            OutsideForecastException.class, e -> assertThat(e.parameter()).isEqualTo("time"))
        .hasMessage(
            "time "
                + Instant.parse(time)
                + " is "
                + where
                + " of run 2026112100 of model synth;"
                + " valid: 2026-11-21T00:00:00Z..2026-11-21T06:00:00Z");
  }

  @ParameterizedTest
  @CsvSource({
    "39.5, 0, lat, lat 39.5 is outside the grid of model synth; valid: 40..50",
    "45, 10.5, lon, lon 10.5 is outside the grid of model synth; valid: -10..10",
    "45, -170, lon, lon -170 is outside the grid of model synth; valid: -10..10",
  })
  void aPlaceOutsideTheGridSaysTheValidRange(
      double lat, double lon, String parameter, String message) {
    assertThatThrownBy(() -> plan(lat, lon, 0, "2026-11-21T00:00:00Z"))
        .isInstanceOfSatisfying(
            OutsideForecastException.class, e -> assertThat(e.parameter()).isEqualTo(parameter))
        .hasMessage(message);
  }

  @Test
  void aGridAcrossTheAntimeridianCoversBothSides() {
    ForecastRun pacific = withGrid(RegularLatLonGrid.covering(-10, 170, 10, 190, 1.0));

    assertThat(SpotPlan.of(pacific, request(0, 175)).combinations()).hasSize(1);
    assertThat(SpotPlan.of(pacific, request(0, -175)).combinations()).hasSize(1);
    assertThatThrownBy(() -> SpotPlan.of(pacific, request(0, -165)))
        .isInstanceOf(OutsideForecastException.class);
  }

  @Test
  void aGlobalGridCoversEveryLongitude() {
    ForecastRun global = withGrid(RegularLatLonGrid.covering(-90, -180, 90, 180, 1.0));

    assertThat(SpotPlan.of(global, request(89.9, 179.5)).combinations()).hasSize(1);
  }

  @Test
  void anUnknownParameterIsABadRequestListingTheKnownOnes() {
    SpotRequest request =
        SpotRequest.of(
            RunSelection.published("synth"),
            Place.at(45, 0, Vertical.height(0)),
            Reading.idw(4, List.of("t", "snow")),
            RUN_TIME);

    assertThatThrownBy(() -> SpotPlan.of(RUN, request))
        .isInstanceOfSatisfying(
            BadParameterException.class, e -> assertThat(e.parameter()).isEqualTo("params"))
        .hasMessage("unknown parameter 'snow' for model synth; known: t, u, v, rh, pres");
  }

  @Test
  void requestedParametersKeepTheirOrderAndDefaultToAll() {
    assertThat(
            SpotPlan.of(
                    RUN,
                    SpotRequest.of(
                        RunSelection.published("synth"),
                        Place.at(45, 0, Vertical.height(0)),
                        Reading.idw(4, List.of("rh", "t")),
                        RUN_TIME))
                .parameters())
        .extracting(p -> p.name())
        .containsExactly("rh", "t");
    assertThat(plan(45, 0, 0, "2026-11-21T00:00:00Z").parameters())
        .isEqualTo(SyntheticWeather.PARAMETERS);
  }

  @Test
  void theNearestPointsAreWorkedOutOnlyForTheIdsPathButABilinearCellAlways() {
    SpotPlan idw = plan(45.3, 0.2, 0, "2026-11-21T00:00:00Z");

    assertThat(idw.query().points().points()).hasSize(4);
    assertThat(idw.query(true).points().points()).hasSize(4);
    assertThat(idw.query(false).points()).as("the geo path finds them").isNull();
    assertThat(SpotPlan.query(List.of(idw), false).points()).isNull();

    SpotPlan bilinear =
        SpotPlan.of(
            RUN,
            SpotRequest.of(
                RunSelection.published("synth"),
                Place.at(45.3, 0.2, Vertical.height(0)),
                new Reading(List.of(), Method.BILINEAR, 4, null, null),
                RUN_TIME));
    assertThat(bilinear.query(false).points().points())
        .as("read by id whatever the path")
        .hasSize(4);
  }

  private static SpotPlan plan(double lat, double lon, double alt, String time) {
    return SpotPlan.of(
        RUN,
        TestRequests.idw(
            "synth", Place.at(lat, lon, Vertical.height(alt)), 4, Instant.parse(time)));
  }

  private static SpotRequest request(double lat, double lon) {
    return TestRequests.idw(
        "synth",
        Place.at(lat, RegularLatLonGrid.normaliseLongitude(lon), Vertical.height(0)),
        4,
        RUN_TIME);
  }

  private static ForecastRun withGrid(RegularLatLonGrid grid) {
    return new ForecastRun(
        RUN.model(), RUN.runTime(), grid, RUN.axes(), RUN.steps(), RUN.sharding());
  }

  /**
   * A run as a GRIB model gives it: isobaric levels with u and v (v on fewer levels), and mean sea
   * level pressure.
   */
  private static final ForecastRun GRIB_LIKE =
      new ForecastRun(
          "gfs",
          RUN_TIME,
          new RegularLatLonGrid(90, 0, -5, 5, 37, 72),
          List.of(
              new LevelAxis(
                  LevelType.ISOBARIC,
                  List.of(400.0, 500.0, 700.0, 850.0, 1000.0),
                  List.of(
                      Parameter.unbounded("u", "m s**-1"), Parameter.unbounded("v", "m s**-1"))),
              new LevelAxis(
                  LevelType.MEAN_SEA_LEVEL,
                  List.of(0.0),
                  List.of(Parameter.unbounded("prmsl", "Pa")))),
          List.of(6, 12),
          ShardingSpec.DEFAULT);

  @Test
  void pressureIsInterpolatedLinearlyInLnP() {
    SpotPlan plan =
        SpotPlan.of(
            GRIB_LIKE,
            TestRequests.idw(
                "gfs", Place.at(45, 0, Vertical.pressure(600)), 4, RUN_TIME.plusSeconds(6 * 3600)));

    SpotPlan.AxisPlan isobaric = plan.axes().getFirst();
    assertThat(isobaric.axis().type()).isEqualTo(LevelType.ISOBARIC);
    assertThat(isobaric.parameters()).extracting(Parameter::name).containsExactly("u", "v");
    assertThat(isobaric.levels().lower()).isEqualTo(1);
    // ln(600/500) / ln(700/500) = 0.541854...
    assertThat(isobaric.levels().upperWeight())
        .isCloseTo(Math.log(600.0 / 500) / Math.log(700.0 / 500), within(1e-12));
    assertThat(plan.combinations())
        .containsExactly(new Combination(0, 1, 0, 500, 6), new Combination(0, 2, 0, 700, 6));
  }

  @Test
  void withoutAltOrPressureTheSingleLevelFieldsAreAnswered() {
    SpotPlan plan =
        SpotPlan.of(
            GRIB_LIKE,
            TestRequests.idw("gfs", Place.at(45, 0, null), 4, RUN_TIME.plusSeconds(6 * 3600)));

    assertThat(plan.parameters()).extracting(Parameter::name).containsExactly("prmsl");
    assertThat(plan.combinations()).containsExactly(new Combination(1, 0, 0, 0, 6));
  }

  @Test
  void aHeightAxisOfOneLevelIsThatParametersOwnHeight() {
    // Only 2 m temperature on the height axis (a file of 2t alone): asked without alt=, at 2 m.
    ForecastRun twoMetres =
        ForecastRun.of(
            "t2m",
            RUN_TIME,
            RegularLatLonGrid.covering(40, -10, 50, 10, 1.0),
            LevelType.HEIGHT_ABOVE_GROUND,
            List.of(2.0),
            List.of(0, 1, 2, 3, 6),
            List.of(new Parameter("2t", "K", 150, 350)),
            new ShardingSpec(2, 0, 2, 10));
    SpotRequest asked =
        SpotRequest.of(
            RunSelection.published("t2m"),
            Place.at(45, 0, null),
            Reading.idw(4, List.of("2t")),
            RUN_TIME.plusSeconds(3 * 3600));

    SpotPlan plan = SpotPlan.of(twoMetres, asked);

    assertThat(plan.parameters()).extracting(Parameter::name).containsExactly("2t");
    assertThat(plan.combinations()).containsExactly(new Combination(0, 0, 3, 2.0, 3));
  }

  @Test
  void aLevelTypeTheModelDoesNotHaveIsUnprocessableAndListsWhatItHas() {
    SpotRequest byHeight =
        TestRequests.idw(
            "gfs", Place.at(45, 0, Vertical.height(100)), 4, RUN_TIME.plusSeconds(6 * 3600));

    assertThatThrownBy(() -> SpotPlan.of(GRIB_LIKE, byHeight))
        .isInstanceOfSatisfying(
            OutsideForecastException.class, e -> assertThat(e.parameter()).isEqualTo("alt"))
        .hasMessage(
            "model gfs has no height above ground levels (alt=); it has: isobaric levels 400..1000 hPa (pressure=);"
                + " mean sea level (neither alt= nor pressure=)");
  }

  @Test
  void aParameterOnAnotherLevelTypeSaysHowToAskForIt() {
    SpotRequest request =
        SpotRequest.of(
            RunSelection.published("gfs"),
            Place.at(45, 0, Vertical.pressure(500)),
            Reading.idw(4, List.of("u", "prmsl")),
            RUN_TIME.plusSeconds(6 * 3600));

    assertThatThrownBy(() -> SpotPlan.of(GRIB_LIKE, request))
        .isInstanceOfSatisfying(
            OutsideForecastException.class, e -> assertThat(e.parameter()).isEqualTo("params"))
        .hasMessage(
            "parameter prmsl of model gfs is not on the levels asked for; ask with neither alt= nor pressure= (mean sea level)");
  }

  @Test
  void aPressureBeyondTheLevelsSaysTheValidRange() {
    SpotRequest request =
        TestRequests.idw(
            "gfs", Place.at(45, 0, Vertical.pressure(1013.25)), 4, RUN_TIME.plusSeconds(6 * 3600));

    assertThatThrownBy(() -> SpotPlan.of(GRIB_LIKE, request))
        .isInstanceOfSatisfying(
            OutsideForecastException.class, e -> assertThat(e.parameter()).isEqualTo("pressure"))
        .hasMessage(
            "pressure 1013.25 hPa is greater than the largest level 1000 hPa of model gfs; valid: 400..1000 hPa");
  }

  @Test
  void aNorthToSouthGridChecksLatitudesBothWays() {
    assertThat(
            SpotPlan.of(
                    GRIB_LIKE,
                    TestRequests.idw(
                        "gfs", Place.at(-89.5, 0, null), 4, RUN_TIME.plusSeconds(6 * 3600)))
                .axes())
        .hasSize(1);
  }
}
