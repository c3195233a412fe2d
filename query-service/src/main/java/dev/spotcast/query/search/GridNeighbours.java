package dev.spotcast.query.search;

import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.query.interpolation.Bilinear;
import java.util.Arrays;
import org.apache.lucene.geo.GeoEncodingUtils;
import org.apache.lucene.util.SloppyMath;

/**
 * The n nearest points of a regular lat/lon grid, found from the grid definition alone and ranked
 * exactly as the geo path's Elasticsearch sort ranks them: by arc distance (Lucene's {@link
 * SloppyMath#haversinMeters}, which Elasticsearch's {@code geo_distance} sort calls) between the
 * request and the point as the index holds it (the geo_point's doc value, quantised by {@link
 * GeoEncodingUtils}), then by point id. Using Elasticsearch's own Lucene for both keeps the two
 * paths in agreement even where points lie at the same distance (a request on a grid line).
 *
 * <p>Two passes: a small window of rows and columns around the request gives an upper bound D of
 * the n-th nearest distance; every point within D lies in the latitude band {@code lat +- D/R} and,
 * unless that band reaches a pole, within the longitudes {@code lon +- asin(sin(D/R) /
 * cos(maxLat))}; the points of that box (across the antimeridian on a global grid, cut at the edges
 * of a regional one) are ranked. Near a pole the box holds whole rows, still only a few per
 * request.
 */
public final class GridNeighbours {

  /** Mean earth radius Lucene's haversine uses (the same as Elasticsearch's), in metres. */
  private static final double EARTH_RADIUS = 6_371_008.7714;

  /** Widens the box beyond rounding: of quantisation (1e-7 degrees) and of sloppy trigonometry. */
  private static final double MARGIN_DEGREES = 1e-5;

  /**
   * The chosen points, nearest first.
   *
   * @param points grid point ids
   * @param distances arc distances in metres as Elasticsearch sorts by them
   */
  public record Nearest(int[] points, double[] distances) {

    public int size() {
      return points.length;
    }

    /** The distance of one of these points. */
    double distanceOf(int point) {
      for (int i = 0; i < points.length; i++) {
        if (points[i] == point) {
          return distances[i];
        }
      }
      throw new IllegalStateException(
          "Elasticsearch returned grid point " + point + ", which was not asked for");
    }
  }

  private GridNeighbours() {}

  /** The distinct corners of the grid cell around a place (a bilinear request's points). */
  public static Nearest cell(RegularLatLonGrid grid, double lat, double lon) {
    int[] corners = Bilinear.of(grid, lat, lon).points();
    int[] points = Arrays.stream(corners).distinct().toArray();
    double[] distances = new double[points.length];
    for (int i = 0; i < points.length; i++) {
      distances[i] = sortDistance(lat, lon, grid.latitude(points[i]), grid.longitude(points[i]));
    }
    return new Nearest(points, distances);
  }

  /**
   * The n nearest points (fewer when the grid has fewer, or fewer lie within the radius, as the geo
   * path's distance filter would leave).
   *
   * @param radiusMeters the geo path's search radius: points beyond it are not returned
   */
  public static Nearest nearest(
      RegularLatLonGrid grid, double lat, double lon, int n, double radiusMeters) {
    int wanted = Math.min(n, grid.pointCount());
    TopN top = new TopN(wanted);
    double rowAt = (lat - grid.lat0()) / grid.dLat();
    double colAt = eastOf(grid, lon) / grid.dLon();
    // Pass 1: a window around the request holding at least n points bounds the n-th distance.
    int half = (int) Math.ceil(Math.sqrt(wanted) / 2) + 1;
    while (true) {
      top.clear();
      int rowFrom = (int) Math.floor(rowAt) - half;
      int rowTo = (int) Math.ceil(rowAt) + half;
      int colFrom = (int) Math.floor(colAt) - half;
      int colTo = (int) Math.ceil(colAt) + half;
      int count = scan(grid, lat, lon, rowFrom, rowTo, colFrom, colTo, top);
      if (count >= wanted
          || (rowFrom <= 0
              && rowTo >= grid.nLat() - 1
              && colFrom <= 0
              && colTo >= grid.nLon() - 1)) {
        break;
      }
      half *= 2;
    }
    double bound = top.full() ? top.worst() : Double.POSITIVE_INFINITY;
    // Pass 2: every point within the bound.
    top.clear();
    if (Double.isInfinite(bound)) {
      scan(grid, lat, lon, 0, grid.nLat() - 1, 0, grid.nLon() - 1, top);
    } else {
      double angle = bound / EARTH_RADIUS;
      double dLatDeg = Math.toDegrees(angle) + MARGIN_DEGREES;
      double south = lat - dLatDeg;
      double north = lat + dLatDeg;
      int[] rows = rowRange(grid, south, north);
      double maxAbsLat = Math.max(Math.abs(south), Math.abs(north));
      boolean allColumns =
          north >= 90 || south <= -90 || Math.sin(angle) >= Math.cos(Math.toRadians(maxAbsLat));
      if (allColumns) {
        scan(grid, lat, lon, rows[0], rows[1], 0, grid.nLon() - 1, top);
      } else {
        double dLonDeg =
            Math.toDegrees(Math.asin(Math.sin(angle) / Math.cos(Math.toRadians(maxAbsLat))))
                + MARGIN_DEGREES;
        double east = eastOf(grid, lon);
        if (grid.global()) {
          int colFrom = (int) Math.floor((east - dLonDeg) / grid.dLon());
          int colTo = (int) Math.ceil((east + dLonDeg) / grid.dLon());
          scan(grid, lat, lon, rows[0], rows[1], colFrom, colTo, top);
        } else {
          // A regional grid's columns do not wrap, but its far end may lie just west of the
          // request.
          int scannedTo = -1;
          for (int shift = -360; shift <= 360; shift += 360) {
            int colFrom =
                Math.max(scannedTo + 1, (int) Math.floor((east - dLonDeg + shift) / grid.dLon()));
            int colTo = (int) Math.ceil((east + dLonDeg + shift) / grid.dLon());
            if (colTo >= Math.max(0, colFrom)) {
              scan(grid, lat, lon, rows[0], rows[1], colFrom, colTo, top);
              scannedTo = Math.max(scannedTo, Math.min(grid.nLon() - 1, colTo));
            }
          }
        }
      }
    }
    return top.result(radiusMeters);
  }

  /** Arc distance from a request to a grid point as Elasticsearch's sort computes it. */
  public static double sortDistance(double lat, double lon, double pointLat, double pointLon) {
    double indexedLat = GeoEncodingUtils.decodeLatitude(GeoEncodingUtils.encodeLatitude(pointLat));
    double indexedLon =
        GeoEncodingUtils.decodeLongitude(GeoEncodingUtils.encodeLongitude(pointLon));
    return SloppyMath.haversinMeters(lat, lon, indexedLat, indexedLon);
  }

  /** Degrees east of the grid's first column, in [0, 360). */
  private static double eastOf(RegularLatLonGrid grid, double lon) {
    return ((lon - grid.lon0()) % 360 + 360) % 360;
  }

  /** Rows whose latitude may lie in [south, north], clamped to the grid. */
  private static int[] rowRange(RegularLatLonGrid grid, double south, double north) {
    double a = (south - grid.lat0()) / grid.dLat();
    double b = (north - grid.lat0()) / grid.dLat();
    int from = (int) Math.floor(Math.min(a, b));
    int to = (int) Math.ceil(Math.max(a, b));
    return new int[] {Math.max(0, from), Math.min(grid.nLat() - 1, to)};
  }

  /**
   * Offers the points of rows [rowFrom, rowTo] and columns [colFrom, colTo] (columns wrap on a
   * global grid; both are cut at a regional grid's edges); returns how many points it offered.
   */
  private static int scan(
      RegularLatLonGrid grid,
      double lat,
      double lon,
      int rowFrom,
      int rowTo,
      int colFrom,
      int colTo,
      TopN top) {
    rowFrom = Math.max(0, rowFrom);
    rowTo = Math.min(grid.nLat() - 1, rowTo);
    int nLon = grid.nLon();
    if (grid.global()) {
      if (colTo - colFrom + 1 >= nLon) {
        colFrom = 0;
        colTo = nLon - 1;
      }
    } else {
      colFrom = Math.max(0, colFrom);
      colTo = Math.min(nLon - 1, colTo);
    }
    int count = 0;
    for (int row = rowFrom; row <= rowTo; row++) {
      double pointLat = grid.latitude(row * nLon);
      for (int c = colFrom; c <= colTo; c++) {
        int col = Math.floorMod(c, nLon);
        int point = row * nLon + col;
        top.offer(point, sortDistance(lat, lon, pointLat, grid.longitude(point)));
        count++;
      }
    }
    return count;
  }

  /**
   * The best n (distance, then point id) offered so far, kept sorted; n is small (at most
   * max-neighbours).
   */
  private static final class TopN {
    private final int[] points;
    private final double[] distances;
    private int size;

    TopN(int n) {
      points = new int[n];
      distances = new double[n];
    }

    void clear() {
      size = 0;
    }

    boolean full() {
      return size == points.length;
    }

    double worst() {
      return distances[size - 1];
    }

    void offer(int point, double distance) {
      int n = points.length;
      if (size == n && !before(distance, point, distances[n - 1], points[n - 1])) {
        return;
      }
      int at = size == n ? n - 1 : size++;
      while (at > 0 && before(distance, point, distances[at - 1], points[at - 1])) {
        points[at] = points[at - 1];
        distances[at] = distances[at - 1];
        at--;
      }
      points[at] = point;
      distances[at] = distance;
    }

    private static boolean before(
        double distance, int point, double otherDistance, int otherPoint) {
      return distance < otherDistance || (distance == otherDistance && point < otherPoint);
    }

    Nearest result(double radiusMeters) {
      int kept = 0;
      while (kept < size && distances[kept] <= radiusMeters) {
        kept++;
      }
      return new Nearest(Arrays.copyOf(points, kept), Arrays.copyOf(distances, kept));
    }
  }
}
