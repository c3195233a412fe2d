package dev.spotcast.query.search;

import dev.spotcast.query.spot.Vertical;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.query.spot.SpotPlan;
import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.sharding.ShardingSpec;
import dev.spotcast.synthetic.SyntheticWeather;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Searches carry the tiles' routing keys with tile routing and no routing with routing by _id. */
class NeighbourSearchRoutingTest {

  private static ForecastRun run(ShardingSpec.Routing routing) {
    return ForecastRun.of(
        "synth", Instant.parse("2026-11-21T00:00:00Z"), RegularLatLonGrid.covering(40, -10, 50, 10, 1.0),
        LevelType.HEIGHT_ABOVE_GROUND, List.of(0.0, 500.0), List.of(0, 1), SyntheticWeather.PARAMETERS,
        new ShardingSpec(1, 0, 2, 10, routing));
  }

  private static SpotPlan plan(ForecastRun run) {
    // Two levels in two indices (one level per index): a multi-search.
    return SpotPlan.of(run, new SpotRequest("synth", 45.2, 5.0, Vertical.height(250), run.runTime(), 4, List.of()));
  }

  @Test
  void tileRoutingAsksTheShardsOfTheTiles() {
    SpotPlan plan = plan(run(ShardingSpec.Routing.TILE));
    NeighbourSearch.SearchPlan geo = NeighbourSearch.searchFor(plan);
    // (45.2, 5.0) is in tile row 13, column 18 of 10-degree tiles: 13 * 36 + 18.
    assertThat(geo.routing()).isEqualTo("486");
    assertThat(geo.searches().stream().map(NeighbourSearch.OneSearch::item).toList()).allSatisfy(i -> assertThat(i.header().routing()).isEqualTo("486"));
    NeighbourSearch.SearchPlan ids = NeighbourSearch.idsSearchFor(plan, NeighbourSearch.nearest(plan));
    assertThat(ids.routing()).isEqualTo("486");
  }

  @Test
  void documentRoutingSendsNoRouting() {
    SpotPlan plan = plan(run(ShardingSpec.Routing.DOCUMENT));
    NeighbourSearch.SearchPlan geo = NeighbourSearch.searchFor(plan);
    assertThat(geo.routing()).isNull();
    assertThat(geo.multi()).isTrue();
    assertThat(geo.searches().stream().map(NeighbourSearch.OneSearch::item).toList()).hasSize(2).allSatisfy(i -> assertThat(i.header().routing()).isNull());
    NeighbourSearch.SearchPlan ids = NeighbourSearch.idsSearchFor(plan, NeighbourSearch.nearest(plan));
    assertThat(ids.routing()).isNull();
    assertThat(ids.searches().stream().map(NeighbourSearch.OneSearch::item).toList()).allSatisfy(i -> assertThat(i.header().routing()).isNull());
  }
}
