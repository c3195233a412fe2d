package dev.spotcast.query.request;

import dev.spotcast.query.spot.Site;
import dev.spotcast.query.spot.Vertical;

/**
 * Where a request asks, parsed and checked once: the place, its height or pressure, and the site
 * (elevation, cell selection).
 *
 * @param lon longitude normalised to [-180, 180)
 * @param vertical the height or pressure asked for, or null for the single-level fields
 * @param site the place's elevation and the kind of grid points that may answer it
 */
public record Place(double lat, double lon, Vertical vertical, Site site) {}
