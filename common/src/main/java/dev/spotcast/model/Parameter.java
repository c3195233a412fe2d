package dev.spotcast.model;

import java.util.Objects;

/**
 * A forecast parameter as stored: its field name in documents and the unit its values are in.
 * Optional bounds keep interpolated values of bounded quantities (humidity) inside them.
 */
public record Parameter(String name, String unit, double min, double max) {

  public Parameter {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(unit, "unit");
    if (!name.matches("[a-z0-9][a-z0-9_]{0,31}")) {
      throw new IllegalArgumentException(
          "parameter name must be lower-case letters, digits or '_' (GRIB short names such as 10u), got '"
              + name
              + "'");
    }
    if (!(min <= max)) {
      throw new IllegalArgumentException("parameter " + name + ": min > max");
    }
  }

  public static Parameter unbounded(String name, String unit) {
    return new Parameter(name, unit, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
  }

  public double clamp(double value) {
    return Math.max(min, Math.min(max, value));
  }
}
