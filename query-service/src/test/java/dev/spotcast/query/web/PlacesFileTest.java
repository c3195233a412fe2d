package dev.spotcast.query.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.query.spot.Method;
import dev.spotcast.query.spot.RecentPlaces;
import dev.spotcast.query.spot.Vertical;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlacesFileTest {

  @TempDir Path dir;

  private static final RecentPlaces.Place MUNICH =
      new RecentPlaces.Place(
          "icon-eu", 48.1372, 11.5756, Vertical.height(2.0), 4, Method.IDW, List.of());
  private static final RecentPlaces.Place BERLIN_850 =
      new RecentPlaces.Place(
          "gfs", 52.52, 13.405, Vertical.pressure(850), 1, Method.NEAREST, List.of("t", "u"));
  private static final RecentPlaces.Place SEA =
      new RecentPlaces.Place("gfs", -0.0001, -179.5, null, 4, Method.BILINEAR, List.of("mslp"));

  @Test
  void aPlaceIsTheQueryOfTheSeriesRequestThatReadsItsDocuments() {
    assertThat(PlacesFile.query(MUNICH))
        .isEqualTo("model=icon-eu&lat=48.1372&lon=11.5756&alt=2&n=4&method=idw");
    assertThat(PlacesFile.query(BERLIN_850))
        .isEqualTo("model=gfs&lat=52.52&lon=13.405&pressure=850&n=1&method=nearest&params=t%2Cu");
    assertThat(PlacesFile.query(SEA))
        .isEqualTo("model=gfs&lat=-0.0001&lon=-179.5&n=4&method=bilinear&params=mslp");
  }

  @Test
  void savedPlacesLoadInTheirOrderWithoutTheComments() throws IOException {
    Path file = dir.resolve("query/places.txt");
    PlacesFile.save(file, List.of(BERLIN_850, MUNICH));

    assertThat(Files.readAllLines(file).getFirst()).startsWith("# ");
    assertThat(PlacesFile.load(file))
        .containsExactly(PlacesFile.query(BERLIN_850), PlacesFile.query(MUNICH));
    assertThat(PlacesFile.model(PlacesFile.query(BERLIN_850))).isEqualTo("gfs");
    try (var left = Files.list(file.getParent())) {
      assertThat(left).as("no temporary file left").containsExactly(file);
    }
  }

  @Test
  void noFileNoPlacesAndAQueryWithoutAModelNamesNone() throws IOException {
    assertThat(PlacesFile.load(dir.resolve("absent.txt"))).isEmpty();
    assertThat(PlacesFile.model("lat=1&lon=2")).isNull();
  }
}
