package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.transport.rest5_client.Rest5ClientTransport;
import co.elastic.clients.transport.rest5_client.low_level.Response;
import co.elastic.clients.transport.rest5_client.low_level.Rest5Client;
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
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The ids path (nearest points from the grid, documents by id) and the geo path (geo-distance sort)
 * answer every request alike: the same neighbours in the same order and the same values, against
 * the real Elasticsearch, on a global grid (poles, antimeridian, rows north to south) and at the
 * edges of a regional one.
 */
class FastPathIT extends ServiceTestBase {

  static final Instant RUN_TIME = Instant.parse("2026-11-21T00:00:00Z");

  /** 3-degree global grid, rows from the north pole southwards, as GRIB files have them. */
  static final ForecastRun GLOBAL =
      ForecastRun.of(
          "itfastglobal",
          RUN_TIME,
          new RegularLatLonGrid(90, 0, -3, 3, 61, 120),
          LevelType.HEIGHT_ABOVE_GROUND,
          List.of(0.0, 1000.0),
          List.of(0, 6),
          SyntheticWeather.PARAMETERS,
          new ShardingSpec(1, 0, 2, 30));

  /** Half-degree regional grid, 30..36N, 5W..1E. */
  static final ForecastRun REGIONAL =
      ForecastRun.of(
          "itfastregional",
          RUN_TIME,
          RegularLatLonGrid.covering(30, -5, 36, 1, 0.5),
          LevelType.HEIGHT_ABOVE_GROUND,
          List.of(0.0, 1000.0),
          List.of(0, 6),
          SyntheticWeather.PARAMETERS,
          new ShardingSpec(2, 0, 2, 2));

  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final SpotInterpolator interpolator =
      new SpotInterpolator(new InverseDistanceWeighting(2));

  @BeforeEach
  void runsAreServed() throws Exception {
    for (ForecastRun run : List.of(GLOBAL, REGIONAL)) {
      RunFixtures.ensurePublished(client, new SyntheticForecastSource(run, 5));
      RunFixtures.awaitServed(publishedRuns, run.model(), run.runId());
    }
  }

  @Test
  void onAGlobalGridBothPathsAgreeEverywhereIncludingPolesAndAntimeridian() {
    Random random = new Random(31);
    for (int i = 0; i < 120; i++) {
      double lat =
          switch (i % 4) {
            case 0 -> 85 + random.nextDouble() * 5;
            case 1 -> -90 + random.nextDouble() * 5;
            default -> -90 + random.nextDouble() * 180;
          };
      double lon = i % 3 == 0 ? 177 + random.nextDouble() * 6 : random.nextDouble() * 360;
      assertSameAnswer(GLOBAL, lat, lon, random);
    }
    // Exactly on the poles, on the antimeridian, on a grid point and half-way between points.
    assertSameAnswer(GLOBAL, 90, 0, random);
    assertSameAnswer(GLOBAL, -90, 45, random);
    assertSameAnswer(GLOBAL, 0, 180, random);
    assertSameAnswer(GLOBAL, 3, 181.5, random);
    assertSameAnswer(GLOBAL, 1.5, -1.5, random);
  }

  @Test
  void onARegionalGridBothPathsAgreeInsideAndAtTheEdges() {
    Random random = new Random(32);
    for (int i = 0; i < 120; i++) {
      double lat;
      double lon;
      switch (i % 3) {
        case 0 -> { // along the edges
          lat =
              random.nextBoolean()
                  ? 30 + random.nextDouble() * 0.4
                  : 35.6 + random.nextDouble() * 0.4;
          lon = -5 + random.nextDouble() * 6;
        }
        case 1 -> { // in the corners
          lat =
              random.nextBoolean()
                  ? 30 + random.nextDouble() * 0.4
                  : 35.6 + random.nextDouble() * 0.4;
          lon =
              random.nextBoolean()
                  ? -5 + random.nextDouble() * 0.4
                  : 0.6 + random.nextDouble() * 0.4;
        }
        default -> {
          lat = 30 + random.nextDouble() * 6;
          lon = -5 + random.nextDouble() * 6;
        }
      }
      assertSameAnswer(REGIONAL, lat, lon, random);
    }
    assertSameAnswer(REGIONAL, 30, -5, random);
    assertSameAnswer(REGIONAL, 36, 1, random);
    assertSameAnswer(REGIONAL, 33.25, -2.25, random);
  }

  /**
   * A run whose indices are gone (deleted after the catalog was read): Elasticsearch's 404, for a
   * single search and for an item of a multi-search, on both paths, is Elasticsearch not able to
   * answer (a 503 to retry), not a server error.
   */
  @Test
  void aRunWhoseIndicesAreGoneIsUnavailableOnBothPathsAndBothRequestForms() {
    ForecastRun gone =
        ForecastRun.of(
            "itfastgone",
            RUN_TIME,
            GLOBAL.grid(),
            LevelType.HEIGHT_ABOVE_GROUND,
            List.of(0.0, 1000.0),
            List.of(0, 6),
            SyntheticWeather.PARAMETERS,
            new ShardingSpec(1, 0, 1, 30)); // one level per index
    for (double alt : new double[] {0, 500}) { // one index: a search; two: a multi-search
      SpotPlan plan =
          SpotPlan.of(
              gone,
              SpotRequest.of(
                  RunSelection.published(gone.model()),
                  Place.at(45, 6, Vertical.height(alt)),
                  Reading.idw(4, List.of()),
                  RUN_TIME.plusSeconds(3600)));
      assertThat(SearchPlans.requestOf(plan.query(), true).multi()).isEqualTo(alt > 0);
      for (boolean fastPath : new boolean[] {true, false}) {
        NeighbourSearch search = NeighbourSearch.unguarded(client, registry, fastPath);
        assertThatThrownBy(() -> search.find(plan.query()))
            .as("fast path %s, %s m", fastPath, alt)
            .isInstanceOf(SearchUnavailableException.class)
            .hasMessageContaining("no such index");
      }
    }
  }

  /**
   * The spot's searches ask for their answers in CBOR, and Elasticsearch gives them so (read as
   * CBOR by the tests above): both its single search and its multi-search.
   */
  @Test
  void elasticsearchAnswersTheSearchesInCbor() throws Exception {
    Rest5Client rest = ((Rest5ClientTransport) client._transport()).restClient();
    for (double alt : new double[] {0, 500}) { // one index (two levels per index); two
      SpotPlan plan =
          SpotPlan.of(
              REGIONAL,
              SpotRequest.of(
                  RunSelection.published(REGIONAL.model()),
                  Place.at(33.1, -2.2, Vertical.height(alt)),
                  Reading.idw(4, List.of()),
                  RUN_TIME.plusSeconds(3600)));
      SearchPlan ids = SearchPlans.requestOf(plan.query(), true);
      Response answer = SearchWire.send(rest, ids.request()).get();
      assertThat(answer.getEntity().getContentType())
          .as("%s", ids.path())
          .startsWith("application/cbor");
      assertThat(SearchWire.read(answer, ids.searches()).getFirst()).isNotEmpty();
    }
  }

  private void assertSameAnswer(ForecastRun run, double lat, double lon, Random random) {
    int n = 1 + random.nextInt(16);
    double alt = random.nextDouble() * 1000;
    Instant time = RUN_TIME.plusSeconds(random.nextInt(6 * 3600 + 1));
    SpotRequest request =
        SpotRequest.of(
            RunSelection.published(run.model()),
            Place.at(lat, RegularLatLonGrid.normaliseLongitude(lon), Vertical.height(alt)),
            Reading.idw(n, List.of()),
            time);
    SpotPlan plan = SpotPlan.of(run, request);
    NeighbourSearch ids = NeighbourSearch.unguarded(client, registry, true);
    NeighbourSearch geo = NeighbourSearch.unguarded(client, registry, false);
    assertThat(ids.usesIds(plan.query())).isTrue();

    List<ForecastHit> idsHits = ids.find(plan.query());
    List<ForecastHit> geoHits = geo.find(plan.query());
    SpotForecast byIds = interpolator.interpolate(plan, idsHits);
    SpotForecast byGeo = interpolator.interpolate(plan, geoHits);

    String where =
        String.format("%s at (%s, %s), n=%d, %s m, %s", run.model(), lat, lon, n, alt, time);
    assertThat(byIds.neighbours()).as("neighbours of %s", where).isEqualTo(byGeo.neighbours());
    assertThat(byIds.values()).as("values of %s", where).isEqualTo(byGeo.values());
    assertThat(byIds.values().values())
        .as("values of %s", where)
        .allSatisfy(v -> assertThat(v.value()).isNotNull());
    // The ids path fetches only the n points' documents: n per (level, step), here 2 x 2.
    assertThat(idsHits)
        .as("documents fetched for %s", where)
        .hasSize(n * plan.combinations().size());
  }
}
