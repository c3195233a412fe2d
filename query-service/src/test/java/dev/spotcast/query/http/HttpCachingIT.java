package dev.spotcast.query.http;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.RawHttp;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * HTTP caching against the real service and Elasticsearch: answers carry the validators of their
 * run, a conditional request that still holds is 304 with no body and no Elasticsearch search, a
 * newly published run changes the tag, problems are never stored.
 */
class HttpCachingIT extends ServiceTestBase {

  static final String MODEL = "itcache";
  private static final long SEED = 5;
  static final ForecastRun FIRST = run(Instant.parse("2026-11-21T00:00:00Z"));
  static final ForecastRun SECOND = run(Instant.parse("2026-11-21T06:00:00Z"));
  private static final String SPOT =
      "/v1/spot?model=" + MODEL + "&lat=11.3&lon=21.6&alt=100&time=2026-11-21T06:00:00Z";

  @LocalServerPort private int port;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;
  @Autowired private MeterRegistry registry;

  private static ForecastRun run(Instant runTime) {
    return RunFixtures.heightRun(
        MODEL,
        runTime,
        RegularLatLonGrid.covering(10, 20, 12, 23, 1.0),
        List.of(0.0, 500.0),
        List.of(0, 3, 6),
        new ShardingSpec(1, 1, 1, 1));
  }

  private long searches() {
    return registry.find("spotcast.elasticsearch.search").timers().stream()
        .mapToLong(Timer::count)
        .sum();
  }

  /**
   * An answer that fits Tomcat's buffer leaves in one piece with its length ({@code
   * OneWriteAnswers}): Spring's converter flushed it to the socket at once, chunked, with a second
   * write for the last chunk.
   */
  @Test
  void aSpotAnswerLeavesWholeWithItsContentLength() throws Exception {
    RunFixtures.ensurePublished(client, new SyntheticForecastSource(FIRST, SEED));
    RunFixtures.awaitServed(publishedRuns, MODEL, FIRST.runId());

    RawHttp.Response spot = RawHttp.get(port, SPOT);
    assertThat(spot.status()).as(spot.body()).isEqualTo(200);
    assertThat(spot.headers()).doesNotContainKey("transfer-encoding");
    assertThat(spot.headers().get("content-length"))
        .isEqualTo(String.valueOf(spot.body().getBytes(StandardCharsets.UTF_8).length));
    RawHttp.Response problem = RawHttp.get(port, SPOT.replace("lat=11.3", "lat=95"));
    assertThat(problem.status()).isEqualTo(400);
    assertThat(problem.headers()).doesNotContainKey("transfer-encoding");
    assertThat(problem.headers().get("content-length"))
        .isEqualTo(String.valueOf(problem.body().getBytes(StandardCharsets.UTF_8).length));
  }

  @Test
  void conditionalRequestsAreAnsweredWithoutWorkAndANewRunChangesTheTag() throws Exception {
    RunFixtures.ensurePublished(client, new SyntheticForecastSource(FIRST, SEED));
    RunFixtures.awaitServed(publishedRuns, MODEL, FIRST.runId());

    RawHttp.Response first = RawHttp.get(port, SPOT);
    assertThat(first.status()).as(first.body()).isEqualTo(200);
    String etag = first.headers().get("etag");
    assertThat(etag).startsWith("\"" + MODEL + "-" + FIRST.runId() + "-");
    assertThat(first.headers().get("last-modified")).endsWith("GMT");
    assertThat(first.headers().get("cache-control")).startsWith("max-age=").contains("public");
    assertThat(first.headers().get("vary")).contains("Accept");

    long before = searches();
    RawHttp.Response again = RawHttp.get(port, SPOT, "If-None-Match: " + etag);
    assertThat(again.status()).isEqualTo(304);
    assertThat(again.body()).isEmpty();
    assertThat(again.headers().get("etag")).isEqualTo(etag);
    RawHttp.Response since =
        RawHttp.get(port, SPOT, "If-Modified-Since: " + first.headers().get("last-modified"));
    assertThat(since.status()).isEqualTo(304);
    assertThat(searches()).as("a 304 asks Elasticsearch nothing").isEqualTo(before);

    // Another representation of the same answer has its own tag.
    RawHttp.Response csv = RawHttp.get(port, SPOT + "&f=csv");
    assertThat(csv.status()).isEqualTo(200);
    assertThat(csv.headers().get("etag")).isNotEqualTo(etag);
    assertThat(RawHttp.get(port, SPOT + "&f=csv", "If-None-Match: " + etag).status())
        .isEqualTo(200);

    // A run named in the request never changes.
    RawHttp.Response pinned = RawHttp.get(port, SPOT + "&run=" + FIRST.runId());
    assertThat(pinned.headers().get("cache-control"))
        .contains("immutable")
        .contains("max-age=86400");

    // Problems are never stored.
    RawHttp.Response problem = RawHttp.get(port, SPOT.replace("lat=11.3", "lat=95"));
    assertThat(problem.status()).isEqualTo(400);
    assertThat(problem.headers().get("cache-control")).isEqualTo("no-store");
    assertThat(problem.headers()).doesNotContainKey("etag");

    RawHttp.Response models = RawHttp.get(port, "/v1/models");
    String catalogTag = models.headers().get("etag");
    assertThat(RawHttp.get(port, "/v1/models", "If-None-Match: " + catalogTag).status())
        .isEqualTo(304);

    // A new run is published: the old tag no longer holds, the answer comes from the new run.
    RunFixtures.ensurePublished(client, new SyntheticForecastSource(SECOND, SEED));
    RunFixtures.awaitServed(publishedRuns, MODEL, SECOND.runId());
    RawHttp.Response fresh = RawHttp.get(port, SPOT, "If-None-Match: " + etag);
    assertThat(fresh.status()).isEqualTo(200);
    assertThat(fresh.body()).contains("\"run\":\"2026-11-21T06:00:00Z\"");
    assertThat(fresh.headers().get("etag"))
        .startsWith("\"" + MODEL + "-" + SECOND.runId() + "-")
        .isNotEqualTo(etag);
    assertThat(RawHttp.get(port, "/v1/models", "If-None-Match: " + catalogTag).status())
        .isEqualTo(200);
    // Runs six hours apart: the next is expected six hours after this one was published.
    long maxAge =
        Long.parseLong(fresh.headers().get("cache-control").replaceAll(".*max-age=(\\d+).*", "$1"));
    assertThat(maxAge).isBetween(60L, 6 * 3600L);
  }
}
