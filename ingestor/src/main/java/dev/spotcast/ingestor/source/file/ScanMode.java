package dev.spotcast.ingestor.source.file;

import java.util.Arrays;

/**
 * The GRIB scanning-mode flags (GRIB1 table 8, GRIB2 flag table 3.4; the same bits in both): in
 * which order the values of a grid are stored. Values are kept in that stored order, the order in
 * which ecCodes numbers the points, so the coordinates are generated in it too.
 *
 * @param iNegative points of a row run towards the west (-i)
 * @param jPositive rows run towards the north (+j)
 * @param jConsecutive points of a column, not of a row, are stored one after the other
 * @param alternating every second row runs the opposite way (boustrophedon)
 */
record ScanMode(boolean iNegative, boolean jPositive, boolean jConsecutive, boolean alternating) {

  static ScanMode of(int flags) {
    return new ScanMode(
        (flags & 0x80) != 0, (flags & 0x40) != 0, (flags & 0x20) != 0, (flags & 0x10) != 0);
  }

  /**
   * The column (i, counted in the scan direction of a row) of the point stored at {@code point} in
   * an nx-by-ny grid.
   */
  int column(int point, int nx, int ny) {
    if (jConsecutive) {
      return point / ny;
    }
    int col = point % nx;
    return alternating && (point / nx) % 2 == 1 ? nx - 1 - col : col;
  }

  /**
   * The row (j, counted in the scan direction of a column) of the point stored at {@code point}.
   */
  int row(int point, int nx, int ny) {
    if (!jConsecutive) {
      return point / nx;
    }
    int row = point % ny;
    return alternating && (point / ny) % 2 == 1 ? ny - 1 - row : row;
  }

  /** The lengths of the runs of consecutive points: ny runs of nx, or nx runs of ny. */
  int[] runLengths(int nx, int ny) {
    int[] runs = new int[jConsecutive ? nx : ny];
    Arrays.fill(runs, jConsecutive ? ny : nx);
    return runs;
  }
}
