package dev.spotcast.model;

import java.util.Objects;

/**
 * Any grid whose points do not follow from a few numbers: Gaussian (regular or reduced) and
 * projected grids (e.g. Lambert conformal). The catalog keeps only what queries need (point count,
 * spacing, latitude range); each point's coordinates are in its documents, and its nearest points
 * are found by a geo-distance search.
 */
public record IrregularGrid(
    String kind, int pointCount, double maxSpacingKm, double south, double north)
    implements GridDefinition {

  public IrregularGrid {
    Objects.requireNonNull(kind, "kind");
    if (pointCount < 1) {
      throw new IllegalArgumentException("grid needs at least one point");
    }
    if (!(maxSpacingKm > 0)) {
      throw new IllegalArgumentException("grid spacing must be positive");
    }
    if (!(south >= -90 && south <= north && north <= 90)) {
      throw new IllegalArgumentException(
          "grid latitudes must lie within [-90, 90], got " + south + ".." + north);
    }
  }
}
