package dev.spotcast.query.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.index.RunRecord;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;

/**
 * A newer run published by the ingestor is served after the next catalog refresh, without a
 * restart.
 */
class RunSwitchIT extends ServiceTestBase {

  static final String MODEL = "itswitch";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @Test
  void theServiceFollowsTheAlias() throws Exception {
    ForecastRun first = run(Instant.parse("2026-11-21T00:00:00Z"));
    ForecastRun second = run(Instant.parse("2026-11-21T06:00:00Z"));
    RunFixtures.ensurePublished(client, new SyntheticForecastSource(first, 1));
    awaitRun("2026-11-21T00:00:00Z");

    RunFixtures.ensurePublished(client, new SyntheticForecastSource(second, 1));
    JsonNode answer = awaitRun("2026-11-21T06:00:00Z");

    float expected =
        (float) new SyntheticWeather(1).value("t", 1, 1, 0, second.validTime(3).getEpochSecond());
    assertThat(answer.path("values").path("t").path("value").floatValue()).isEqualTo(expected);

    // Each run is one record and one sharding strategy, whichever way a request finds it and across
    // refreshes: the document cache knows a run by its strategy.
    RunRecord published = publishedRuns.get(MODEL).orElseThrow();
    RunRecord earlier = publishedRuns.get(MODEL, first.runId()).orElseThrow();
    ShardingStrategy publishedStrategy = publishedRuns.strategy(published);
    ShardingStrategy earlierStrategy = publishedRuns.strategy(earlier);
    Thread.sleep(500); // a few catalog refreshes (every 100 ms here)
    assertThat(publishedRuns.get(MODEL).orElseThrow()).isSameAs(published);
    assertThat(publishedRuns.get(MODEL, second.runId()).orElseThrow()).isSameAs(published);
    assertThat(publishedRuns.get(MODEL, first.runId()).orElseThrow()).isSameAs(earlier);
    assertThat(publishedRuns.runs(MODEL)).containsExactly(published, earlier);
    assertThat(publishedRuns.strategy(published)).isSameAs(publishedStrategy);
    assertThat(publishedRuns.strategy(earlier)).isSameAs(earlierStrategy);
  }

  /** Polls the spot endpoint until it answers from the run with this run time. */
  private JsonNode awaitRun(String runTime) throws Exception {
    Instant deadline = Instant.now().plus(TIMEOUT);
    while (true) {
      String body =
          http.getForObject(
              "/v1/spot?model=" + MODEL + "&lat=1&lon=1&alt=0&time=2026-11-21T09:00:00Z&params=t",
              String.class);
      JsonNode answer = JSON.readTree(body);
      if (runTime.equals(answer.path("run").asText())) {
        return answer;
      }
      assertThat(Instant.now())
          .as("still not serving run %s: %s", runTime, body)
          .isBefore(deadline);
      Thread.sleep(20);
    }
  }

  private static ForecastRun run(Instant runTime) {
    return RunFixtures.heightRun(
        MODEL,
        runTime,
        RegularLatLonGrid.covering(0, 0, 2, 2, 1.0),
        List.of(0.0, 100.0),
        List.of(0, 3, 6, 9),
        ShardingSpec.DEFAULT);
  }
}
