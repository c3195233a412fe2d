package dev.spotcast.ingestor.source.file;

import dev.spotcast.model.LevelType;
import java.util.Locale;

/**
 * Maps GRIB level codes (GRIB1 table 3, GRIB2 code table 4.5) onto the model's level types, and
 * names the ones it cannot map the way the tables name them, so that a field on a hybrid model
 * level is reported as such and never filed under another level type.
 *
 * <p>A property of the whole column (GRIB2 type 10, "entire atmosphere"; NCEP's 200, "entire
 * atmosphere considered as a single layer", GRIB1 200: GFS's total cloud cover, precipitable water;
 * ECMWF's layer from the ground, type 1, to the nominal top of the atmosphere, type 8) is a
 * single-level field, filed with the surface's, as ECMWF's archive files its own (levtype sfc: tcc,
 * tcw, cape): a place has one value of it, not one per height.
 */
final class GribLevels {

  static final String SUPPORTED =
      "supported: isobaric, height above ground, surface, mean sea level, entire atmosphere";

  /** A mapped level: the model's type and the value in that type's unit. */
  record Level(LevelType type, double value) {}

  /**
   * A level that has no counterpart in the model; the message is the reason for skipping the field.
   */
  static final class UnsupportedLevelException extends Exception {
    UnsupportedLevelException(String reason) {
      super(reason);
    }
  }

  private GribLevels() {}

  /**
   * ecCodes' typeOfLevel ("hybrid", "depthBelowLandLayer") in words, as reasons name the level
   * type: "hybrid level", "depth below land layer"; null for none.
   */
  static String describe(String typeOfLevel) {
    if (typeOfLevel == null || typeOfLevel.isBlank() || typeOfLevel.equals("unknown")) {
      return null;
    }
    String words = typeOfLevel.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    return words.endsWith("level") || words.endsWith("layer") ? words : words + " level";
  }

  /**
   * @param value the level value as ecCodes gives it (hPa for type 100, m for type 105)
   * @param description the name of the level type, or null
   */
  static Level grib1(int code, double value, String description) throws UnsupportedLevelException {
    return switch (code) {
      case 1, 200 -> new Level(LevelType.SURFACE, 0);
      case 100 -> new Level(LevelType.ISOBARIC, value);
      case 102 -> new Level(LevelType.MEAN_SEA_LEVEL, 0);
      case 105 -> new Level(LevelType.HEIGHT_ABOVE_GROUND, value);
      default -> throw unsupported(description, "GRIB1 table 3", code, value);
    };
  }

  /**
   * @param value the first surface's value, scaled (Pa for type 100, m for type 103)
   * @param secondCode the second fixed surface's type; 255 (missing) for a single level
   */
  static Level grib2(int code, double value, int secondCode, String description)
      throws UnsupportedLevelException {
    if (code == 1 && secondCode == 8) {
      // From the ground to the nominal top of the atmosphere: ECMWF's whole column (tcc, tcw).
      return new Level(LevelType.SURFACE, 0);
    }
    if (secondCode != 255) {
      throw new UnsupportedLevelException(
          "layer from "
              + name(description, "GRIB2 code table 4.5", code)
              + " "
              + format(value)
              + " to a surface of type "
              + secondCode
              + ": layers not supported ("
              + SUPPORTED
              + ")");
    }
    return switch (code) {
      case 1, 10, 200 -> new Level(LevelType.SURFACE, 0);
      case 100 -> new Level(LevelType.ISOBARIC, value / 100.0);
      case 101 -> new Level(LevelType.MEAN_SEA_LEVEL, 0);
      case 103 -> new Level(LevelType.HEIGHT_ABOVE_GROUND, value);
      default -> throw unsupported(description, "GRIB2 code table 4.5", code, value);
    };
  }

  private static UnsupportedLevelException unsupported(
      String description, String table, int code, double value) {
    return new UnsupportedLevelException(
        name(description, table, code)
            + " "
            + format(value)
            + ": level type not supported ("
            + SUPPORTED
            + "; "
            + table
            + " code "
            + code
            + ")");
  }

  private static String name(String description, String table, int code) {
    if (description == null || description.isBlank()) {
      return "level type " + code + " of " + table;
    }
    return description.trim().toLowerCase(Locale.ROOT);
  }

  static String format(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value)
        : Double.toString(value);
  }
}
