package dev.spotcast.model;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * The horizontal grid of a run as the catalog keeps it: how many points it has, how far apart they
 * are, and, for a regular latitude/longitude grid, where each one is. A grid point is identified by
 * its index in [0, pointCount), which is what documents store and ids contain. Points of other
 * grids (Gaussian, projected) carry their coordinates in their documents.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
  @JsonSubTypes.Type(value = RegularLatLonGrid.class, name = "regular_ll"),
  @JsonSubTypes.Type(value = IrregularGrid.class, name = "points")
})
public sealed interface GridDefinition permits RegularLatLonGrid, IrregularGrid {

  /** The grid type as GRIB names it: regular_ll, regular_gg, reduced_gg, lambert, ... */
  String kind();

  int pointCount();

  /** An upper bound of the distance between neighbouring points in km; sizes the search radius. */
  double maxSpacingKm();

  /** Southernmost latitude of the grid's points, degrees. */
  double south();

  /** Northernmost latitude of the grid's points, degrees. */
  double north();
}
