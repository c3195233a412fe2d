package dev.spotcast.query.spot;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecentPlacesTest {

  private static final Instant T = Instant.parse("2026-11-27T06:00:00Z");

  private static SpotRequest at(double lat, double lon, double alt, Instant time) {
    return TestRequests.idw("gfs", Place.at(lat, lon, Vertical.height(alt)), 4, time);
  }

  private static RecentPlaces.Place place(double lat, double lon, double alt) {
    return RecentPlaces.Place.of(at(lat, lon, alt, T));
  }

  @Test
  void placesAreRankedByHowOftenTheyWereAskedWhateverTheTimeThenByTheLatest() {
    RecentPlaces recent = new RecentPlaces(100);
    recent.record(at(48.1, 11.6, 2, T)); // Munich: 3 times, at 3 times of day
    recent.record(at(52.5, 13.4, 2, T)); // Berlin: once, early
    recent.record(at(48.1, 11.6, 2, T.plusSeconds(3600)));
    recent.record(at(40.4, -3.7, 2, T)); // Madrid, later than Berlin (and again below)
    recent.record(at(48.1, 11.6, 2, T.plusSeconds(7200)));
    recent.record(at(40.4, -3.7, 2, T.plusSeconds(600))); // Madrid again: twice
    recent.record(at(48.1, 11.6, 35, T)); // Munich a little higher: the same place, 4 times

    assertThat(recent.mostAsked(10))
        .containsExactly(place(48.1, 11.6, 35), place(40.4, -3.7, 2), place(52.5, 13.4, 2));
    assertThat(recent.mostAsked(2)).containsExactly(place(48.1, 11.6, 35), place(40.4, -3.7, 2));
  }

  @Test
  void placesOfTheSameCountGoLatestFirst() {
    RecentPlaces recent = new RecentPlaces(100);
    recent.record(at(52.5, 13.4, 2, T)); // Berlin
    recent.record(at(40.4, -3.7, 2, T)); // Madrid, later

    assertThat(recent.mostAsked(10)).containsExactly(place(40.4, -3.7, 2), place(52.5, 13.4, 2));
  }

  @Test
  void onlyTheLastCapacityRequestsCountAndPastRunsAreNotKept() {
    RecentPlaces recent = new RecentPlaces(3);
    recent.record(at(1, 1, 2, T));
    recent.record(at(1, 1, 2, T));
    recent.record(at(2, 2, 2, T));
    recent.record(at(3, 3, 2, T));
    recent.record(at(3, 3, 2, T)); // the ring holds (2,2), (3,3), (3,3): (1,1) is forgotten
    recent.record(
        SpotRequest.of(
            RunSelection.of("gfs", "2026112600"),
            Place.at(4, 4, Vertical.height(2)),
            Reading.idw(4, List.of()),
            T));

    assertThat(recent.mostAsked(10)).containsExactly(place(3, 3, 2), place(2, 2, 2));
  }

  @Test
  void nothingAskedNothingRanked() {
    assertThat(new RecentPlaces(10).mostAsked(5)).isEmpty();
  }
}
