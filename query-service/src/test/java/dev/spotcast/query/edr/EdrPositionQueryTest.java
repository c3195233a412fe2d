package dev.spotcast.query.edr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.Vertical;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class EdrPositionQueryTest {

  private static final Parameter T = Parameter.unbounded("t", "K");
  private static final Parameter U = Parameter.unbounded("u", "m/s");
  private static final Parameter V = Parameter.unbounded("v", "m/s");
  private static final Parameter GH = Parameter.unbounded("gh", "m");
  private static final Parameter T2 = Parameter.unbounded("2t", "K");
  private static final Parameter MSL = Parameter.unbounded("msl", "Pa");

  /** Height levels (t, u, v), isobaric levels (t, gh), surface (2t), mean sea level (msl). */
  private static final ForecastRun RUN =
      new ForecastRun(
          "edrunit",
          Instant.parse("2026-11-21T00:00:00Z"),
          RegularLatLonGrid.covering(40, -10, 50, 10, 1.0),
          List.of(
              new LevelAxis(LevelType.HEIGHT_ABOVE_GROUND, List.of(0.0, 500.0), List.of(T, U, V)),
              new LevelAxis(LevelType.ISOBARIC, List.of(500.0, 850.0, 1000.0), List.of(T, GH)),
              new LevelAxis(LevelType.SURFACE, List.of(0.0), List.of(T2)),
              new LevelAxis(LevelType.MEAN_SEA_LEVEL, List.of(0.0), List.of(MSL))),
          List.of(0, 1, 2),
          ShardingSpec.DEFAULT);

  private static PositionQuery parse(String coords, String z, String parameterNames) {
    return PositionQuery.parse(RUN, coords, z, null, parameterNames, null);
  }

  @Test
  void withoutZTheFirstSingleLevelTypeByDefault() {
    PositionQuery query = parse("POINT(200 45)", null, null);
    assertThat(query.coords().lon()).isEqualTo(-160);
    assertThat(query.vertical()).isNull();
    assertThat(query.serviceParams()).containsExactly("2t");
    assertThat(query.outputNames()).isEmpty();
    assertThat(query.format()).isEqualTo(EdrFormat.COVERAGE_JSON);
    assertThat(parse("POINT(5 45)", null, "2t,msl").serviceParams()).containsExactly("2t", "msl");
  }

  @Test
  void zIsALevelOfTheFirstLevelTypeHoldingTheParameters() {
    PositionQuery query = parse("POINT(5 45)", "250", null);
    assertThat(query.vertical()).isEqualTo(Vertical.height(250));
    assertThat(query.serviceParams()).containsExactly("t", "u", "v");

    assertThat(parse("POINT(5 45)", "850", "gh").vertical()).isEqualTo(Vertical.pressure(850));
    assertThat(parse("POINT(5 45)", "850", "t").vertical()).isEqualTo(Vertical.height(850));
    assertThat(parse("POINT Z(5 45 850)", null, "gh,t").vertical())
        .isEqualTo(Vertical.pressure(850));
  }

  /**
   * OGC API - EDR position, area, trajectory queries without z (ets-ogcapi-edr10
   * validatePositionQueryUsingParameters asks parameter t with no z): every level of the level type
   * holding the parameters, not a 400.
   */
  @Test
  void withoutZParametersWithLevelsAreAnsweredAtEveryLevel() {
    PositionQuery query = parse("POINT(5 45)", null, "t");
    assertThat(query.vertical()).isNull();
    assertThat(query.verticals()).hasSizeGreaterThan(1);
    assertThat(query.verticals()).allMatch(v -> v.type() == Vertical.height(0).type());
    assertThat(parse("POINT(5 45)", null, "2t").verticals()).containsExactly((Vertical) null);
    assertThat(parse("POINT(5 45)", "250", "t").verticals()).containsExactly(Vertical.height(250));
  }

  @Test
  void derivedWindAsksForItsComponents() {
    PositionQuery query = parse("POINT(5 45)", "10", "wind_speed,t");
    assertThat(query.serviceParams()).containsExactly("u", "v", "t");
    assertThat(query.outputNames()).containsExactly("wind_speed", "t");
  }

  @Test
  void badInputNamesTheEdrParameter() {
    bad(() -> parse("POINT(5 45)", null, "nosuch"), "parameter-name", "unknown parameter 'nosuch'");
    bad(() -> parse("POINT(5 45)", null, " , "), "parameter-name", "comma-separated");
    bad(() -> parse("POINT(5 45)", "high", null), "z", "single level value");
    bad(() -> parse("POINT(5 45)", "NaN", null), "z", "single level value");
    bad(() -> parse("POINT Z(5 45 10)", "20", null), "z", "differs");
    bad(() -> parse("POINT(5 45)", null, "t,2t"), "parameter-name", "ask them separately");
    bad(() -> parse("POINT(5 45)", "10", "2t"), "z", "not all on one level type");
    bad(() -> parse("POINT(5 45)", "10", "u,gh"), "z", "not all on one level type");
    bad(() -> parse("POINT(5 45)", "-5", "gh"), "z", "positive");
    bad(() -> parse("LINESTRING(0 0, 1 1)", null, null), "coords", "only POINT");
    bad(
        () -> PositionQuery.parse(RUN, "POINT(5 45)", null, "yesterday", null, null),
        "datetime",
        "ISO-8601");
    bad(
        () -> PositionQuery.parse(RUN, "POINT(5 45)", null, null, null, "csv"),
        "f",
        "CoverageJSON");
  }

  @Test
  void formatsByNameOrMediaType() {
    assertThat(EdrFormat.of("geojson")).isEqualTo(EdrFormat.GEO_JSON);
    assertThat(EdrFormat.of("application/geo+json")).isEqualTo(EdrFormat.GEO_JSON);
    assertThat(EdrFormat.of("CoverageJSON")).isEqualTo(EdrFormat.COVERAGE_JSON);
    assertThat(EdrFormat.of("covjson")).isEqualTo(EdrFormat.COVERAGE_JSON);
  }

  @Test
  void withoutFTheAcceptHeaderChoosesAndFWins() {
    assertThat(EdrFormat.of(null, "application/geo+json")).isEqualTo(EdrFormat.GEO_JSON);
    assertThat(EdrFormat.of(null, "application/prs.coverage+json;q=0.5, application/geo+json"))
        .isEqualTo(EdrFormat.GEO_JSON);
    assertThat(EdrFormat.of(null, "application/geo+json;q=0.2, application/prs.coverage+json"))
        .isEqualTo(EdrFormat.COVERAGE_JSON);
    assertThat(EdrFormat.of(null, "text/plain, application/json, application/*+json, */*"))
        .isEqualTo(EdrFormat.COVERAGE_JSON);
    assertThat(EdrFormat.of(null, "not a media type;;")).isEqualTo(EdrFormat.COVERAGE_JSON);
    assertThat(EdrFormat.of("CoverageJSON", "application/geo+json"))
        .isEqualTo(EdrFormat.COVERAGE_JSON);
  }

  private static void bad(Runnable call, String parameter, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOf(BadParameterException.class)
        .hasMessageContaining(message)
        .satisfies(e -> assertThat(((BadParameterException) e).parameter()).isEqualTo(parameter));
  }
}
