package dev.spotcast.weather;

import java.time.Duration;
import java.time.Instant;

/**
 * Sunshine duration from a model's direct (beam) solar radiation. WMO defines sunshine as the
 * direct normal irradiance being at least {@link #THRESHOLD_W_M2} W m-2 (WMO-No. 8, Guide to
 * Instruments and Methods of Observation, Part I, chapter 8). Models write the direct radiation on
 * a horizontal surface accumulated over an interval (ECMWF's {@code fdir}, J m-2), which
 * de-accumulation turns into a mean flux in W m-2 over the interval; this class turns that into
 * seconds of sunshine.
 *
 * <p>Within the interval the beam normal irradiance is taken as constant while the sun is up, so
 * the mean horizontal flux F over the interval gives {@code DNI = F · n / Σ sin(h_i)} over n
 * samples of the sun's elevation h every {@link #SAMPLE} (the samples with the sun below the
 * horizon adding 0). If DNI reaches the threshold, every sample with the sun up counts as sunshine,
 * otherwise none. An estimate: a model's hourly mean cannot tell a sunny half hour from a hazy
 * hour. Daily sunshine is the sum over the day's intervals.
 */
public final class Sunshine {

  /** 120 W m-2 of direct normal irradiance: WMO's threshold for sunshine. */
  public static final double THRESHOLD_W_M2 = 120;

  /** The spacing of the sun's elevation samples inside an interval. */
  public static final Duration SAMPLE = Duration.ofMinutes(5);

  private Sunshine() {}

  /**
   * Seconds of sunshine at a place in {@code [start, end)}, from {@code directHorizontal}, the mean
   * direct solar flux on a horizontal surface over that interval in W m-2 (between 0 and the
   * interval's length in seconds).
   */
  public static double seconds(
      double latitude, double longitude, Instant start, Instant end, double directHorizontal) {
    long total = Duration.between(start, end).toNanos();
    if (total <= 0) {
      throw new IllegalArgumentException("the interval must end after it starts");
    }
    if (!(directHorizontal > 0)) {
      return 0;
    }
    long step = SAMPLE.toNanos();
    int samples = (int) Math.max(1, (total + step - 1) / step);
    double stepSeconds = total / 1e9 / samples;
    double sinSum = 0;
    int up = 0;
    for (int i = 0; i < samples; i++) {
      Instant middle = start.plusNanos((long) ((i + 0.5) * (total / (double) samples)));
      double elevation = Sun.elevation(latitude, longitude, middle);
      if (elevation > 0) {
        sinSum += Math.sin(Math.toRadians(elevation));
        up++;
      }
    }
    if (up == 0) {
      return 0;
    }
    double directNormal = directHorizontal * samples / sinSum;
    return directNormal >= THRESHOLD_W_M2 ? up * stepSeconds : 0;
  }
}
