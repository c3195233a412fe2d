package dev.spotcast.query.terrain;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The grid points that answer a place under a cell selection, chosen among the nearest candidates:
 * the n nearest of the kind asked for, and the nearer points of the other kind that were passed
 * over. When no candidate is of that kind (a place far out at sea asking for land), the n nearest
 * answer and the choice says so: a selection is a preference, never a reason to answer from afar.
 *
 * @param points the chosen grid points, nearest first
 * @param distances their distances as ranked (the candidates')
 * @param skipped nearer points of the other kind, nearest first
 * @param fallback why the selection could not be followed, or null
 */
public record CellChoice(int[] points, double[] distances, List<Skipped> skipped, String fallback) {

  /** A grid point passed over, and its land fraction. */
  public record Skipped(int point, double distance, double landFraction) {}

  /**
   * @param candidates grid points nearest first (at least n where the grid has them)
   * @param distances their distances, ascending
   */
  public static CellChoice among(
      int[] candidates, double[] distances, RunTerrain terrain, CellSelection selection, int n) {
    if (selection == CellSelection.NEAREST || !terrain.hasMask()) {
      int size = Math.min(n, candidates.length);
      return new CellChoice(
          Arrays.copyOf(candidates, size), Arrays.copyOf(distances, size), List.of(), null);
    }
    int[] points = new int[Math.min(n, candidates.length)];
    double[] chosen = new double[points.length];
    List<Skipped> skipped = new ArrayList<>();
    int size = 0;
    for (int i = 0; i < candidates.length && size < points.length; i++) {
      int point = candidates[i];
      if (terrain.accepts(selection, point)) {
        points[size] = point;
        chosen[size] = distances[i];
        size++;
      } else {
        skipped.add(new Skipped(point, distances[i], terrain.landFraction(point)));
      }
    }
    if (size == 0) {
      return among(candidates, distances, terrain, CellSelection.NEAREST, n)
          .withFallback(
              "no "
                  + selection.label()
                  + " grid point among the "
                  + candidates.length
                  + " nearest: the nearest answer");
    }
    return new CellChoice(
        Arrays.copyOf(points, size), Arrays.copyOf(chosen, size), List.copyOf(skipped), null);
  }

  private CellChoice withFallback(String why) {
    return new CellChoice(points, distances, skipped, why);
  }
}
