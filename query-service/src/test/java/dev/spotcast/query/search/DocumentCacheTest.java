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

  /** The record of a run published whole. */
  private static RunRecord published(ForecastRun run, ShardingStrategy strategy) {
    return RunRecord.loading(run, strategy.allIndices(), run.runTime())
        .finished(RunStatus.PUBLISHED, 1, run.runTime(), null);
  }

  /** A cache of 1 MiB that keeps a request's documents once they are read again. */
  private static DocumentCache readAgain() {
    return new DocumentCache(
        1 << 20, DocumentCache.Admission.READ_AGAIN, new SimpleMeterRegistry());
  }

  /** The key of a grid point's document: level 0, step 0, the first parameter. */
  private static DocumentCache.Key pointKey(ShardingStrategy strategy, int point) {
    return new DocumentCache.Key(strategy, 0, 0, 0, point, 1);
  }

  @Test
  void keepingOnlyDocumentsReadAgainKeepsARequestsReadFromItsSecondAndEveryOtherAtOnce() {
    ShardingStrategy strategy = new ShardingStrategy(run("a"));
    DocumentCache cache = readAgain();
    DocumentCache.Key asked = pointKey(strategy, 7);
    cache.putRead(asked, List.of(hit(0, 7)));
    assertThat(cache.all(List.of(asked))).as("read once: not kept").isNull();
    cache.putRead(asked, List.of(hit(0, 7)));
    assertThat(cache.all(List.of(asked))).as("read again: kept").containsKey(asked);
    // Kept some other way (a preload, the documents read ahead for a run's successor): at once.
    DocumentCache.Key preloaded = pointKey(strategy, 8);
    cache.put(preloaded, List.of(hit(0, 8)));
    assertThat(cache.all(List.of(preloaded))).containsKey(preloaded);
    // first-read (this constructor's admission) keeps a request's read the first time.
    DocumentCache first = new DocumentCache(1 << 20, new SimpleMeterRegistry());
    first.putRead(asked, List.of(hit(0, 7)));
    assertThat(first.all(List.of(asked))).containsKey(asked);
  }

  @Test
  void whileAWarmUpIsUnderWayEveryDocumentARequestReadsIsKeptAtOnce() {
    ShardingStrategy strategy = new ShardingStrategy(run("a"));
    DocumentCache cache = readAgain();
    DocumentCache.Key warmed = pointKey(strategy, 7);
    DocumentCache.Key after = pointKey(strategy, 8);
    DocumentCache.Warming first = cache.warming();
    DocumentCache.Warming second = cache.warming();
    cache.putRead(warmed, List.of(hit(0, 7)));
    assertThat(cache.all(List.of(warmed))).as("read once while warming: kept").containsKey(warmed);
    first.close();
    first.close(); // closing twice ends one warm-up only
    cache.putRead(after, List.of(hit(0, 8)));
    assertThat(cache.all(List.of(after))).as("the second warm-up still under way").isNotNull();
    second.close();
    DocumentCache.Key cold = pointKey(strategy, 9);
    cache.putRead(cold, List.of(hit(0, 9)));
    assertThat(cache.all(List.of(cold))).as("no warm-up: read once, not kept").isNull();
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
  void aDocumentWeighsTheHeapItHolds() {
    // A whole series of 25 steps, 5 parameters, held in the slab: the entry (key 48, Caffeine's
    // node 40, the map's node 32 and slot 8 = 128), InSlab 64 (header 12, two ints, four doubles,
    // three references), the slot's record 24, the names (16 + 5 x 4 = 36, aligned 40), and 125
    // floats in a page (500, no header of their own): 756.
    float[][] columns = new float[5][25];
    String[] names = {"t", "u", "v", "rh", "pres"};
    ForecastHit read =
        new ForecastHit(
            0, 7, 0.0, 0, new BlockStepValues(names, columns, 0), 0.0, Double.NaN, Double.NaN);
    List<Integer> steps = java.util.stream.IntStream.range(0, 25).boxed().toList();
    assertThat(DocumentCache.bytes(BlockHits.of(read, steps))).isEqualTo(756);
    // A block with a parameter absent (a null column) stays on the heap as read: the entry 128,
    // BlockHits 32, the hit read 64, its values 32, the steps' list 24, the names and the columns
    // (40 each), four columns of 25 floats (16 + 100 = 116, aligned 120): 128 + 152 + 80 + 480 =
    // 840.
    float[][] fourOfFive = {columns[0], columns[1], null, columns[3], columns[4]};
    ForecastHit partial =
        new ForecastHit(
            0, 7, 0.0, 0, new BlockStepValues(names, fourOfFive, 0), 0.0, Double.NaN, Double.NaN);
    assertThat(DocumentCache.bytes(BlockHits.of(partial, steps))).isEqualTo(840);

    // A document of one step, 5 values in a HashMap: the entry 128, the list 16 + (16 + 4 = 20,
    // aligned 24), the hit 64, the map 48 + its table of 16 slots (16 + 64 = 80) + 5 x (node 32 +
    // Double 16) = 368: 600.
    Map<String, Double> values = new java.util.HashMap<>();
    for (String name : names) {
      values.put(name, 1.0);
    }
    ForecastHit one = new ForecastHit(0, 7, 0.0, 0, values, 0.0, Double.NaN, Double.NaN);
    assertThat(DocumentCache.bytes(List.of(one))).isEqualTo(600);
    // The same values as Elasticsearch's answers are read (StepValues): the map 24, 5 names (16 +
    // 20, aligned 40) and 5 numbers (16 + 40 = 56): 128 + 40 + 64 + 120 = 352.
    ForecastHit asRead =
        new ForecastHit(
            0,
            7,
            0.0,
            0,
            new StepValues(names, new double[] {1, 2, 3, 4, 5}),
            0.0,
            Double.NaN,
            Double.NaN);
    assertThat(DocumentCache.bytes(List.of(asRead))).isEqualTo(352);
    assertThat(asRead.number("rh")).isEqualTo(4.0);
    assertThat(asRead.number("orog")).isNaN();
    assertThat(asRead.values()).containsEntry("pres", 5.0).hasSize(5).doesNotContainKey("orog");

    // 13 values pass three quarters of 16 slots: a table of 32 (16 + 128 = 144).
    Map<String, Double> thirteen = new java.util.HashMap<>();
    for (int i = 0; i < 13; i++) {
      thirteen.put("p" + i, 1.0);
    }
    ForecastHit wide = new ForecastHit(0, 7, 0.0, 0, thirteen, 0.0, Double.NaN, Double.NaN);
    assertThat(DocumentCache.bytes(List.of(wide)))
        .isEqualTo(128 + 16 + 24 + 64 + 48 + 144 + 13 * 48);
  }

  @Test
  void aRunIsEstimatedAsItsDocumentsWouldWeigh() {
    ForecastRun run = run("a");
    assertThat(run.grid().pointCount()).isEqualTo(11 * 21);
    assertThat(run.stepsPerDocument()).isEqualTo(2);
    // Axis 0, 5 parameters, 2 levels: a document of 2 steps per point and level, in the slab,
    // weighs 128 + 64 + 24 + 40 (names) + 10 x 4 = 296. Axis 1, 2 parameters, one level: 128 + 64
    // + 24 + 24 + 4 x 4 = 256.
    assertThat(DocumentCache.estimate(run)).isEqualTo(231L * (2 * 296 + 256));
    // A document per step, its values as read (StepValues): 128 + 40 (the list) + 64 (the hit) +
    // 24 (the map) + its names and numbers; 5 values: 40 + 56, 352 in all; 2 values: 24 + 32,
    // 312.
    ForecastRun steps =
        new ForecastRun(
            run.model(),
            run.runTime(),
            run.grid(),
            run.axes(),
            run.steps(),
            ShardingSpec.DEFAULT.withStepsPerDocument(1));
    assertThat(DocumentCache.estimate(steps)).isEqualTo(231L * 2 * (2 * 352 + 312));
  }

  @Test
  void theBoundIsTheHeapItsDocumentsHold() {
    ShardingStrategy strategy = new ShardingStrategy(run("a"));
    // Each document of one value weighs 128 + 40 + 64 + 48 + 80 + 48 = 408 bytes: 10,000 bytes
    // hold 24 of them.
    DocumentCache cache = new DocumentCache(10_000, new SimpleMeterRegistry());
    for (int point = 0; point < 100; point++) {
      cache.put(new DocumentCache.Key(strategy, 0, 0.0, 0, point, 1L), List.of(hit(0, point)));
    }
    assertThat(DocumentCache.bytes(List.of(hit(0, 1)))).isEqualTo(408);
    assertThat(cache.size()).isEqualTo(24);
  }

  @Test
  void theHottestOfARunAreItsOwnKeysUpToTheWeightAsked() {
    ShardingStrategy sa = new ShardingStrategy(run("a"));
    ShardingStrategy sb = new ShardingStrategy(run("b"));
    DocumentCache cache = new DocumentCache(100_000, new SimpleMeterRegistry());
    for (int point = 0; point < 10; point++) {
      cache.put(new DocumentCache.Key(sa, 0, 0.0, 0, point, 1L), List.of(hit(0, point)));
      cache.put(new DocumentCache.Key(sb, 0, 0.0, 0, point, 1L), List.of(hit(0, point)));
    }
    // 408 bytes each (theBoundIsTheHeapItsDocumentsHold): three fit in 1,300.
    List<DocumentCache.Key> three = cache.hottest(run -> run == sa, 1_300, 10);
    assertThat(three).hasSize(3).allMatch(key -> key.run() == sa);
    List<DocumentCache.Key> all = cache.hottest(run -> run == sa, Long.MAX_VALUE, 10);
    assertThat(all).hasSize(10).allMatch(key -> key.run() == sa);
    assertThat(all.stream().map(DocumentCache.Key::point))
        .containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    ShardingStrategy another = new ShardingStrategy(run("a"));
    assertThat(cache.hottest(run -> run == another, Long.MAX_VALUE, 10))
        .as("another strategy object is another run")
        .isEmpty();
    assertThat(cache.hottest(run -> true, Long.MAX_VALUE, 100)).as("of every run").hasSize(20);
    assertThat(cache.hottest(run -> true, Long.MAX_VALUE, 5)).as("at most as asked").hasSize(5);
  }

  /** A block of 3 steps and 2 parameters at a point, its numbers from the point. */
  private static BlockHits block(int point) {
    float[][] columns = {{point, point + 1, point + 2}, {-point, Float.NaN, -point - 2}};
    ForecastHit read =
        new ForecastHit(
            0,
            point,
            500.0,
            6,
            new BlockStepValues(new String[] {"t", "rh"}, columns, 0),
            1234.5,
            45.25,
            7.5);
    return BlockHits.of(read, List.of(6, 7, 8));
  }

  @Test
  void aBlockIsHeldInTheSlabAndReadBackAsItWasRead() {
    ShardingStrategy strategy = new ShardingStrategy(run("a"));
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    DocumentCache cache = new DocumentCache(1_000_000, registry);
    DocumentCache.Key key = new DocumentCache.Key(strategy, 0, 500.0, 6, 42, 0b1001L);
    cache.put(key, block(42));

    List<ForecastHit> held = cache.all(List.of(key)).get(key);
    assertThat(held).hasSize(3);
    ForecastHit second = held.get(1);
    assertThat(second.step()).isEqualTo(7);
    assertThat(second.point()).isEqualTo(42);
    assertThat(second.level()).isEqualTo(500.0);
    assertThat(second.sortDistance()).isEqualTo(1234.5);
    assertThat(second.lat()).isEqualTo(45.25);
    assertThat(second.lon()).isEqualTo(7.5);
    assertThat(second.number("t")).isEqualTo(43.0);
    assertThat(second.number("rh")).isNaN();
    assertThat(held.get(2).number("rh")).isEqualTo(-44.0);
    assertThat(second.blockColumn("t")).containsExactly(42f, 43f, 44f);
    // Held in a page of the slab (a sixteenth of the bound, in whole slots of 6 floats), not as
    // arrays of its own.
    assertThat(registry.get("spotcast.query.documents.slab.bytes").gauge().value())
        .isEqualTo(1_000_000 / 16 / 4 / 6 * 6 * 4);
  }

  @Test
  void slotsOfEvictedBlocksAreReusedWithinTheBound() {
    ShardingStrategy strategy = new ShardingStrategy(run("a"));
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    // A block of 2 parameters of 3 steps weighs 128 + 64 + 24 + 24 + 24 = 264: 26,400 bytes hold
    // 100 of them; pages of 26,400 / 16 bytes hold 68 slots of 24 bytes.
    DocumentCache cache = new DocumentCache(26_400, registry);
    assertThat(DocumentCache.bytes(block(0))).isEqualTo(264);
    for (int point = 0; point < 1_000; point++) {
      cache.put(new DocumentCache.Key(strategy, 0, 500.0, 6, point, 0b11L), block(point));
    }
    assertThat(cache.size()).isEqualTo(100);
    // The slots of the 900 evicted went back to be used again: two pages, not fifteen.
    assertThat(registry.get("spotcast.query.documents.slab.bytes").gauge().value())
        .isEqualTo(2 * 68 * 24);
    DocumentCache.Key last = new DocumentCache.Key(strategy, 0, 500.0, 6, 999, 0b11L);
    assertThat(cache.all(List.of(last)).get(last).get(2).number("t")).isEqualTo(1001.0);
  }

  @Test
  void whenFullEveryReadIsKeptUntilTheCachePushesOneOutThenOnlyThoseReadAgain() {
    ForecastRun a = run("a");
    ForecastRun b = run("b");
    ShardingStrategy sa = new ShardingStrategy(a);
    ShardingStrategy sb = new ShardingStrategy(b);
    // 16 KiB; a document of one hit of one value weighs 408 bytes (DocumentCache.bytes): 100
    // overflow
    // it.
    DocumentCache cache =
        new DocumentCache(
            16 << 10, DocumentCache.Admission.READ_AGAIN_WHEN_FULL, new SimpleMeterRegistry());
    DocumentCache.Key first = pointKey(sa, 0);
    assertThat(cache.admits(first)).as("room: kept at the first read").isTrue();
    for (int point = 0; point < 100; point++) {
      cache.putRead(pointKey(sa, point), List.of(hit(0, point)));
    }
    cache.size(); // the pending evictions done
    DocumentCache.Key fresh = pointKey(sa, 500);
    assertThat(cache.admits(fresh)).as("full: a first read is not kept").isFalse();
    assertThat(cache.admits(fresh)).as("full: read again, kept").isTrue();
    try (DocumentCache.Warming warming = cache.warming()) {
      assertThat(cache.admits(pointKey(sa, 501))).as("full, warming: kept").isTrue();
    }
    // Run a leaves (b alone is served): the cache has room again.
    cache.putRead(pointKey(sb, 1), List.of(hit(0, 1)));
    cache.retainRuns(List.of(published(b, sb)));
    assertThat(cache.admits(pointKey(sb, 2))).as("room again: kept at the first read").isTrue();
  }

  @Test
  void documentsOfRunsNoLongerServedAreDropped() {
    ForecastRun a = run("a");
    ForecastRun b = run("b");
    ShardingStrategy sa = new ShardingStrategy(a);
    ShardingStrategy sb = new ShardingStrategy(b);
    DocumentCache cache = new DocumentCache(100_000, new SimpleMeterRegistry());
    DocumentCache.Key ka = new DocumentCache.Key(sa, 0, 0.0, 0, 1, 1L);
    DocumentCache.Key kb = new DocumentCache.Key(sb, 0, 0.0, 0, 1, 1L);
    cache.put(ka, List.of(hit(0, 1)));
    cache.put(kb, List.of(hit(0, 1)));
    RunRecord recordA = published(a, sa);
    RunRecord recordB = published(b, sb);

    cache.retainRuns(List.of(recordA, recordB));
    assertThat(cache.size()).isEqualTo(2);
    cache.retainRuns(List.of(recordB));
    assertThat(cache.size()).isEqualTo(1);
    assertThat(cache.all(List.of(kb))).hasSize(1);
    assertThat(cache.all(List.of(ka))).isNull();
  }
}
