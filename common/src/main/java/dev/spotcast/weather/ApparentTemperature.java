package dev.spotcast.weather;

/**
 * Apparent temperature as the Australian Bureau of Meteorology gives it, Steadman's (1994)
 * non-radiation version: {@code AT = Ta + 0.33 e − 0.70 ws − 4.00}, with Ta the air temperature in
 * °C, e the water vapour pressure in hPa and ws the wind speed in m/s at 10 m. The Bureau computes
 * e from the temperature and relative humidity as {@code e = rh / 100 · 6.105 · exp(17.27 Ta /
 * (237.7 + Ta))}; this class does the same (not {@link Humidity}'s coefficients) so that its values
 * are the Bureau's.
 *
 * <p>References: Bureau of Meteorology, "Thermal Comfort observations", section "Apparent
 * Temperature" (bom.gov.au/info/thermal_stress); Steadman, R. G., 1994: Norms of apparent
 * temperature in Australia, Aust. Met. Mag. 43, 1-16.
 *
 * <p>Inputs and output in SI: temperature in K, relative humidity in %, wind speed in m/s at 10 m;
 * the result in K. Valid range: the Bureau states none. The formula approximates Steadman's
 * heat-balance model for people in the shade in Australia's climate, so Spotcast reads values far
 * outside everyday air temperatures (below about -20 °C, above about +50 °C) or in strong winds as
 * extrapolation (that bound is Spotcast's reading, not the Bureau's); it still answers there.
 */
public final class ApparentTemperature {

  private static final double ZERO_CELSIUS = 273.15;

  private ApparentTemperature() {}

  /**
   * Apparent temperature in K of air at {@code temperature} K with {@code relativeHumidity} % and a
   * wind of {@code windSpeed10m} m/s at 10 m.
   */
  public static double of(double temperature, double relativeHumidity, double windSpeed10m) {
    double ta = temperature - ZERO_CELSIUS;
    double e = bomVapourPressureHpa(ta, relativeHumidity);
    return ta + 0.33 * e - 0.70 * windSpeed10m - 4.00 + ZERO_CELSIUS;
  }

  /** The Bureau's vapour pressure in hPa from °C and %. */
  static double bomVapourPressureHpa(double celsius, double relativeHumidity) {
    return relativeHumidity / 100 * 6.105 * Math.exp(17.27 * celsius / (237.7 + celsius));
  }
}
