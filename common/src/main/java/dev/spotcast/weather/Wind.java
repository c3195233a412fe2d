package dev.spotcast.weather;

/**
 * Wind speed and meteorological direction from the u (eastward) and v (northward) components, in
 * m/s as the models give them. Always computed from interpolated components: averaging directions
 * would turn a north-easterly and a north-westerly into a southerly's opposite.
 */
public final class Wind {

  private Wind() {}

  /** Speed, sqrt(u² + v²), in the components' unit (m/s). */
  public static double speed(double u, double v) {
    return Math.hypot(u, v);
  }

  /**
   * Degrees clockwise from north of where the wind blows from, in [0, 360): a wind blowing towards
   * the east (u &gt; 0, v = 0) comes from the west, 270. Calm air (u = v = 0) gives 0.
   */
  public static double direction(double u, double v) {
    if (u == 0 && v == 0) {
      return 0;
    }
    double degrees = Math.toDegrees(Math.atan2(-u, -v));
    double direction = degrees < 0 ? degrees + 360 : degrees;
    return direction >= 360 ? 0 : direction;
  }
}
