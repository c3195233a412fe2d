package dev.spotcast.query.spot;

import java.util.HashMap;
import java.util.Map;
import net.sf.geographiclib.Geodesic;
import net.sf.geographiclib.GeodesicMask;

/**
 * Geodesic distances on the WGS84 ellipsoid from a place to grid points, each worked out once per
 * answer: the steps of a series interpolate between the same neighbours, so a series asks for the
 * same few distances once per step. Not thread-safe: one per answer being made.
 */
final class Distances {

  private record Between(double lat1, double lon1, double lat2, double lon2) {}

  private final Map<Between, Double> known = new HashMap<>();

  /** A memo for the answers of one request (the steps of a series). */
  static Distances forOneRequest() {
    return new Distances();
  }

  /** Metres from (lat1, lon1) to (lat2, lon2) along the ellipsoid. */
  double metres(double lat1, double lon1, double lat2, double lon2) {
    return known.computeIfAbsent(
        new Between(lat1, lon1, lat2, lon2),
        b -> Geodesic.WGS84.Inverse(b.lat1, b.lon1, b.lat2, b.lon2, GeodesicMask.DISTANCE).s12);
  }
}
