package dev.spotcast.bench.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.model.ShardingSpec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShardingBenchTest {

  private static ShardingBench parse(String... args) {
    return ShardingBench.parse(args, new PrintWriter(new StringWriter()));
  }

  @Test
  void eachStrategyLoadsTheSameRunWithItsOwnShardingAndModel() {
    ShardingBench bench =
        parse(
            "--levels",
            "0,1000,3000,5000",
            "--steps",
            "0-6",
            "--shards",
            "3",
            "--hybrid-steps-per-index",
            "4");
    assertThat(bench.strategies())
        .extracting(ShardingBench.Strategy::name)
        .containsExactly("location", "time", "hybrid", "none");
    QueryBenchOptions location = bench.options(bench.strategies().get(0));
    QueryBenchOptions time = bench.options(bench.strategies().get(1));
    QueryBenchOptions hybrid = bench.options(bench.strategies().get(2));
    QueryBenchOptions none = bench.options(bench.strategies().get(3));

    assertThat(location.model).isEqualTo("shard_location");
    assertThat(List.of(location.levelsPerIndex, location.stepsPerIndex)).containsExactly(4, 0);
    assertThat(location.routing).isEqualTo("tile");
    assertThat(List.of(time.levelsPerIndex, time.stepsPerIndex)).containsExactly(4, 1);
    assertThat(time.routing).isEqualTo("document");
    assertThat(List.of(hybrid.levelsPerIndex, hybrid.stepsPerIndex)).containsExactly(3, 4);
    assertThat(hybrid.routing).isEqualTo("tile");
    assertThat(List.of(none.levelsPerIndex, none.stepsPerIndex)).containsExactly(4, 0);
    assertThat(none.routing).isEqualTo("document");
    for (QueryBenchOptions o : List.of(location, time, hybrid, none)) {
      assertThat(o.steps).isEqualTo("0-6");
      assertThat(o.shards).isEqualTo(3);
      assertThat(o.phases).containsExactly("raw", "raw-ids");
    }
  }

  @Test
  void phasesGivenReplaceTheDefaultRawPhases() {
    ShardingBench bench = parse("--phases", "raw,raw-ids,service", "--duration=5");
    QueryBenchOptions hybrid = bench.options(bench.strategies().get(2));
    assertThat(hybrid.phases).containsExactly("raw", "raw-ids", "service");
    assertThat(hybrid.duration.toSeconds()).isEqualTo(5);
    assertThat(hybrid.model).isEqualTo("shard_hybrid");
  }

  @Test
  void aReusedRunMustHaveTheStrategysSharding() {
    ShardingBench.Strategy time = ShardingBench.Strategy.of("time", 4, 0);
    assertThat(time.matches(new ShardingSpec(4, 1, 2, 10, ShardingSpec.Routing.DOCUMENT), 2))
        .isTrue();
    assertThat(time.matches(new ShardingSpec(4, 1, 2, 10, ShardingSpec.Routing.TILE), 2)).isFalse();
    assertThat(time.matches(new ShardingSpec(4, 1, 2, 10, ShardingSpec.Routing.DOCUMENT), 3))
        .isFalse();
  }

  @Test
  void strategyOptionsAreNotAccepted() {
    assertThatThrownBy(() -> parse("--routing", "tile")).hasMessageContaining("set per strategy");
    assertThatThrownBy(() -> parse("--strategies", "location,space"))
        .hasMessageContaining("unknown strategy 'space'");
    assertThatThrownBy(() -> parse("--no-such=1"))
        .hasMessageContaining("Unknown option: '--no-such=1'");
    assertThat(parse("--help")).isNull();
  }
}
