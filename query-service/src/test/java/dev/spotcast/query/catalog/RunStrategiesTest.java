package dev.spotcast.query.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.index.RunRecord;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunStrategiesTest {

  private static RunRecord record(Instant runTime, ShardingSpec spec) {
    ForecastRun run =
        ForecastRun.of(
            "m",
            runTime,
            RegularLatLonGrid.covering(-90, -180, 90, 180, 1),
            LevelType.HEIGHT_ABOVE_GROUND,
            List.of(0.0, 500.0, 1000.0),
            List.of(0, 1, 2),
            SyntheticWeather.PARAMETERS,
            spec);
    return RunRecord.loading(run, new ShardingStrategy(run).allIndices(), runTime);
  }

  private final RunRecord earlier =
      record(Instant.parse("2026-11-21T00:00:00Z"), new ShardingSpec(2, 0, 2, 10));
  private final RunRecord later =
      record(Instant.parse("2026-11-21T12:00:00Z"), new ShardingSpec(4, 0, 1, 5));

  @Test
  void requestsAlternatingBetweenServedRunsReuseEachRunsStrategy() {
    RunStrategies strategies = new RunStrategies();
    strategies.retain(List.of(earlier, later));

    ShardingStrategy a = strategies.of(earlier);
    ShardingStrategy b = strategies.of(later);
    for (int i = 0; i < 3; i++) {
      assertThat(strategies.of(earlier)).isSameAs(a);
      assertThat(strategies.of(later)).isSameAs(b);
    }
    assertThat(a.run()).isSameAs(earlier.run());
    assertThat(b.run()).isSameAs(later.run());
    assertThat(b.allIndices()).isEqualTo(new ShardingStrategy(later.run()).allIndices());
    assertThat(b.routingKey(45.3, 7.9))
        .isEqualTo(new ShardingStrategy(later.run()).routingKey(45.3, 7.9));
  }

  @Test
  void aRetiredRunsStrategyIsDroppedAndAKeptOneSurvivesARefresh() {
    RunStrategies strategies = new RunStrategies();
    strategies.retain(List.of(earlier, later));
    ShardingStrategy kept = strategies.of(later);

    strategies.retain(List.of(later)); // the earlier run left the catalog

    assertThat(strategies.size()).isEqualTo(1);
    assertThat(strategies.of(later)).isSameAs(kept);
    // Asked for anyway (a request that raced the refresh): answered, but not kept.
    assertThat(strategies.of(earlier)).isNotSameAs(strategies.of(earlier));
    assertThat(strategies.size()).isEqualTo(1);
  }
}
