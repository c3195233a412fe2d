package dev.spotcast.ingestor.bulk;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.index.DocumentColumn;
import dev.spotcast.index.ForecastDocument;
import dev.spotcast.index.ForecastFields;
import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.sharding.ElasticsearchRouting;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ShardBatcherTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final ForecastRun run =
      ForecastRun.of(
          "m",
          Instant.parse("2026-11-21T00:00:00Z"),
          RegularLatLonGrid.covering(-30, -40, 30, 40, 2),
          LevelType.HEIGHT_ABOVE_GROUND,
          List.of(0.0, 1000.0, 2000.0),
          List.of(0, 3, 6),
          SyntheticWeather.PARAMETERS,
          new ShardingSpec(2, 0, 3, 10));
  private final ShardingStrategy strategy = new ShardingStrategy(run);

  @Test
  void everyDocumentLandsInTheBatchOfItsIndexAndShard() throws Exception {
    List<ShardBatch> batches = new ArrayList<>();
    ShardBatcher batcher = new ShardBatcher(strategy, batches::add, 100, 1 << 20);
    SyntheticForecastSource source = new SyntheticForecastSource(run, 1);
    for (ForecastSource.Slice slice : source.slices()) {
      source.produce(slice, batcher);
    }
    batcher.flush();

    Set<String> ids = new HashSet<>();
    for (ShardBatch batch : batches) {
      assertThat(batch.documents()).isBetween(1, 100);
      for (int i = 0; i < batch.documents(); i++) {
        String[] lines = new String(batch.item(i), StandardCharsets.UTF_8).split("\n");
        assertThat(lines).hasSize(2);
        JsonNode action = JSON.readTree(lines[0]).get("index");
        JsonNode doc = JSON.readTree(lines[1]);
        String routing = action.get("routing").asText();
        double lon = doc.get("loc").get(0).asDouble();
        double lat = doc.get("loc").get(1).asDouble();
        assertThat(ElasticsearchRouting.shardId(routing, 3, strategy.routingNumShards()))
            .isEqualTo(batch.shard());
        assertThat(routing).isEqualTo(strategy.routingKey(lat, lon));
        int levelPosition = run.axes().getFirst().levels().indexOf(doc.get("lvl").asDouble());
        int stepPosition = run.steps().indexOf(doc.get("step").asInt());
        assertThat(batch.index()).isEqualTo(strategy.indexName(0, levelPosition, stepPosition));
        assertThat(action.get("_id").asText())
            .isEqualTo(
                doc.get("lvl").asInt()
                    + "_"
                    + doc.get("step").asInt()
                    + "_"
                    + doc.get("gp").asInt());
        // One column per document (the default): its grid point, level, step and 5 parameters.
        float[][] values = new float[5][];
        DocumentColumn.Identity identity =
            DocumentColumn.read(
                doc.get(ForecastFields.COLUMN).binaryValue(),
                new DocumentColumn.Wanted(
                    SyntheticWeather.PARAMETERS.stream().map(p -> p.name()).toList()),
                values);
        assertThat(identity)
            .isEqualTo(
                new DocumentColumn.Identity(
                    doc.get("gp").asInt(), doc.get("lvl").asDouble(), doc.get("step").asInt()));
        for (float[] parameter : values) {
          assertThat(parameter).hasSize(3);
        }
        ids.add(batch.index() + "/" + action.get("_id").asText());
      }
    }
    assertThat(ids).hasSize((int) run.documentCount());
  }

  @Test
  void documentRoutedDocumentsAreBatchedByTheShardOfTheirIdWithoutRouting() throws Exception {
    ForecastRun byId =
        ForecastRun.of(
            "m",
            Instant.parse("2026-11-21T00:00:00Z"),
            RegularLatLonGrid.covering(-30, -40, 30, 40, 2),
            LevelType.HEIGHT_ABOVE_GROUND,
            List.of(0.0, 1000.0, 2000.0),
            List.of(0, 3, 6),
            SyntheticWeather.PARAMETERS,
            new ShardingSpec(2, 0, 3, 10, ShardingSpec.Routing.DOCUMENT));
    List<ShardBatch> batches = new ArrayList<>();
    ShardBatcher batcher = new ShardBatcher(new ShardingStrategy(byId), batches::add, 100, 1 << 20);
    SyntheticForecastSource source = new SyntheticForecastSource(byId, 1);
    for (ForecastSource.Slice slice : source.slices()) {
      source.produce(slice, batcher);
    }
    batcher.flush();

    Set<String> ids = new HashSet<>();
    Set<Integer> shards = new HashSet<>();
    for (ShardBatch batch : batches) {
      for (int i = 0; i < batch.documents(); i++) {
        JsonNode action =
            JSON.readTree(new String(batch.item(i), StandardCharsets.UTF_8).split("\n")[0])
                .get("index");
        assertThat(action.has("routing")).isFalse();
        String id = action.get("_id").asText();
        // Three shards: routing_num_shards 768, factor 256 (no routing: the _id is hashed).
        assertThat(Math.floorMod(ElasticsearchRouting.hash(id), 768) / 256)
            .isEqualTo(batch.shard());
        ids.add(batch.index() + "/" + id);
        shards.add(batch.shard());
      }
    }
    assertThat(ids).hasSize((int) byId.documentCount());
    assertThat(shards).containsExactlyInAnyOrder(0, 1, 2);
  }

  @Test
  void theHandComputedIdsGoToTheirShards() throws Exception {
    ShardingStrategy byId =
        new ShardingStrategy(
            ForecastRun.of(
                "m",
                Instant.parse("2026-11-21T00:00:00Z"),
                RegularLatLonGrid.covering(-30, -40, 30, 40, 2),
                LevelType.HEIGHT_ABOVE_GROUND,
                List.of(0.0, 1000.0),
                List.of(0, 3),
                SyntheticWeather.PARAMETERS,
                new ShardingSpec(2, 0, 3, 10, ShardingSpec.Routing.DOCUMENT)));
    List<ShardBatch> batches = new ArrayList<>();
    ShardBatcher batcher = new ShardBatcher(byId, batches::add, 1, 1 << 20);
    float[] values = {1};
    String[] names = {"t"};
    // ids 0_0_0 (shard 2 of 3) and 0_0_1 (shard 0 of 3), hand-computed in ElasticsearchRoutingTest.
    batcher.accept(0, 0, 0, new ForecastDocument(0, 0, 0, 0, 0, names, values));
    batcher.accept(0, 0, 0, new ForecastDocument(1, 0, 0, 0, 0, names, values));
    assertThat(batches).extracting(ShardBatch::shard).containsExactly(2, 0);
  }

  @Test
  void aBatchIsSentWhenItsByteLimitIsReached() throws Exception {
    List<ShardBatch> batches = new ArrayList<>();
    ShardBatcher batcher = new ShardBatcher(strategy, batches::add, 1000, 1000);
    float[] values = {1, 2, 3, 4, 5};
    for (int i = 0; i < 25; i++) {
      batcher.accept(
          0,
          0,
          0,
          new ForecastDocument(i, 0, 0, 0, 0, new String[] {"t", "u", "v", "rh", "pres"}, values));
    }
    // Each item is about 120 bytes: a batch closes at the first item that reaches 1000 bytes.
    assertThat(batches)
        .isNotEmpty()
        .allSatisfy(b -> assertThat(b.body().length).isBetween(1000, 1200));
    batcher.flush();
    assertThat(batches.stream().mapToInt(ShardBatch::documents).sum()).isEqualTo(25);
  }

  @Test
  void aSubsetKeepsTheChosenItemsWhole() throws Exception {
    List<ShardBatch> batches = new ArrayList<>();
    ShardBatcher batcher = new ShardBatcher(strategy, batches::add, 10, 1 << 20);
    for (int i = 0; i < 10; i++) {
      batcher.accept(
          0, 0, 0, new ForecastDocument(i, 0, 0, 0, 0, new String[] {"t"}, new float[] {i}));
    }
    ShardBatch batch = batches.getFirst();
    ShardBatch subset = batch.subset(List.of(7, 2));
    assertThat(subset.documents()).isEqualTo(2);
    assertThat(subset.item(0)).isEqualTo(batch.item(7));
    assertThat(subset.item(1)).isEqualTo(batch.item(2));
    assertThat(subset.body().length).isEqualTo(batch.item(7).length + batch.item(2).length);
  }
}
