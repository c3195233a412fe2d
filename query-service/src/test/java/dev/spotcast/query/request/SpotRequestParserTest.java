package dev.spotcast.query.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.query.config.QueryProperties;
import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.Method;
import dev.spotcast.query.spot.Place;
import dev.spotcast.query.spot.Reading;
import dev.spotcast.query.spot.RunSelection;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.query.spot.Vertical;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SpotRequestParserTest {

  private final SpotRequestParser parser =
      new SpotRequestParser(
          new QueryProperties(
              4,
              64,
              2,
              Duration.ofSeconds(2),
              true,
              Duration.ofSeconds(5),
              Duration.ofSeconds(1),
              1000,
              5000,
              2,
              32,
              Duration.ofMillis(50),
              Duration.ZERO));

  /** A spot request parsed as the controller parses one: model, place, reading, time, run. */
  private SpotRequest parse(
      String model,
      String lat,
      String lon,
      String time,
      String alt,
      String pressure,
      String n,
      String params) {
    return parse(model, lat, lon, time, alt, pressure, n, params, null, null, null);
  }

  private SpotRequest parse(
      String model,
      String lat,
      String lon,
      String time,
      String alt,
      String pressure,
      String n,
      String params,
      String method,
      String power,
      String run) {
    PlaceParameters text =
        new PlaceParameters(
            model, lat, lon, alt, pressure, n, params, null, method, run, null, null, null, null);
    String checked = SpotRequestParser.model(text.model());
    return SpotRequest.of(
        SpotRequestParser.runSelection(checked, text),
        SpotRequestParser.place(text),
        parser.reading(text, power),
        SpotRequestParser.time(time));
  }

  /**
   * A series request as the series controller parses one: the range, then the place and reading.
   */
  private record Series(SpotRequest request, Instant from, Instant to) {}

  private Series series(
      String model,
      String lat,
      String lon,
      String alt,
      String pressure,
      String from,
      String to,
      String n,
      String params,
      String method,
      String run) {
    SpotRequestParser.TimeRange range = SpotRequestParser.range(from, to);
    PlaceParameters text =
        new PlaceParameters(
            model, lat, lon, alt, pressure, n, params, null, method, run, null, null, null, null);
    SpotRequest request =
        SpotRequest.of(
            SpotRequestParser.runSelection(model, text),
            SpotRequestParser.place(text),
            parser.reading(text, null),
            Instant.EPOCH);
    return new Series(request, range.from(), range.to());
  }

  @Test
  void parsesAValidRequestWithDefaults() {
    SpotRequest request =
        parse("synth", "45.5", "5.25", "2026-11-21T06:30:00Z", "750", null, null, null);

    assertThat(request)
        .isEqualTo(
            SpotRequest.of(
                RunSelection.published("synth"),
                Place.at(45.5, 5.25, Vertical.height(750)),
                Reading.idw(4, List.of()),
                Instant.parse("2026-11-21T06:30:00Z")));
  }

  @ParameterizedTest
  @CsvSource({
    "350, -10",
    "180, -180",
    "360, 0",
    "-180, -180",
    "0, 0",
  })
  void longitudesFrom0To360AreNormalised(String lon, double expected) {
    assertThat(parse("synth", "0", lon, "2026-11-21T06:00Z", "0", null, null, null).where().lon())
        .isEqualTo(expected);
  }

  @Test
  void aTimeWithAnOffsetIsConvertedToAnInstant() {
    assertThat(parse("synth", "0", "0", "2026-11-21T07:30+01:00", "0", null, null, null).time())
        .isEqualTo(Instant.parse("2026-11-21T06:30:00Z"));
    assertThat(
            parse(
                    "synth",
                    "0",
                    "0",
                    "2026-11-21T07:30:00+01:00[Europe/Paris]",
                    "0",
                    null,
                    null,
                    null)
                .time())
        .isEqualTo(Instant.parse("2026-11-21T06:30:00Z"));
  }

  @Test
  void neighboursAndParametersAreRead() {
    SpotRequest request =
        parse("synth", "0", "0", "2026-11-21T06:00Z", "0", null, " 9 ", "t, u,,t");

    assertThat(request.how().neighbours()).isEqualTo(9);
    assertThat(request.how().params()).containsExactly("t", "u");
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "lat    | ''         | lat is required",
        "lat    | abc        | lat must be a decimal number in degrees north, got 'abc'",
        "lat    | NaN        | lat must be a decimal number in degrees north, got 'NaN'",
        "lat    | 1e999      | lat must be a finite number, got '1e999'",
        "lat    | 90.0001    | lat must be within [-90, 90] degrees, got 90.0001",
        "lon    | -180.5     | lon must be within [-180, 180] degrees (or [0, 360]), got -180.5",
        "lon    | 0x1p3      | lon must be a decimal number in degrees east, got '0x1p3'",
        "lon    | Infinity   | lon must be a decimal number in degrees east, got 'Infinity'",
        "alt    | 10m        | alt must be a decimal number in m above ground, got '10m'",
        "pressure | 850hPa   | pressure must be a decimal number in hPa, got '850hPa'",
        "pressure | -5       | pressure must be positive (hPa), got -5",
        "time   | 2026-11-21 | time must be an ISO-8601 date-time with a zone, e.g. 2026-11-21T06:00:00Z or 2026-11-21T07:00:00+01:00; got '2026-11-21'",
        "time   | 2026-11-21T06:00 | time '2026-11-21T06:00' has no zone: add 'Z' for UTC or an offset such as +01:00",
        "time   | 2026-11-21T07:00:00 01:00 | time must be an ISO-8601 date-time with a zone, e.g. 2026-11-21T06:00:00Z or 2026-11-21T07:00:00+01:00; got '2026-11-21T07:00:00 01:00' (send a '+' offset as %2B in a URL)",
        "time   | tomorrow   | time must be an ISO-8601 date-time with a zone, e.g. 2026-11-21T06:00:00Z or 2026-11-21T07:00:00+01:00; got 'tomorrow'",
        "n      | 0          | n must be an integer in [1, 64], got '0'",
        "n      | 65         | n must be an integer in [1, 64], got '65'",
        "n      | 2.5        | n must be an integer in [1, 64], got '2.5'",
        "params | ' , '      | params must be a comma-separated list of parameter names, e.g. t,u,v; got ' , '",
        "model  | ' '        | model is required: one of the model ids /v1/models lists",
      })
  void rejectsABadValueNamingTheParameter(String parameter, String value, String message) {
    String[] args = {"synth", "45", "5", "2026-11-21T06:00Z", "0", null, null, null};
    int position =
        List.of("model", "lat", "lon", "time", "alt", "pressure", "n", "params").indexOf(parameter);
    args[position] = value;
    if (parameter.equals("pressure")) {
      args[4] = null;
    }

    assertThatThrownBy(
            () -> parse(args[0], args[1], args[2], args[3], args[4], args[5], args[6], args[7]))
        .isInstanceOfSatisfying(
            BadParameterException.class, e -> assertThat(e.parameter()).isEqualTo(parameter))
        .hasMessage(message);
  }

  @Test
  void pressureSelectsIsobaricLevelsAndNeitherSelectsSingleLevelFields() {
    assertThat(
            parse("gfs", "0", "0", "2026-11-21T06:00Z", null, "850", null, null).where().vertical())
        .isEqualTo(Vertical.pressure(850));
    assertThat(
            parse("gfs", "0", "0", "2026-11-21T06:00Z", null, null, null, null).where().vertical())
        .isNull();
    assertThatThrownBy(() -> parse("gfs", "0", "0", "2026-11-21T06:00Z", "10", "850", null, null))
        .isInstanceOfSatisfying(
            BadParameterException.class, e -> assertThat(e.parameter()).isEqualTo("pressure"))
        .hasMessage("give either alt (m above ground) or pressure (hPa), not both");
  }

  @Test
  void methodPowerAndRunAreParsed() {
    SpotRequest nearest =
        parse(
            "synth",
            "1",
            "2",
            "2026-11-21T06:00Z",
            "0",
            null,
            null,
            null,
            "nearest",
            null,
            "2026112100");
    assertThat(nearest.how().method()).isEqualTo(Method.NEAREST);
    assertThat(nearest.how().neighbours()).isEqualTo(1);
    assertThat(nearest.which().run()).isEqualTo("2026112100");

    SpotRequest bilinear =
        parse(
            "synth",
            "1",
            "2",
            "2026-11-21T06:00Z",
            "0",
            null,
            null,
            null,
            "bilinear",
            null,
            "latest");
    assertThat(bilinear.how().neighbours()).isEqualTo(4);
    assertThat(bilinear.which().run()).isNull();

    SpotRequest idw =
        parse(
            "synth",
            "1",
            "2",
            "2026-11-21T06:00Z",
            "0",
            null,
            "6",
            null,
            null,
            "1.5",
            "2026-11-21T07:00:00+01:00");
    assertThat(idw.how().method()).isEqualTo(Method.IDW);
    assertThat(idw.how().power()).isEqualTo(1.5);
    assertThat(idw.how().neighbours()).isEqualTo(6);
    assertThat(idw.which().run()).isEqualTo("2026112106");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "cubic   |      |            |    | method | method must be one of idw, nearest, bilinear; got 'cubic'",
        "        | 0    |            |    | power  | power must be in (0, 16], got 0",
        "        | 16.5 |            |    | power  | power must be in (0, 16], got 16.5",
        "        | NaN  |            |    | power  | power must be a decimal number in (the IDW exponent), got 'NaN'",
        "nearest | 2    |            |    | power  | power applies to method=idw only, not method=nearest",
        "bilinear|      |            | 4  | n      | n applies to method=idw only; method=bilinear uses the 4 points of the grid cell",
        "        |      | 2026113200 |    | run    | run '2026113200' is not a valid yyyyMMddHH run id",
        "        |      | 2026-11-21T00:30:00Z |  | run | run times are on the hour; got 2026-11-21T00:30:00Z",
        "        |      | monday     |    | run    | run must be 'latest', a run time (ISO-8601 with a zone, e.g. 2026-11-21T00:00:00Z) or a run id (yyyyMMddHH, e.g. 2026112100); got 'monday'",
      })
  void badMethodPowerOrRunNamesTheParameter(
      String method, String power, String run, String n, String parameter, String message) {
    assertThatThrownBy(
            () ->
                parse(
                    "synth", "1", "2", "2026-11-21T06:00Z", "0", null, n, null, method, power, run))
        .isInstanceOf(BadParameterException.class)
        .hasMessage(message)
        .extracting(e -> ((BadParameterException) e).parameter())
        .isEqualTo(parameter);
  }

  @Test
  void aSeriesHasAnOptionalRangeAndNoTime() {
    Series series =
        series("synth", "45", "5", "100", null, "2026-11-21T03:00Z", null, null, "t", null, null);

    assertThat(series.from()).isEqualTo(Instant.parse("2026-11-21T03:00:00Z"));
    assertThat(series.to()).isNull();
    assertThat(series.request().where().vertical()).isEqualTo(Vertical.height(100));
    assertThat(series.request().how().params()).containsExactly("t");
    assertThat(series("synth", "45", "5", null, null, null, null, null, null, null, null).from())
        .isNull();
  }

  @Test
  void aSeriesRangeIsCheckedNamingFromOrTo() {
    assertThatThrownBy(
            () -> series("synth", "45", "5", "0", null, "soon", null, null, null, null, null))
        .isInstanceOfSatisfying(
            BadParameterException.class, e -> assertThat(e.parameter()).isEqualTo("from"));
    assertThatThrownBy(
            () ->
                series(
                    "synth",
                    "45",
                    "5",
                    "0",
                    null,
                    null,
                    "2026-11-21T03:00",
                    null,
                    null,
                    null,
                    null))
        .isInstanceOfSatisfying(
            BadParameterException.class, e -> assertThat(e.parameter()).isEqualTo("to"));
    assertThatThrownBy(
            () ->
                series(
                    "synth",
                    "45",
                    "5",
                    "0",
                    null,
                    "2026-11-21T06:00Z",
                    "2026-11-21T03:00Z",
                    null,
                    null,
                    null,
                    null))
        .isInstanceOfSatisfying(
            BadParameterException.class, e -> assertThat(e.parameter()).isEqualTo("from"));
  }

  @Test
  void periodsReadAsShortFormsAndIso8601() {
    assertThat(SpotRequestParser.period(null)).isNull();
    assertThat(SpotRequestParser.period(" ")).isNull();
    assertThat(SpotRequestParser.period("3h")).isEqualTo(Duration.ofHours(3));
    assertThat(SpotRequestParser.period("90min")).isEqualTo(Duration.ofMinutes(90));
    assertThat(SpotRequestParser.period("1d")).isEqualTo(Duration.ofDays(1));
    assertThat(SpotRequestParser.period("PT6H")).isEqualTo(Duration.ofHours(6));
  }

  @Test
  void periodsOutsideFifteenMinutesToTenDaysOrMalformedAreRefused() {
    for (String bad :
        List.of("0h", "10min", "11d", "3 weeks", "-1h", "PT-1H", "h", "99999999999h")) {
      assertThatThrownBy(() -> SpotRequestParser.period(bad))
          .as(bad)
          .isInstanceOf(BadParameterException.class)
          .hasMessageContaining("period must be a duration from 15min to 10d");
    }
  }
}
