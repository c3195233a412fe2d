package dev.spotcast.query.terrain;

import java.util.Locale;

/**
 * Which grid points may answer a place ({@code cell_selection=}): land points only, sea points
 * only, or the nearest whatever they are. Applies where the run has a land-sea mask; default land,
 * as Open-Meteo's.
 */
public enum CellSelection {
  LAND,
  SEA,
  NEAREST;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The selection named, or null when the text names none. */
  public static CellSelection of(String text) {
    for (CellSelection selection : values()) {
      if (selection.label().equals(text)) {
        return selection;
      }
    }
    return null;
  }
}
