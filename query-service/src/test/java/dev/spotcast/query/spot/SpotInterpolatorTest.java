package dev.spotcast.query.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.IrregularGrid;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.interpolation.InverseDistanceWeighting;
import dev.spotcast.query.search.ForecastHit;
import dev.spotcast.query.terrain.RunTerrain;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SpotInterpolatorTest {

  private static final Instant RUN_TIME = Instant.parse("2026-11-21T00:00:00Z");
  private static final Parameter T = Parameter.unbounded("t", "K");
  private static final Parameter RH = new Parameter("rh", "%", 0, 100);

  /** Grid of 3 x 3 points at -1, 0, 1 degrees: point = row * 3 + column, (0, 0) is point 4. */
  private static final ForecastRun RUN =
      ForecastRun.of(
          "test",
          RUN_TIME,
          RegularLatLonGrid.covering(-1, -1, 1, 1, 1.0),
          LevelType.HEIGHT_ABOVE_GROUND,
          List.of(0.0, 500.0, 1000.0),
          List.of(0, 1, 2),
          List.of(T, RH),
          ShardingSpec.DEFAULT);

  private static final int EQUATOR_0 = 4;
  private static final int EQUATOR_1 = 5;

  private final SpotInterpolator interpolator =
      new SpotInterpolator(new InverseDistanceWeighting(2));

  @Test
  void midwayBetweenTwoGridPointsWeighsThemEqually() {
    SpotPlan plan = plan(0, 0.5, 0, RUN_TIME, 2);
    List<ForecastHit> hits =
        List.of(hit(EQUATOR_0, 0, 0, 10, 55_000), hit(EQUATOR_1, 0, 0, 20, 55_000));

    SpotForecast forecast = interpolator.interpolate(plan, hits);

    assertThat(forecast.neighbours())
        .extracting(SpotForecast.Neighbour::point)
        .containsExactly(EQUATOR_0, EQUATOR_1);
    assertThat(forecast.neighbours().get(0).weight()).isCloseTo(0.5, within(1e-12));
    assertThat(forecast.neighbours().get(1).weight()).isCloseTo(0.5, within(1e-12));
    // Half a degree of longitude on the WGS84 equator: a * pi / 360.
    assertThat(forecast.neighbours().get(0).distance())
        .isCloseTo(6_378_137 * Math.PI / 360, within(1e-6));
    assertThat(forecast.values().get("t").value()).isCloseTo(15, within(1e-12));
  }

  @Test
  void aQuarterBetweenStepsWeighsThemThreeToOne() {
    SpotPlan plan = plan(0, 0, 0, RUN_TIME.plus(Duration.ofMinutes(15)), 1);
    List<ForecastHit> hits = List.of(hit(EQUATOR_0, 0, 0, 10, 0), hit(EQUATOR_0, 0, 1, 30, 0));

    SpotForecast forecast = interpolator.interpolate(plan, hits);

    assertThat(forecast.steps())
        .extracting(SpotForecast.StepUsed::weight)
        .containsExactly(0.75, 0.25);
    assertThat(forecast.steps())
        .extracting(SpotForecast.StepUsed::time)
        .containsExactly(RUN_TIME, RUN_TIME.plus(Duration.ofHours(1)));
    assertThat(forecast.values().get("t").value()).isCloseTo(0.75 * 10 + 0.25 * 30, within(1e-12));
  }

  @Test
  void onAGridPointAnExactLevelAndStepReturnsTheStoredValue() {
    SpotPlan plan = plan(0, 0, 500, RUN_TIME.plus(Duration.ofHours(2)), 4);
    List<ForecastHit> hits =
        List.of(
            hit(EQUATOR_0, 500, 2, 287.25, 0),
            hit(EQUATOR_1, 500, 2, 1000, 111_000),
            hit(1, 500, 2, 1000, 111_000),
            hit(3, 500, 2, 1000, 111_000));

    SpotForecast forecast = interpolator.interpolate(plan, hits);

    assertThat(forecast.values().get("t").value()).isEqualTo(287.25);
    assertThat(forecast.neighbours())
        .extracting(SpotForecast.Neighbour::weight)
        .containsExactly(1.0, 0.0, 0.0, 0.0);
    assertThat(forecast.levels()).extracting(SpotForecast.LevelUsed::level).containsExactly(500.0);
    assertThat(forecast.steps()).extracting(SpotForecast.StepUsed::step).containsExactly(2);
  }

  @Test
  void combinesPointsThenLevelsThenSteps() {
    // Two points at equal distance (0.5 / 0.5), alt 250 (0.5 / 0.5 between 0 and 500),
    // 30 minutes (0.5 / 0.5 between steps 0 and 1): the mean of the eight values.
    SpotPlan plan = plan(0, 0.5, 250, RUN_TIME.plus(Duration.ofMinutes(30)), 2);
    List<ForecastHit> hits = new ArrayList<>();
    double[] values = {1, 2, 3, 4, 5, 6, 7, 8};
    int i = 0;
    for (int level : new int[] {0, 500}) {
      for (int step : new int[] {0, 1}) {
        hits.add(hit(EQUATOR_0, level, step, values[i++], 55_000));
        hits.add(hit(EQUATOR_1, level, step, values[i++], 55_000));
      }
    }

    SpotForecast forecast = interpolator.interpolate(plan, hits);

    assertThat(forecast.values().get("t").value()).isCloseTo(4.5, within(1e-12));
    assertThat(forecast.levels())
        .extracting(SpotForecast.LevelUsed::level)
        .containsExactly(0.0, 500.0);
    assertThat(forecast.levels())
        .extracting(SpotForecast.LevelUsed::weight)
        .containsExactly(0.5, 0.5);
  }

  @Test
  void unequalWeightsInEveryDimension() {
    // On point 4: no spatial weighting; alt 100 is 0.2 of the way to 500; 45 minutes is 0.75 of a
    // step.
    SpotPlan plan = plan(0, 0, 100, RUN_TIME.plus(Duration.ofMinutes(45)), 1);
    List<ForecastHit> hits =
        List.of(
            hit(EQUATOR_0, 0, 0, 280, 0),
            hit(EQUATOR_0, 500, 0, 270, 0),
            hit(EQUATOR_0, 0, 1, 284, 0),
            hit(EQUATOR_0, 500, 1, 276, 0));

    SpotForecast forecast = interpolator.interpolate(plan, hits);

    double step0 = 280 + (270 - 280) * 0.2; // 278
    double step1 = 284 + (276 - 284) * 0.2; // 282.4
    assertThat(forecast.values().get("t").value())
        .isCloseTo(step0 + (step1 - step0) * 0.75, within(1e-9));
  }

  @Test
  void aMissingValueMakesTheParameterUnavailableInsteadOfAveragingFewerPoints() {
    SpotPlan plan = plan(0, 0.5, 0, RUN_TIME, 2);
    List<ForecastHit> hits =
        List.of(
            new ForecastHit(
                0, EQUATOR_0, 0, 0, Map.of("t", 10.0, "rh", 50.0), 55_000, Double.NaN, Double.NaN),
            new ForecastHit(0, EQUATOR_1, 0, 0, Map.of("t", 20.0), 55_000, Double.NaN, Double.NaN));

    SpotForecast forecast = interpolator.interpolate(plan, hits);

    assertThat(forecast.values().get("t").value()).isCloseTo(15, within(1e-12));
    SpotForecast.Value rh = forecast.values().get("rh");
    assertThat(rh.value()).isNull();
    assertThat(rh.unit()).isEqualTo("%");
    assertThat(rh.reason()).isEqualTo("rh has no value at 0 m, step 0, grid point " + EQUATOR_1);
  }

  @Test
  void aMissingDocumentMakesEveryParameterUnavailable() {
    SpotPlan plan = plan(0, 0.5, 0, RUN_TIME.plus(Duration.ofMinutes(30)), 2);
    List<ForecastHit> hits =
        List.of(
            hit(EQUATOR_0, 0, 0, 10, 55_000),
            hit(EQUATOR_1, 0, 0, 20, 55_000),
            hit(EQUATOR_0, 0, 1, 10, 55_000));

    SpotForecast forecast = interpolator.interpolate(plan, hits);

    assertThat(forecast.values().get("t").value()).isNull();
    assertThat(forecast.values().get("t").reason())
        .contains("grid point " + EQUATOR_1)
        .contains("step 1");
  }

  @Test
  void boundedParametersAreClamped() {
    SpotPlan plan = plan(0, 0, 0, RUN_TIME, 1);
    List<ForecastHit> hits =
        List.of(
            new ForecastHit(
                0, EQUATOR_0, 0, 0, Map.of("t", 1.0, "rh", 100.5), 0, Double.NaN, Double.NaN));

    assertThat(interpolator.interpolate(plan, hits).values().get("rh").value()).isEqualTo(100);
  }

  @Test
  void nearestPointsAreTheClosestDistinctPointsWithTheIdBreakingTies() {
    List<ForecastHit> hits =
        List.of(
            hit(7, 0, 0, 1, 300),
            hit(5, 0, 0, 1, 100),
            hit(3, 0, 0, 1, 100),
            hit(5, 500, 0, 1, 100),
            hit(9, 500, 0, 1, 200));

    assertThat(SpotInterpolator.nearestPoints(hits, 3))
        .extracting(ForecastHit::point)
        .containsExactly(3, 5, 9);
  }

  @Test
  void noPointFoundIsOutsideTheForecast() {
    SpotPlan plan = plan(0, 0, 0, RUN_TIME, 4);

    assertThatThrownBy(() -> interpolator.interpolate(plan, List.of()))
        .isInstanceOf(OutsideForecastException.class)
        .hasMessageContaining("no grid point of model test");
  }

  @Test
  void aRunWhoseTerrainIsStillBeingReadIsAnsweredWithoutItAndSaysSo() {
    SpotPlan plan = plan(0, 0.5, 0, RUN_TIME, 2).withTerrain(RunTerrain.PENDING, 4);
    List<ForecastHit> hits =
        List.of(hit(EQUATOR_0, 0, 0, 10, 55_000), hit(EQUATOR_1, 0, 0, 20, 55_000));

    SpotForecast forecast = interpolator.interpolate(plan, hits);

    assertThat(forecast.values().get("t").value()).isCloseTo(15, within(1e-12));
    assertThat(forecast.terrain().note()).contains("still being read");
    assertThat(forecast.terrain().cellSelection()).isEqualTo("nearest");
    assertThat(forecast.terrain().corrections()).isNull();
  }

  private static SpotPlan plan(double lat, double lon, double alt, Instant time, int n) {
    return SpotPlan.of(
        RUN, TestRequests.idw("test", Place.at(lat, lon, Vertical.height(alt)), n, time));
  }

  private static ForecastHit hit(int point, int level, int step, double t, double distance) {
    return new ForecastHit(
        0, point, level, step, Map.of("t", t, "rh", 50.0), distance, Double.NaN, Double.NaN);
  }

  @Test
  void aParameterMissingOnALevelIsUnavailableThereButAnsweredWhereItExists() {
    // v exists at 500 and 700 hPa but not at 850 (as in the u/v sample): asked between 700 and 850
    // it is unavailable, not interpolated across the missing level; between 500 and 700 it is
    // answered.
    Parameter u = Parameter.unbounded("u", "m s**-1");
    Parameter v = Parameter.unbounded("v", "m s**-1");
    ForecastRun isobaric =
        ForecastRun.of(
            "gfs",
            RUN_TIME,
            RegularLatLonGrid.covering(-1, -1, 1, 1, 1.0),
            LevelType.ISOBARIC,
            List.of(500.0, 700.0, 850.0),
            List.of(0),
            List.of(u, v),
            ShardingSpec.DEFAULT);
    List<ForecastHit> hits =
        List.of(
            new ForecastHit(
                0, EQUATOR_0, 500, 0, Map.of("u", 1.0, "v", 10.0), 0, Double.NaN, Double.NaN),
            new ForecastHit(
                0, EQUATOR_0, 700, 0, Map.of("u", 2.0, "v", 20.0), 0, Double.NaN, Double.NaN),
            new ForecastHit(0, EQUATOR_0, 850, 0, Map.of("u", 3.0), 0, Double.NaN, Double.NaN));

    SpotForecast low =
        interpolator.interpolate(
            SpotPlan.of(
                isobaric,
                TestRequests.idw("gfs", Place.at(0, 0, Vertical.pressure(800)), 1, RUN_TIME)),
            hits);
    double w = Math.log(800.0 / 700) / Math.log(850.0 / 700);
    assertThat(low.values().get("u").value()).isCloseTo(2 + (3 - 2) * w, within(1e-12));
    assertThat(low.values().get("v").value()).isNull();
    assertThat(low.values().get("v").reason())
        .isEqualTo("v has no value at 850 hPa, step 0, grid point " + EQUATOR_0);
    assertThat(low.pressure()).isEqualTo(800);
    assertThat(low.alt()).isNull();

    SpotForecast high =
        interpolator.interpolate(
            SpotPlan.of(
                isobaric,
                TestRequests.idw("gfs", Place.at(0, 0, Vertical.pressure(600)), 1, RUN_TIME)),
            hits);
    double w2 = Math.log(600.0 / 500) / Math.log(700.0 / 500);
    assertThat(high.values().get("v").value()).isCloseTo(10 + (20 - 10) * w2, within(1e-12));
    assertThat(high.levels())
        .extracting(SpotForecast.LevelUsed::type)
        .containsExactly("isobaric", "isobaric");
  }

  @Test
  void pointsOfAnIrregularGridTakeTheirCoordinatesFromTheirDocuments() {
    ForecastRun lambert =
        ForecastRun.of(
            "lam",
            RUN_TIME,
            new IrregularGrid("lambert", 100, 50, 40, 50),
            LevelType.SURFACE,
            List.of(0.0),
            List.of(0),
            List.of(T),
            ShardingSpec.DEFAULT);
    List<ForecastHit> hits =
        List.of(
            new ForecastHit(0, 17, 0, 0, Map.of("t", 10.0), 1, 45.0, 0.0),
            new ForecastHit(0, 18, 0, 0, Map.of("t", 20.0), 2, 45.0, 1.0));

    SpotForecast forecast =
        interpolator.interpolate(
            SpotPlan.of(lambert, TestRequests.idw("lam", Place.at(45, 0.5, null), 2, RUN_TIME)),
            hits);

    assertThat(forecast.neighbours())
        .extracting(SpotForecast.Neighbour::lon)
        .containsExactly(0.0, 1.0);
    // Both points lie on the same parallel, half a degree away: equal weights.
    assertThat(forecast.values().get("t").value()).isCloseTo(15, within(1e-9));
  }

  @Test
  void bilinearIsRefusedOnAnIrregularGridNamingTheMethod() {
    ForecastRun lambert =
        ForecastRun.of(
            "lam",
            RUN_TIME,
            new IrregularGrid("lambert", 100, 50, 40, 50),
            LevelType.SURFACE,
            List.of(0.0),
            List.of(0),
            List.of(T),
            ShardingSpec.DEFAULT);
    SpotRequest bilinear =
        SpotRequest.of(
            RunSelection.published("lam"),
            Place.at(45, 0.5, null),
            new Reading(List.of(), Method.BILINEAR, 4, null, null),
            RUN_TIME);

    assertThatThrownBy(() -> SpotPlan.of(lambert, bilinear))
        .isInstanceOf(BadParameterException.class)
        .hasMessage(
            "method=bilinear needs a regular lat/lon grid; model lam has a lambert grid: use method=idw or method=nearest")
        .extracting(e -> ((BadParameterException) e).parameter())
        .isEqualTo("method");
  }

  @Test
  void windIsDerivedFromTheComponentsAndUnavailableWithThem() {
    Map<String, SpotForecast.Value> values = new LinkedHashMap<>();
    values.put("u", SpotForecast.Value.of(3, "m/s"));
    values.put("v", SpotForecast.Value.of(4, "m/s"));
    values.put("10u", SpotForecast.Value.of(1, "m/s"));
    values.put(
        "10v", SpotForecast.Value.unavailable("m/s", "10v has no value at step 0, grid point 3"));

    SpotInterpolator.addWind(values, "u", "v", "");
    SpotInterpolator.addWind(values, "10u", "10v", "_10m");

    assertThat(values.get("wind_speed")).isEqualTo(SpotForecast.Value.of(5, "m/s"));
    // Blowing towards the north-east: from the south-west, 180 + atan(3/4).
    assertThat(values.get("wind_direction").value())
        .isCloseTo(180 + Math.toDegrees(Math.atan2(3, 4)), within(1e-9));
    assertThat(values.get("wind_speed_10m").value()).isNull();
    assertThat(values.get("wind_direction_10m").reason())
        .isEqualTo("derived from 10u and 10v: 10v has no value at step 0, grid point 3");
  }
}
