package dev.spotcast.query.spot;

import java.util.Objects;

/**
 * Where a spot request asks, parsed and checked once: the place, its height or pressure, and the
 * site (elevation, cell selection). Part of a {@link SpotRequest}.
 *
 * @param lon longitude normalised to [-180, 180)
 * @param vertical the height or pressure asked for, or null for the single-level fields
 * @param site the place's elevation and the kind of grid points that may answer it ({@link
 *     Site#ANY}: as the run has)
 */
public record Place(double lat, double lon, Vertical vertical, Site site) {

  public Place {
    Objects.requireNonNull(site, "site");
  }

  /** A place without a site's elevation or cell selection. */
  public static Place at(double lat, double lon, Vertical vertical) {
    return new Place(lat, lon, vertical, Site.ANY);
  }
}
