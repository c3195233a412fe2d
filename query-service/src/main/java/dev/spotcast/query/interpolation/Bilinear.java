package dev.spotcast.query.interpolation;

import dev.spotcast.model.RegularLatLonGrid;

/**
 * Bilinear interpolation in latitude and longitude on a regular grid: the four corners of the grid
 * cell holding the request, each weighted by the product of its closeness in both directions. On a
 * grid's last row or column the cell is the one before it (a weight of 0 on the far side); across
 * the antimeridian of a global grid the last column's cell closes on the first column.
 */
public final class Bilinear {

  /**
   * The corners and their weights, corner order: (row0, col0), (row0, col1), (row1, col0), (row1,
   * col1). A corner may repeat on a grid with a single row or column; its weights then add up.
   */
  public record Corners(int[] points, double[] weights) {}

  private Bilinear() {}

  /** The cell of a request that lies inside the grid (the caller has checked it). */
  public static Corners of(RegularLatLonGrid grid, double lat, double lon) {
    double rowAt = (lat - grid.lat0()) / grid.dLat();
    double east = ((lon - grid.lon0()) % 360 + 360) % 360;
    double colAt = east / grid.dLon();
    int nLat = grid.nLat();
    int nLon = grid.nLon();

    int row0 = clamp((int) Math.floor(rowAt + 1e-9), 0, Math.max(0, nLat - 2));
    int row1 = Math.min(row0 + 1, nLat - 1);
    double fy = row1 == row0 ? 0 : clamp01(rowAt - row0);

    int col0;
    int col1;
    double fx;
    if (grid.global()) {
      col0 = Math.floorMod((int) Math.floor(colAt + 1e-9), nLon);
      col1 = (col0 + 1) % nLon;
      fx = clamp01(colAt - Math.floor(colAt + 1e-9));
    } else {
      col0 = clamp((int) Math.floor(colAt + 1e-9), 0, Math.max(0, nLon - 2));
      col1 = Math.min(col0 + 1, nLon - 1);
      fx = col1 == col0 ? 0 : clamp01(colAt - col0);
    }
    int[] points = {row0 * nLon + col0, row0 * nLon + col1, row1 * nLon + col0, row1 * nLon + col1};
    double[] weights = {(1 - fy) * (1 - fx), (1 - fy) * fx, fy * (1 - fx), fy * fx};
    return new Corners(points, weights);
  }

  private static int clamp(int value, int min, int max) {
    return Math.max(min, Math.min(max, value));
  }

  /** A fraction in [0, 1]; rounding may give -1e-12 or 1 + 1e-12 on a grid line. */
  private static double clamp01(double value) {
    return Math.max(0, Math.min(1, value));
  }
}
