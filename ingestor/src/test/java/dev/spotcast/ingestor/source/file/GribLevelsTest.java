package dev.spotcast.ingestor.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.ingestor.source.file.GribLevels.Level;
import dev.spotcast.model.LevelType;
import org.junit.jupiter.api.Test;

class GribLevelsTest {

  @Test
  void theWholeColumnIsASingleLevelFieldAsTheSurfacesAre() throws Exception {
    // GFS's TCDC "entire atmosphere" (type 10), NCEP's PWAT "entire atmosphere (considered as a
    // single layer)" (type 200), and GRIB1's 200.
    assertThat(GribLevels.grib2(10, 0, 255, "entire atmosphere"))
        .isEqualTo(new Level(LevelType.SURFACE, 0));
    assertThat(GribLevels.grib2(200, 0, 255, null)).isEqualTo(new Level(LevelType.SURFACE, 0));
    assertThat(GribLevels.grib1(200, 0, null)).isEqualTo(new Level(LevelType.SURFACE, 0));
    // ECMWF's tcc: a layer from the ground (1) to the nominal top of the atmosphere (8).
    assertThat(GribLevels.grib2(1, 0, 8, "entire atmosphere"))
        .isEqualTo(new Level(LevelType.SURFACE, 0));
    assertThatThrownBy(() -> GribLevels.grib2(100, 85000, 8, null))
        .hasMessageContaining("layers not supported");
  }

  @Test
  void theOtherTypesKeepTheirValues() throws Exception {
    assertThat(GribLevels.grib2(100, 85000, 255, null))
        .isEqualTo(new Level(LevelType.ISOBARIC, 850));
    assertThat(GribLevels.grib2(103, 2, 255, null))
        .isEqualTo(new Level(LevelType.HEIGHT_ABOVE_GROUND, 2));
    assertThatThrownBy(() -> GribLevels.grib2(105, 100, 255, "hybrid level"))
        .hasMessageStartingWith("hybrid level 100: level type not supported")
        .hasMessageContaining("entire atmosphere");
  }
}
