package dev.spotcast.query.edr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.query.spot.BadParameterException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EdrCoordsTest {

  @Test
  void aPointIsLonThenLat() {
    EdrCoords coords = EdrCoords.parse("POINT(5.25 45.5)");
    assertThat(coords.lon()).isEqualTo(5.25);
    assertThat(coords.lat()).isEqualTo(45.5);
    assertThat(coords.z()).isNull();
    assertThat(EdrCoords.parse("  point ( -8.2   41.77 ) ").lon()).isEqualTo(-8.2);
  }

  @Test
  void longitudesFrom0To360AreNormalised() {
    assertThat(EdrCoords.parse("POINT(200 10)").lon()).isEqualTo(-160);
    assertThat(EdrCoords.parse("POINT(359.4 45.2)").lon()).isEqualTo(-0.6);
    assertThat(EdrCoords.parse("POINT(180 0)").lon()).isEqualTo(-180);
    assertThat(EdrCoords.parse("POINT(-180 0)").lon()).isEqualTo(-180);
  }

  @Test
  void aPointZCarriesTheLevel() {
    assertThat(EdrCoords.parse("POINT Z(5 45 750)").z()).isEqualTo(750);
    assertThat(EdrCoords.parse("POINT(5 45 850)").z()).isEqualTo(850);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "POINT(5)",
        "POINT(a b)",
        "POINT(5 45",
        "5 45",
        "POINT(NaN 45)",
        "POINT(5 91)",
        "POINT(5 -90.5)",
        "POINT(361 10)",
        "POINT(-181 10)",
        "POINT EMPTY",
        "LINESTRING(0 0, 1 1)",
        "POLYGON((0 0, 1 0, 1 1, 0 0))",
        "MULTIPOINT((0 0), (1 1))",
        " "
      })
  void anythingElseIsABadCoordsParameter(String wkt) {
    assertThatThrownBy(() -> EdrCoords.parse(wkt))
        .isInstanceOf(BadParameterException.class)
        .satisfies(e -> assertThat(((BadParameterException) e).parameter()).isEqualTo("coords"));
  }

  @Test
  void otherGeometriesAreToldWhatIsSupported() {
    assertThatThrownBy(() -> EdrCoords.parse("LINESTRING(0 0, 1 1)"))
        .hasMessageContaining("only POINT(lon lat)")
        .hasMessageContaining("LineString");
    assertThatThrownBy(() -> EdrCoords.parse(null)).hasMessageContaining("coords is required");
  }
}
