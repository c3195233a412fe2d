package dev.spotcast.weather;

import java.time.Duration;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The weather code of WMO code table 4677 ("present weather"), restricted to the subset Open-Meteo
 * documents for its {@code weather_code}: 0, 1, 2, 3 (sky), 45, 48 (fog), 51, 53, 55 (drizzle), 56,
 * 57 (freezing drizzle), 61, 63, 65 (rain), 66, 67 (freezing rain), 71, 73, 75 (snow), 77 (snow
 * grains), 80, 81, 82 (rain showers), 85, 86 (snow showers), 95, 96, 99 (thunderstorm). Derived
 * from whatever of {@link Inputs} a model has, over a period (the amounts' period, an hour by
 * default), as a forecast of the weather over it rather than an observation.
 *
 * <p>The order follows the table's own rule, that the highest applicable code is reported: a
 * thunderstorm before showers, showers before snow, snow before rain, rain before drizzle,
 * precipitation before fog, fog before the state of the sky. Freezing drizzle and rain come before
 * showers (they are what matters to someone outside).
 *
 * <ol>
 *   <li><b>Precipitation</b> happens when the amount over the period is at least {@link
 *       #WET_MM_PER_HOUR} per hour. Its rate r (mm/h, water equivalent) is the amount divided by
 *       the period's hours.
 *   <li><b>Thunderstorm</b> (95) when it is wet, the convective share (if known) is at least half,
 *       and CAPE is at least {@link #THUNDERSTORM_CAPE} J/kg. Hail cannot be told from these
 *       fields: 96 and 99 are never derived.
 *   <li><b>Snow or rain</b>: snow when the snowfall (if known) is at least half the precipitation;
 *       without a snowfall field, when the 2 m temperature is at most {@link #SNOW_AT_OR_BELOW} K;
 *       with neither, rain.
 *   <li><b>Showers</b> when the convective precipitation (if known) is at least half the total.
 *   <li><b>Freezing</b> drizzle or rain when the precipitation is liquid and the 2 m temperature is
 *       below 0 °C (it freezes on contact with the ground).
 *   <li><b>Intensities</b>, r in mm/h: rain, freezing rain and rain showers light below 2.5,
 *       moderate below 7.6, heavy from 7.6: the US Federal Meteorological Handbook No. 1 (FMH-1)
 *       limits of 0.10 and 0.30 inch per hour. Liquid rates below 1 mm/h are reported as drizzle (a
 *       model does not tell drop sizes; Spotcast's choice, as Open-Meteo also reports light rates
 *       as drizzle): light below 0.25, moderate below 0.5, dense from 0.5 (FMH-1's drizzle limits
 *       of 0.01 and 0.02 inch per hour); freezing drizzle 56 below 0.5, 57 from it; freezing rain
 *       66 below 2.5, 67 from it; rain showers 80, 81, 82 at 2.5 and 7.6 (82, "violent", is this
 *       code's heaviest class). Snow, in water equivalent: slight below 1, moderate below 2.5,
 *       heavy from 2.5 mm/h, which at the usual 10:1 snow-to-liquid ratio is 1 cm and 2.5 cm (about
 *       an inch, the rate commonly called heavy snow) of snow per hour; snow showers 85 below 1, 86
 *       from 1. Snow grains (77) are not derived: no model field tells them.
 *   <li><b>Fog</b> (45; 48, depositing rime, when the 2 m temperature is below 0 °C) when the
 *       visibility is below {@link #FOG_VISIBILITY} m, the WMO definition of fog. Without a
 *       visibility field, fog when low cloud covers at least 7/8 of the sky and the 2 m relative
 *       humidity is at least {@link #FOG_HUMIDITY} %: cloud down to the ground. That fallback is
 *       Spotcast's heuristic, not a published threshold.
 *   <li><b>The sky</b> from the total cloud cover in oktas, rounded to the nearest eighth: 0 oktas
 *       clear (0); 1-2 mainly clear (1, METAR's FEW); 3-7 partly cloudy (2, SCT and BKN); 8
 *       overcast (3, OVC). The METAR cover classes are those of WMO-No. 306, FM 15.
 * </ol>
 *
 * <p>With no cloud cover and nothing else to report, there is no code: {@link OptionalInt#empty()}.
 */
public final class WeatherCode {

  /** 0.1 mm per hour: the smallest amount rain gauges report (WMO-No. 8), as a rate. */
  public static final double WET_MM_PER_HOUR = 0.1;

  /**
   * 1000 J/kg: CAPE from which the atmosphere is commonly called moderately unstable, enough for
   * thunderstorms where convection starts (convective precipitation shows that it does).
   */
  public static final double THUNDERSTORM_CAPE = 1000;

  /**
   * 274.15 K (+1 °C) at 2 m: without a snowfall field, precipitation at or below it is snow.
   * Observed rain/snow transitions spread around +1 to +2 °C at 2 m; the lower end is Spotcast's
   * choice.
   */
  public static final double SNOW_AT_OR_BELOW = 274.15;

  /** 1000 m: fog is visibility below 1 km (WMO, International Meteorological Vocabulary). */
  public static final double FOG_VISIBILITY = 1000;

  /** 97 %: with overcast low cloud, the 2 m humidity of the fallback fog rule. */
  public static final double FOG_HUMIDITY = 97;

  private static final double FREEZING = 273.15;

  /**
   * What a model may have at a place for one period; any may be null. Amounts are over the period
   * passed to {@link WeatherCode#of}.
   *
   * @param cloudCover total cloud cover as a fraction, 0-1 (convert a model's percent first)
   * @param precipitation total precipitation over the period, mm (kg m-2), liquid and frozen
   * @param showers convective precipitation over the period, mm
   * @param snowfall snowfall over the period, mm of water equivalent
   * @param temperature 2 m temperature, K
   * @param cape convective available potential energy, J/kg
   * @param visibility visibility, m
   * @param lowCloudCover low cloud cover as a fraction, 0-1
   * @param relativeHumidity 2 m relative humidity, %
   */
  public record Inputs(
      Double cloudCover,
      Double precipitation,
      Double showers,
      Double snowfall,
      Double temperature,
      Double cape,
      Double visibility,
      Double lowCloudCover,
      Double relativeHumidity) {

    /** Nothing known; add what is with the {@code with...} methods. */
    public static Inputs none() {
      return new Inputs(null, null, null, null, null, null, null, null, null);
    }

    public Inputs withCloudCover(Double v) {
      return new Inputs(
          v,
          precipitation,
          showers,
          snowfall,
          temperature,
          cape,
          visibility,
          lowCloudCover,
          relativeHumidity);
    }

    public Inputs withPrecipitation(Double v) {
      return new Inputs(
          cloudCover,
          v,
          showers,
          snowfall,
          temperature,
          cape,
          visibility,
          lowCloudCover,
          relativeHumidity);
    }

    public Inputs withShowers(Double v) {
      return new Inputs(
          cloudCover,
          precipitation,
          v,
          snowfall,
          temperature,
          cape,
          visibility,
          lowCloudCover,
          relativeHumidity);
    }

    public Inputs withSnowfall(Double v) {
      return new Inputs(
          cloudCover,
          precipitation,
          showers,
          v,
          temperature,
          cape,
          visibility,
          lowCloudCover,
          relativeHumidity);
    }

    public Inputs withTemperature(Double v) {
      return new Inputs(
          cloudCover,
          precipitation,
          showers,
          snowfall,
          v,
          cape,
          visibility,
          lowCloudCover,
          relativeHumidity);
    }

    public Inputs withCape(Double v) {
      return new Inputs(
          cloudCover,
          precipitation,
          showers,
          snowfall,
          temperature,
          v,
          visibility,
          lowCloudCover,
          relativeHumidity);
    }

    public Inputs withVisibility(Double v) {
      return new Inputs(
          cloudCover,
          precipitation,
          showers,
          snowfall,
          temperature,
          cape,
          v,
          lowCloudCover,
          relativeHumidity);
    }

    public Inputs withLowCloudCover(Double v) {
      return new Inputs(
          cloudCover,
          precipitation,
          showers,
          snowfall,
          temperature,
          cape,
          visibility,
          v,
          relativeHumidity);
    }

    public Inputs withRelativeHumidity(Double v) {
      return new Inputs(
          cloudCover,
          precipitation,
          showers,
          snowfall,
          temperature,
          cape,
          visibility,
          lowCloudCover,
          v);
    }
  }

  private WeatherCode() {}

  /** The code for the weather over {@code period} (positive), or empty if nothing tells it. */
  public static OptionalInt of(Inputs in, Duration period) {
    Objects.requireNonNull(in, "inputs");
    if (period.isNegative() || period.isZero()) {
      throw new IllegalArgumentException("period must be positive, got " + period);
    }
    double hours = period.toNanos() / 3.6e12;
    Double amount = in.precipitation() != null ? in.precipitation() : in.snowfall();
    if (amount != null && Math.max(0, amount) / hours >= WET_MM_PER_HOUR) {
      return OptionalInt.of(precipitating(in, amount, amount / hours));
    }
    if (foggy(in)) {
      return OptionalInt.of(freezing(in.temperature()) ? 48 : 45);
    }
    if (in.cloudCover() == null) {
      return OptionalInt.empty();
    }
    return OptionalInt.of(sky(in.cloudCover()));
  }

  private static int precipitating(Inputs in, double amount, double rate) {
    Boolean convective = in.showers() == null ? null : in.showers() >= 0.5 * amount;
    if (in.cape() != null && in.cape() >= THUNDERSTORM_CAPE && !Boolean.FALSE.equals(convective)) {
      return 95;
    }
    boolean showers = Boolean.TRUE.equals(convective);
    if (snow(in, amount)) {
      if (showers) {
        return rate < 1.0 ? 85 : 86;
      }
      return rate < 1.0 ? 71 : rate < 2.5 ? 73 : 75;
    }
    if (freezing(in.temperature())) {
      if (rate < 1.0) {
        return rate < 0.5 ? 56 : 57;
      }
      return rate < 2.5 ? 66 : 67;
    }
    if (showers) {
      return rate < 2.5 ? 80 : rate < 7.6 ? 81 : 82;
    }
    if (rate < 1.0) {
      return rate < 0.25 ? 51 : rate < 0.5 ? 53 : 55;
    }
    return rate < 2.5 ? 61 : rate < 7.6 ? 63 : 65;
  }

  private static boolean snow(Inputs in, double amount) {
    if (in.snowfall() != null) {
      return in.snowfall() >= 0.5 * amount;
    }
    return in.temperature() != null && in.temperature() <= SNOW_AT_OR_BELOW;
  }

  private static boolean freezing(Double temperature) {
    return temperature != null && temperature < FREEZING;
  }

  private static boolean foggy(Inputs in) {
    if (in.visibility() != null) {
      return in.visibility() < FOG_VISIBILITY;
    }
    return in.lowCloudCover() != null
        && in.relativeHumidity() != null
        && in.lowCloudCover() >= 7.0 / 8
        && in.relativeHumidity() >= FOG_HUMIDITY;
  }

  /** 0-3 from the cover in oktas rounded to the nearest eighth. */
  private static int sky(double cloudCover) {
    long oktas = Math.round(Math.max(0, Math.min(1, cloudCover)) * 8);
    if (oktas == 0) {
      return 0;
    }
    if (oktas <= 2) {
      return 1;
    }
    return oktas <= 7 ? 2 : 3;
  }
}
