package dev.spotcast.ingestor.source.file;

import dev.spotcast.model.Parameter;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Parameter names: the rule every name follows (ecCodes-style short names such as "t", "10u",
 * "prmsl"; GRIB fields take ecCodes' shortName as it gives it, DWD's upper case included), and
 * names made from NetCDF variables.
 */
final class ParameterNames {

  private static final Pattern VALID = Pattern.compile(Parameter.NAME);

  private ParameterNames() {}

  static boolean isValid(String name) {
    return name != null && VALID.matcher(name).matches();
  }

  /**
   * A name from a NetCDF variable or attribute, lower-cased, with anything else replaced by '_'.
   */
  static String fromNetcdf(String name) {
    String lower = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
    if (lower.startsWith("_")) lower = "v" + lower;
    return lower.length() > 32 ? lower.substring(0, 32) : lower;
  }
}
