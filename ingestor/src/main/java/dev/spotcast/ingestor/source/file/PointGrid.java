package dev.spotcast.ingestor.source.file;

import java.util.Objects;
import java.util.Optional;

/**
 * A grid whose point coordinates are computed once, when it is built, and kept in arrays: every
 * kind of grid (regular, Gaussian, reduced, projected) is answered the same way, and a point's
 * coordinates cost an array read. Equality is by the grid's definition (kind plus the numbers that
 * define it), not by the arrays.
 */
final class PointGrid implements FieldGrid {

  private static final double EARTH_RADIUS_KM = 6371.0088;

  private final String kind;
  private final Object definition;
  private final double[] latitudes;
  private final double[] longitudes;
  private final RegularLatLon regular;
  private final double maxSpacingKm;

  /**
   * @param definition the values that define the grid (a record or list), used for equality
   * @param rowLengths the number of consecutive points per row in scan order (for the spacing)
   */
  PointGrid(String kind, Object definition, double[] latitudes, double[] longitudes, int[] rowLengths,
      RegularLatLon regular) {
    if (latitudes.length != longitudes.length) {
      throw new IllegalArgumentException("latitudes and longitudes differ in length");
    }
    this.kind = Objects.requireNonNull(kind);
    this.definition = Objects.requireNonNull(definition);
    this.latitudes = latitudes;
    this.longitudes = longitudes;
    for (int i = 0; i < longitudes.length; i++) {
      longitudes[i] = normaliseLongitude(longitudes[i]);
    }
    this.regular = regular;
    this.maxSpacingKm = maxSpacing(rowLengths);
  }

  /** Maps a longitude into [-180, 180). */
  static double normaliseLongitude(double lon) {
    double l = ((lon + 180.0) % 360.0 + 360.0) % 360.0 - 180.0;
    return l == 180.0 ? -180.0 : l;
  }

  @Override
  public String kind() {
    return kind;
  }

  @Override
  public int pointCount() {
    return latitudes.length;
  }

  @Override
  public double latitude(int point) {
    return latitudes[point];
  }

  @Override
  public double longitude(int point) {
    return longitudes[point];
  }

  @Override
  public double maxSpacingKm() {
    return maxSpacingKm;
  }

  @Override
  public Optional<RegularLatLon> regular() {
    return Optional.ofNullable(regular);
  }

  /** The largest distance between a point and its next neighbour along its row or in the next row. */
  private double maxSpacing(int[] rowLengths) {
    double max = 0;
    int start = 0;
    for (int r = 0; r < rowLengths.length; r++) {
      int n = rowLengths[r];
      for (int k = 0; k + 1 < n; k++) {
        max = Math.max(max, distanceKm(start + k, start + k + 1));
      }
      if (r + 1 < rowLengths.length) {
        int next = start + n;
        int m = rowLengths[r + 1];
        for (int k = 0; k < n; k++) {
          int j = n == 1 ? 0 : (int) Math.round((double) k * (m - 1) / (n - 1));
          max = Math.max(max, distanceKm(start + k, next + Math.min(j, m - 1)));
        }
      }
      start += n;
    }
    return max;
  }

  private double distanceKm(int a, int b) {
    double lat1 = Math.toRadians(latitudes[a]);
    double lat2 = Math.toRadians(latitudes[b]);
    double dLat = lat2 - lat1;
    double dLon = Math.toRadians(longitudes[b] - longitudes[a]);
    double h = Math.sin(dLat / 2) * Math.sin(dLat / 2)
        + Math.cos(lat1) * Math.cos(lat2) * Math.sin(dLon / 2) * Math.sin(dLon / 2);
    return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PointGrid other && kind.equals(other.kind) && definition.equals(other.definition);
  }

  @Override
  public int hashCode() {
    return kind.hashCode() * 31 + definition.hashCode();
  }

  @Override
  public String toString() {
    return kind + " " + definition + " (" + pointCount() + " points)";
  }
}
