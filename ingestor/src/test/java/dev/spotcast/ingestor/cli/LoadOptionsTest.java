package dev.spotcast.ingestor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.model.ShardingSpec;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
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
    assertThat(sharding())
        .isEqualTo(
            new Binder(new MapConfigurationPropertySource(Map.of()))
                .bindOrCreate("spotcast.sharding", ShardingSpec.class));
    assertThat(sharding().withShardsFor(1)).isEqualTo(ShardingSpec.DEFAULT);
    assertThat(sharding("--one-column").oneColumn()).isTrue();
    assertThat(sharding("--no-one-column").oneColumn()).isFalse();
    assertThat(sharding("--no-one-column", "--value-bits", "16"))
        .isEqualTo(
            new ShardingSpec(
                3,
                0,
                ShardingSpec.AUTO_SHARDS,
                10,
                ShardingSpec.Routing.TILE,
                ShardingSpec.ALL_STEPS,
                ShardingSpec.SHORT_BITS,
                false,
                false));
  }

  @Test
  void shardsAreAutoByDefaultOrANumberInRange() {
    assertThat(sharding().shardsAuto()).isTrue();
    assertThat(sharding("--shards", "auto").shardsPerIndex()).isEqualTo(ShardingSpec.AUTO_SHARDS);
    assertThat(sharding("--shards", "AUTO").shardsAuto()).isTrue();
    assertThat(sharding("--shards", "2").shardsPerIndex()).isEqualTo(2);
    assertThat(sharding("--shards", "1024").shardsPerIndex()).isEqualTo(1024);
    for (String bad : new String[] {"0", "-1", "1025", "two", ""}) {
      assertThatThrownBy(() -> sharding("--shards", bad))
          .as(bad)
          .isInstanceOf(CommandLine.ParameterException.class)
          .hasMessageContaining("is not auto or a number of shards in 1..1024");
    }
  }
}
