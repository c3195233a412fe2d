package dev.spotcast.query.edr;

import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.OutsideForecastException;
import dev.spotcast.query.spot.TooLargeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.sf.geographiclib.Geodesic;
import net.sf.geographiclib.GeodesicMask;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.prep.PreparedGeometry;
import org.locationtech.jts.geom.prep.PreparedGeometryFactory;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

/**
 * The grid points an EDR area, cube or radius query covers: every point of the run's regular
 * lat/lon grid inside the polygon (JTS, boundary included), the box, or the circle (geodesic
 * distance, GeographicLib), scanning only the rows of the shape's latitudes. More than {@code max}
 * points is refused (413) before anything is read.
 */
final class Areas {

  static final String COORDS = "coords";
  static final String BBOX = "bbox";
  static final String WITHIN = "within";
  static final String WITHIN_UNITS = "within-units";

  private static final GeometryFactory GEOMETRIES = new GeometryFactory();

  private Areas() {}

  /** A shape's test of a place (lon in [-180, 180)), and the latitude band that holds it. */
  interface Shape {
    boolean contains(double lat, double lon);

    double south();

    double north();
  }

  static RegularLatLonGrid regular(ForecastRun run, String query) {
    if (run.grid() instanceof RegularLatLonGrid grid) {
      return grid;
    }
    throw new BadParameterException(
        COORDS,
        query
            + " queries need a regular lat/lon grid; model "
            + run.model()
            + " has a "
            + run.grid().kind()
            + " grid: ask positions instead");
  }

  /** coords=POLYGON(...) or MULTIPOLYGON(...), CRS84. */
  static Shape polygon(String coords) {
    if (coords == null || coords.isBlank()) {
      throw new BadParameterException(
          COORDS,
          "coords is required: a WKT POLYGON or MULTIPOLYGON in CRS84 (lon lat),"
              + " e.g. POLYGON((5 45, 7 45, 7 47, 5 47, 5 45))");
    }
    Geometry geometry;
    try {
      geometry = new WKTReader().read(coords.strip());
    } catch (ParseException | IllegalArgumentException e) {
      throw new BadParameterException(
          COORDS,
          "coords must be a WKT POLYGON or MULTIPOLYGON in CRS84; '"
              + coords.strip()
              + "' is not valid WKT: "
              + e.getMessage());
    }
    if (!(geometry instanceof Polygon || geometry instanceof MultiPolygon) || geometry.isEmpty()) {
      throw new BadParameterException(
          COORDS,
          "coords of an area query must be a POLYGON or MULTIPOLYGON, got "
              + (geometry.isEmpty() ? "an empty " : "a ")
              + geometry.getGeometryType());
    }
    if (!geometry.isValid()) {
      throw new BadParameterException(
          COORDS, "coords: the polygon is not valid (self-intersecting or unclosed rings)");
    }
    Envelope envelope = geometry.getEnvelopeInternal();
    if (envelope.getMinY() < -90
        || envelope.getMaxY() > 90
        || envelope.getMinX() < -180
        || envelope.getMaxX() > 360) {
      throw new BadParameterException(
          COORDS,
          "coords: latitudes must be within [-90, 90] and longitudes within"
              + " [-180, 180] (or [0, 360])");
    }
    PreparedGeometry prepared = PreparedGeometryFactory.prepare(geometry);
    boolean east = envelope.getMaxX() > 180;
    return new Shape() {
      @Override
      public boolean contains(double lat, double lon) {
        // covers: points on the boundary count, as a grid line along the polygon's edge should.
        return prepared.covers(GEOMETRIES.createPoint(new Coordinate(lon, lat)))
            || east && prepared.covers(GEOMETRIES.createPoint(new Coordinate(lon + 360, lat)));
      }

      @Override
      public double south() {
        return envelope.getMinY();
      }

      @Override
      public double north() {
        return envelope.getMaxY();
      }
    };
  }

  /** bbox=minLon,minLat,maxLon,maxLat (CRS84), west may exceed east across the antimeridian. */
  static Shape box(String bbox) {
    if (bbox == null || bbox.isBlank()) {
      throw new BadParameterException(
          BBOX, "bbox is required: minLon,minLat,maxLon,maxLat in CRS84, e.g. 5,45,7,47");
    }
    String[] parts = bbox.split(",");
    if (parts.length != 4) {
      throw new BadParameterException(
          BBOX,
          "bbox must be four numbers minLon,minLat,maxLon,maxLat; got '" + bbox.strip() + "'");
    }
    double[] v = new double[4];
    for (int i = 0; i < 4; i++) {
      try {
        v[i] = Double.parseDouble(parts[i].strip());
      } catch (NumberFormatException e) {
        throw new BadParameterException(
            BBOX, "bbox must be four decimal numbers; '" + parts[i].strip() + "' is not one");
      }
      if (!Double.isFinite(v[i])) {
        throw new BadParameterException(
            BBOX, "bbox must be finite numbers, got '" + parts[i].strip() + "'");
      }
    }
    double west = v[0];
    double south = v[1];
    double east = v[2];
    double north = v[3];
    if (south < -90 || north > 90 || south > north) {
      throw new BadParameterException(
          BBOX,
          "bbox latitudes must be within [-90, 90] with minLat <= maxLat; got " + bbox.strip());
    }
    if (west < -180 || west > 360 || east < -180 || east > 360) {
      throw new BadParameterException(
          BBOX, "bbox longitudes must be within [-180, 180] (or [0, 360]); got " + bbox.strip());
    }
    double w = RegularLatLonGrid.normaliseLongitude(west);
    double e = RegularLatLonGrid.normaliseLongitude(east);
    boolean whole = east - west >= 360;
    return new Shape() {
      @Override
      public boolean contains(double lat, double lon) {
        if (lat < south || lat > north) {
          return false;
        }
        if (whole) {
          return true;
        }
        return w <= e ? lon >= w && lon <= e : lon >= w || lon <= e;
      }

      @Override
      public double south() {
        return south;
      }

      @Override
      public double north() {
        return north;
      }
    };
  }

  /**
   * The circle of a radius query: coords=POINT(lon lat), within and within-units (km, m, mi, nm).
   */
  static Shape circle(EdrCoords centre, String within, String units) {
    if (within == null || within.isBlank()) {
      throw new BadParameterException(
          WITHIN, "within is required: the radius, in within-units (default km)");
    }
    double radius;
    try {
      radius = Double.parseDouble(within.strip());
    } catch (NumberFormatException e) {
      throw new BadParameterException(
          WITHIN, "within must be a decimal number, got '" + within.strip() + "'");
    }
    double metresPer =
        switch (units == null || units.isBlank() ? "km" : units.strip().toLowerCase(Locale.ROOT)) {
          case "km" -> 1000;
          case "m" -> 1;
          case "mi" -> 1609.344;
          case "nm", "nmi" -> 1852;
          default ->
              throw new BadParameterException(
                  WITHIN_UNITS,
                  "within-units must be one of km, m, mi, nm; got '" + units.strip() + "'");
        };
    double metres = radius * metresPer;
    if (!(metres > 0) || metres > 2_000_000) {
      throw new BadParameterException(
          WITHIN,
          "within must be a radius above 0 and at most 2000 km, got "
              + within.strip()
              + " "
              + (units == null || units.isBlank() ? "km" : units.strip()));
    }
    double dLat = Math.toDegrees(metres / 6_356_752.0) + 1e-6; // the polar radius: the widest band
    return new Shape() {
      @Override
      public boolean contains(double lat, double lon) {
        return Geodesic.WGS84.Inverse(centre.lat(), centre.lon(), lat, lon, GeodesicMask.DISTANCE)
                .s12
            <= metres;
      }

      @Override
      public double south() {
        return Math.max(-90, centre.lat() - dLat);
      }

      @Override
      public double north() {
        return Math.min(90, centre.lat() + dLat);
      }
    };
  }

  /**
   * The grid points inside a shape, in grid order.
   *
   * @throws TooLargeException when more than {@code max} points lie inside
   * @throws OutsideForecastException when none does
   */
  static List<Integer> inside(RegularLatLonGrid grid, Shape shape, int max, String parameter) {
    List<Integer> points = new ArrayList<>();
    for (int row = 0; row < grid.nLat(); row++) {
      double lat = grid.latitude(row * grid.nLon());
      if (lat < shape.south() - 1e-9 || lat > shape.north() + 1e-9) {
        continue;
      }
      for (int column = 0; column < grid.nLon(); column++) {
        int point = row * grid.nLon() + column;
        if (shape.contains(lat, grid.longitude(point))) {
          if (points.size() == max) {
            throw new TooLargeException(
                parameter,
                "the area holds more than "
                    + max
                    + " grid points"
                    + " (spotcast.query.edr-max-points): ask a smaller area, or positions");
          }
          points.add(point);
        }
      }
    }
    if (points.isEmpty()) {
      throw new OutsideForecastException(
          parameter,
          "no grid point of the model lies inside the area (the grid covers"
              + " latitudes "
              + grid.south()
              + ".."
              + grid.north()
              + " every "
              + Math.abs(grid.dLat())
              + " degrees,"
              + " longitudes from "
              + grid.lon0()
              + " every "
              + grid.dLon()
              + ")");
    }
    return points;
  }
}
