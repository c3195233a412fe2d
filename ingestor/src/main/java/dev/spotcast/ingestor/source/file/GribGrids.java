package dev.spotcast.ingestor.source.file;

import dev.spotcast.ingestor.source.file.GridFactory.LatLonBox;
import dev.spotcast.ingestor.source.file.GridFactory.UnsupportedGridException;
import ucar.nc2.grib.GdsHorizCoordSys;
import ucar.nc2.grib.grib1.Grib1Gds;
import ucar.nc2.grib.grib2.Grib2Gds;

/**
 * Turns the grid definition sections netCDF-Java parsed (GRIB1 GDS, GRIB2 section 3) into grids of
 * points in stored order. Projected grids take their projection and first point from netCDF-Java's
 * {@link GdsHorizCoordSys}.
 */
final class GribGrids {

  private static final double GRIB1_RESOLUTION = 1e-3;
  private static final double GRIB2_RESOLUTION = 1e-6;

  private GribGrids() {}

  /** The grid of a GRIB1 GDS; throws {@link UnsupportedGridException} for kinds not supported. */
  static PointGrid of(Grib1Gds gds) {
    ScanMode scan = ScanMode.of(gds.getScanMode());
    if (gds instanceof Grib1Gds.RotatedLatLon) {
      throw new UnsupportedGridException("grid type rotated_ll (GRIB1 data representation type 10) not supported");
    }
    if (gds instanceof Grib1Gds.GaussianLatLon g) {
      return GridFactory.gaussian(new LatLonBox(g.la1, g.lo1, g.la2, g.lo2, g.getNxRaw(), g.getNyRaw(), scan,
          thinRows(g.getNptsInLine(), g.getNxRaw()), gaussianN(g), GRIB1_RESOLUTION));
    }
    if (gds instanceof Grib1Gds.LatLon g) {
      requireNotThin(g.getNptsInLine(), "regular_ll");
      return GridFactory.regularLatLon(new LatLonBox(g.la1, g.lo1, g.la2, g.lo2, g.getNxRaw(), g.getNyRaw(), scan,
          null, 0, GRIB1_RESOLUTION));
    }
    String kind = switch (gds) {
      case Grib1Gds.LambertConformal ignored -> "lambert";
      case Grib1Gds.PolarStereographic ignored -> "polar_stereographic";
      case Grib1Gds.Mercator ignored -> "mercator";
      default -> throw new UnsupportedGridException(
          "grid type " + gds.getNameShort() + " (GRIB1 data representation type " + gds.template + ") not supported");
    };
    requireNotThin(gds.getNptsInLine(), kind);
    return projected(kind, gds.makeHorizCoordSys(), gds.getNxRaw(), gds.getNyRaw(), scan);
  }

  /** The grid of a GRIB2 grid definition; throws {@link UnsupportedGridException} for kinds not supported. */
  static PointGrid of(Grib2Gds gds) {
    ScanMode scan = ScanMode.of(gds.getScanMode());
    if (gds instanceof Grib2Gds.RotatedLatLon) {
      throw new UnsupportedGridException("grid type rotated_ll (GRIB2 template 3.1) not supported");
    }
    if (gds instanceof Grib2Gds.GaussLatLon g) {
      return GridFactory.gaussian(new LatLonBox(g.la1, g.lo1, g.la2, g.lo2, g.getNxRaw(), g.getNyRaw(), scan,
          thinRows(g.getNptsInLine(), g.getNxRaw()), g.Nparellels, GRIB2_RESOLUTION));
    }
    if (gds instanceof Grib2Gds.LatLon g) {
      requireNotThin(g.getNptsInLine(), "regular_ll");
      return GridFactory.regularLatLon(new LatLonBox(g.la1, g.lo1, g.la2, g.lo2, g.getNxRaw(), g.getNyRaw(), scan,
          null, 0, GRIB2_RESOLUTION));
    }
    String kind = switch (gds) {
      case Grib2Gds.AlbersEqualArea ignored -> "albers";
      case Grib2Gds.LambertConformal ignored -> "lambert";
      case Grib2Gds.PolarStereographic ignored -> "polar_stereographic";
      case Grib2Gds.Mercator ignored -> "mercator";
      default -> throw new UnsupportedGridException(
          "grid type " + gds.getNameShort() + " (GRIB2 template 3." + gds.template + ") not supported");
    };
    requireNotThin(gds.getNptsInLine(), kind);
    return projected(kind, gds.makeHorizCoordSys(), gds.getNxRaw(), gds.getNyRaw(), scan);
  }

  private static PointGrid projected(String kind, GdsHorizCoordSys hcs, int nx, int ny, ScanMode scan) {
    if (hcs == null || hcs.proj == null) {
      throw new UnsupportedGridException("grid type " + kind + " without a projection");
    }
    return GridFactory.projected(kind, hcs.proj, hcs.startx, hcs.starty, hcs.dx, hcs.dy, nx, ny, scan);
  }

  /** The GRIB1 Gaussian N (octets 26-27) is not public in netCDF-Java; it is what ny spans for a global grid. */
  private static int gaussianN(Grib1Gds.GaussianLatLon g) {
    byte[] raw = g.getRawBytes();
    return ((raw[25] & 0xff) << 8) | (raw[26] & 0xff);
  }

  /** Points per row of a grid reduced along its rows; null for a full grid. */
  private static int[] thinRows(int[] nptsInLine, int nx) {
    if (nptsInLine == null) {
      return null;
    }
    if (nx > 0) {
      throw new UnsupportedGridException("grid reduced along its columns not supported");
    }
    return nptsInLine;
  }

  private static void requireNotThin(int[] nptsInLine, String kind) {
    if (nptsInLine != null) {
      throw new UnsupportedGridException("reduced (quasi-regular) " + kind + " grid not supported");
    }
  }
}
