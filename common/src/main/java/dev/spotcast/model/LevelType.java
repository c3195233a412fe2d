package dev.spotcast.model;

/**
 * The vertical coordinate a level value is expressed in. The short code is part of index names; the
 * unit is what the API reports next to a level; the query parameter is how a request selects levels
 * of this type (none for the single-level types).
 */
public enum LevelType {
  /** Height above ground in metres (the synthetic model, 2 m / 10 m fields); queried with alt=. */
  HEIGHT_ABOVE_GROUND("h", "m", "height above ground", "alt"),
  /** Pressure level in hPa; interpolated linearly in ln(p); queried with pressure=. */
  ISOBARIC("p", "hPa", "isobaric", "pressure"),
  /** The ground surface; a single level, queried with neither alt= nor pressure=. */
  SURFACE("sfc", "", "surface", null),
  /** Mean sea level; a single level, queried with neither alt= nor pressure=. */
  MEAN_SEA_LEVEL("msl", "", "mean sea level", null);

  private final String code;
  private final String unit;
  private final String label;
  private final String queryParameter;

  LevelType(String code, String unit, String label, String queryParameter) {
    this.code = code;
    this.unit = unit;
    this.label = label;
    this.queryParameter = queryParameter;
  }

  public String code() {
    return code;
  }

  public String unit() {
    return unit;
  }

  /** How people name it in messages: "isobaric", "height above ground". */
  public String label() {
    return label;
  }

  /** The request parameter that selects a level of this type, or null for single-level types. */
  public String queryParameter() {
    return queryParameter;
  }

  public boolean singleLevel() {
    return queryParameter == null;
  }
}
