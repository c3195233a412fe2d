package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.model.RegularLatLonGrid;
import java.util.Arrays;
import java.util.Random;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class GridNeighboursTest {

  /** Rows 40..50, columns -10..10, 1 degree: point = (lat - 40) * 21 + (lon + 10). */
  private static final RegularLatLonGrid EUROPE = RegularLatLonGrid.covering(40, -10, 50, 10, 1.0);

  /** Rows 90..-90 north to south (negative dLat), columns 0..359. */
  private static final RegularLatLonGrid GLOBAL = new RegularLatLonGrid(90, 0, -1, 1, 181, 360);

  /** A regional grid across the antimeridian: 170E..170W. */
  private static final RegularLatLonGrid PACIFIC =
      new RegularLatLonGrid(-10, 170, 0.5, 0.5, 41, 41);

  private static final double FAR = Double.POSITIVE_INFINITY;

  @Test
  void theFourPointsAroundARequestNearestFirst() {
    GridNeighbours.Nearest nearest = GridNeighbours.nearest(EUROPE, 45.3, 0.6, 4, FAR);

    // (45, 1) is 0.3/0.4 degrees away, (45, 0) 0.3/0.6, (46, 1) 0.7/0.4, (46, 0) 0.7/0.6.
    assertThat(nearest.points())
        .containsExactly(5 * 21 + 11, 5 * 21 + 10, 6 * 21 + 11, 6 * 21 + 10);
    assertThat(nearest.distances()[0])
        .isCloseTo(
            Math.hypot(0.3, 0.4 * Math.cos(Math.toRadians(45.15))) * 111_195, Offset.offset(200.0));
  }

  @Test
  void halfWayBetweenTwoPointsTheIndexedCoordinatesDecideAsElasticsearchDoes() {
    // lon 1.0 is indexed as 0.99999994 (32-bit encoding rounds down), lon 0.0 exactly: the point at
    // lon 1 is nearer by a hair, although the point at lon 0 has the lower id.
    GridNeighbours.Nearest nearest = GridNeighbours.nearest(EUROPE, 45, 0.5, 1, FAR);

    assertThat(nearest.points()).containsExactly(5 * 21 + 11);
  }

  @Test
  void onAGridPointItIsFirstAtDistanceZero() {
    GridNeighbours.Nearest nearest = GridNeighbours.nearest(EUROPE, 40, -10, 3, FAR);

    assertThat(nearest.points()[0]).isZero();
    assertThat(nearest.distances()[0]).isLessThan(0.01);
    // In the corner: the point east (1 degree of longitude at 40N, 85 km), then north (111 km).
    assertThat(nearest.points()).containsExactly(0, 1, 21);
  }

  @Test
  void pointsBeyondTheRadiusAreLeftOut() {
    GridNeighbours.Nearest nearest = GridNeighbours.nearest(EUROPE, 45, 0, 9, 112_000);

    // 45/0 itself, and its four neighbours 1 degree away (78.6 km in longitude, 111.2 km in
    // latitude); the diagonals are 136 km away.
    assertThat(nearest.points()).containsExactlyInAnyOrder(115, 114, 116, 94, 136);
  }

  @Test
  void aGridSmallerThanNGivesAllItsPoints() {
    RegularLatLonGrid tiny = RegularLatLonGrid.covering(0, 0, 1, 1, 1.0);

    assertThat(GridNeighbours.nearest(tiny, 0.2, 0.1, 9, FAR).points())
        .containsExactlyInAnyOrder(0, 1, 2, 3);
  }

  @Test
  void acrossTheAntimeridianOfAGlobalGrid() {
    GridNeighbours.Nearest nearest = GridNeighbours.nearest(GLOBAL, 0.4, 179.8, 4, FAR);

    // Row of lat 0 is 90, of lat 1 is 89; column of 180 (= -180) is 180, of 179 is 179.
    assertThat(nearest.points())
        .containsExactly(90 * 360 + 180, 89 * 360 + 180, 90 * 360 + 179, 89 * 360 + 179);
  }

  @Test
  void atThePoleTheNearestAreOnThePoleRowRankedAsElasticsearchRanksThem() {
    GridNeighbours.Nearest nearest = GridNeighbours.nearest(GLOBAL, 90, 0, 3, FAR);

    // The pole row is indexed at 89.99999996 N: its 360 points differ in distance by rounding only,
    // so which three come first is Lucene's arithmetic, reproduced by the brute force below.
    assertThat(Arrays.stream(nearest.points()).max().getAsInt()).isLessThan(360);
    assertSameAsBruteForce(GLOBAL, 90, 0, 3);
    assertSameAsBruteForce(GLOBAL, -90, 0, 5);
  }

  @Test
  void randomRequestsMatchABruteForceRankingOfEveryPoint() {
    Random random = new Random(42);
    for (int i = 0; i < 200; i++) {
      int n = 1 + random.nextInt(20);
      // Global: anywhere, with a bias to the poles and the antimeridian.
      double lat =
          switch (i % 4) {
            case 0 -> 88 + random.nextDouble() * 2;
            case 1 -> -90 + random.nextDouble() * 2;
            default -> -90 + random.nextDouble() * 180;
          };
      double lon =
          RegularLatLonGrid.normaliseLongitude(
              i % 3 == 0 ? 179 + random.nextDouble() * 2 : -180 + random.nextDouble() * 360);
      assertSameAsBruteForce(GLOBAL, lat, lon, n);
      // Regional: inside, near the edges and corners.
      assertSameAsBruteForce(
          EUROPE, 40 + random.nextDouble() * 10, -10 + random.nextDouble() * 20, n);
      assertSameAsBruteForce(
          EUROPE, 40 + random.nextDouble() * 0.5, 9.5 + random.nextDouble() * 0.5, n);
      assertSameAsBruteForce(
          PACIFIC,
          -10 + random.nextDouble() * 20,
          RegularLatLonGrid.normaliseLongitude(170 + random.nextDouble() * 20),
          n);
    }
  }

  @Test
  void aRegionalGridWhoseFarEndLiesJustWestOfTheRequest() {
    // 0..350 E in 10-degree columns: at 355 E the point at 0 E (5 degrees east) and at 350 E (5
    // west) are nearest.
    RegularLatLonGrid almostGlobal = new RegularLatLonGrid(0, 0, 10, 10, 2, 36);

    for (int n = 1; n <= 6; n++) {
      assertSameAsBruteForce(almostGlobal, 1, 349.9 - 360, n);
      assertSameAsBruteForce(almostGlobal, 1, -5, n);
    }
  }

  private static void assertSameAsBruteForce(
      RegularLatLonGrid grid, double lat, double lon, int n) {
    double[] distances = new double[grid.pointCount()];
    for (int p = 0; p < distances.length; p++) {
      distances[p] = GridNeighbours.sortDistance(lat, lon, grid.latitude(p), grid.longitude(p));
    }
    int[] expected = new int[Math.min(n, distances.length)];
    boolean[] taken = new boolean[distances.length];
    for (int i = 0; i < expected.length; i++) {
      int best = -1;
      for (int p = 0; p < distances.length; p++) {
        if (!taken[p] && (best < 0 || distances[p] < distances[best])) {
          best = p; // ascending p: on equal distances the lower id stays
        }
      }
      taken[best] = true;
      expected[i] = best;
    }

    assertThat(GridNeighbours.nearest(grid, lat, lon, n, FAR).points())
        .as("%d nearest of (%s, %s) on %s", n, lat, lon, grid)
        .containsExactly(expected);
  }
}
