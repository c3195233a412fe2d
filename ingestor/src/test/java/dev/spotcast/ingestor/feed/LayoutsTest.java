package dev.spotcast.ingestor.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The publishers' paths, written out by hand from their documentation (ECMWF's open-data file
 * naming, NOMADS' GFS tree, DWD's open-data tree), and the run times in them.
 */
class LayoutsTest {

  private static final Instant RUN_00 = Instant.parse("2026-11-26T00:00:00Z");
  private static final Instant RUN_06 = Instant.parse("2026-11-26T06:00:00Z");
  private static final Instant RUN_12 = Instant.parse("2026-11-26T12:00:00Z");

  @Test
  void gfsFilesAndInventories() {
    GfsLayout gfs = new GfsLayout();
    assertThat(gfs.dataUrl(gfs.defaultBaseUrl(), RUN_06, 6))
        .isEqualTo(
            "https://nomads.ncep.noaa.gov/pub/data/nccf/com/gfs/prod/gfs.20261126/06/atmos/gfs.t06z.pgrb2.0p25.f006");
    assertThat(gfs.indexUrl("https://noaa-gfs-bdp-pds.s3.amazonaws.com/", RUN_12, 120))
        .isEqualTo(
            "https://noaa-gfs-bdp-pds.s3.amazonaws.com/gfs.20261126/12/atmos/gfs.t12z.pgrb2.0p25.f120.idx");
  }

  @Test
  void ecmwfIfsAifsAndEnsembleFiles() {
    EcmwfLayout ifs = EcmwfLayout.ifs();
    assertThat(ifs.dataUrl(ifs.defaultBaseUrl(), RUN_00, 0))
        .isEqualTo(
            "https://data.ecmwf.int/forecasts/20261126/00z/ifs/0p25/oper/20261126000000-0h-oper-fc.grib2");
    assertThat(ifs.indexUrl(ifs.defaultBaseUrl(), RUN_12, 144))
        .isEqualTo(
            "https://data.ecmwf.int/forecasts/20261126/12z/ifs/0p25/oper/20261126120000-144h-oper-fc.index");
    // The 06 and 18 UTC IFS runs are stream oper since IFS cycle 50r1 (from 2026-05-12 06 UTC)...
    assertThat(ifs.indexUrl(ifs.defaultBaseUrl(), RUN_06, 90))
        .isEqualTo(
            "https://data.ecmwf.int/forecasts/20261126/06z/ifs/0p25/oper/20261126060000-90h-oper-fc.index");
    assertThat(ifs.streamOf(Instant.parse("2026-05-12T06:00:00Z"))).isEqualTo("oper");
    // ...and were the short-cut-off stream scda before it.
    assertThat(ifs.indexUrl(ifs.defaultBaseUrl(), Instant.parse("2026-05-11T18:00:00Z"), 90))
        .isEqualTo(
            "https://data.ecmwf.int/forecasts/20260511/18z/ifs/0p25/scda/20260511180000-90h-scda-fc.index");
    assertThat(ifs.streamOf(Instant.parse("2026-05-12T00:00:00Z"))).isEqualTo("oper");
    EcmwfLayout aifs = EcmwfLayout.aifs();
    assertThat(aifs.dataUrl(aifs.defaultBaseUrl(), RUN_06, 6))
        .isEqualTo(
            "https://data.ecmwf.int/forecasts/20261126/06z/aifs-single/0p25/oper/20261126060000-6h-oper-fc.grib2");
    EcmwfLayout ens = EcmwfLayout.ifsEnsemble();
    assertThat(ens.dataUrl("http://mirror/x", RUN_00, 24))
        .isEqualTo("http://mirror/x/20261126/00z/ifs/0p25/enfo/20261126000000-24h-enfo-ef.grib2");
  }

  @Test
  void iconEuOneCompressedFilePerFieldLevelAndStep() {
    IconEuLayout icon = new IconEuLayout();
    FieldSelection selection = new FieldSelection(List.of("t_2m"), List.of(), List.of(3), Set.of());
    assertThat(icon.files(icon.defaultBaseUrl(), RUN_06, 3, selection))
        .extracting(IconEuLayout.FieldFile::url)
        .containsExactly(
            "https://opendata.dwd.de/weather/nwp/icon-eu/grib/06/t_2m/icon-eu_europe_regular-lat-lon_single-level_2026112606_003_T_2M.grib2.bz2");
    FieldSelection upper =
        new FieldSelection(List.of("T", "u"), List.of("850", "ml60"), List.of(120), Set.of());
    assertThat(icon.files("http://m", RUN_12, 120, upper))
        .extracting(IconEuLayout.FieldFile::url)
        .containsExactly(
            "http://m/12/t/icon-eu_europe_regular-lat-lon_pressure-level_2026112612_120_850_T.grib2.bz2",
            "http://m/12/t/icon-eu_europe_regular-lat-lon_model-level_2026112612_120_60_T.grib2.bz2",
            "http://m/12/u/icon-eu_europe_regular-lat-lon_pressure-level_2026112612_120_850_U.grib2.bz2",
            "http://m/12/u/icon-eu_europe_regular-lat-lon_model-level_2026112612_120_60_U.grib2.bz2");
  }

  @Test
  void levelsInEachPublishersWords() {
    GfsLayout gfs = new GfsLayout();
    assertThat(List.of("850", "850.0", "2m", "10 m", "sfc", "msl", "entire atmosphere"))
        .map(gfs::levelName)
        .containsExactly(
            "850 mb",
            "850 mb",
            "2 m above ground",
            "10 m above ground",
            "surface",
            "mean sea level",
            "entire atmosphere");
    assertThat(List.of("850", "SFC", "sol1"))
        .map(EcmwfLayout.ifs()::levelName)
        .containsExactly("850", "sfc", "sol1");
    assertThat(List.of("sfc", "500", "ML60"))
        .map(new IconEuLayout()::levelName)
        .containsExactly("single", "500", "ml60");
  }

  @Test
  void runTimesAndLatestCandidates() {
    assertThat(RunTimes.parse("2026112606", new GfsLayout())).isEqualTo(RUN_06);
    assertThat(RunTimes.run(RUN_12)).isEqualTo("2026112612");
    assertThatThrownBy(() -> RunTimes.parse("2026112603", new GfsLayout()))
        .hasMessageContaining("gfs has no run at 3 UTC");
    assertThatThrownBy(() -> RunTimes.parse("20261126", new GfsLayout()))
        .hasMessageContaining("yyyymmddHH");
    assertThatThrownBy(() -> RunTimes.parse("2026113200", new GfsLayout()))
        .hasMessageContaining("yyyymmddHH");
    assertThat(RunTimes.parse("2026112603", new IconEuLayout()))
        .isEqualTo(Instant.parse("2026-11-26T03:00:00Z"));
    // 01:30 on the 26th: the 00 run, then the previous day's 18, 12, 06.
    assertThat(RunTimes.cyclesBefore(Instant.parse("2026-11-26T01:30:00Z"), new GfsLayout(), 4))
        .containsExactly(
            RUN_00,
            Instant.parse("2026-11-25T18:00:00Z"),
            Instant.parse("2026-11-25T12:00:00Z"),
            Instant.parse("2026-11-25T06:00:00Z"));
  }

  @Test
  void publishersByName() {
    assertThat(Publishers.byName("ICON-EU")).isInstanceOf(IconEuLayout.class);
    assertThat(Publishers.byName("ecmwf-aifs")).isEqualTo(EcmwfLayout.aifs());
    assertThatThrownBy(() -> Publishers.byName("jma"))
        .hasMessage(
            "unknown publisher 'jma': give one of gfs, ecmwf, ecmwf-aifs, ecmwf-ens, icon-eu");
  }

  @Test
  void fieldFileNamesHoldPublisherRunStepAndField() {
    assertThat(FieldKey.of("TMP", "850 mb", 6).fileName("gfs", "2026112600"))
        .isEqualTo("gfs_2026112600_f006_TMP_850-mb.grib2");
    assertThat(new FieldKey("t", "850", 24, 7, "").fileName("ecmwf-ens", "2026112612"))
        .isEqualTo("ecmwf-ens_2026112612_f024_t_850_m7.grib2");
    assertThat(
            new FieldKey("APCP", "surface", 6, null, "0-6 hour acc fcst")
                .fileName("gfs", "2026112600"))
        .isEqualTo("gfs_2026112600_f006_APCP_surface_0-6-hour-acc-fcst.grib2");
  }
}
