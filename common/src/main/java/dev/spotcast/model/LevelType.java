package dev.spotcast.model;

/**
 * The vertical coordinate a level value is expressed in. The short code is part of index names
 * and the unit is what the API reports next to a level.
 */
public enum LevelType {
  /** Height above ground in metres (the synthetic model, 2 m / 10 m fields). */
  HEIGHT_ABOVE_GROUND("h", "m"),
  /** Pressure level in hPa; interpolated linearly in ln(p). */
  ISOBARIC("p", "hPa"),
  /** The ground surface; a single level. */
  SURFACE("sfc", ""),
  /** Mean sea level; a single level. */
  MEAN_SEA_LEVEL("msl", "");

  private final String code;
  private final String unit;

  LevelType(String code, String unit) {
    this.code = code;
    this.unit = unit;
  }

  public String code() {
    return code;
  }

  public String unit() {
    return unit;
  }
}
