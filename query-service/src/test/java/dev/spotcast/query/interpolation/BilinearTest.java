package dev.spotcast.query.interpolation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.spotcast.model.RegularLatLonGrid;
import org.junit.jupiter.api.Test;

class BilinearTest {

  /** Rows 40..50, columns -10..10, 1 degree: point = (lat - 40) * 21 + (lon + 10). */
  private static final RegularLatLonGrid EUROPE = RegularLatLonGrid.covering(40, -10, 50, 10, 1.0);

  /** Rows 90..-90 north to south, columns 0..359. */
  private static final RegularLatLonGrid GLOBAL = new RegularLatLonGrid(90, 0, -1, 1, 181, 360);

  @Test
  void theFourCornersOfTheCellWeightedByClosenessInLatitudeAndLongitude() {
    Bilinear.Corners cell = Bilinear.of(EUROPE, 45.25, 0.5);

    // Corners (45, 0), (45, 1), (46, 0), (46, 1); 0.25 of the way north, half-way east.
    assertThat(cell.points()).containsExactly(115, 116, 136, 137);
    assertThat(cell.weights()[0]).isCloseTo(0.75 * 0.5, within(1e-12));
    assertThat(cell.weights()[1]).isCloseTo(0.75 * 0.5, within(1e-12));
    assertThat(cell.weights()[2]).isCloseTo(0.25 * 0.5, within(1e-12));
    assertThat(cell.weights()[3]).isCloseTo(0.25 * 0.5, within(1e-12));
  }

  @Test
  void onAGridPointItTakesAllTheWeight() {
    Bilinear.Corners cell = Bilinear.of(EUROPE, 47, 3);

    assertThat(cell.points()[0]).isEqualTo(7 * 21 + 13);
    assertThat(cell.weights()).containsExactly(1, 0, 0, 0);
  }

  @Test
  void onTheLastRowAndColumnTheCellIsTheOneBefore() {
    Bilinear.Corners cell = Bilinear.of(EUROPE, 50, 10);

    assertThat(cell.points()).containsExactly(9 * 21 + 19, 9 * 21 + 20, 10 * 21 + 19, 10 * 21 + 20);
    assertThat(cell.weights()).containsExactly(0, 0, 0, 1);
  }

  @Test
  void acrossTheAntimeridianTheLastColumnClosesOnTheFirst() {
    // Rows of 1N and 0 are 89 and 90; 359.75E lies between column 359 and column 0.
    Bilinear.Corners cell = Bilinear.of(GLOBAL, 0.5, -0.25);

    assertThat(cell.points()).containsExactly(89 * 360 + 359, 89 * 360, 90 * 360 + 359, 90 * 360);
    assertThat(cell.weights()[0]).isCloseTo(0.5 * 0.25, within(1e-9));
    assertThat(cell.weights()[1]).isCloseTo(0.5 * 0.75, within(1e-9));
  }
}
