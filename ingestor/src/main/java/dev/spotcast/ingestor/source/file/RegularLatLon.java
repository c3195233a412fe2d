package dev.spotcast.ingestor.source.file;

/**
 * The definition of a regular latitude/longitude grid in scan order: point {@code row * nLon + col}
 * lies at latitude {@code lat0 + row * dLat} and longitude {@code lon0 + col * dLon}. dLat is
 * negative when the rows run from north to south, dLon negative when the columns run west. This
 * lets the query side find a point's index arithmetically instead of searching.
 */
public record RegularLatLon(
    double lat0, double lon0, double dLat, double dLon, int nLat, int nLon) {

  /** The index of the point in the given row and column. */
  public int index(int row, int col) {
    return row * nLon + col;
  }

  public int pointCount() {
    return nLat * nLon;
  }
}
