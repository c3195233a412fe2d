package dev.spotcast.index;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.synthetic.SyntheticWeather;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The run catalog stores records with the client's mapper; older records must still read. */
class RunRecordJsonTest {

  private final ObjectMapper json = ElasticsearchClients.objectMapper();

  private static RunRecord record(ShardingSpec spec) {
    ForecastRun run =
        ForecastRun.of(
            "m",
            Instant.parse("2026-11-21T00:00:00Z"),
            RegularLatLonGrid.covering(-10, -10, 10, 10, 5),
            LevelType.HEIGHT_ABOVE_GROUND,
            List.of(0.0, 1000.0),
            List.of(0, 1),
            SyntheticWeather.PARAMETERS,
            spec);
    return RunRecord.loading(
        run, List.of("spotcast-fc-m-2026112100-h0"), Instant.parse("2026-11-21T01:00:00Z"));
  }

  @Test
  void theRoutingIsStoredAndReadBack() throws Exception {
    RunRecord stored = record(new ShardingSpec(3, 1, 2, 10, ShardingSpec.Routing.DOCUMENT));
    String text = json.writeValueAsString(stored);
    assertThat(json.readTree(text).at("/run/sharding/routing").asText()).isEqualTo("DOCUMENT");
    assertThat(json.readValue(text, RunRecord.class).run().sharding())
        .isEqualTo(stored.run().sharding());
  }

  @Test
  void aRecordStoredBeforeTheRoutingChoiceReadsAsTileRouting() throws Exception {
    RunRecord stored = record(new ShardingSpec(3, 0, 2, 10));
    ObjectNode old = json.valueToTree(stored);
    ((ObjectNode) old.at("/run/sharding")).remove("routing");
    assertThat(old.at("/run/sharding").has("routing")).isFalse();
    ShardingSpec read = json.treeToValue(old, RunRecord.class).run().sharding();
    assertThat(read.routing()).isEqualTo(ShardingSpec.Routing.TILE);
    // Everything else as written (the run records its steps per document as its own 2 steps).
    assertThat(read).isEqualTo(stored.run().sharding());
  }

  @Test
  void oneColumnIsStoredAndARecordStoredBeforeTheChoiceReadsAsAColumnPerParameter()
      throws Exception {
    RunRecord stored =
        record(
            new ShardingSpec(
                3, 0, 2, 10, ShardingSpec.Routing.TILE, 2, ShardingSpec.SHORT_BITS, false, true));
    ObjectNode written = json.valueToTree(stored);
    assertThat(written.at("/run/sharding/oneColumn").asBoolean()).isTrue();
    assertThat(json.treeToValue(written, RunRecord.class).run().oneColumn()).isTrue();
    ((ObjectNode) written.at("/run/sharding")).remove("oneColumn");
    assertThat(json.treeToValue(written, RunRecord.class).run().oneColumn()).isFalse();
  }

  @Test
  void aRecordStoredBeforeBlocksOfStepsReadsAsOneStepPerDocument() throws Exception {
    ObjectNode old =
        json.valueToTree(
            record(new ShardingSpec(3, 0, 2, 10).withStepsPerDocument(ShardingSpec.ALL_STEPS)));
    // Every step in one document is recorded as the run's 2 steps.
    assertThat(old.at("/run/sharding/stepsPerDocument").asInt()).isEqualTo(2);
    ((ObjectNode) old.at("/run/sharding")).remove("stepsPerDocument");
    RunRecord read = json.treeToValue(old, RunRecord.class);
    assertThat(read.run().stepsPerDocument()).isEqualTo(1);
    assertThat(read.run().documentCount()).isEqualTo(25L * 2 * 2);
  }

  @Test
  void aRecordWithZeroStepsPerDocumentReadsAsOneStepPerDocument() throws Exception {
    // The default spec now puts every step in one document; a stored 0 is still the old layout.
    ObjectNode old = json.valueToTree(record(ShardingSpec.DEFAULT));
    assertThat(old.at("/run/sharding/stepsPerDocument").asInt()).isEqualTo(2);
    ((ObjectNode) old.at("/run/sharding")).put("stepsPerDocument", 0);
    RunRecord read = json.treeToValue(old, RunRecord.class);
    assertThat(read.run().sharding().stepsPerDocument()).isEqualTo(1);
    assertThat(read.run().stepsPerDocument()).isEqualTo(1);
    assertThat(read.run().documentCount()).isEqualTo(25L * 2 * 2);
  }
}
