package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.synthetic.SyntheticWeather;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.test.context.TestPropertySource;

/**
 * At a model's switch, the new run's documents are read where the users read the run it leaves,
 * against the real Elasticsearch, in both layouts: the places asked before the switch are answered
 * from memory from the first request on the new run, with the new run's values; a place never asked
 * still reads Elasticsearch. Runs are not read whole here and the places warm-up is off, so that
 * only the handoff can have put the new run's documents in the cache.
 */
@TestPropertySource(
    properties = {
      "spotcast.query.cache.enabled=true",
      "spotcast.query.cache.preload=false",
      "spotcast.query.warmup.places=0"
    })
class RunHandoffIT extends ServiceTestBase {

  private static final int SEED = 7;
  private static final RegularLatLonGrid GRID = RegularLatLonGrid.covering(50, 0, 53, 4, 1.0);
  private static final Instant FIRST = Instant.parse("2026-11-23T00:00:00Z");
  private static final Instant SECOND = FIRST.plus(Duration.ofHours(6));

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;
  @Autowired private MeterRegistry registry;

  @Test
  void theUsersPlacesAreInMemoryFromTheFirstRequestOnTheNewRun() throws Exception {
    Map<String, ShardingSpec> layouts =
        Map.of("ithandoff", DocumentCacheIT.SERIES, "ithandoff1", DocumentCacheIT.STEPS);
    for (Map.Entry<String, ShardingSpec> layout : layouts.entrySet()) {
      String model = layout.getKey();
      ForecastRun first = DocumentCacheIT.run(model, FIRST, GRID, layout.getValue());
      ForecastRun second = DocumentCacheIT.run(model, SECOND, GRID, layout.getValue());
      RunFixtures.ensurePublished(client, new SyntheticForecastSource(first, SEED));
      RunFixtures.awaitServed(publishedRuns, model, first.runId());

      // The users of the first run ask for 06 UTC (its step 6, the second run's step 0): a spot at
      // a grid point, another of one parameter between points and heights.
      String time = "&time=" + SECOND;
      String atPoint = "/v1/spot?model=" + model + "&lat=51&lon=2&alt=0&params=t,u" + time;
      String between = "/v1/spot?model=" + model + "&lat=52.4&lon=0.6&alt=250&params=t" + time;
      DocumentCacheIT.answer(http, atPoint);
      DocumentCacheIT.answer(http, between);

      RunFixtures.ensurePublished(client, new SyntheticForecastSource(second, SEED));
      RunFixtures.awaitServed(publishedRuns, model, second.runId());

      long before = DocumentCacheIT.searches(registry);
      JsonNode answer = DocumentCacheIT.answer(http, atPoint);
      assertThat(answer.path("run").asText()).isEqualTo(SECOND.toString());
      float expected =
          (float) new SyntheticWeather(SEED).value("t", 51, 2, 0, SECOND.getEpochSecond());
      assertThat(answer.path("values").path("t").path("value").floatValue())
          .as("%s: the new run's value at the grid point", model)
          .isEqualTo(expected);
      assertThat(DocumentCacheIT.answer(http, between).path("run").asText())
          .isEqualTo(SECOND.toString());
      if (second.stepsPerDocument() > 1) {
        // A whole series is one document: the spot's read holds every step of the new run.
        String series = "/v1/series?model=" + model + "&lat=52.4&lon=0.6&alt=250&params=t";
        assertThat(DocumentCacheIT.answer(http, series).path("steps").size()).isEqualTo(3);
      }
      assertThat(DocumentCacheIT.searches(registry))
          .as("%s: the places asked before the switch are answered from memory", model)
          .isEqualTo(before);

      DocumentCacheIT.answer(http, "/v1/spot?model=" + model + "&lat=50.2&lon=3.7&alt=0" + time);
      assertThat(DocumentCacheIT.searches(registry))
          .as("%s: a place never asked reads Elasticsearch", model)
          .isGreaterThan(before);
    }
  }
}
