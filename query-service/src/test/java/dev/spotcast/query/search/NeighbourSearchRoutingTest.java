package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.spot.Place;
import dev.spotcast.query.spot.Reading;
import dev.spotcast.query.spot.RunSelection;
import dev.spotcast.query.spot.SpotPlan;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.query.spot.Vertical;
import dev.spotcast.synthetic.SyntheticWeather;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Searches carry the tiles' routing keys with tile routing and no routing with routing by _id. */
class NeighbourSearchRoutingTest {

  private static ForecastRun run(ShardingSpec.Routing routing) {
    return ForecastRun.of(
        "synth",
        Instant.parse("2026-11-21T00:00:00Z"),
        RegularLatLonGrid.covering(40, -10, 50, 10, 1.0),
        LevelType.HEIGHT_ABOVE_GROUND,
        List.of(0.0, 500.0),
        List.of(0, 1),
        SyntheticWeather.PARAMETERS,
        new ShardingSpec(1, 0, 2, 10, routing));
  }

  private static SpotPlan plan(ForecastRun run) {
    // Two levels in two indices (one level per index): a multi-search.
    return SpotPlan.of(
        run,
        SpotRequest.of(
            RunSelection.published("synth"),
            Place.at(45.2, 5.0, Vertical.height(250)),
            Reading.idw(4, List.of()),
            run.runTime()));
  }

  /** The header lines of a multi-search's body: one per search, naming its index and routing. */
  private static List<String> headers(SearchPlan plan) {
    String[] lines = new String(plan.body(), StandardCharsets.UTF_8).split("\n");
    List<String> headers = new ArrayList<>();
    for (int i = 0; i < lines.length; i += 2) {
      headers.add(lines[i]);
    }
    return headers;
  }

  @Test
  void tileRoutingAsksTheShardsOfTheTiles() {
    SpotPlan plan = plan(run(ShardingSpec.Routing.TILE));
    SearchPlan geo = SearchPlans.geo(plan.query());
    // (45.2, 5.0) is in tile row 13, column 18 of 10-degree tiles: 13 * 36 + 18.
    assertThat(geo.multi()).isTrue();
    assertThat(geo.path()).isEqualTo("/_msearch");
    assertThat(geo.searches()).allSatisfy(s -> assertThat(s.routing()).isEqualTo("486"));
    assertThat(headers(geo))
        .hasSize(2)
        .allSatisfy(h -> assertThat(h).contains("\"routing\":\"486\""));
    SearchPlan ids = SearchPlans.ids(plan.query(), plan.query().points());
    assertThat(ids.searches()).allSatisfy(s -> assertThat(s.routing()).isEqualTo("486"));
    assertThat(headers(ids)).allSatisfy(h -> assertThat(h).contains("\"routing\":\"486\""));
  }

  @Test
  void documentRoutingSendsNoRouting() {
    SpotPlan plan = plan(run(ShardingSpec.Routing.DOCUMENT));
    SearchPlan geo = SearchPlans.geo(plan.query());
    assertThat(geo.multi()).isTrue();
    assertThat(geo.searches()).hasSize(2).allSatisfy(s -> assertThat(s.routing()).isNull());
    assertThat(headers(geo)).hasSize(2).allSatisfy(h -> assertThat(h).doesNotContain("routing"));
    SearchPlan ids = SearchPlans.ids(plan.query(), plan.query().points());
    assertThat(headers(ids)).allSatisfy(h -> assertThat(h).doesNotContain("routing"));
  }
}
