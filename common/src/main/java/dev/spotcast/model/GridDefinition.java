package dev.spotcast.model;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * The horizontal grid of a run: how many points it has and where each one is. A grid point is
 * identified by its index in [0, pointCount), which is what documents store and ids contain.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({@JsonSubTypes.Type(value = RegularLatLonGrid.class, name = "regular_ll")})
public sealed interface GridDefinition permits RegularLatLonGrid {

  int pointCount();

  /** Latitude of a point in degrees, [-90, 90]. */
  double latitude(int point);

  /** Longitude of a point in degrees, normalised to [-180, 180). */
  double longitude(int point);

  /** The grid spacing along a meridian in km, an upper bound of the distance to the nearest points. */
  double maxSpacingKm();
}
