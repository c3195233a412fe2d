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
        RegularLatLonGrid.covering(40, -10, 50, 20, 1.0),
        LevelType.HEIGHT_ABOVE_GROUND,
        List.of(0.0, 500.0),
        List.of(0, 1),
        SyntheticWeather.PARAMETERS,
        new ShardingSpec(1, 0, 2, 10, routing));
  }

  private static SpotPlan plan(ForecastRun run) {
    return plan(run, 5.0);
  }

  private static SpotPlan plan(ForecastRun run, double lon) {
    // Two levels in two indices (one level per index): a multi-search.
    return SpotPlan.of(
        run,
        SpotRequest.of(
            RunSelection.published("synth"),
            Place.at(45.2, lon, Vertical.height(250)),
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

  /**
   * A shared read asks each shard of an index for its own documents only. Of the 10-degree tiles
   * 485, 486 and 487 (row 13, columns 17-19), Elasticsearch routes 485 and 487 to shard 0 of a
   * two-shard index and 486 to shard 1 (its {@code _search_shards} API, asked on 9.2.0).
   */
  @Test
  void aSharedReadAsksEachShardForItsOwnDocuments() {
    ForecastRun run = run(ShardingSpec.Routing.TILE);
    SpotPlan west = plan(run, -5.0);
    SpotPlan middle = plan(run, 5.0);
    SpotPlan east = plan(run, 15.0);
    SearchPlans.Batch batch =
        SearchPlans.Batch.of(List.of(west.query(), middle.query(), east.query()), true);
    assertThat(batch.searches())
        .as("two indices, each asked on its two shards")
        .extracting(OneSearch::routing)
        .containsExactlyInAnyOrder("485,487", "486", "485,487", "486");
    for (OneSearch search : batch.searches()) {
      List<String> ids = ((SearchWire.Ids) search.criteria()).ids();
      int perPlace = 4; // the 4 neighbours, a document each at this index's level
      assertThat(ids).hasSize(search.routing().contains(",") ? 2 * perPlace : perPlace);
    }
  }

  @Test
  void aSharedReadOfDocumentsRoutedByIdAsksEveryShardOnce() {
    ForecastRun run = run(ShardingSpec.Routing.DOCUMENT);
    SearchPlans.Batch batch =
        SearchPlans.Batch.of(
            List.of(plan(run, -5.0).query(), plan(run, 5.0).query(), plan(run, 15.0).query()),
            true);
    assertThat(batch.searches())
        .as("one search per index, over all its shards")
        .hasSize(2)
        .allSatisfy(s -> assertThat(s.routing()).isNull())
        .allSatisfy(s -> assertThat(((SearchWire.Ids) s.criteria()).ids()).hasSize(12));
  }
}
