package dev.spotcast.weather;

/**
 * Humidity conversions over liquid water, in the SI units the models write: temperatures in K,
 * pressures in Pa, relative humidity in percent (0-100, as ECMWF's {@code r}/{@code 2r} and GFS's
 * {@code RH}), specific humidity in kg/kg.
 *
 * <p>Saturation vapour pressure is the Magnus form {@code e_s(t) = 610.94 Pa · exp(17.625 t / (t +
 * 243.04))} with t in °C, the coefficients Alduchov and Eskridge recommend ("AERK"; Alduchov, O. A.
 * and R. E. Eskridge, 1996: Improved Magnus form approximation of saturation vapor pressure, J.
 * Appl. Meteor. 35, 601-609). Over water, also below 0 °C, as WMO defines relative humidity
 * (WMO-No. 8); a model whose relative humidity is over ice in the cold (ECMWF's pressure-level
 * {@code r} mixes in ice below 0 °C) gives a dew point a little high there. It stays within about
 * 0.4 % of the reference formulas between -40 °C and +50 °C; that is the valid range. Outside it
 * the formula still answers, less precisely: nothing is clamped on the temperature, so an extreme
 * value shows instead of hiding.
 *
 * <p>The dew point is the Magnus form inverted, exact for the same curve, so {@code
 * relativeHumidity(t, dewPoint(t, rh)) == rh} to rounding.
 */
public final class Humidity {

  /** Magnus coefficients of Alduchov and Eskridge (1996), over water: Pa, dimensionless, °C. */
  static final double C = 610.94;

  static final double A = 17.625;
  static final double B = 243.04;

  /** Ratio of the gas constants of dry air and water vapour, Rd / Rv (287.05 / 461.5). */
  static final double EPSILON = 0.622;

  private static final double ZERO_CELSIUS = 273.15;

  private Humidity() {}

  /** Saturation vapour pressure over water in Pa at {@code temperature} K (Magnus, AERK). */
  public static double saturationVapourPressure(double temperature) {
    double t = temperature - ZERO_CELSIUS;
    return C * Math.exp(A * t / (B + t));
  }

  /**
   * Water vapour pressure in Pa of air at {@code temperature} K and {@code relativeHumidity} %:
   * {@code e = rh / 100 · e_s(t)}.
   */
  public static double vapourPressure(double temperature, double relativeHumidity) {
    return relativeHumidity / 100 * saturationVapourPressure(temperature);
  }

  /**
   * Dew point in K of air at {@code temperature} K and {@code relativeHumidity} %: with {@code γ =
   * ln(rh / 100) + A t / (B + t)}, {@code t_d = B γ / (A − γ)} (°C). Relative humidity above 100 %
   * (interpolation overshoot, supersaturation a model allows) is taken as 100 %, so the dew point
   * never exceeds the temperature.
   *
   * @throws IllegalArgumentException if the relative humidity is not above 0 (no dew point: the air
   *     holds no water vapour)
   */
  public static double dewPoint(double temperature, double relativeHumidity) {
    if (!(relativeHumidity > 0)) {
      throw new IllegalArgumentException(
          "relative humidity must be above 0 %, got " + relativeHumidity);
    }
    double t = temperature - ZERO_CELSIUS;
    double gamma = Math.log(Math.min(relativeHumidity, 100) / 100) + A * t / (B + t);
    return B * gamma / (A - gamma) + ZERO_CELSIUS;
  }

  /**
   * Relative humidity in % of air at {@code temperature} K with dew point {@code dewPoint} K:
   * {@code 100 · e_s(t_d) / e_s(t)}, at most 100 (a dew point above the temperature, which
   * interpolation can give, is saturation).
   */
  public static double relativeHumidity(double temperature, double dewPoint) {
    double ratio = saturationVapourPressure(dewPoint) / saturationVapourPressure(temperature);
    return Math.min(100, 100 * ratio);
  }

  /**
   * Water vapour pressure in Pa of air with specific humidity {@code specificHumidity} kg/kg at
   * pressure {@code pressure} Pa: {@code e = q p / (ε + (1 − ε) q)}, ε = Rd/Rv = 0.622 (from the
   * definition of specific humidity, e.g. WMO-No. 8, Annex 4.B).
   */
  public static double vapourPressureFromSpecific(double specificHumidity, double pressure) {
    return specificHumidity * pressure / (EPSILON + (1 - EPSILON) * specificHumidity);
  }

  /**
   * Relative humidity in % from specific humidity {@code specificHumidity} kg/kg, temperature
   * {@code temperature} K and pressure {@code pressure} Pa, for a model that writes only {@code q}
   * at 2 m (with surface pressure): {@code 100 · e(q, p) / e_s(t)}, between 0 and 100.
   */
  public static double relativeHumidityFromSpecific(
      double temperature, double specificHumidity, double pressure) {
    double e = vapourPressureFromSpecific(specificHumidity, pressure);
    return Math.max(0, Math.min(100, 100 * e / saturationVapourPressure(temperature)));
  }

  /**
   * Specific humidity in kg/kg of air with vapour pressure {@code vapourPressure} Pa at pressure
   * {@code pressure} Pa: {@code q = ε e / (p − (1 − ε) e)}, the inverse of {@link
   * #vapourPressureFromSpecific}.
   */
  public static double specificHumidity(double vapourPressure, double pressure) {
    return EPSILON * vapourPressure / (pressure - (1 - EPSILON) * vapourPressure);
  }
}
