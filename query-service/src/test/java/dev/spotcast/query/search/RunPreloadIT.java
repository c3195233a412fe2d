package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.test.context.TestPropertySource;

/**
 * Runs that fit in the document cache are read into it whole as the catalog serves them, against
 * the real Elasticsearch: every place, height and time of such a run is then answered without a
 * search, with Elasticsearch's values; in both layouts (whole series, and a document per step).
 */
@TestPropertySource(properties = "spotcast.query.cache.enabled=true")
class RunPreloadIT extends ServiceTestBase {

  private static final ForecastRun SERIES =
      DocumentCacheIT.run(
          "itpreload",
          Instant.parse("2026-11-22T00:00:00Z"),
          RegularLatLonGrid.covering(30, 40, 33, 44, 1.0),
          DocumentCacheIT.SERIES);

  private static final ForecastRun STEPS =
      DocumentCacheIT.run("itpreload1", SERIES.runTime(), SERIES.grid(), DocumentCacheIT.STEPS);

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;
  @Autowired private MeterRegistry registry;
  @Autowired private RunPreload preload;

  private long searches() {
    return DocumentCacheIT.searches(registry);
  }

  private JsonNode get(String path) throws Exception {
    return DocumentCacheIT.answer(http, path);
  }

  @Test
  void aRunThatFitsIsReadWholeAndEveryPlaceIsAnsweredWithoutElasticsearch() throws Exception {
    for (ForecastRun run : List.of(SERIES, STEPS)) {
      RunFixtures.ensurePublished(client, new SyntheticForecastSource(run, 5));
      RunFixtures.awaitServed(publishedRuns, run.model(), run.runId());
    }
    // The catalog's refresh has started the preload of the runs it now serves: this call returns
    // once that is over (or does it, if the refresh has not come yet).
    preload.preloadNew();
    assertThat(preload.holdsNewest(SERIES.model())).isTrue();
    assertThat(preload.holdsNewest(STEPS.model())).isTrue();
    assertThat(preload.holdsNewest("no-such-model")).isFalse();

    for (ForecastRun run : List.of(SERIES, STEPS)) {
      long before = searches();
      String model = "model=" + run.model() + "&run=" + run.runId();
      String first = null;
      for (String place : List.of("lat=30.2&lon=40.7", "lat=31.5&lon=42.5", "lat=32.9&lon=43.1")) {
        for (String at : List.of("alt=0", "alt=120", "alt=499")) {
          for (String time : List.of("2026-11-22T00:00:00Z", "2026-11-22T04:30:00Z")) {
            String spot = "/v1/spot?" + model + "&" + place + "&" + at + "&time=" + time;
            get(spot);
            first = first == null ? spot : first;
          }
        }
        assertThat(get("/v1/series?" + model + "&" + place + "&alt=250").path("steps").size())
            .isEqualTo(3);
      }
      assertThat(searches()).as("%s: every answer from memory", run.model()).isEqualTo(before);

      // The values are Elasticsearch's: a request of one parameter reads documents of its own.
      JsonNode all = get(first).path("values");
      JsonNode t = get(first + "&params=t").path("values");
      assertThat(searches()).as("a request of some parameters reads").isGreaterThan(before);
      assertThat(t.path("t")).isEqualTo(all.path("t"));
    }
  }
}
