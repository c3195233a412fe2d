package dev.spotcast.ingestor.source.file;

import dev.spotcast.model.LevelType;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Short parameter names in ecCodes' style ("t", "u", "10u", "prmsl") for GRIB fields. ECMWF's local
 * GRIB1 tables in netCDF-Java already carry these names; the WMO tables (GRIB1 table 2, GRIB2 code
 * table 4.2) carry none or NCEP's upper-case ones, so the common WMO parameters are mapped here
 * explicitly, including ecCodes' names for the 2 m and 10 m variants. Anything else falls back to the
 * table's abbreviation, lower-cased, and as a last resort to a name built from the codes.
 */
final class ParameterNames {

  private static final Pattern VALID = Pattern.compile("[a-z0-9][a-z0-9_]{0,31}");

  /** GRIB1 WMO table 2 (table versions 1-3, parameters 1-127) as ecCodes names them. */
  private static final Map<Integer, String> GRIB1_WMO = Map.ofEntries(
      Map.entry(1, "pres"), Map.entry(2, "prmsl"), Map.entry(6, "z"), Map.entry(7, "gh"),
      Map.entry(11, "t"), Map.entry(15, "tmax"), Map.entry(16, "tmin"), Map.entry(17, "dpt"),
      Map.entry(33, "u"), Map.entry(34, "v"), Map.entry(39, "w"), Map.entry(51, "q"), Map.entry(52, "r"),
      Map.entry(61, "tp"), Map.entry(65, "sf"), Map.entry(66, "sd"), Map.entry(71, "tcc"),
      Map.entry(81, "lsm"), Map.entry(111, "nswrs"), Map.entry(112, "nlwrs"), Map.entry(121, "slhf"),
      Map.entry(122, "sshf"));

  /** GRIB2 (discipline, category, number) as ecCodes names them. */
  private static final Map<String, String> GRIB2 = Map.ofEntries(
      Map.entry("0.0.0", "t"), Map.entry("0.0.4", "tmax"), Map.entry("0.0.5", "tmin"), Map.entry("0.0.6", "dpt"),
      Map.entry("0.1.0", "q"), Map.entry("0.1.1", "r"), Map.entry("0.1.8", "tp"),
      Map.entry("0.2.2", "u"), Map.entry("0.2.3", "v"), Map.entry("0.2.8", "w"), Map.entry("0.2.12", "vo"),
      Map.entry("0.3.0", "pres"), Map.entry("0.3.1", "prmsl"), Map.entry("0.3.4", "z"), Map.entry("0.3.5", "gh"),
      Map.entry("0.4.9", "nswrs"), Map.entry("0.5.5", "nlwrs"), Map.entry("0.6.1", "tcc"));

  /** ecCodes gives these parameters their own names at 2 m / 10 m above ground. */
  private static final Map<String, String> NEAR_SURFACE = Map.of(
      "t@2", "2t", "dpt@2", "2d", "r@2", "2r", "u@10", "10u", "v@10", "10v");

  private ParameterNames() {}

  static boolean isValid(String name) {
    return name != null && VALID.matcher(name).matches();
  }

  /**
   * @param tableName the abbreviation the parameter table gives, or null
   */
  static String grib1(int center, int tableVersion, int number, String tableName, LevelType levelType,
      double level) {
    String name = null;
    if (tableVersion < 128 && number < 128) {
      name = GRIB1_WMO.get(number);
    }
    if (name == null) {
      name = lowerCaseIfValid(tableName);
    }
    if (name == null) {
      name = "grib1_c" + center + "_t" + tableVersion + "_p" + number;
    }
    return nearSurface(name, levelType, level);
  }

  static String grib2(int discipline, int category, int number, String abbreviation, LevelType levelType,
      double level) {
    String name = GRIB2.get(discipline + "." + category + "." + number);
    if (name == null) {
      name = lowerCaseIfValid(abbreviation);
    }
    if (name == null) {
      name = "grib2_d" + discipline + "_c" + category + "_p" + number;
    }
    return nearSurface(name, levelType, level);
  }

  /** A name from a NetCDF variable or attribute, lower-cased, with anything else replaced by '_'. */
  static String fromNetcdf(String name) {
    String lower = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
    if (lower.startsWith("_")) lower = "v" + lower;
    return lower.length() > 32 ? lower.substring(0, 32) : lower;
  }

  private static String nearSurface(String name, LevelType levelType, double level) {
    if (levelType != LevelType.HEIGHT_ABOVE_GROUND || level != Math.rint(level)) {
      return name;
    }
    return NEAR_SURFACE.getOrDefault(name + "@" + (long) level, name);
  }

  private static String lowerCaseIfValid(String name) {
    if (name == null) {
      return null;
    }
    String lower = name.trim().toLowerCase(Locale.ROOT);
    return isValid(lower) ? lower : null;
  }
}
