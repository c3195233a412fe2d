package dev.spotcast.ingestor.source.file;

import dev.spotcast.ingestor.source.file.Eccodes.EccodesException;
import dev.spotcast.ingestor.source.file.GridFactory.LatLonBox;
import dev.spotcast.ingestor.source.file.GridFactory.UnsupportedGridException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The grid of a GRIB message as ecCodes reads it. A regular latitude/longitude grid is kept as its
 * arithmetic definition (so that queries can compute the nearest points); every other grid type
 * ecCodes can locate (Gaussian, reduced, rotated, Lambert, polar stereographic, Mercator, ...) gets
 * ecCodes' own latitude and longitude of every point. Grids are shared through {@link GridCache} by
 * the MD5 ecCodes computes over the grid definition section.
 */
final class GribGrids {

  private static final double GRIB1_RESOLUTION = 1e-3;
  private static final double GRIB2_RESOLUTION = 1e-6;

  private GribGrids() {}

  static PointGrid of(Eccodes ec, MemorySegment h, int edition) throws EccodesException {
    String kind = ec.getString(h, "gridType").orElse("unknown");
    String md5 = ec.getString(h, "md5GridSection").orElse(null);
    if (md5 == null) {
      throw new UnsupportedGridException(
          "no grid definition section (predefined grids not supported)");
    }
    EccodesException[] failure = new EccodesException[1];
    byte[] key = (kind + "/" + md5).getBytes(StandardCharsets.US_ASCII);
    PointGrid grid =
        GridCache.get(
            edition,
            key,
            () -> {
              try {
                return build(ec, h, edition, kind);
              } catch (EccodesException e) {
                failure[0] = e;
                return null;
              }
            });
    if (failure[0] != null) {
      throw failure[0];
    }
    return grid;
  }

  private static PointGrid build(Eccodes ec, MemorySegment h, int edition, String kind)
      throws EccodesException {
    ScanMode scan = ScanMode.of(ec.getLong(h, "scanningMode").orElse(0L).intValue());
    if (kind.equals("regular_ll")) {
      return GridFactory.regularLatLon(
          new LatLonBox(
              ec.requireDouble(h, "latitudeOfFirstGridPointInDegrees"),
              ec.requireDouble(h, "longitudeOfFirstGridPointInDegrees"),
              ec.requireDouble(h, "latitudeOfLastGridPointInDegrees"),
              ec.requireDouble(h, "longitudeOfLastGridPointInDegrees"),
              (int) ec.requireLong(h, "Ni"),
              (int) ec.requireLong(h, "Nj"),
              scan,
              null,
              0,
              edition == 1 ? GRIB1_RESOLUTION : GRIB2_RESOLUTION));
    }
    if (kind.startsWith("sh") || kind.equals("unknown")) {
      String code =
          edition == 1
              ? "GRIB1 data representation type "
                  + ec.getLong(h, "dataRepresentationType").orElse(-1L)
              : "GRIB2 template 3." + ec.getLong(h, "gridDefinitionTemplateNumber").orElse(-1L);
      throw new UnsupportedGridException(
          "grid type "
              + kind
              + " ("
              + code
              + ") not supported: ecCodes gives no "
              + "latitude and longitude for its points");
    }
    double[] lats;
    double[] lons;
    try {
      lats = ec.getDoubleArray(h, "latitudes");
      lons = ec.getDoubleArray(h, "longitudes");
    } catch (EccodesException e) {
      throw new UnsupportedGridException(
          "grid type "
              + kind
              + ": ecCodes cannot compute its points ("
              + e.getMessage().replaceFirst("^key latitudes: ", "")
              + ")");
    }
    int[] rows = rowLengths(ec, h, scan, lats.length);
    return new PointGrid(
        kind,
        Arrays.asList(kind, ec.getString(h, "md5GridSection").orElseThrow()),
        lats,
        lons,
        rows,
        null);
  }

  /**
   * The number of consecutive points per row: the pl array of a reduced grid, else Ni (or Nj)
   * repeated.
   */
  private static int[] rowLengths(Eccodes ec, MemorySegment h, ScanMode scan, int points)
      throws EccodesException {
    long ni = ec.getLong(h, "Ni").orElse(0L);
    long nj = ec.getLong(h, "Nj").orElse(0L);
    boolean reduced = ec.getLong(h, "PLPresent").orElse(0L) != 0 || ni <= 0 || ni == 2147483647L;
    if (reduced) {
      return Arrays.stream(ec.getDoubleArray(h, "pl")).mapToInt(d -> (int) d).toArray();
    }
    if (ni * nj != points) {
      throw new UnsupportedGridException(
          "grid of " + ni + " x " + nj + " points with " + points + " coordinates");
    }
    return scan.runLengths((int) ni, (int) nj);
  }
}
