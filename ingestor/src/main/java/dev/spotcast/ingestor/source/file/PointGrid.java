package dev.spotcast.ingestor.source.file;

import java.util.Objects;
import java.util.Optional;

/**
 * A grid whose point coordinates are computed once, when it is built, and kept in arrays: every
 * kind of grid (Gaussian, reduced, projected) is answered the same way, and a point's coordinates
 * cost an array read. A regular latitude/longitude grid in plain row order needs no arrays: its
 * coordinates are the definition's arithmetic. Equality is by the grid's definition (kind plus the
 * numbers that define it), not by the arrays. The neighbour spacing is computed on first use.
 */
final class PointGrid implements FieldGrid {

  private static final double EARTH_RADIUS_KM = 6371.0088;

  private final String kind;
  private final Object definition;
  private final double[] latitudes;
  private final double[] longitudes;
  private final int[] rowLengths;
  private final RegularLatLon regular;
  private volatile double maxSpacingKm = -1;

  /**
   * @param definition the values that define the grid (a record or list), used for equality
   * @param rowLengths the number of consecutive points per row in scan order (for the spacing)
   */
  PointGrid(
      String kind,
      Object definition,
      double[] latitudes,
      double[] longitudes,
      int[] rowLengths,
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
    this.rowLengths = rowLengths;
    this.regular = regular;
  }

  /** A regular latitude/longitude grid in plain row order: coordinates by arithmetic, no arrays. */
  PointGrid(Object definition, RegularLatLon regular) {
    this.kind = "regular_ll";
    this.definition = Objects.requireNonNull(definition);
    this.latitudes = null;
    this.longitudes = null;
    this.rowLengths = null;
    this.regular = Objects.requireNonNull(regular);
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
    return latitudes != null ? latitudes.length : regular.pointCount();
  }

  @Override
  public double latitude(int point) {
    if (latitudes != null) {
      return latitudes[point];
    }
    Objects.checkIndex(point, regular.pointCount());
    return regular.lat0() + (point / regular.nLon()) * regular.dLat();
  }

  @Override
  public double longitude(int point) {
    if (longitudes != null) {
      return longitudes[point];
    }
    Objects.checkIndex(point, regular.pointCount());
    return normaliseLongitude(regular.lon0() + (point % regular.nLon()) * regular.dLon());
  }

  @Override
  public double maxSpacingKm() {
    double spacing = maxSpacingKm;
    if (spacing < 0) {
      spacing = latitudes != null ? maxSpacing(rowLengths) : regularSpacing();
      maxSpacingKm = spacing;
    }
    return spacing;
  }

  /**
   * Along a meridian dLat; along a parallel dLon shrunk by the cosine of the latitude nearest the
   * equator.
   */
  private double regularSpacing() {
    double lastLat = regular.lat0() + (regular.nLat() - 1) * regular.dLat();
    double nearestEquator =
        (regular.lat0() > 0) != (lastLat > 0)
            ? 0
            : Math.min(Math.abs(regular.lat0()), Math.abs(lastLat));
    double alongMeridian = Math.toRadians(Math.abs(regular.dLat())) * EARTH_RADIUS_KM;
    double alongParallel =
        2
            * EARTH_RADIUS_KM
            * Math.asin(
                Math.min(
                    1,
                    Math.cos(Math.toRadians(nearestEquator))
                        * Math.sin(Math.toRadians(Math.abs(regular.dLon())) / 2)));
    return Math.max(alongMeridian, alongParallel);
  }

  @Override
  public Optional<RegularLatLon> regular() {
    return Optional.ofNullable(regular);
  }

  /**
   * The largest distance between a point and its next neighbour along its row or in the next row.
   * Compares the haversine term (monotonic in the distance) and takes one arcsine at the end.
   */
  private double maxSpacing(int[] rowLengths) {
    double[] cosLat = new double[latitudes.length];
    for (int i = 0; i < cosLat.length; i++) {
      cosLat[i] = Math.cos(Math.toRadians(latitudes[i]));
    }
    double max = 0;
    int start = 0;
    for (int r = 0; r < rowLengths.length; r++) {
      int n = rowLengths[r];
      for (int k = 0; k + 1 < n; k++) {
        max = Math.max(max, haversine(cosLat, start + k, start + k + 1));
      }
      if (r + 1 < rowLengths.length) {
        int next = start + n;
        int m = rowLengths[r + 1];
        for (int k = 0; k < n; k++) {
          int j = n == 1 ? 0 : (int) Math.round((double) k * (m - 1) / (n - 1));
          max = Math.max(max, haversine(cosLat, start + k, next + Math.min(j, m - 1)));
        }
      }
      start += n;
    }
    return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(max)));
  }

  private double haversine(double[] cosLat, int a, int b) {
    double sinLat = Math.sin(Math.toRadians(latitudes[b] - latitudes[a]) / 2);
    double sinLon = Math.sin(Math.toRadians(longitudes[b] - longitudes[a]) / 2);
    return sinLat * sinLat + cosLat[a] * cosLat[b] * sinLon * sinLon;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PointGrid other
        && kind.equals(other.kind)
        && definition.equals(other.definition);
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
