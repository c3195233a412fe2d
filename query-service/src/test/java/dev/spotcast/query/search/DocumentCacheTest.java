package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.index.RunRecord;
import dev.spotcast.index.RunStatus;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DocumentCacheTest {

  private static ForecastRun run(String model) {
    return new ForecastRun(
        model,
        Instant.parse("2026-11-25T00:00:00Z"),
        RegularLatLonGrid.covering(40, -10, 50, 10, 1.0),
        List.of(
            new LevelAxis(
                LevelType.HEIGHT_ABOVE_GROUND, List.of(0.0, 500.0), SyntheticWeather.PARAMETERS),
            new LevelAxis(
                LevelType.SURFACE,
                List.of(0.0),
                List.of(SyntheticWeather.OROGRAPHY, SyntheticWeather.HUMIDITY))),
        List.of(0, 1),
        ShardingSpec.DEFAULT);
  }

  private static ForecastHit hit(int axis, int point) {
    return new ForecastHit(
        axis, point, 0, 0, Map.of("t", 280.0), Double.NaN, Double.NaN, Double.NaN);
  }

  @Test
  void fieldMasksHoldTheRequestedParametersOfEachAxisByPosition() {
    ForecastRun run = run("a");
    // Axis 0: t, u, v, rh, p (positions 0-4); axis 1: orog, rh (positions 0-1).
    long[] masks =
        DocumentCache.fieldMasks(
            run, List.of(SyntheticWeather.HUMIDITY, SyntheticWeather.TEMPERATURE));
    assertThat(masks).containsExactly(0b01001L, 0b10L);
    // A request that reads only rh shares axis 1's documents with the one above, not axis 0's.
    long[] humidity = DocumentCache.fieldMasks(run, List.of(SyntheticWeather.HUMIDITY));
    assertThat(humidity).containsExactly(0b01000L, 0b10L);
  }

  @Test
  void keysOfNeighbouringStepsAndPointsHashApart() {
    ShardingStrategy strategy = new ShardingStrategy(run("a"));
    Set<Integer> hashes = new HashSet<>();
    int keys = 0;
    for (double level : List.of(0.0, 1000.0, 3000.0, 5000.0)) {
      for (int step = 0; step < 25; step++) {
        for (int point = 0; point < 65_160; point += 7) {
          hashes.add(new DocumentCache.Key(strategy, 0, level, step, point, 0b11111L).hashCode());
          keys++;
        }
      }
    }
    // The record's default hash gave each value to ~25 of these keys; a good mix collides only by
    // chance.
    assertThat(hashes.size()).isGreaterThan((int) (keys * 0.999));
  }

  @Test
  void keysOfOneRunAreEqualOnlyForTheSameStrategyObject() {
    ForecastRun run = run("a");
    ShardingStrategy one = new ShardingStrategy(run);
    ShardingStrategy other = new ShardingStrategy(run);
    DocumentCache.Key key = new DocumentCache.Key(one, 0, 500.0, 1, 42, 3L);
    assertThat(key).isEqualTo(new DocumentCache.Key(one, 0, 500.0, 1, 42, 3L));
    assertThat(key.hashCode())
        .isEqualTo(new DocumentCache.Key(one, 0, 500.0, 1, 42, 3L).hashCode());
    assertThat(key).isNotEqualTo(new DocumentCache.Key(other, 0, 500.0, 1, 42, 3L));
    assertThat(key).isNotEqualTo(new DocumentCache.Key(one, 0, 500.0, 1, 42, 1L));
    assertThat(key).isNotEqualTo(new DocumentCache.Key(one, 0, 0.0, 1, 42, 3L));
  }

  @Test
  void documentsOfRunsNoLongerServedAreDropped() {
    ForecastRun a = run("a");
    ForecastRun b = run("b");
    ShardingStrategy sa = new ShardingStrategy(a);
    ShardingStrategy sb = new ShardingStrategy(b);
    DocumentCache cache = new DocumentCache(1000, new SimpleMeterRegistry());
    DocumentCache.Key ka = new DocumentCache.Key(sa, 0, 0.0, 0, 1, 1L);
    DocumentCache.Key kb = new DocumentCache.Key(sb, 0, 0.0, 0, 1, 1L);
    cache.put(ka, List.of(hit(0, 1)));
    cache.put(kb, List.of(hit(0, 1)));
    RunRecord recordA =
        RunRecord.loading(a, sa.allIndices(), a.runTime())
            .finished(RunStatus.PUBLISHED, 1, a.runTime(), null);
    RunRecord recordB =
        RunRecord.loading(b, sb.allIndices(), b.runTime())
            .finished(RunStatus.PUBLISHED, 1, b.runTime(), null);

    cache.retainRuns(List.of(recordA, recordB));
    assertThat(cache.size()).isEqualTo(2);
    cache.retainRuns(List.of(recordB));
    assertThat(cache.size()).isEqualTo(1);
    assertThat(cache.all(List.of(kb))).hasSize(1);
    assertThat(cache.all(List.of(ka))).isNull();
  }
}
