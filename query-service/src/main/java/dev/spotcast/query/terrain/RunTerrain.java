package dev.spotcast.query.terrain;

/**
 * A run's terrain, per grid point: the height above sea level of the model's ground and its land
 * fraction, each absent when the run has no such field. Held in memory by {@link TerrainStore}.
 *
 * @param elevation metres above sea level by grid point, NaN where the run has no value; null
 *     without orography
 * @param land land fraction 0..1 by grid point, NaN where the run has no value; null without a mask
 * @param source the run's parameters they were read from, e.g. "orog, lsm"
 */
public record RunTerrain(float[] elevation, float[] land, double landThreshold, String source) {

  /** A run without terrain. */
  public static final RunTerrain NONE = new RunTerrain(null, null, 1, "");

  /** A run whose terrain is still being read: answered without it for now. */
  public static final RunTerrain PENDING = new RunTerrain(null, null, 1, "pending");

  public boolean pending() {
    return this == PENDING;
  }

  public boolean hasElevation() {
    return elevation != null;
  }

  public boolean hasMask() {
    return land != null;
  }

  public boolean none() {
    return elevation == null && land == null;
  }

  /** The model ground's height at a grid point (m), NaN when unknown. */
  public double elevation(int point) {
    return elevation == null || point < 0 || point >= elevation.length
        ? Double.NaN
        : elevation[point];
  }

  /** The land fraction at a grid point, NaN when unknown. */
  public double landFraction(int point) {
    return land == null || point < 0 || point >= land.length ? Double.NaN : land[point];
  }

  /**
   * Whether a grid point is of the kind a selection asks for; a point without a mask value is not.
   */
  public boolean accepts(CellSelection selection, int point) {
    if (selection == CellSelection.NEAREST || land == null) {
      return true;
    }
    double fraction = landFraction(point);
    if (Double.isNaN(fraction)) {
      return false;
    }
    return selection == CellSelection.LAND ? fraction >= landThreshold : fraction < landThreshold;
  }
}
