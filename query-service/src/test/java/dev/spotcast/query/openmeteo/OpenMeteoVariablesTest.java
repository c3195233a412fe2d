package dev.spotcast.query.openmeteo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The catalogue's names, units and FlatBuffers identities, and how requests are read. */
class OpenMeteoVariablesTest {

  private static final OpenMeteoVariables.Units DEFAULT = OpenMeteoVariables.Units.DEFAULT;

  @Test
  void everyNameHasItsVariableInOpenMeteosSchema() {
    for (String name : OpenMeteoVariables.hourlyNames()) {
      assertThat(OpenMeteoVariables.identity(name).variable()).as(name).isPositive();
    }
    for (String name : OpenMeteoVariables.dailyNames()) {
      assertThat(OpenMeteoVariables.identity(name).variable()).as(name).isPositive();
    }
  }

  @Test
  void heightsPressureLevelsAndAggregationsAreFieldsOfTheirOwn() {
    assertThat(OpenMeteoVariables.identity("temperature_2m"))
        .isEqualTo(new OpenMeteoVariables.Identity(47, 2, 0, 0));
    assertThat(OpenMeteoVariables.identity("temperature_2m_max"))
        .isEqualTo(new OpenMeteoVariables.Identity(47, 2, 0, 2));
    assertThat(OpenMeteoVariables.identity("temperature_850hPa"))
        .isEqualTo(new OpenMeteoVariables.Identity(47, 0, 850, 0));
    assertThat(OpenMeteoVariables.identity("precipitation_sum"))
        .isEqualTo(new OpenMeteoVariables.Identity(24, 0, 0, 10));
    assertThat(OpenMeteoVariables.identity("precipitation_hours"))
        .isEqualTo(new OpenMeteoVariables.Identity(25, 0, 0, 0));
    assertThat(OpenMeteoVariables.identity("wind_gusts_10m_max"))
        .isEqualTo(new OpenMeteoVariables.Identity(58, 10, 0, 2));
  }

  @Test
  void pressureLevelNamesAreMadeForAnyLevel() {
    assertThat(OpenMeteoVariables.hourly("wind_speed_500hPa").sources().getFirst().ask())
        .containsExactly("u", "v");
    assertThat(OpenMeteoVariables.hourly("temperature_5hPa")).isNull();
    assertThat(OpenMeteoVariables.hourly("temperature_3m")).isNull();
  }

  @Test
  void valuesAreConvertedFromTheSeriesUnitToOpenMeteos() {
    assertThat(
            OpenMeteoVariables.convert(OpenMeteoVariables.Kind.TEMPERATURE, "K", 273.15, DEFAULT))
        .isCloseTo(0, within(1e-9));
    assertThat(
            OpenMeteoVariables.convert(
                OpenMeteoVariables.Kind.TEMPERATURE,
                "K",
                373.15,
                new OpenMeteoVariables.Units("fahrenheit", "kmh", "mm")))
        .isCloseTo(212, within(1e-9));
    assertThat(OpenMeteoVariables.convert(OpenMeteoVariables.Kind.SPEED, "m s**-1", 10, DEFAULT))
        .isCloseTo(36, within(1e-9));
    assertThat(
            OpenMeteoVariables.convert(
                OpenMeteoVariables.Kind.SPEED,
                "m/s",
                1852 / 3600.0,
                new OpenMeteoVariables.Units("celsius", "kn", "mm")))
        .isCloseTo(1, within(1e-9));
    assertThat(OpenMeteoVariables.convert(OpenMeteoVariables.Kind.PRESSURE, "Pa", 101325, DEFAULT))
        .isCloseTo(1013.25, within(1e-9));
    assertThat(OpenMeteoVariables.convert(OpenMeteoVariables.Kind.PERCENT, "(0 - 1)", 0.5, DEFAULT))
        .isCloseTo(50, within(1e-9));
    assertThat(OpenMeteoVariables.convert(OpenMeteoVariables.Kind.SNOWFALL, "mm", 10, DEFAULT))
        .isCloseTo(7, within(1e-9));
    // A unit the kind does not know is no number rather than a wrong one.
    assertThat(OpenMeteoVariables.convert(OpenMeteoVariables.Kind.TEMPERATURE, "m", 5, DEFAULT))
        .isNull();
    assertThat(OpenMeteoVariables.label(OpenMeteoVariables.Kind.SPEED, DEFAULT)).isEqualTo("km/h");
  }

  private static Map<String, String[]> parameters(String... pairs) {
    Map<String, String[]> map = new HashMap<>();
    for (String pair : pairs) {
      String[] kv = pair.split("=", 2);
      String[] old = map.getOrDefault(kv[0], new String[0]);
      String[] values = java.util.Arrays.copyOf(old, old.length + 1);
      values[old.length] = kv[1];
      map.put(kv[0], values);
    }
    return map;
  }

  @Test
  void repeatedAndCommaSeparatedListsAreOneList() {
    OpenMeteoQuery query =
        OpenMeteoQuery.parse(
            parameters(
                "latitude=1",
                "latitude=2,3",
                "longitude=4,5",
                "longitude=6",
                "elevation=nan",
                "hourly=temperature_2m,precipitation",
                "hourly=temperature_2m",
                "hourly=is_day",
                "minutely_15=temperature_2m",
                "format=flatbuffers"));
    assertThat(query.latitudes()).containsExactly(1.0, 2.0, 3.0);
    assertThat(query.longitudes()).containsExactly(4.0, 5.0, 6.0);
    assertThat(query.elevations()).containsExactly(null, null, null);
    assertThat(query.hourly())
        .extracting(OpenMeteoVariables.Variable::name)
        .isEqualTo(List.of("temperature_2m", "precipitation", "is_day"));
    assertThat(query.minutely15()).hasSize(1);
    assertThat(query.flatBuffers()).isTrue();
    assertThat(query.unixTime()).isTrue();
    assertThat(query.forecastDays()).isEqualTo(7);
  }

  @Test
  void malformedRequestsSayWhatIsWrong() {
    assertThatThrownBy(() -> OpenMeteoQuery.parse(parameters("latitude=1")))
        .isInstanceOf(OpenMeteoException.class)
        .hasMessageContaining("longitude");
    assertThatThrownBy(() -> OpenMeteoQuery.parse(parameters("latitude=1,2", "longitude=3")))
        .hasMessageContaining("same number of elements");
    assertThatThrownBy(
            () -> OpenMeteoQuery.parse(parameters("latitude=1", "longitude=3", "hourly=foo")))
        .hasMessageContaining("invalid String value foo for key hourly");
    assertThatThrownBy(
            () -> OpenMeteoQuery.parse(parameters("latitude=1", "longitude=3", "format=xlsx")))
        .hasMessageContaining("xlsx");
  }
}
