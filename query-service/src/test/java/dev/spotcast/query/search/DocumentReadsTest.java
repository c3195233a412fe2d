package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The document cache's reads on a run whose documents carry every step: a document is kept whole, a
 * request takes its steps by their place in it, and a document that came back without some of its
 * steps answers what it has without being kept.
 */
class DocumentReadsTest {

  /** Steps 0, 3, 6, 9, 12 in one document per point and level. */
  private static final ForecastRun RUN =
      ForecastRun.of(
          "m",
          Instant.parse("2026-11-24T00:00:00Z"),
          RegularLatLonGrid.covering(0, 0, 2, 2, 1),
          LevelType.HEIGHT_ABOVE_GROUND,
          List.of(0.0),
          List.of(0, 3, 6, 9, 12),
          SyntheticWeather.PARAMETERS,
          ShardingSpec.DEFAULT.withStepsPerDocument(ShardingSpec.ALL_STEPS));

  private static final ShardingStrategy STRATEGY = new ShardingStrategy(RUN);
  private static final int POINT = 4;
  private static final GridNeighbours.Nearest AT =
      new GridNeighbours.Nearest(new int[] {POINT}, new double[] {1234.0});

  /** What a spot reads at one step of the run, at the one point. */
  private static NeighbourQuery at(int step) {
    int position = RUN.stepPosition(step);
    return new NeighbourQuery(
        STRATEGY,
        1,
        1,
        1,
        1,
        200,
        GridNeighbours.nearest(
            (RegularLatLonGrid) RUN.grid(), 1, 1, 1, NeighbourQuery.radiusMeters(200)),
        false,
        RUN.axes().getFirst().parameters(),
        Map.of(
            STRATEGY.indexName(0, 0, position),
            List.of(new Combination(0, 0, position, 0.0, step))));
  }

  /** The hit of a step of the document of the point, its temperature the step itself. */
  private static ForecastHit hit(int step) {
    return new ForecastHit(
        0, POINT, 0.0, step, Map.of("t", (double) step), 0, Double.NaN, Double.NaN);
  }

  /**
   * The hits of the document as Elasticsearch's answer is read: a hit per step, each a view of the
   * block's numbers (temperature the step itself, humidity missing at step 9).
   */
  private static List<ForecastHit> block() {
    String[] names = {"t", "rh"};
    float[][] numbers = {{0, 3, 6, 9, 12}, {50, 51, 52, Float.NaN, 54}};
    List<ForecastHit> hits = new ArrayList<>();
    for (int k = 0; k < RUN.steps().size(); k++) {
      hits.add(
          new ForecastHit(
              0,
              POINT,
              0.0,
              RUN.steps().get(k),
              new BlockStepValues(names, numbers, k),
              0,
              Double.NaN,
              Double.NaN));
    }
    return hits;
  }

  /** Reads that answer with the hits of some steps of the document, counted. */
  private static DocumentReads reads(List<Integer> answered, AtomicInteger count) {
    return reads(
        () -> {
          List<ForecastHit> hits = new ArrayList<>();
          answered.forEach(step -> hits.add(hit(step)));
          return hits;
        },
        count);
  }

  /** Reads that answer with some hits, counted. */
  private static DocumentReads reads(
      java.util.function.Supplier<List<ForecastHit>> answer, AtomicInteger count) {
    SharedReads.Sender<DocumentReads.IdsRead, List<ForecastHit>> sender =
        new SharedReads.Sender<>() {
          @Override
          public Object group(DocumentReads.IdsRead read) {
            return read.query().strategy();
          }

          @Override
          public List<ForecastHit> one(DocumentReads.IdsRead read) {
            count.incrementAndGet();
            return answer.get();
          }

          @Override
          public List<List<ForecastHit>> many(List<DocumentReads.IdsRead> reads) {
            return reads.stream().map(this::one).toList();
          }
        };
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    return new DocumentReads(
        new DocumentCache(1_000_000, registry),
        new SharedReads<>(
            0,
            1,
            Duration.ZERO,
            Duration.ZERO,
            new dev.spotcast.query.config.Timeouts(),
            sender,
            registry.summary("readers"),
            registry.counter("gave-up")));
  }

  @Test
  void aWholeDocumentIsKeptAndAnswersEveryLaterStep() {
    AtomicInteger searches = new AtomicInteger();
    DocumentReads reads = reads(List.of(0, 3, 6, 9, 12), searches);

    List<ForecastHit> six = reads.read(at(6), AT);
    assertThat(six).extracting(ForecastHit::step).containsExactly(6);
    assertThat(six.getFirst().sortDistance()).isEqualTo(1234.0);
    for (int step : RUN.steps()) {
      List<ForecastHit> later = reads.read(at(step), AT);
      assertThat(later).extracting(ForecastHit::step).containsExactly(step);
      assertThat(later.getFirst().values().get("t")).isEqualTo((double) step);
    }
    assertThat(searches).as("one read for every step").hasValue(1);
  }

  @Test
  void aBlockReadIsKeptAsItsNumbersAndAnswersEveryStepAtItsDistance() {
    AtomicInteger searches = new AtomicInteger();
    DocumentReads reads = reads(DocumentReadsTest::block, searches);

    for (int step : List.of(6, 0, 3, 9, 12)) {
      List<ForecastHit> hits = reads.read(at(step), AT);
      assertThat(hits).extracting(ForecastHit::step).containsExactly(step);
      ForecastHit hit = hits.getFirst();
      assertThat(hit.sortDistance()).isEqualTo(1234.0);
      assertThat(hit.point()).isEqualTo(POINT);
      assertThat(hit.values().get("t")).isEqualTo((double) step);
      assertThat(hit.values().get("rh")).isEqualTo(step == 9 ? null : 50.0 + step / 3);
    }
    assertThat(searches).as("one read for every step").hasValue(1);
  }

  @Test
  void aDocumentMissingStepsAnswersWhatItHasByStepAndIsNotKept() {
    AtomicInteger searches = new AtomicInteger();
    DocumentReads reads = reads(List.of(6, 12), searches);

    assertThat(reads.read(at(12), AT)).extracting(ForecastHit::step).containsExactly(12);
    assertThat(reads.read(at(6), AT))
        .as("the hit of 6, not the one in the document's second place")
        .extracting(ForecastHit::step)
        .containsExactly(6);
    assertThat(reads.read(at(3), AT)).isEmpty();
    assertThat(searches).as("nothing kept: every request reads").hasValue(3);
  }

  @Test
  void aSharedReadForTheCacheGivesEachRequestItsDocumentsWhole() {
    SearchPlans.Batch whole = SearchPlans.Batch.of(List.of(at(6), at(9)), true, true);
    assertThat(whole.searches()).hasSize(1);
    assertThat(whole.searches().getFirst().blocks().keep())
        .as("a hit per document, of its first step")
        .containsExactly(0);
    for (List<ForecastHit> hits : whole.split(List.of(List.of(block().getFirst())))) {
      assertThat(hits).extracting(ForecastHit::step).containsExactly(0);
      assertThat(BlockHits.of(hits.getFirst(), RUN.steps()))
          .as("a view of every step's numbers")
          .extracting(hit -> hit.values().get("t"))
          .containsExactly(0.0, 3.0, 6.0, 9.0, 12.0);
    }
    SearchPlans.Batch asked = SearchPlans.Batch.of(List.of(at(6), at(9)), true, false);
    List<ForecastHit> all = List.of(hit(0), hit(3), hit(6), hit(9), hit(12));
    assertThat(asked.split(List.of(all)))
        .extracting(hits -> hits.stream().map(ForecastHit::step).toList())
        .containsExactly(List.of(6), List.of(9));
  }
}
