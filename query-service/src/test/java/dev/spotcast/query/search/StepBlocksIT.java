package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.ingestor.cli.StepList;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.interpolation.InverseDistanceWeighting;
import dev.spotcast.query.spot.Place;
import dev.spotcast.query.spot.Reading;
import dev.spotcast.query.spot.RunSelection;
import dev.spotcast.query.spot.SpotForecast;
import dev.spotcast.query.spot.SpotInterpolator;
import dev.spotcast.query.spot.SpotPlan;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.query.spot.Vertical;
import dev.spotcast.synthetic.SyntheticWeather;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.ResponseEntity;

/**
 * Documents that carry a block of steps answer exactly as documents of one step: the same run (a
 * ladder of hourly then 3-hourly steps, three heights) loaded with one step per document, blocks of
 * 7 steps (the last one short), blocks of 7 in indices of 14 steps, and every step in one document,
 * asked at random places, heights and times on both search paths; a series at random places equals
 * the spot answers at each of its steps; and a terrain stored in whole-run documents is read back
 * point by point. Runs whose documents are one column each ({@link
 * dev.spotcast.index.DocumentColumn}, the default: the whole series, blocks of 7, 16 bits, a
 * terrain) answer as those of a column per parameter (blocks of 7, the band, 16 bits, a terrain).
 */
class StepBlocksIT extends ServiceTestBase {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long SEED = 17;
  private static final Instant RUN_TIME = Instant.parse("2026-11-24T00:00:00Z");
  private static final RegularLatLonGrid GRID = RegularLatLonGrid.covering(40, -10, 46, -2, 1.0);
  private static final StepList.Steps LADDER = StepList.Steps.of("0-24,27-48/3");

  private static ForecastRun run(String model, ShardingSpec sharding) {
    return ForecastRun.of(
        model,
        RUN_TIME,
        GRID,
        LevelType.HEIGHT_ABOVE_GROUND,
        List.of(0.0, 500.0, 1500.0),
        LADDER.steps(),
        SyntheticWeather.PARAMETERS,
        sharding);
  }

  private static final ShardingSpec ONE = new ShardingSpec(3, 0, 2, 10).withStepsPerDocument(1);
  static final ForecastRun STEPS = run("itblocks1", ONE);
  static final ForecastRun SEVENS =
      run("itblocks7", ONE.withStepsPerDocument(7).withOneColumn(false));
  static final ForecastRun BANDED =
      run(
          "itblocksband",
          new ShardingSpec(1, 14, 2, 10, ShardingSpec.Routing.TILE, 7).withOneColumn(false));
  static final ForecastRun WHOLE = run("itblocksall", ONE.withStepsPerDocument(Integer.MAX_VALUE));
  static final ForecastRun PACKED =
      run(
          "itblocks16",
          new ShardingSpec(
              3,
              0,
              2,
              10,
              ShardingSpec.Routing.TILE,
              Integer.MAX_VALUE,
              ShardingSpec.SHORT_BITS,
              true,
              false));

  /** Blocks of 7 steps, each document one column (its identity and every parameter's values). */
  static final ForecastRun COLUMNS =
      run(
          "itblockscol",
          new ShardingSpec(
              3, 0, 2, 10, ShardingSpec.Routing.TILE, 7, ShardingSpec.EXACT_BITS, false, true));

  /** {@link #PACKED} with each document one column. */
  static final ForecastRun PACKED_COLUMNS =
      run(
          "itblocks16col",
          new ShardingSpec(
              3,
              0,
              2,
              10,
              ShardingSpec.Routing.TILE,
              Integer.MAX_VALUE,
              ShardingSpec.SHORT_BITS,
              false,
              true));

  /** A run with a terrain, every step in one document per point and level. */
  private static ForecastRun terrain(String model, boolean oneColumn) {
    return SyntheticForecastSource.withTerrain(
        model,
        RUN_TIME,
        GRID,
        List.of(0.0, 500.0),
        LADDER.steps(),
        SyntheticWeather.PARAMETERS,
        ONE.withStepsPerDocument(Integer.MAX_VALUE).withOneColumn(oneColumn));
  }

  static final ForecastRun TERRAIN = terrain("itblocksterrain", false);
  static final ForecastRun TERRAIN_COLUMNS = terrain("itblocksterraincol", true);

  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;
  @Autowired private NeighbourSearch search;
  @Autowired private TestRestTemplate http;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final SpotInterpolator interpolator =
      new SpotInterpolator(new InverseDistanceWeighting(2));

  @BeforeEach
  void runsAreServed() throws Exception {
    for (ForecastRun run :
        List.of(
            STEPS,
            SEVENS,
            BANDED,
            WHOLE,
            PACKED,
            TERRAIN,
            COLUMNS,
            PACKED_COLUMNS,
            TERRAIN_COLUMNS)) {
      RunFixtures.ensurePublished(client, new SyntheticForecastSource(run, SEED));
      RunFixtures.awaitServed(publishedRuns, run.model(), run.runId());
    }
  }

  @Test
  void theRunsCarryTheirBlocks() {
    assertThat(STEPS.stepsPerDocument()).isEqualTo(1);
    assertThat(WHOLE.stepsPerDocument()).isEqualTo(33);
    assertThat(WHOLE.sharding().stepsPerDocument()).as("recorded as the run's steps").isEqualTo(33);
    assertThat(SEVENS.blockCount()).isEqualTo(5);
    assertThat(SEVENS.blockLength(28)).as("the last block: steps 28..32").isEqualTo(5);
    assertThat(SEVENS.documentCount()).isEqualTo(63L * 3 * 5);
    assertThat(WHOLE.documentCount()).isEqualTo(63L * 3);
    assertThat(COLUMNS.oneColumn()).isTrue();
  }

  @Test
  void aRunOfOneColumnPerDocumentMapsTheColumnAndNoValueField() throws Exception {
    String index =
        publishedRuns
            .strategy(publishedRuns.get(COLUMNS.model(), COLUMNS.runId()).orElseThrow())
            .indexName(0, 0, 0);
    String mapping = client.indices().getMapping(g -> g.index(index)).toString();
    assertThat(mapping).contains("\"dc\"").doesNotContain("\"rh\"");
  }

  @Test
  void everyLayoutAnswersAsOneStepPerDocumentOnBothPaths() {
    Random random = new Random(41);
    NeighbourSearch ids = NeighbourSearch.unguarded(client, registry, true);
    NeighbourSearch geo = NeighbourSearch.unguarded(client, registry, false);
    for (int i = 0; i < 60; i++) {
      Ask ask = Ask.drawn(random);
      SpotForecast expected = answer(STEPS, ids, ask);
      assertThat(expected.values().values()).allSatisfy(v -> assertThat(v.value()).isNotNull());
      for (ForecastRun run : List.of(SEVENS, BANDED, WHOLE, COLUMNS)) {
        for (NeighbourSearch path : List.of(ids, geo)) {
          SpotForecast found = answer(run, path, ask);
          String where =
              String.format("%s (%s) at %s", run.model(), path == ids ? "ids" : "geo", ask);
          assertThat(found.neighbours())
              .as("neighbours of %s", where)
              .isEqualTo(expected.neighbours());
          assertThat(found.values()).as("values of %s", where).isEqualTo(expected.values());
        }
      }
    }
  }

  /** A spot asked at a random place, height and time of the grid and run, with n neighbours. */
  private record Ask(double lat, double lon, int n, double alt, Instant time) {

    static Ask drawn(Random random) {
      return new Ask(
          40 + random.nextDouble() * 6,
          -10 + random.nextDouble() * 8,
          1 + random.nextInt(8),
          random.nextDouble() * 1500,
          RUN_TIME.plusSeconds(random.nextInt(48 * 3600 + 1)));
    }

    @Override
    public String toString() {
      return String.format("(%s, %s), n=%d, %s m, %s", lat, lon, n, alt, time);
    }
  }

  private SpotForecast answer(ForecastRun run, NeighbourSearch path, Ask ask) {
    SpotPlan plan =
        SpotPlan.of(
            run,
            SpotRequest.of(
                RunSelection.published(run.model()),
                Place.at(ask.lat(), ask.lon(), Vertical.height(ask.alt())),
                Reading.idw(ask.n(), List.of()),
                ask.time()));
    return interpolator.interpolate(plan, path.find(plan.query()));
  }

  /**
   * A run packed in 16 bits answers as the exact run, each parameter within half a step of its
   * series' range in 65534 steps: an interpolation weighs its values with weights in [0, 1] that
   * sum to 1 (inverse distances, then linear in height and in time), so it is off by no more than
   * its most distant value. The bound is the widest series of the run, computed from the synthetic
   * weather itself; the neighbours are the same documents. Its values are preloaded.
   */
  @Test
  void aRunPackedIn16BitsAnswersWithinHalfAStepOfItsWidestSeries() throws Exception {
    SyntheticWeather weather = new SyntheticWeather(SEED);
    Map<String, Double> tolerance = new HashMap<>();
    for (var parameter : SyntheticWeather.PARAMETERS) {
      double widest = 0;
      double largest = 0;
      for (int point = 0; point < GRID.pointCount(); point++) {
        for (double level : PACKED.axes().getFirst().levels()) {
          double min = Double.POSITIVE_INFINITY;
          double max = Double.NEGATIVE_INFINITY;
          for (int step : PACKED.steps()) {
            double v =
                (float)
                    weather.value(
                        parameter.name(),
                        GRID.latitude(point),
                        GRID.longitude(point),
                        level,
                        PACKED.validTime(step).getEpochSecond());
            min = Math.min(min, v);
            max = Math.max(max, v);
          }
          widest = Math.max(widest, max - min);
          largest = Math.max(largest, Math.max(Math.abs(min), Math.abs(max)));
        }
      }
      // Half a step, and the float rounding of the reference plus the offset (a few ulps).
      tolerance.put(parameter.name(), widest / (2 * 65534) + 4 * Math.ulp((float) largest));
    }
    Random random = new Random(47);
    NeighbourSearch ids = NeighbourSearch.unguarded(client, registry, true);
    NeighbourSearch geo = NeighbourSearch.unguarded(client, registry, false);
    int differing = 0;
    for (int i = 0; i < 40; i++) {
      Ask ask = Ask.drawn(random);
      SpotForecast exact = answer(WHOLE, ids, ask);
      for (NeighbourSearch path : List.of(ids, geo)) {
        SpotForecast packed = answer(PACKED, path, ask);
        assertThat(packed.neighbours()).isEqualTo(exact.neighbours());
        SpotForecast packedColumns = answer(PACKED_COLUMNS, path, ask);
        assertThat(packedColumns.neighbours()).isEqualTo(exact.neighbours());
        assertThat(packedColumns.values())
            .as(
                "one column per document packs each parameter as a column of its own does, at %s",
                ask)
            .isEqualTo(packed.values());
        for (var parameter : SyntheticWeather.PARAMETERS) {
          String name = parameter.name();
          double expected = exact.values().get(name).value();
          double found = packed.values().get(name).value();
          assertThat(found)
              .as("%s at %s", name, ask)
              .isCloseTo(expected, within(tolerance.get(name)));
          differing += found == expected ? 0 : 1;
        }
      }
    }
    assertThat(differing).as("answers that show the packing was applied").isPositive();
    // Its values are read into the page cache whenever Elasticsearch opens its shards.
    String index =
        publishedRuns
            .strategy(publishedRuns.get(PACKED.model(), PACKED.runId()).orElseThrow())
            .indexName(0, 0, 0);
    assertThat(
            client
                .indices()
                .getSettings(g -> g.index(index).name("index.store.preload").flatSettings(true))
                .toString())
        .contains("index.store.preload")
        .contains("dvd")
        .contains("cfs");
  }

  @Test
  void aSeriesEqualsTheSpotAnswersAtEachOfItsSteps() throws Exception {
    Random random = new Random(43);
    for (int i = 0; i < 3; i++) {
      double lat = 40 + random.nextDouble() * 6;
      double lon = -10 + random.nextDouble() * 8;
      int alt = random.nextInt(1500);
      String place = "&lat=" + lat + "&lon=" + lon + "&alt=" + alt + "&params=t,u,v";
      JsonNode whole = ok("/v1/series?model=" + WHOLE.model() + place).path("steps");
      JsonNode single = ok("/v1/series?model=" + STEPS.model() + place).path("steps");
      assertThat(whole.size()).isEqualTo(33);
      assertThat(ok("/v1/series?model=" + COLUMNS.model() + place).path("steps"))
          .as("the series of documents kept as one column each, at %s", place)
          .isEqualTo(single);
      for (int s = 0; s < whole.size(); s++) {
        JsonNode step = whole.get(s);
        assertThat(step.path("values"))
            .as("step %d at %s", s, place)
            .isEqualTo(single.get(s).path("values"));
        JsonNode spot =
            ok("/v1/spot?model=" + WHOLE.model() + place + "&time=" + step.path("time").asText());
        // The same numbers to the last bit: a series reads each parameter along its steps in one
        // pass, a spot reads its step alone, by the same arithmetic.
        for (String parameter : List.of("t", "u", "v", "wind_speed", "wind_direction")) {
          assertThat(step.path("values").path(parameter))
              .as("%s at step %d at %s", parameter, s, place)
              .isEqualTo(spot.path("values").path(parameter));
        }
      }
    }
  }

  @Test
  void aTerrainInWholeRunDocumentsIsReadPointByPoint() throws Exception {
    terrainIsReadPointByPoint(TERRAIN);
    terrainIsReadPointByPoint(TERRAIN_COLUMNS);
  }

  private void terrainIsReadPointByPoint(ForecastRun terrain) throws Exception {
    RunFixtures.awaitServed(publishedRuns, terrain.model(), terrain.runId());
    int axis = terrain.axisPosition(LevelType.SURFACE);
    String index =
        publishedRuns
            .strategy(publishedRuns.get(terrain.model(), terrain.runId()).orElseThrow())
            .indexName(axis, 0, 0);
    List<Integer> points = new ArrayList<>();
    int after = -1;
    while (true) {
      List<ForecastHit> page =
          search.page(terrain, index, axis, 0.0, 0, List.of("orog"), 10, after);
      for (ForecastHit hit : page) {
        points.add(hit.point());
        assertThat(hit.step()).isEqualTo(0);
        assertThat(hit.values().get("orog"))
            .isCloseTo(
                SyntheticWeather.orography(GRID.latitude(hit.point()), GRID.longitude(hit.point())),
                within(0.01));
      }
      if (page.size() < 10) {
        break;
      }
      after = page.getLast().point();
    }
    assertThat(points)
        .as("the terrain of %s", terrain.model())
        .containsExactlyElementsOf(IntStream.range(0, GRID.pointCount()).boxed().toList());
  }

  private JsonNode ok(String url) throws Exception {
    ResponseEntity<String> response = http.getForEntity(url, String.class);
    assertThat(response.getStatusCode().value()).as(url + ": " + response.getBody()).isEqualTo(200);
    return JSON.readTree(response.getBody());
  }
}
