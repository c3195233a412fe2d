package dev.spotcast.index;

/**
 * Field names of a forecast document. Short on purpose: they are repeated in every one of billions
 * of documents in the bulk bodies, and in every answer's {@code docvalue_fields}.
 */
public final class ForecastFields {

  /** geo_point of the grid point; the only indexed spatial field (geo_distance filter and sort). */
  public static final String LOCATION = "loc";

  /**
   * Level value (m or hPa, by the index's level type; a double: 0.01 hPa exists); a term filter.
   */
  public static final String LEVEL = "lvl";

  /** Forecast step in hours after the run time; a term filter. */
  public static final String STEP = "step";

  /** Grid point index; a sort tie-breaker, and the key to the point's exact coordinates. */
  public static final String POINT = "gp";

  /** Object holding one field per parameter; stored, never indexed. */
  public static final String VALUES = "v";

  /**
   * A document's grid point, level, first step and every parameter's packed values as one binary
   * doc value, in runs laid out so ({@link DocumentColumn}); never indexed.
   */
  public static final String COLUMN = "dc";

  private ForecastFields() {}

  /** Path of a parameter's value, e.g. {@code v.t}. */
  public static String value(String parameter) {
    return VALUES + "." + parameter;
  }
}
