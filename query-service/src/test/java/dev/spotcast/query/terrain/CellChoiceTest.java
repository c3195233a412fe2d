package dev.spotcast.query.terrain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CellChoiceTest {

  /** Six grid points 0..5, land fractions as listed; no orography. */
  private static final RunTerrain TERRAIN =
      new RunTerrain(null, new float[] {0f, 0.9f, 0.5f, 0.49f, 1f, Float.NaN}, 0.5, "lsm");

  /**
   * Candidates nearest first: 3 (sea), 0 (sea), 1 (land), 5 (no value), 2 (land at the threshold),
   * 4 (land).
   */
  private static final int[] CANDIDATES = {3, 0, 1, 5, 2, 4};

  private static final double[] DISTANCES = {10, 20, 30, 40, 50, 60};

  @Test
  void landTakesTheNearestLandPointsAndNamesTheNearerOthers() {
    CellChoice choice = CellChoice.among(CANDIDATES, DISTANCES, TERRAIN, CellSelection.LAND, 2);
    assertThat(choice.points()).containsExactly(1, 2);
    assertThat(choice.distances()).containsExactly(30, 50);
    assertThat(choice.skipped()).extracting(CellChoice.Skipped::point).containsExactly(3, 0, 5);
    assertThat(choice.skipped().get(2).landFraction()).isNaN();
    assertThat(choice.fallback()).isNull();
  }

  @Test
  void seaTakesPointsBelowTheThreshold() {
    CellChoice choice = CellChoice.among(CANDIDATES, DISTANCES, TERRAIN, CellSelection.SEA, 3);
    // Only two sea points among the candidates: both answer, nothing after them is passed over.
    assertThat(choice.points()).containsExactly(3, 0);
    assertThat(choice.skipped()).extracting(CellChoice.Skipped::point).containsExactly(1, 5, 2, 4);
  }

  @Test
  void nearestAndARunWithoutMaskTakeTheFirstN() {
    assertThat(CellChoice.among(CANDIDATES, DISTANCES, TERRAIN, CellSelection.NEAREST, 2).points())
        .containsExactly(3, 0);
    assertThat(
            CellChoice.among(CANDIDATES, DISTANCES, RunTerrain.NONE, CellSelection.LAND, 2)
                .points())
        .containsExactly(3, 0);
  }

  @Test
  void withoutAPointOfTheKindTheNearestAnswerAndTheChoiceSaysWhy() {
    CellChoice choice =
        CellChoice.among(new int[] {0, 3}, new double[] {5, 7}, TERRAIN, CellSelection.LAND, 1);
    assertThat(choice.points()).containsExactly(0);
    assertThat(choice.skipped()).isEmpty();
    assertThat(choice.fallback())
        .isEqualTo("no land grid point among the 2 nearest: the nearest answer");
  }
}
