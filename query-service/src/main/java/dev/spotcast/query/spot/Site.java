package dev.spotcast.query.spot;

import dev.spotcast.query.terrain.CellSelection;

/**
 * What a request says about the place itself: its height above sea level ({@code elevation=}, m),
 * and which grid points may answer it ({@code cell_selection=}).
 *
 * @param elevation metres above sea level, or null for the model's terrain at the place
 * @param cellSelection land, sea or nearest; null for the default (land where the run has a
 *     land-sea mask)
 */
public record Site(Double elevation, CellSelection cellSelection) {

  /** Neither said: the model's terrain, and land points where the run has a mask. */
  public static final Site ANY = new Site(null, null);

  /** The selection that applies: the one asked for, otherwise land. */
  public CellSelection selection() {
    return cellSelection == null ? CellSelection.LAND : cellSelection;
  }
}
