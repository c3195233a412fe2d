package dev.spotcast.synthetic;

import dev.spotcast.model.Parameter;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A deterministic, physically plausible forecast field for load tests and checks: any value can be
 * computed for any place, height and time without ingesting anything, so tests compare what the
 * service answers with what the model says. The seed shifts the weather patterns.
 *
 * <ul>
 *   <li>temperature: warm tropics, cold poles, -6.5 K/km (standard lapse rate), a diurnal cycle
 *       peaking at 15h local solar time that fades with height, a travelling wave pattern;
 *   <li>wind: westerlies in mid-latitudes, trade easterlies, stronger aloft, a wave on top;
 *   <li>relative humidity: bounded to [0, 100] %, drier aloft;
 *   <li>pressure: the standard atmosphere (ICAO) at the height, with a weather pattern on top.
 * </ul>
 *
 * <p>Optionally a terrain ({@link #TERRAIN}): continents with mountains, the same for every seed. A
 * run loaded with it carries the model's orography ({@code orog}, m above sea level) and land-sea
 * mask ({@code lsm}, land fraction 0..1) as surface fields, and its heights above ground stand on
 * that terrain: {@link #valueOverTerrain} is the weather at the terrain's height plus the level.
 */
public final class SyntheticWeather {

  public static final Parameter TEMPERATURE = Parameter.unbounded("t", "K");
  public static final Parameter WIND_U = Parameter.unbounded("u", "m/s");
  public static final Parameter WIND_V = Parameter.unbounded("v", "m/s");
  public static final Parameter HUMIDITY = new Parameter("rh", "%", 0, 100);
  public static final Parameter PRESSURE = Parameter.unbounded("pres", "hPa");

  public static final List<Parameter> PARAMETERS =
      List.of(TEMPERATURE, WIND_U, WIND_V, HUMIDITY, PRESSURE);

  /** Height of the model's terrain above sea level, as GRIB's {@code orog}. */
  public static final Parameter OROGRAPHY = new Parameter("orog", "m", 0, 9000);

  /** Share of land in a grid cell, as GRIB's {@code lsm} (unit "(0 - 1)" as ecCodes names it). */
  public static final Parameter LAND_SEA_MASK = new Parameter("lsm", "(0 - 1)", 0, 1);

  /** The static surface fields of a run loaded with terrain. */
  public static final List<Parameter> TERRAIN = List.of(OROGRAPHY, LAND_SEA_MASK);

  /** Highest synthetic mountain, m above sea level. */
  private static final double PEAK_METRES = 3000;

  private static final double LAPSE_RATE_K_PER_M = 0.0065;

  private final double phaseA;
  private final double phaseB;
  private final double phaseC;

  public SyntheticWeather(long seed) {
    this(seed, 0);
  }

  /**
   * A member of a synthetic ensemble: the seed's weather with its patterns shifted a little (about
   * 0.15 rad, a few hundred km), differently for each member; member 0 is the control, unshifted.
   */
  public SyntheticWeather(long seed, int member) {
    SplittableRandom random = new SplittableRandom(seed);
    double a = random.nextDouble(0, 2 * Math.PI);
    double b = random.nextDouble(0, 2 * Math.PI);
    double c = random.nextDouble(0, 2 * Math.PI);
    if (member != 0) {
      SplittableRandom perturbation = new SplittableRandom(seed * 1_000_003L + member);
      a += 0.15 * (perturbation.nextDouble() * 2 - 1);
      b += 0.15 * (perturbation.nextDouble() * 2 - 1);
      c += 0.15 * (perturbation.nextDouble() * 2 - 1);
    }
    this.phaseA = a;
    this.phaseB = b;
    this.phaseC = c;
  }

  /**
   * Where the synthetic world has land: positive over land (growing inland), negative over sea. Two
   * long waves make a few continents of different sizes in both hemispheres; no seed changes them.
   */
  static double continentality(double lat, double lon) {
    double phi = Math.toRadians(lat);
    double lambda = Math.toRadians(lon);
    return 0.6 * Math.sin(2 * lambda + 1.0) * Math.cos(phi)
        + 0.4 * Math.sin(3 * lambda - 0.5) * Math.sin(2 * phi + 0.3)
        - 0.1;
  }

  /** The land fraction of the terrain at a place: 0 at sea, 1 inland, a ramp along the coasts. */
  public static double landFraction(double lat, double lon) {
    return Math.max(0, Math.min(1, 0.5 + 4 * continentality(lat, lon)));
  }

  /**
   * The terrain's height above sea level at a place: 0 at sea, rising inland to {@value
   * #PEAK_METRES} m.
   */
  public static double orography(double lat, double lon) {
    return PEAK_METRES * Math.max(0, Math.min(1, continentality(lat, lon) / 0.8));
  }

  /** A terrain field ({@link #TERRAIN}) by name. */
  public static double terrain(String parameter, double lat, double lon) {
    return switch (parameter) {
      case "orog" -> orography(lat, lon);
      case "lsm" -> landFraction(lat, lon);
      default ->
          throw new IllegalArgumentException(
              "the synthetic terrain has no field '" + parameter + "'");
    };
  }

  /**
   * The value of a parameter at a height above the terrain: the weather at the terrain's height
   * above sea level plus {@code heightMetres}.
   */
  public double valueOverTerrain(
      String parameter, double lat, double lon, double heightMetres, long epochSeconds) {
    return value(parameter, lat, lon, orography(lat, lon) + heightMetres, epochSeconds);
  }

  /**
   * The value of a parameter.
   *
   * @param parameter one of {@link #PARAMETERS}, by name
   * @param heightMetres height above ground
   * @param epochSeconds valid time
   */
  public double value(
      String parameter, double lat, double lon, double heightMetres, long epochSeconds) {
    double phi = Math.toRadians(lat);
    double lambda = Math.toRadians(lon);
    double days = epochSeconds / 86_400.0;
    // A pattern drifting eastwards by about 10 degrees a day.
    double wave =
        Math.sin(3 * lambda - 2 * Math.PI * days / 36 + phaseA) * Math.cos(2 * phi + phaseB);
    return switch (parameter) {
      case "t" -> {
        double localSolarHours = ((epochSeconds % 86_400) / 3600.0 + lon / 15 + 48) % 24;
        double diurnalAmplitude = 5 * Math.max(0, 1 - heightMetres / 2000);
        yield 300
            - 45 * Math.sin(phi) * Math.sin(phi)
            - LAPSE_RATE_K_PER_M * heightMetres
            + diurnalAmplitude * Math.cos(2 * Math.PI * (localSolarHours - 15) / 24)
            + 3 * wave;
      }
      case "u" -> {
        double jet =
            15 * Math.sin(2 * phi) * Math.sin(2 * phi)
                - 6 * Math.cos(phi) * Math.cos(phi) * Math.cos(phi);
        yield jet * (1 + heightMetres / 4000) + 4 * wave;
      }
      case "v" ->
          5
              * Math.cos(3 * lambda + phaseC + 2 * Math.PI * days / 5)
              * Math.cos(phi)
              * (1 + heightMetres / 8000);
      case "rh" -> {
        double rh = 65 + 25 * wave - heightMetres / 250 + 10 * Math.cos(2 * phi);
        yield Math.max(0, Math.min(100, rh));
      }
      case "pres" -> {
        double standard = 1013.25 * Math.pow(1 - 2.25577e-5 * heightMetres, 5.25588);
        yield standard + 12 * wave * Math.exp(-heightMetres / 8000);
      }
      default ->
          throw new IllegalArgumentException(
              "the synthetic model has no parameter '" + parameter + "'");
    };
  }
}
