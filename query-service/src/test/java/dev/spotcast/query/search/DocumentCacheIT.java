package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.GridDefinition;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.test.context.TestPropertySource;

/**
 * The document cache in the running service against the real Elasticsearch: a repeated request is
 * answered without a search and with the same values; a run the service no longer serves leaves no
 * document behind.
 */
// Without preloading: these tests watch documents come into the cache as requests read them.
@TestPropertySource(
    properties = {"spotcast.query.cache.enabled=true", "spotcast.query.cache.preload=false"})
class DocumentCacheIT extends ServiceTestBase {

  private static final ObjectMapper JSON = new ObjectMapper();
  static final String MODEL = "itdocs";

  /** A run of these tests: heights 0 and 500 m, steps 0, 3 and 6 h, the synthetic parameters. */
  static ForecastRun run(
      String model, Instant runTime, GridDefinition grid, ShardingSpec sharding) {
    return ForecastRun.of(
        model,
        runTime,
        grid,
        LevelType.HEIGHT_ABOVE_GROUND,
        List.of(0.0, 500.0),
        List.of(0, 3, 6),
        SyntheticWeather.PARAMETERS,
        sharding);
  }

  /** A document per step. */
  static final ShardingSpec STEPS = new ShardingSpec(1, 1, 1, 1);

  /** Every step of a point and level in one document. */
  static final ShardingSpec SERIES =
      new ShardingSpec(1, 0, 1, 1).withStepsPerDocument(ShardingSpec.ALL_STEPS);

  static final ForecastRun RUN =
      run(
          MODEL,
          Instant.parse("2026-11-21T00:00:00Z"),
          RegularLatLonGrid.covering(10, 20, 12, 23, 1.0),
          STEPS);

  /** The same grid and steps with every step of a point and level in one document. */
  static final ForecastRun BLOCKS = run(MODEL + "_blocks", RUN.runTime(), RUN.grid(), SERIES);

  private static final String SPOT =
      "/v1/spot?model=" + MODEL + "&lat=11.3&lon=21.6&alt=100&time=2026-11-21T04:00:00Z";

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;
  @Autowired private MeterRegistry registry;
  @Autowired private DocumentCache cache;

  private long searches() {
    return searches(registry);
  }

  /** The service's Elasticsearch searches so far (spot and series paths). */
  static long searches(MeterRegistry registry) {
    return registry.find("spotcast.elasticsearch.search").timers().stream()
        .mapToLong(Timer::count)
        .sum();
  }

  /** A GET's answer, which must be 200. */
  static JsonNode answer(TestRestTemplate http, String path) throws Exception {
    var response = http.getForEntity(path, String.class);
    assertThat(response.getStatusCode().value())
        .as(path + ": " + response.getBody())
        .isEqualTo(200);
    return JSON.readTree(response.getBody());
  }

  private JsonNode values(String path) throws Exception {
    return answer(http, path).path("values");
  }

  @Test
  void aRepeatedRequestIsAnsweredWithoutElasticsearchAndARetiredRunLeavesNothing()
      throws Exception {
    RunFixtures.ensurePublished(client, new SyntheticForecastSource(RUN, 5));
    RunFixtures.awaitServed(publishedRuns, MODEL, RUN.runId());

    long before = searches();
    JsonNode first = values(SPOT + "&run=" + RUN.runId());
    assertThat(searches()).isEqualTo(before + 1);
    assertThat(cache.size()).isPositive();
    JsonNode again = values(SPOT + "&run=" + RUN.runId());
    assertThat(searches())
        .as("the second request is answered from the cache")
        .isEqualTo(before + 1);
    assertThat(again).isEqualTo(first);
    // Fewer parameters read fewer fields: their own documents.
    values(SPOT + "&run=" + RUN.runId() + "&params=t");
    assertThat(searches()).isEqualTo(before + 2);
    assertThat(http.getForEntity("/actuator/prometheus", String.class).getBody())
        .containsPattern(
            "cache_gets_total\\{[^}]*cache=\"spotcast.query.documents\"[^}]*result=\"hit\"[^}]*} [1-9]");

    // The run's indices go (as retention deletes them): the catalog stops serving it, its documents
    // go.
    RunFixtures.ingestClient()
        .indices()
        .delete(d -> d.index(new ShardingStrategy(RUN).allIndices()));
    RunFixtures.awaitServable(publishedRuns, MODEL, RUN.runId(), false);
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (cache.size() > 0 && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(cache.size()).as("documents of a run no longer served").isZero();
  }

  @Test
  void documentsOfWholeSeriesAreKeptWholeSoOneReadAnswersEveryStep() throws Exception {
    RunFixtures.ensurePublished(client, new SyntheticForecastSource(BLOCKS, 5));
    RunFixtures.awaitServed(publishedRuns, BLOCKS.model(), BLOCKS.runId());
    try {
      assertThat(BLOCKS.stepsPerDocument()).isEqualTo(3);
      oneReadAnswersEveryStep(
          "model=" + BLOCKS.model() + "&lat=11.3&lon=21.6&alt=100&params=t,u,v");
    } finally {
      // The other test waits for the cache to hold no document: this run's go with it.
      RunFixtures.ingestClient()
          .indices()
          .delete(d -> d.index(new ShardingStrategy(BLOCKS).allIndices()));
      RunFixtures.awaitServable(publishedRuns, BLOCKS.model(), BLOCKS.runId(), false);
    }
  }

  private void oneReadAnswersEveryStep(String place) throws Exception {

    long before = searches();
    values("/v1/spot?" + place + "&time=2026-11-21T04:00:00Z");
    assertThat(searches()).isEqualTo(before + 1);
    var response = http.getForEntity("/v1/series?" + place, String.class);
    assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(200);
    JsonNode steps = JSON.readTree(response.getBody()).path("steps");
    assertThat(searches())
        .as("the spot read the whole documents: the series needs no search")
        .isEqualTo(before + 1);
    assertThat(steps.size()).isEqualTo(3);
    for (JsonNode step : steps) {
      assertThat(values("/v1/spot?" + place + "&time=" + step.path("time").asText()))
          .as("step %s", step.path("step"))
          .isEqualTo(step.path("values"));
    }
    assertThat(searches()).as("every step's spot from the cache").isEqualTo(before + 1);
  }
}
