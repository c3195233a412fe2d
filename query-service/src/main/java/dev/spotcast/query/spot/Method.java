package dev.spotcast.query.spot;

import java.util.Locale;

/** How the values of grid points are combined horizontally ({@code method=}). */
public enum Method {
  /** Inverse-distance weighting over the n nearest points, with a configurable power. */
  IDW,
  /** The value of the nearest grid point. */
  NEAREST,
  /**
   * Bilinear in latitude and longitude over the four points of the grid cell (regular lat/lon
   * grids).
   */
  BILINEAR;

  private final String label = name().toLowerCase(Locale.ROOT);

  /** The method's name in {@code method=} and in answers. */
  public String label() {
    return label;
  }

  /** The method of a {@code method=} value, or null if there is none by that name. */
  public static Method of(String text) {
    for (Method method : values()) {
      if (method.label().equals(text)) {
        return method;
      }
    }
    return null;
  }
}
