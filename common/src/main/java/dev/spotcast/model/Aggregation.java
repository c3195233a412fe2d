package dev.spotcast.model;

/**
 * What a parameter's value says about time: the value at the step's instant, or a statistic over an
 * interval that ends at the step. The labels are CF's {@code cell_methods} for time, so a NetCDF
 * file's {@code time: sum} and GRIB's statistical processing (code table 4.10, ecCodes' {@code
 * stepType}) name the same things.
 *
 * <p>An accumulated field as the centres write it (precipitation from the start of the run, or in
 * windows that restart every few hours) is stored as {@link #SUM}: the amount over the interval
 * from the previous output step to this one, de-accumulated when the run is loaded.
 */
public enum Aggregation {
  /** The value at the valid time (temperature, wind). */
  POINT("point"),
  /** The amount over the interval (precipitation in kg m-2 or m, energy in J m-2). */
  SUM("sum"),
  /** The mean over the interval (mean fluxes, mean temperature). */
  MEAN("mean"),
  /** The maximum over the interval (mx2t6, gusts). */
  MAXIMUM("maximum"),
  /** The minimum over the interval (mn2t6). */
  MINIMUM("minimum");

  private final String label;

  Aggregation(String label) {
    this.label = label;
  }

  /** The CF cell method: point, sum, mean, maximum, minimum. */
  public String label() {
    return label;
  }

  /** True for everything but {@link #POINT}: the value belongs to an interval. */
  public boolean overInterval() {
    return this != POINT;
  }
}
