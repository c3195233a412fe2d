package dev.spotcast.ingestor.source.file;

import java.util.Optional;

/**
 * The points of a field: their number, order and coordinates. Fields with the same grid definition
 * share one instance within a file, and grids are equal across files when their definitions are, so
 * the per-point coordinates are computed once per grid.
 */
public interface FieldGrid {

  /** The grid type as ecCodes names it: "regular_ll", "regular_gg", "reduced_gg", "lambert", ... */
  String kind();

  int pointCount();

  /** Latitude of a point in degrees. */
  double latitude(int point);

  /** Longitude of a point in degrees, in [-180, 180). */
  double longitude(int point);

  /**
   * An upper bound of the distance between neighbouring points in km; a circle of this radius
   * around any location covered by the grid contains at least one point.
   */
  double maxSpacingKm();

  /** The arithmetic definition, for regular latitude/longitude grids only. */
  Optional<RegularLatLon> regular();
}
