package dev.spotcast.sharding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.model.ShardingSpec;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** The ingestor service binds spotcast.sharding.* into the spec (constructor binding). */
class ShardingSpecBindingTest {

  private static ShardingSpec bind(Map<String, String> properties) {
    return new Binder(new MapConfigurationPropertySource(properties))
        .bindOrCreate("spotcast.sharding", ShardingSpec.class);
  }

  @Test
  void defaultsAreTheHybridLayoutRoutedByTile() {
    assertThat(bind(Map.of()).withShardsFor(1)).isEqualTo(ShardingSpec.DEFAULT);
    assertThat(bind(Map.of()).routing()).isEqualTo(ShardingSpec.Routing.TILE);
  }

  @Test
  void everyStepInOneDocumentByDefaultAndOneStepPerDocumentCanBeConfigured() {
    assertThat(bind(Map.of()).stepsPerDocument()).isEqualTo(ShardingSpec.ALL_STEPS);
    assertThat(ShardingSpec.DEFAULT.stepsPerDocument()).isEqualTo(ShardingSpec.ALL_STEPS);
    assertThat(bind(Map.of("spotcast.sharding.steps-per-document", "1")).stepsPerDocument())
        .isEqualTo(1);
    // With steps per index, every step of the index's band.
    assertThat(bind(Map.of("spotcast.sharding.steps-per-index", "6")).stepsPerDocument())
        .isEqualTo(6);
  }

  @Test
  void valuesExactByDefaultAndSixteenBitsCanBeConfigured() {
    assertThat(bind(Map.of()).valueBits()).isEqualTo(32);
    assertThat(bind(Map.of("spotcast.sharding.value-bits", "16")).valueBits()).isEqualTo(16);
  }

  @Test
  void oneColumnPerDocumentByDefaultAndAColumnPerParameterCanBeConfigured() {
    assertThat(bind(Map.of()).oneColumn()).isTrue();
    assertThat(ShardingSpec.DEFAULT.oneColumn()).isTrue();
    assertThat(bind(Map.of("spotcast.sharding.one-column", "false")).oneColumn()).isFalse();
    assertThat(
            bind(Map.of("spotcast.sharding.one-column", "false"))
                .withStepsPerDocument(24)
                .withRouting(ShardingSpec.Routing.DOCUMENT)
                .oneColumn())
        .as("kept by the spec's withers")
        .isFalse();
    assertThat(ShardingSpec.DEFAULT.withOneColumn(false).oneColumn()).isFalse();
  }

  @Test
  void routingByDocumentCanBeConfigured() {
    ShardingSpec spec =
        bind(
            Map.of(
                "spotcast.sharding.routing", "document", "spotcast.sharding.steps-per-index", "1"));
    assertThat(spec)
        .isEqualTo(
            new ShardingSpec(3, 1, ShardingSpec.AUTO_SHARDS, 10, ShardingSpec.Routing.DOCUMENT));
  }

  @Test
  void shardsPerIndexAreOnePerDataNodeByDefaultOrAsSet() {
    ShardingSpec auto = bind(Map.of());
    assertThat(auto.shardsAuto()).isTrue();
    assertThat(auto.shardsPerIndex()).isEqualTo(ShardingSpec.AUTO_SHARDS);
    assertThat(auto.withShardsFor(1).shardsPerIndex()).isEqualTo(1);
    assertThat(auto.withShardsFor(3).shardsPerIndex()).isEqualTo(3);
    assertThat(auto.withShardsFor(0).shardsPerIndex()).as("a cluster telling none").isEqualTo(1);
    assertThat(auto.withShardsFor(5000).shardsPerIndex()).isEqualTo(ShardingSpec.MAX_SHARDS);
    // Resolving keeps the rest of the layout.
    assertThat(auto.withShardsFor(3))
        .usingRecursiveComparison()
        .ignoringFields("shardsPerIndex")
        .isEqualTo(auto);
    ShardingSpec two = bind(Map.of("spotcast.sharding.shards-per-index", "2"));
    assertThat(two.shardsAuto()).isFalse();
    assertThat(two.withShardsFor(5)).as("a number set stays").isSameAs(two);
    assertThatThrownBy(() -> bind(Map.of("spotcast.sharding.shards-per-index", "-1")))
        .hasRootCauseInstanceOf(IllegalArgumentException.class)
        .rootCause()
        .hasMessageContaining("must be in 1..1024, or 0: as many as the cluster's data nodes");
  }
}
