package dev.spotcast.sharding;

import static org.assertj.core.api.Assertions.assertThat;

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
    assertThat(bind(Map.of())).isEqualTo(ShardingSpec.DEFAULT);
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
    assertThat(spec).isEqualTo(new ShardingSpec(3, 1, 1, 10, ShardingSpec.Routing.DOCUMENT));
  }
}
