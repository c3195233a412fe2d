package dev.spotcast.ingestor.source.file;

import java.util.Arrays;
import java.util.List;
import ucar.unidata.geoloc.LatLonPoint;
import ucar.unidata.geoloc.ProjectionImpl;
import ucar.unidata.util.GaussianLatitudes;

/**
 * Builds the coordinates of the supported grid kinds from edition-neutral definitions. Latitudes of
 * Gaussian grids come from netCDF-Java's {@link GaussianLatitudes}, projected points from its
 * projection classes; only the stepping through rows and columns in scan order is done here.
 */
final class GridFactory {

  private GridFactory() {}

  /**
   * A latitude/longitude box as a GDS gives it.
   *
   * @param nx points per row, or -1 for a reduced grid (then nptsInLine holds each row's count)
   * @param gaussianN the number of latitudes between a pole and the equator (Gaussian grids only)
   * @param resolution the precision the GDS stores angles with (1e-3 degrees in GRIB1, 1e-6 in
   *     GRIB2)
   */
  record LatLonBox(
      double la1,
      double lo1,
      double la2,
      double lo2,
      int nx,
      int ny,
      ScanMode scan,
      int[] nptsInLine,
      int gaussianN,
      double resolution) {

    double lat1() {
      return round(la1, resolution);
    }

    double lon1() {
      return round(lo1, resolution);
    }

    double lat2() {
      return round(la2, resolution);
    }

    /** The last longitude, on the side of the first one that the scan direction implies. */
    double lon2() {
      double l2 = round(lo2, resolution);
      double l1 = lon1();
      if (scan.iNegative()) {
        while (l2 > l1) l2 -= 360;
      } else {
        while (l2 < l1) l2 += 360;
      }
      return l2;
    }
  }

  static PointGrid regularLatLon(LatLonBox box) {
    int nx = box.nx();
    int ny = box.ny();
    double dLat = ny > 1 ? (box.lat2() - box.lat1()) / (ny - 1) : 0;
    double dLon = nx > 1 ? (box.lon2() - box.lon1()) / (nx - 1) : 0;
    RegularLatLon regular = new RegularLatLon(box.lat1(), box.lon1(), dLat, dLon, ny, nx);
    ScanMode scan = box.scan();
    RegularLatLon definition =
        new RegularLatLon(
            round(regular.lat0(), 1e-6),
            round(regular.lon0(), 1e-6),
            round(dLat, 1e-6),
            round(dLon, 1e-6),
            ny,
            nx);
    if (!scan.jConsecutive() && !scan.alternating()) {
      return new PointGrid(List.of(definition, scan), regular);
    }
    double[] lats = new double[nx * ny];
    double[] lons = new double[nx * ny];
    for (int p = 0; p < lats.length; p++) {
      lats[p] = box.lat1() + scan.row(p, nx, ny) * dLat;
      lons[p] = box.lon1() + scan.column(p, nx, ny) * dLon;
    }
    return new PointGrid(
        "regular_ll", List.of(definition, scan), lats, lons, scan.runLengths(nx, ny), null);
  }

  /**
   * A regular or reduced Gaussian grid: rows on Gaussian latitudes, points equally spaced along
   * them.
   */
  static PointGrid gaussian(LatLonBox box) {
    int[] rows = box.nptsInLine();
    boolean reduced = rows != null;
    int ny = reduced ? rows.length : box.ny();
    if (box.scan().jConsecutive() || box.scan().alternating()) {
      throw new UnsupportedGridException(
          "Gaussian grid with scanning mode " + box.scan() + " not supported");
    }
    double[] rowLats = gaussianRowLatitudes(box.gaussianN(), box.la1(), ny, box.scan().jPositive());
    int[] lengths = reduced ? rows.clone() : new int[ny];
    if (!reduced) Arrays.fill(lengths, box.nx());
    int total = Arrays.stream(lengths).sum();
    double[] lats = new double[total];
    double[] lons = new double[total];
    double lon1 = box.lon1();
    double span = box.lon2() - lon1;
    int maxRow = Arrays.stream(lengths).max().orElse(1);
    boolean global = Math.abs(Math.abs(span) + 360.0 / maxRow - 360.0) < 360.0 / maxRow / 2;
    int p = 0;
    for (int r = 0; r < ny; r++) {
      int n = lengths[r];
      double dLon;
      if (reduced && global) {
        dLon = (box.scan().iNegative() ? -360.0 : 360.0) / n;
      } else {
        dLon = n > 1 ? span / (n - 1) : 0;
      }
      for (int k = 0; k < n; k++, p++) {
        lats[p] = rowLats[r];
        lons[p] = lon1 + k * dLon;
      }
    }
    List<Object> definition =
        List.of(
            box.gaussianN(),
            round(rowLats[0], 1e-6),
            round(lon1, 1e-6),
            round(box.lon2(), 1e-6),
            box.scan(),
            Arrays.stream(lengths).boxed().toList());
    return new PointGrid(
        reduced ? "reduced_gg" : "regular_gg", definition, lats, lons, lengths, null);
  }

  /** The ny Gaussian latitudes starting at the one nearest la1, going north when jPositive. */
  private static double[] gaussianRowLatitudes(int n, double la1, int ny, boolean jPositive) {
    if (n <= 0) {
      throw new UnsupportedGridException(
          "Gaussian grid without a number of parallels (N=" + n + ")");
    }
    double[] all = new GaussianLatitudes(2 * n).latd;
    int start = 0;
    for (int i = 1; i < all.length; i++) {
      if (Math.abs(all[i] - la1) < Math.abs(all[start] - la1)) start = i;
    }
    boolean ascending = all[all.length - 1] > all[0];
    int step = (jPositive == ascending) ? 1 : -1;
    double[] rows = new double[ny];
    for (int r = 0; r < ny; r++) {
      int i = start + r * step;
      if (i < 0 || i >= all.length) {
        throw new UnsupportedGridException(
            "Gaussian grid rows beyond the " + all.length + " latitudes of N=" + n);
      }
      rows[r] = all[i];
    }
    return rows;
  }

  /**
   * A grid regular in a projection's plane: point (i, j) lies at x0 + i dx, y0 + j dy (km, signs
   * from the scan direction) and its latitude/longitude is the projection's inverse of that.
   */
  static PointGrid projected(
      String kind,
      ProjectionImpl projection,
      double x0,
      double y0,
      double dxKm,
      double dyKm,
      int nx,
      int ny,
      ScanMode scan) {
    double dx = scan.iNegative() ? -Math.abs(dxKm) : Math.abs(dxKm);
    double dy = scan.jPositive() ? Math.abs(dyKm) : -Math.abs(dyKm);
    double[] lats = new double[nx * ny];
    double[] lons = new double[nx * ny];
    for (int p = 0; p < lats.length; p++) {
      LatLonPoint ll =
          projection.projToLatLon(x0 + scan.column(p, nx, ny) * dx, y0 + scan.row(p, nx, ny) * dy);
      lats[p] = ll.getLatitude();
      lons[p] = ll.getLongitude();
    }
    List<Object> definition =
        List.of(
            projection.getClassName(),
            projection.paramsToString(),
            round(x0, 1e-6),
            round(y0, 1e-6),
            round(dx, 1e-6),
            round(dy, 1e-6),
            nx,
            ny,
            scan);
    return new PointGrid(kind, definition, lats, lons, scan.runLengths(nx, ny), null);
  }

  /**
   * Rounds to a multiple of resolution (a power of ten), so 90.00001f stored as millidegrees is 90.
   */
  static double round(double value, double resolution) {
    double perUnit = Math.rint(1 / resolution);
    return Math.rint(value * perUnit) / perUnit;
  }

  /** A grid definition this reader cannot turn into points. */
  static final class UnsupportedGridException extends RuntimeException {
    UnsupportedGridException(String message) {
      super(message);
    }
  }
}
