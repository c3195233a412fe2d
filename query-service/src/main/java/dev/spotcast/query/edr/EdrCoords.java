package dev.spotcast.query.edr;

import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.query.spot.BadParameterException;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

/**
 * The {@code coords=} of a position query: a WKT {@code POINT(lon lat)} or {@code POINT Z(lon lat
 * z)} in CRS84, read with JTS.
 *
 * @param lon longitude normalised to [-180, 180) ([0, 360] accepted)
 * @param lat latitude in [-90, 90]
 * @param z the third coordinate of a POINT Z, or null
 */
public record EdrCoords(double lon, double lat, Double z) {

  static final String PARAMETER = "coords";

  public static EdrCoords parse(String text) {
    if (text == null || text.isBlank()) {
      throw new BadParameterException(
          PARAMETER, "coords is required, e.g. POINT(5.25 45.5) (lon lat, CRS84)");
    }
    String wkt = text.strip();
    int close = wkt.indexOf(')');
    if (close >= 0 && close < wkt.length() - 1) {
      throw new BadParameterException(
          PARAMETER,
          "coords must be one WKT POINT and nothing after it; found '"
              + wkt.substring(close + 1)
              + "' after "
              + wkt.substring(0, close + 1));
    }
    Geometry geometry;
    try {
      // A new reader per call: WKTReader is not thread-safe.
      geometry = new WKTReader().read(text.strip());
    } catch (ParseException | IllegalArgumentException e) {
      throw new BadParameterException(
          PARAMETER,
          "coords must be WKT POINT(lon lat) or POINT Z(lon lat z) in CRS84; '"
              + text.strip()
              + "' is not valid WKT: "
              + e.getMessage());
    }
    if (!(geometry instanceof Point point)) {
      throw new BadParameterException(
          PARAMETER,
          "coords: only POINT(lon lat) or POINT Z(lon lat z) is supported by the position query; got a "
              + geometry.getGeometryType());
    }
    if (point.isEmpty()) {
      throw new BadParameterException(
          PARAMETER, "coords: POINT EMPTY has no position; give POINT(lon lat)");
    }
    Coordinate c = point.getCoordinate();
    if (!Double.isFinite(c.x) || !Double.isFinite(c.y)) {
      throw new BadParameterException(
          PARAMETER, "coords must be finite numbers, got " + text.strip());
    }
    if (c.y < -90 || c.y > 90) {
      throw new BadParameterException(
          PARAMETER, "coords: latitude (second number) must be within [-90, 90], got " + c.y);
    }
    if (c.x < -180 || c.x > 360) {
      throw new BadParameterException(
          PARAMETER,
          "coords: longitude (first number) must be within [-180, 180] (or [0, 360]), got " + c.x);
    }
    Double z = null;
    if (!Double.isNaN(c.getZ())) {
      if (!Double.isFinite(c.getZ())) {
        throw new BadParameterException(
            PARAMETER, "coords: z must be a finite number, got " + c.getZ());
      }
      z = c.getZ();
    }
    return new EdrCoords(RegularLatLonGrid.normaliseLongitude(c.x), c.y, z);
  }
}
