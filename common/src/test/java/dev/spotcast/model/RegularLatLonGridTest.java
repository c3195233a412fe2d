package dev.spotcast.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RegularLatLonGridTest {

  private final RegularLatLonGrid global = RegularLatLonGrid.covering(-90, -180, 90, 180, 1.0);

  @Test
  void globalOneDegreeGridCoversLongitudesOnce() {
    assertThat(global.nLat()).isEqualTo(181);
    assertThat(global.nLon()).isEqualTo(360);
    assertThat(global.pointCount()).isEqualTo(65_160);
  }

  @ParameterizedTest
  @CsvSource({
    "0,     -90, -180",
    "359,   -90,  179",
    "360,   -89, -180",
    "32940,   1,    0", // 91 rows of 360, then column 180
  })
  void pointIndexIsRowTimesColumnsPlusColumn(int point, double lat, double lon) {
    assertThat(global.latitude(point)).isEqualTo(lat);
    assertThat(global.longitude(point)).isEqualTo(lon);
  }

  @Test
  void decimalSpacingGivesExactCoordinates() {
    RegularLatLonGrid grid = RegularLatLonGrid.covering(40, -10, 50, 10, 0.1);
    assertThat(grid.nLat()).isEqualTo(101);
    assertThat(grid.nLon()).isEqualTo(201);
    int point = 3 * 201 + 5;
    assertThat(grid.latitude(point)).isEqualTo(40.3);
    assertThat(grid.longitude(point)).isEqualTo(-9.5);
  }

  @ParameterizedTest
  @CsvSource({"190, -170", "180, -180", "-180, -180", "359.5, -0.5", "-190, 170", "0, 0"})
  void longitudesAreNormalisedToMinus180To180(double in, double out) {
    assertThat(RegularLatLonGrid.normaliseLongitude(in)).isEqualTo(out);
  }

  @Test
  void rejectsLatitudesBeyondThePoles() {
    assertThatThrownBy(() -> new RegularLatLonGrid(80, 0, 1, 1, 20, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("[-90, 90]");
  }

  @Test
  void rowsMayRunNorthToSouthAsGribScansThem() {
    // The 5-degree sample: 37 rows from 90 N down to 90 S, 72 columns from 0 E.
    RegularLatLonGrid grid = new RegularLatLonGrid(90, 0, -5, 5, 37, 72);
    assertThat(grid.latitude(0)).isEqualTo(90);
    assertThat(grid.latitude(36 * 72 + 71)).isEqualTo(-90);
    assertThat(grid.longitude(71)).isEqualTo(-5);
    assertThat(grid.south()).isEqualTo(-90);
    assertThat(grid.north()).isEqualTo(90);
    assertThat(grid.global()).isTrue();
    assertThat(grid.maxSpacingKm()).isCloseTo(5 * 111.195, Offset.offset(1e-9));
    assertThatThrownBy(() -> new RegularLatLonGrid(90, 0, -5, 5, 38, 72))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
