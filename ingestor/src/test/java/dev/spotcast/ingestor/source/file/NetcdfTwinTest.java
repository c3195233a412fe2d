package dev.spotcast.ingestor.source.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * The NetCDF file cfgrib made from uv_on_different_levels.grib yields exactly the GRIB file's
 * fields: same parameters, levels, times, member, grid and values (within the GRIB packing
 * precision; the .nc holds ecCodes' decoded values as floats). v exists on only 3 of the 5 levels:
 * its all-missing slices are not fields.
 */
class NetcdfTwinTest {

  /** What identifies a field independently of its format. */
  record Key(
      String parameter,
      String unit,
      Object levelType,
      double level,
      Object reference,
      int stepMinutes,
      int startMinutes,
      Object aggregation,
      Integer member) {
    static Key of(FieldRef f) {
      return new Key(
          f.parameter(),
          f.unit(),
          f.levelType(),
          f.level(),
          f.referenceTime(),
          f.stepMinutes(),
          f.startMinutes(),
          f.aggregation(),
          f.member());
    }
  }

  @Test
  void netcdfYieldsTheSameFieldsAsTheGrib() throws Exception {
    try (ForecastFile grib = ForecastFiles.open(Samples.file("uv_on_different_levels.grib"));
        ForecastFile nc = ForecastFiles.open(Samples.file("uv_on_different_levels.nc"))) {
      assertThat(nc.format()).isEqualTo("NetCDF");
      assertThat(grib.format()).isEqualTo("GRIB1");
      List<Key> gribKeys =
          grib.fields().stream().map(Key::of).sorted(Comparator.comparing(Key::toString)).toList();
      List<Key> ncKeys =
          nc.fields().stream().map(Key::of).sorted(Comparator.comparing(Key::toString)).toList();
      assertThat(ncKeys).hasSize(16).containsExactlyElementsOf(gribKeys);
      assertThat(nc.skipped())
          .hasSize(4)
          .allSatisfy(
              s -> {
                assertThat(s.parameter()).isEqualTo("v");
                assertThat(s.reason()).contains("all values are missing");
              });

      for (FieldRef g : grib.fields()) {
        FieldRef n =
            nc.fields().stream().filter(f -> Key.of(f).equals(Key.of(g))).findFirst().orElseThrow();
        assertThat(n.grid()).isEqualTo(g.grid());
        assertThat(n.grid().regular()).isEqualTo(g.grid().regular());
        float[] gv = g.read();
        float[] nv = n.read();
        assertThat(nv).hasSameSizeAs(gv);
        double tolerance = g.source().precision() + 1e-5;
        for (int i = 0; i < gv.length; i++) {
          assertThat(Float.isNaN(nv[i])).isEqualTo(Float.isNaN(gv[i]));
          if (!Float.isNaN(gv[i]) && Math.abs(nv[i] - gv[i]) > tolerance) {
            throw new AssertionError(
                Objects.toString(n) + " point " + i + ": " + nv[i] + " != " + gv[i]);
          }
          assertThat(n.grid().latitude(i)).isEqualTo(g.grid().latitude(i));
          assertThat(n.grid().longitude(i)).isEqualTo(g.grid().longitude(i));
        }
      }
    }
  }
}
