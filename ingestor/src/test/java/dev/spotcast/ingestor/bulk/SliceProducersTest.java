package dev.spotcast.ingestor.bulk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The producers {@link LoadPipeline} runs: every document batched, or stopped by the abort check.
 */
class SliceProducersTest {

  private final ForecastRun run =
      ForecastRun.of(
          "m",
          Instant.parse("2026-11-21T00:00:00Z"),
          RegularLatLonGrid.covering(-30, -40, 30, 40, 2),
          LevelType.HEIGHT_ABOVE_GROUND,
          List.of(0.0, 1000.0),
          List.of(0, 3),
          SyntheticWeather.PARAMETERS,
          new ShardingSpec(2, 0, 3, 10));
  private final ShardingStrategy strategy = new ShardingStrategy(run);
  private final SyntheticForecastSource source = new SyntheticForecastSource(run, 1);

  @Test
  void threadsTakeEverySliceOnceAndFlushTheirBatches() throws Exception {
    AtomicLong batched = new AtomicLong();
    Throwable failure =
        SliceProducers.run(
            source, strategy, 3, 50, 1 << 20, batch -> batched.addAndGet(batch.documents()), "t-");

    assertThat(failure).isNull();
    assertThat(batched.get()).isEqualTo(run.documentCount());
  }

  @Test
  void theAbortCheckStopsAProducerAtTheNextDocumentWithoutFlushing() throws Exception {
    AtomicLong batched = new AtomicLong();
    AtomicLong checks = new AtomicLong();
    ShardBatcher batcher =
        new ShardBatcher(strategy, batch -> batched.addAndGet(batch.documents()), 50, 1 << 20);

    assertThatThrownBy(
            () ->
                SliceProducers.produce(
                    source,
                    new ArrayDeque<>(source.slices()),
                    batcher,
                    () -> checks.incrementAndGet() > 120))
        .isInstanceOf(SliceProducers.Aborted.class);
    assertThat(checks.get()).isEqualTo(121);
    assertThat(batched.get()).isLessThanOrEqualTo(120).isLessThan(run.documentCount());
  }

  @Test
  void anAbortedProducerIsThePoolsFailureAndTheRestIsDropped() throws Exception {
    Throwable failure =
        SliceProducers.run(
            source,
            new ConcurrentLinkedQueue<ForecastSource.Slice>(source.slices()),
            strategy,
            2,
            50,
            1 << 20,
            batch -> {},
            "t-",
            () -> true);

    assertThat(failure).isInstanceOf(SliceProducers.Aborted.class);
  }
}
