package dev.spotcast.model;

/**
 * A regular latitude/longitude grid: rows from {@code lat0} stepping {@code dLat} (negative when
 * the rows run north to south, as in most GRIB files), columns from {@code lon0} stepping {@code
 * dLon}. Point index = row * nLon + column, the order GRIB scans them in.
 */
public record RegularLatLonGrid(
    double lat0, double lon0, double dLat, double dLon, int nLat, int nLon)
    implements GridDefinition {

  private static final double KM_PER_DEGREE = 111.195;

  public RegularLatLonGrid {
    if (nLat < 1 || nLon < 1) {
      throw new IllegalArgumentException("grid needs at least one row and one column");
    }
    if (!(dLat != 0) || !Double.isFinite(dLat) || !(dLon > 0)) {
      throw new IllegalArgumentException(
          "grid spacing must be non-zero in latitude and positive in longitude");
    }
    double last = lat0 + dLat * (nLat - 1);
    if (Math.min(lat0, last) < -90 - 1e-9 || Math.max(lat0, last) > 90 + 1e-9) {
      throw new IllegalArgumentException("grid latitudes must stay within [-90, 90]");
    }
    if ((long) nLat * nLon > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("grid has more than 2^31 points");
    }
  }

  /**
   * A grid covering a lat/lon box with the given resolution in degrees, both ends included (a
   * global grid covers longitudes [-180, 180) once).
   */
  public static RegularLatLonGrid covering(
      double south, double west, double north, double east, double resolution) {
    int rows = (int) Math.round((north - south) / resolution) + 1;
    double span = east - west;
    boolean global = span >= 360 - 1e-9;
    int cols =
        global ? (int) Math.round(360 / resolution) : (int) Math.round(span / resolution) + 1;
    return new RegularLatLonGrid(south, west, resolution, resolution, rows, cols);
  }

  @Override
  public String kind() {
    return "regular_ll";
  }

  @Override
  public double south() {
    return Math.min(lat0, lat0 + dLat * (nLat - 1));
  }

  @Override
  public double north() {
    return Math.max(lat0, lat0 + dLat * (nLat - 1));
  }

  /** Whether the columns go once around the globe. */
  public boolean global() {
    return dLon * nLon >= 360 - 1e-9;
  }

  @Override
  public int pointCount() {
    return nLat * nLon;
  }

  /** Latitude of a point in degrees. */
  public double latitude(int point) {
    return round9(lat0 + dLat * (point / nLon));
  }

  /** Longitude of a point in degrees, normalised to [-180, 180). */
  public double longitude(int point) {
    return normaliseLongitude(lon0 + dLon * (point % nLon));
  }

  @Override
  public double maxSpacingKm() {
    return Math.max(Math.abs(dLat), dLon) * KM_PER_DEGREE;
  }

  /** Longitude in [-180, 180), rounded to 1e-9 degrees so that grid arithmetic stays exact. */
  public static double normaliseLongitude(double lon) {
    return round9(((lon + 180) % 360 + 360) % 360 - 180);
  }

  /** Rounds to 1e-9 degrees (0.1 mm) so that 0.1 * 3 is 0.3 and grid points compare equal. */
  private static double round9(double degrees) {
    return Math.round(degrees * 1e9) / 1e9;
  }
}
