package dev.spotcast.ingestor.bulk;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import co.elastic.clients.elasticsearch.core.bulk.IndexOperation;
import dev.spotcast.index.ForecastDocument;
import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.sharding.ElasticsearchRouting;
import dev.spotcast.sharding.ShardingSpec;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ShardBatcherTest {

  private final ForecastRun run =
      new ForecastRun(
          "m", Instant.parse("2026-11-21T00:00:00Z"), RegularLatLonGrid.covering(-30, -40, 30, 40, 2),
          LevelType.HEIGHT_ABOVE_GROUND, List.of(0, 1000, 2000), List.of(0, 3, 6),
          SyntheticWeather.PARAMETERS, new ShardingSpec(2, 0, 3, 10));
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
      assertThat(batch.operations()).isNotEmpty().hasSizeLessThanOrEqualTo(100);
      for (BulkOperation op : batch.operations()) {
        IndexOperation<?> index = op.index();
        ForecastDocument doc = (ForecastDocument) index.document();
        assertThat(index.index()).isEqualTo(batch.index());
        assertThat(ElasticsearchRouting.shardId(index.routing(), 3, strategy.routingNumShards()))
            .isEqualTo(batch.shard());
        assertThat(index.routing()).isEqualTo(strategy.routingKey(doc.lat(), doc.lon()));
        int levelPosition = run.levels().indexOf(doc.level());
        assertThat(batch.index()).isEqualTo(strategy.indexName(levelPosition, run.steps().indexOf(doc.step())));
        ids.add(index.index() + "/" + index.id());
      }
    }
    assertThat(ids).hasSize((int) run.documentCount());
  }

  @Test
  void aBatchIsSentWhenItsByteEstimateIsReached() throws Exception {
    List<ShardBatch> batches = new ArrayList<>();
    // 140 + 5 * 16 = 220 estimated bytes per document: 2200 bytes is 10 documents.
    ShardBatcher batcher = new ShardBatcher(strategy, batches::add, 1000, 2200);
    float[] values = new float[5];
    for (int i = 0; i < 25; i++) {
      batcher.accept(0, 0, new ForecastDocument(i, 0, 0, 0, 0, new String[] {"t", "u", "v", "rh", "pres"}, values));
    }
    assertThat(batches).hasSize(2).allSatisfy(b -> assertThat(b.operations()).hasSize(10));
    batcher.flush();
    assertThat(batches).hasSize(3);
    assertThat(batches.get(2).operations()).hasSize(5);
  }
}
