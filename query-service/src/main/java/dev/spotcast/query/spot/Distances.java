package dev.spotcast.query.spot;

import net.sf.geographiclib.Geodesic;
import net.sf.geographiclib.GeodesicMask;

/**
 * Geodesic distances on the WGS84 ellipsoid from a place to grid points (GeographicLib): what the
 * answers name as each neighbour's distance and inverse-distance weighting weighs by. A series
 * works them out once for all its steps ({@link SpotInterpolator#series}).
 */
final class Distances {

  private Distances() {}

  /** Metres from (lat1, lon1) to (lat2, lon2) along the ellipsoid. */
  static double metres(double lat1, double lon1, double lat2, double lon2) {
    return Geodesic.WGS84.Inverse(lat1, lon1, lat2, lon2, GeodesicMask.DISTANCE).s12;
  }
}
