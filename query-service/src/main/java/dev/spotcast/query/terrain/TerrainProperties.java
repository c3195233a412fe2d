package dev.spotcast.query.terrain;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where a run's terrain comes from and how answers use it ({@code spotcast.query.terrain}). A run
 * has terrain when its surface level type holds one of the orography or land-sea mask parameters
 * below (loaded with the run, as model files carry them); the first step's values are read.
 *
 * @param orographyParameters surface parameters holding the terrain's height in m above sea level
 *     (GRIB {@code orog}; ICON's {@code hsurf})
 * @param geopotentialParameters surface parameters holding the terrain's geopotential in m²/s²
 *     (ECMWF's {@code z} at the surface), divided by standard gravity 9.80665 m/s²
 * @param landSeaMaskParameters surface parameters holding the land fraction 0..1 (GRIB {@code lsm};
 *     ICON's {@code fr_land})
 * @param landThreshold a grid point is land when its land fraction is at least this
 * @param lapseRate temperature change with height for {@code elevation=}, K per m (the ICAO
 *     standard atmosphere's 0.0065)
 * @param correctedParameters the temperatures {@code elevation=} corrects (in K or °C: a
 *     difference)
 * @param candidates with {@code cell_selection=land|sea}, the neighbours are chosen among this many
 *     times n nearest grid points; when none of them is of the kind asked for, the nearest are used
 * @param maxPoints the largest grid whose terrain is held in memory (two floats per point); a run
 *     on a larger grid is answered without terrain
 * @param readWait how long a request waits for a run's terrain still being read (it is read when
 *     the run enters the catalog, about 2.5 s per 65,000 grid points here) before it is answered
 *     without it
 */
@ConfigurationProperties("spotcast.query.terrain")
public record TerrainProperties(
    @DefaultValue({"orog", "hsurf"}) List<String> orographyParameters,
    @DefaultValue("z") List<String> geopotentialParameters,
    @DefaultValue({"lsm", "fr_land"}) List<String> landSeaMaskParameters,
    @DefaultValue("0.5") double landThreshold,
    @DefaultValue("0.0065") double lapseRate,
    @DefaultValue({"t", "2t"}) List<String> correctedParameters,
    @DefaultValue("4") int candidates,
    @DefaultValue("20000000") int maxPoints,
    @DefaultValue("1s") Duration readWait) {

  /** Standard gravity (m/s²), geopotential to height. */
  public static final double GRAVITY = 9.80665;

  public TerrainProperties {
    orographyParameters = List.copyOf(orographyParameters);
    geopotentialParameters = List.copyOf(geopotentialParameters);
    landSeaMaskParameters = List.copyOf(landSeaMaskParameters);
    correctedParameters = List.copyOf(correctedParameters);
    if (!(landThreshold > 0 && landThreshold <= 1)) {
      throw new IllegalArgumentException(
          "spotcast.query.terrain.land-threshold must be in (0, 1], got " + landThreshold);
    }
    if (!(lapseRate >= 0 && lapseRate < 0.1)) {
      throw new IllegalArgumentException(
          "spotcast.query.terrain.lapse-rate must be in [0, 0.1) K/m, got " + lapseRate);
    }
    if (candidates < 1 || candidates > 16) {
      throw new IllegalArgumentException(
          "spotcast.query.terrain.candidates must be in [1, 16], got " + candidates);
    }
  }

  /** The defaults, for tests and tools. */
  public static TerrainProperties defaults() {
    return new TerrainProperties(
        List.of("orog", "hsurf"),
        List.of("z"),
        List.of("lsm", "fr_land"),
        0.5,
        0.0065,
        List.of("t", "2t"),
        4,
        20_000_000,
        Duration.ofSeconds(1));
  }
}
