package dev.spotcast.ingestor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.model.ShardingSpec;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** How the load's layout options become the run's sharding spec. */
class LoadOptionsTest {

  private static ShardingSpec sharding(String... args) {
    LoadOptions options = new LoadOptions();
    new CommandLine(options).parseArgs(args);
    return options.sharding();
  }

  @Test
  void eachDocumentIsOneColumnUnlessAskedOtherwise() {
    assertThat(sharding().oneColumn()).isTrue();
    // The command line's defaults are the ingestion service's (spotcast.sharding.*).
    assertThat(sharding()).isEqualTo(ShardingSpec.DEFAULT);
    assertThat(sharding("--shards", "2").shardsPerIndex()).isEqualTo(2);
    assertThat(sharding("--one-column").oneColumn()).isTrue();
    assertThat(sharding("--no-one-column").oneColumn()).isFalse();
    assertThat(sharding("--no-one-column", "--value-bits", "16"))
        .isEqualTo(
            new ShardingSpec(
                3,
                0,
                1,
                10,
                ShardingSpec.Routing.TILE,
                ShardingSpec.ALL_STEPS,
                ShardingSpec.SHORT_BITS,
                false,
                false));
  }
}
