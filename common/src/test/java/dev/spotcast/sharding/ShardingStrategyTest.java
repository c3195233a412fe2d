package dev.spotcast.sharding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.synthetic.SyntheticWeather;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShardingStrategyTest {

  private static ForecastRun run(ShardingSpec spec) {
    return ForecastRun.of(
        "m",
        Instant.parse("2026-11-21T00:00:00Z"),
        RegularLatLonGrid.covering(-90, -180, 90, 180, 1),
        LevelType.HEIGHT_ABOVE_GROUND,
        List.of(0.0, 500.0, 1000.0, 2000.0, 3000.0),
        List.of(0, 1, 2, 3, 4, 5),
        SyntheticWeather.PARAMETERS,
        spec);
  }

  private final ShardingStrategy strategy =
      new ShardingStrategy(run(new ShardingSpec(2, 0, 2, 10)));

  @Test
  void aRunWhoseShardsAreStillToBeChosenHasNoStrategyYet() {
    ForecastRun auto = run(new ShardingSpec(2, 0, ShardingSpec.AUTO_SHARDS, 10));
    assertThatThrownBy(() -> new ShardingStrategy(auto))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("chosen from the cluster when its load begins");
    ShardingStrategy three =
        new ShardingStrategy(auto.withSharding(auto.sharding().withShardsFor(3)));
    assertThat(three.shardsPerIndex()).isEqualTo(3);
    assertThat(three.allIndices()).isEqualTo(strategy.allIndices());
  }

  @Test
  void indicesArePerModelRunAndLevelBand() {
    assertThat(strategy.indexName(0, 0, 0)).isEqualTo("spotcast-fc-m-2026112100-h0");
    assertThat(strategy.indexName(0, 1, 5)).isEqualTo("spotcast-fc-m-2026112100-h0");
    assertThat(strategy.indexName(0, 2, 0)).isEqualTo("spotcast-fc-m-2026112100-h1");
    assertThat(strategy.indexName(0, 4, 3)).isEqualTo("spotcast-fc-m-2026112100-h2");
    assertThat(strategy.allIndices())
        .containsExactly(
            "spotcast-fc-m-2026112100-h0",
            "spotcast-fc-m-2026112100-h1",
            "spotcast-fc-m-2026112100-h2");
  }

  @Test
  void eachLevelTypeHasIndicesOfItsOwn() {
    ForecastRun twoTypes =
        new ForecastRun(
            "m",
            Instant.parse("2026-11-21T00:00:00Z"),
            RegularLatLonGrid.covering(-90, -180, 90, 180, 1),
            List.of(
                new LevelAxis(
                    LevelType.ISOBARIC,
                    List.of(500.0, 850.0, 1000.0),
                    List.of(Parameter.unbounded("t", "K"))),
                new LevelAxis(
                    LevelType.MEAN_SEA_LEVEL,
                    List.of(0.0),
                    List.of(Parameter.unbounded("prmsl", "Pa")))),
            List.of(0, 6),
            new ShardingSpec(2, 0, 2, 10));
    ShardingStrategy byType = new ShardingStrategy(twoTypes);
    assertThat(byType.indexName(0, 2, 1)).isEqualTo("spotcast-fc-m-2026112100-p1");
    assertThat(byType.indexName(1, 0, 0)).isEqualTo("spotcast-fc-m-2026112100-msl0");
    assertThat(byType.allIndices())
        .containsExactly(
            "spotcast-fc-m-2026112100-p0",
            "spotcast-fc-m-2026112100-p1",
            "spotcast-fc-m-2026112100-msl0");
    // Same name, same instance: batchers key their maps by identity.
    assertThat(byType.indexName(0, 0, 0)).isSameAs(byType.indexName(0, 1, 1));
    // 4 levels over both axes, both steps in one document each (the default layout).
    assertThat(twoTypes.documentCount()).isEqualTo(360L * 181 * 4);
    assertThat(
            new ForecastRun(
                    twoTypes.model(),
                    twoTypes.runTime(),
                    twoTypes.grid(),
                    twoTypes.axes(),
                    twoTypes.steps(),
                    twoTypes.sharding().withStepsPerDocument(1))
                .documentCount())
        .isEqualTo(360L * 181 * 4 * 2);
  }

  @Test
  void stepBandsSplitIndicesFurther() {
    ShardingStrategy byStep = new ShardingStrategy(run(new ShardingSpec(2, 4, 2, 10)));
    assertThat(byStep.indexName(0, 0, 5)).isEqualTo("spotcast-fc-m-2026112100-h0-s1");
    assertThat(byStep.indexName(0, 3, 3)).isEqualTo("spotcast-fc-m-2026112100-h1-s0");
    assertThat(byStep.allIndices()).hasSize(6);
  }

  @Test
  void tilesAreNumberedRowByRowFromTheSouthWest() {
    assertThat(strategy.tileOf(-90, -180)).isZero();
    assertThat(strategy.tileOf(0, 0)).isEqualTo(9 * 36 + 18);
    assertThat(strategy.tileOf(89.99, 179.99)).isEqualTo(17 * 36 + 35);
    assertThat(strategy.tileOf(90, 0)).isEqualTo(17 * 36 + 18);
    assertThat(strategy.tileOf(0, 180)).isEqualTo(strategy.tileOf(0, -180));
    assertThat(strategy.routingKey(0, 0)).isEqualTo("342");
  }

  @Test
  void aSmallCircleInsideOneTileNeedsOneRoutingKey() {
    assertThat(strategy.routingKeysWithin(0.5, 0.5, 10)).containsExactly("342");
  }

  @Test
  void aCircleAcrossTheAntimeridianNeedsTilesOnBothSides() {
    // 20 km is 0.18 degrees at the equator: 179.77 .. 180.13 spans column 35 and column 0.
    assertThat(strategy.routingKeysWithin(0.5, 179.95, 20)).containsExactly("359", "324");
  }

  @Test
  void aCircleOverThePoleNeedsTheWholeRow() {
    assertThat(strategy.routingKeysWithin(89.9, 0, 50)).hasSize(36).contains("612", "647");
  }

  @Test
  void everyTileShardMatchesElasticsearchRouting() {
    for (int tile = 0; tile < 648; tile++) {
      assertThat(strategy.shardOf(tile))
          .isEqualTo(ElasticsearchRouting.shardId(Integer.toString(tile), 2, 1024));
    }
  }

  @Test
  void tilesMustWrapAtTheAntimeridian() {
    assertThatThrownBy(() -> new ShardingSpec(3, 0, 2, 7))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("divide 360");
  }

  @Test
  void theFourArgumentSpecRoutesByTile() {
    assertThat(new ShardingSpec(2, 0, 2, 10).routing()).isEqualTo(ShardingSpec.Routing.TILE);
    assertThat(ShardingSpec.DEFAULT.tileRouted()).isTrue();
    assertThat(strategy.tileRouted()).isTrue();
  }

  @Test
  void documentRoutingHasNoRoutingKeyAndTheShardOfTheId() {
    ShardingStrategy byId =
        new ShardingStrategy(run(new ShardingSpec(2, 0, 2, 10, ShardingSpec.Routing.DOCUMENT)));
    assertThat(byId.tileRouted()).isFalse();
    assertThat(byId.routingKey(0, 0)).isNull();
    assertThat(byId.routingKey(342)).isNull();
    assertThat(byId.routingKeysWithin(0.5, 0.5, 10)).isEmpty();
    // Hand-computed in ElasticsearchRoutingTest: floorMod(murmur3(id), 1024) / 512.
    assertThat(byId.shardOfId("0_0_0")).isEqualTo(1);
    assertThat(byId.shardOfId("0_0_1")).isZero();
    assertThat(byId.shardOf("1000_3_17", 0, 0)).isEqualTo(1);
    assertThat(byId.shardOf("0_6_12345", 0, 0)).isZero();
    assertThatThrownBy(() -> byId.shardOf(342)).isInstanceOf(IllegalStateException.class);
    // Index names do not depend on the routing.
    assertThat(byId.allIndices()).isEqualTo(strategy.allIndices());
  }

  @Test
  void tileRoutingGivesTheShardOfTheTileWhateverTheId() {
    assertThat(strategy.shardOf("0_0_0", 0.5, 0.5)).isEqualTo(strategy.shardOf(342));
  }

  @Test
  void theRoutingParameterJoinsDistinctKeysOrIsAbsent() {
    assertThat(ShardingStrategy.routingParameter(List.of("342", "343", "342")))
        .isEqualTo("342,343");
    assertThat(ShardingStrategy.routingParameter(List.of())).isNull();
    assertThat(ShardingStrategy.routingParameter(Arrays.asList(null, null))).isNull();
  }
}
