package dev.spotcast.query.edr;

import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.TooLargeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

/**
 * The coords of an EDR trajectory query: a WKT LINESTRING in CRS84, with optionally a level per
 * vertex (Z: m above ground or hPa, as z=) and a time per vertex (M: seconds since
 * 1970-01-01T00:00Z, as EDR defines it). EDR's spellings LINESTRINGZ, LINESTRINGM and LINESTRINGZM
 * are read as LINESTRING Z, M and ZM.
 *
 * @param levels per vertex, or null without Z
 * @param times per vertex, or null without M
 */
record Trajectory(List<Double> lons, List<Double> lats, List<Double> levels, List<Instant> times) {

  static Trajectory parse(String coords, int max) {
    if (coords == null || coords.isBlank()) {
      throw new BadParameterException(
          Areas.COORDS,
          "coords is required: a WKT LINESTRING (lon lat, CRS84), with Z"
              + " (level) and M (time, epoch seconds) optional, e.g. LINESTRINGM(5 45 1795219200, 6 46 1795230000)");
    }
    String wkt =
        coords.strip().replaceFirst("(?i)^LINESTRING\\s*(ZM|Z|M)\\s*\\(", "LINESTRING $1 (");
    Geometry geometry;
    try {
      geometry = new WKTReader().read(wkt);
    } catch (ParseException | IllegalArgumentException e) {
      throw new BadParameterException(
          Areas.COORDS,
          "coords must be a WKT LINESTRING (Z, M or ZM) in CRS84; '"
              + coords.strip()
              + "' is not valid WKT: "
              + e.getMessage());
    }
    if (!(geometry instanceof LineString line) || line.isEmpty()) {
      throw new BadParameterException(
          Areas.COORDS,
          "coords of a trajectory query must be a LINESTRING, got " + geometry.getGeometryType());
    }
    String kind = wkt.toUpperCase(Locale.ROOT);
    boolean hasZ = kind.startsWith("LINESTRING Z");
    boolean hasM = kind.startsWith("LINESTRING M") || kind.startsWith("LINESTRING ZM");
    CoordinateSequence sequence = line.getCoordinateSequence();
    int n = sequence.size();
    if (n > max) {
      throw new TooLargeException(
          Areas.COORDS,
          "the trajectory has "
              + n
              + " vertices, more than "
              + max
              + " (spotcast.query.edr-max-points): split it");
    }
    List<Double> lons = new ArrayList<>(n);
    List<Double> lats = new ArrayList<>(n);
    List<Double> levels = hasZ ? new ArrayList<>(n) : null;
    List<Instant> times = hasM ? new ArrayList<>(n) : null;
    for (int i = 0; i < n; i++) {
      double lon = sequence.getX(i);
      double lat = sequence.getY(i);
      if (!(lat >= -90 && lat <= 90) || !(lon >= -180 && lon <= 360)) {
        throw new BadParameterException(
            Areas.COORDS,
            "coords: vertex "
                + (i + 1)
                + " ("
                + lon
                + " "
                + lat
                + ") is outside latitudes [-90, 90] and longitudes [-180, 180] (or [0, 360])");
      }
      lons.add(lon);
      lats.add(lat);
      if (hasZ) {
        double z = sequence.getZ(i);
        if (!Double.isFinite(z)) {
          throw new BadParameterException(
              Areas.COORDS, "coords: vertex " + (i + 1) + " has no Z (level)");
        }
        levels.add(z);
      }
      if (hasM) {
        double m = sequence.getM(i);
        if (!Double.isFinite(m) || m != Math.rint(m) || Math.abs(m) > 1e11) {
          throw new BadParameterException(
              Areas.COORDS,
              "coords: vertex "
                  + (i + 1)
                  + " needs M as whole seconds since"
                  + " 1970-01-01T00:00:00Z, got "
                  + m);
        }
        times.add(Instant.ofEpochSecond((long) m));
      }
    }
    return new Trajectory(lons, lats, levels, times);
  }
}
