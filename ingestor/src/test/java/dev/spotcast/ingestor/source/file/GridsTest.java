package dev.spotcast.ingestor.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Grid definitions, point order and the neighbour spacing used for geo-distance searches. */
class GridsTest {

  @Test
  void regularLatLonGridIsSharedAndArithmetic() throws Exception {
    try (ForecastFile file = ForecastFiles.open(Samples.file("uv_on_different_levels.grib"))) {
      List<FieldRef> fields = file.fields();
      FieldGrid grid = fields.get(0).grid();
      assertThat(fields).allSatisfy(f -> assertThat(f.grid()).isSameAs(grid));
      RegularLatLon r = grid.regular().orElseThrow();
      assertThat(r).isEqualTo(new RegularLatLon(90, 0, -5, 5, 37, 72));
      assertThat(grid.pointCount()).isEqualTo(r.pointCount()).isEqualTo(2664);
      for (int row = 0; row < r.nLat(); row++) {
        for (int col = 0; col < r.nLon(); col++) {
          int p = r.index(row, col);
          assertThat(grid.latitude(p)).isEqualTo(r.lat0() + row * r.dLat());
          assertThat(grid.longitude(p))
              .isEqualTo(PointGrid.normaliseLongitude(r.lon0() + col * r.dLon()));
        }
      }
      assertThat(grid.longitude(r.index(0, 71))).isEqualTo(-5.0);
      // 5 degrees of latitude (meridian) is the largest neighbour distance: ~556 km.
      assertThat(grid.maxSpacingKm()).isCloseTo(556, within(1.0));
    }
  }

  @Test
  void reducedGaussianGridKeepsItsNativeRows() throws Exception {
    try (ForecastFile file = ForecastFiles.open(Samples.file("reduced_gg.grib"))) {
      FieldGrid grid = file.fields().get(0).grid();
      assertThat(grid.kind()).isEqualTo("reduced_gg");
      assertThat(grid.pointCount()).isEqualTo(13280);
      assertThat(grid.regular()).isEmpty();
      assertThat(file.fields().get(0).read()).hasSize(13280);
      // The first row (20 points) and the second (25 points) start at longitude 0.
      assertThat(grid.latitude(0)).isCloseTo(88.572169, within(1e-6));
      assertThat(grid.longitude(1)).isCloseTo(18.0, within(1e-9));
      assertThat(grid.latitude(20)).isLessThan(grid.latitude(19));
      assertThat(grid.longitude(20)).isEqualTo(0.0);
      // N48: rows ~1.87 degrees apart, 20 points on the first row: the row spacing dominates.
      assertThat(grid.maxSpacingKm()).isBetween(200.0, 260.0);
    }
  }

  @Test
  void lambertGridSpacingIsTheGridLength() throws Exception {
    try (ForecastFile file = ForecastFiles.open(Samples.file("lambert_grid.grib"))) {
      FieldGrid grid = file.fields().get(0).grid();
      assertThat(grid.kind()).isEqualTo("lambert");
      assertThat(grid.pointCount()).isEqualTo(475 * 475);
      // dx = dy = 2.5 km in the plane at the standard parallel; a little more away from it.
      assertThat(grid.maxSpacingKm()).isBetween(2.5, 3.0);
      for (int p = 0; p < grid.pointCount(); p += 997) {
        assertThat(grid.longitude(p)).isGreaterThanOrEqualTo(-180).isLessThan(180);
      }
    }
  }

  @Test
  void equalDefinitionsMakeEqualGridsAcrossFiles() throws Exception {
    try (ForecastFile a = ForecastFiles.open(Samples.file("uv_on_different_levels.grib"));
        ForecastFile b = ForecastFiles.open(Samples.file("t_on_different_level_types.grib"))) {
      assertThat(a.fields().get(0).grid())
          .isEqualTo(b.fields().get(0).grid())
          .hasSameHashCodeAs(b.fields().get(0).grid());
      assertThat(b.format()).isEqualTo("GRIB1+GRIB2");
    }
  }

  @Test
  void pressureLevelsInPaAreConvertedToHpa() throws Exception {
    try (ForecastFile file = ForecastFiles.open(Samples.file("hpa_and_pa.grib"))) {
      assertThat(file.fields()).extracting(FieldRef::level).containsExactly(1.0, 0.1, 0.01);
      assertThat(file.format()).isEqualTo("GRIB2");
    }
  }
}
