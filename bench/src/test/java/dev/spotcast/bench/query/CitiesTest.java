package dev.spotcast.bench.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.model.RegularLatLonGrid;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CitiesTest {

  private static final Cities THREE =
      new Cities(
          List.of(
              new Cities.City(48.85, 2.35, 1_000, "Paris"),
              new Cities.City(-33.87, 151.21, 3_000, "Sydney"),
              new Cities.City(40.71, -74.01, 6_000, "New York")));

  @Test
  void citiesAreDrawnInProportionToTheirPopulation() {
    SplittableRandom random = new SplittableRandom(7);
    int[] counts = new int[3];
    int draws = 100_000;
    for (int i = 0; i < draws; i++) {
      String name = THREE.draw(random).name();
      counts[name.equals("Paris") ? 0 : name.equals("Sydney") ? 1 : 2]++;
    }
    // 10 %, 30 %, 60 % of 100,000: a standard deviation is under 160 draws, 1,000 is over 6 of them
    assertThat(counts[0]).isBetween(9_000, 11_000);
    assertThat(counts[1]).isBetween(29_000, 31_000);
    assertThat(counts[2]).isBetween(59_000, 61_000);
    assertThat(THREE.population()).isEqualTo(10_000);
  }

  @Test
  void aRegionalGridKeepsOnlyTheCitiesOnIt() {
    RegularLatLonGrid europe = RegularLatLonGrid.covering(35, -10, 70, 30, 0.5);
    Cities onIt = THREE.within(europe);
    assertThat(onIt.size()).isEqualTo(1);
    assertThat(onIt.draw(new SplittableRandom(1)).name()).isEqualTo("Paris");
    assertThat(THREE.within(RegularLatLonGrid.covering(-90, -180, 90, 180, 1)).size()).isEqualTo(3);
    // a grid across the antimeridian, 170 E to 170 W: New York (74 W) and Sydney (151 E) are off it
    assertThatThrownBy(() -> THREE.within(RegularLatLonGrid.covering(-60, 170, 60, 190, 1)))
        .hasMessageContaining("none of the 3 cities lies on the run's grid");
  }

  @Test
  void theFileIsReadWithNamesHoldingCommasAndABadLineIsNamed(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("cities.csv");
    Files.writeString(
        file,
        "latitude,longitude,population,name\n51.5,-0.13,8961989,London\n"
            + "38.9,-77.04,689545,\"Washington, D.C.\"\n\n");
    Cities cities = Cities.read(file);
    assertThat(cities.size()).isEqualTo(2);
    assertThat(cities.population()).isEqualTo(8_961_989L + 689_545L);

    Files.writeString(file, "latitude,longitude,population,name\n51.5,-0.13,lots,London\n");
    assertThatThrownBy(() -> Cities.read(file)).hasMessageContaining("line 2");
  }
}
