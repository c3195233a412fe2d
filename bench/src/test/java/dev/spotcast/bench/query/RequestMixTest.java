package dev.spotcast.bench.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class RequestMixTest {

  private static List<Integer> seriesAmong(int count, double share) {
    return IntStream.range(0, count).filter(i -> RequestMix.isSeries(i, share)).boxed().toList();
  }

  @Test
  void seriesAreSpreadEvenlyByPosition() {
    // floor((i + 1) F) > floor(i F): at 0.2, i = 4 (1.0 > 0.8), 9 (2.0 > 1.8), 14 (3.0 > 2.8)
    assertThat(seriesAmong(15, 0.2)).containsExactly(4, 9, 14);
    // at 0.3: i = 3 (1.2 > 0.9), 6 (2.1 > 1.8), 9 (3.0 > 2.7)
    assertThat(seriesAmong(10, 0.3)).containsExactly(3, 6, 9);
    assertThat(seriesAmong(6, 0.5)).containsExactly(1, 3, 5);
    assertThat(seriesAmong(100, 0)).isEmpty();
    assertThat(seriesAmong(4, 1)).containsExactly(0, 1, 2, 3);
  }

  @Test
  void aSeriesAsksAtTheSpotsPlaceWithoutItsTimeAndWithItsOwnParameters() {
    String spot = "model=city&lat=48.85341&lon=2.3488&alt=12.5&time=2026-11-21T03%3A00%3A00Z&n=4";
    assertThat(RequestMix.seriesQuery(spot, List.of("t", "u", "v")))
        .isEqualTo("model=city&lat=48.85341&lon=2.3488&alt=12.5&n=4&params=t%2Cu%2Cv");
    // The spot's own params give way to the series'; none asked: all of the model's.
    assertThat(RequestMix.seriesQuery(spot + "&params=t%2C2t", List.of()))
        .isEqualTo("model=city&lat=48.85341&lon=2.3488&alt=12.5&n=4");
    assertThat(RequestMix.seriesQuery(spot + "&params=t%2C2t", List.of("2t")))
        .isEqualTo("model=city&lat=48.85341&lon=2.3488&alt=12.5&n=4&params=2t");
  }

  @Test
  void theKindIsThePaths() {
    assertThat(RequestMix.kindOf("http://127.0.0.1:8080/v1/series?model=x")).isEqualTo("series");
    assertThat(RequestMix.kindOf("/v1/spot?model=x")).isEqualTo("spot");
    assertThat(RequestMix.indexOf("spot")).isZero();
    assertThat(RequestMix.indexOf("series")).isEqualTo(1);
  }

  @Test
  void theServicePhaseSendsTheShareOfItsRequestsAsSeries() {
    QueryBenchOptions options =
        QueryBenchOptions.parse(
            new String[] {"--phases", "service", "--series-share", "0.4", "--series-params", "t"});
    QueryBench bench = new QueryBench(options, new PrintWriter(new StringWriter()));
    List<QueryBench.Prepared> prepared = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      String query = "model=m&lat=" + i + "&lon=2&alt=10&time=2026-11-21T03%3A00%3A00Z&n=4";
      prepared.add(
          new QueryBench.Prepared(
              new RandomSpots.Spot(query, null), null, null, List.of(4), null, null));
    }
    QueryBench.PhaseRequests phase =
        bench.serviceRequests(URI.create("http://127.0.0.1:8080"), prepared);
    // 0.4: i = 2 (1.2 > 0.8) and 4 (2.0 > 1.6)
    assertThat(phase.kinds()).containsExactly(0, 0, 1, 0, 1);
    assertThat(phase.calls().get(1).pathAndQuery())
        .isEqualTo("/v1/spot?model=m&lat=1&lon=2&alt=10&time=2026-11-21T03%3A00%3A00Z&n=4");
    assertThat(phase.calls().get(2).pathAndQuery())
        .isEqualTo("/v1/series?model=m&lat=2&lon=2&alt=10&n=4&params=t");
    assertThat(phase.requests().get(4).uri())
        .isEqualTo(
            URI.create("http://127.0.0.1:8080/v1/series?model=m&lat=4&lon=2&alt=10&n=4&params=t"));

    QueryBench spotOnly =
        new QueryBench(QueryBenchOptions.parse(new String[0]), new PrintWriter(new StringWriter()));
    QueryBench.PhaseRequests spots =
        spotOnly.serviceRequests(URI.create("http://127.0.0.1:8080"), prepared);
    assertThat(spots.kinds()).isNull();
    assertThat(spots.calls()).allMatch(c -> c.pathAndQuery().startsWith("/v1/spot?"));
  }

  @Test
  void eachKindHasItsOwnFigures() {
    // Under 2,048 us, where the histogram is exact.
    long[] micros = {100, 200, 300, 400, 999};
    byte[] kinds = {0, 1, 0, 0, 1};
    // the first 4 only: spot 0.1, 0.3, 0.4 ms (nearest rank: p50 the 2nd, p95 the 3rd), series 0.2
    Map<String, QueryPhaseResult.Kind> byKind =
        QueryPhaseResult.byKind(micros, kinds, 4, new long[] {1, 0});
    assertThat(byKind.keySet()).containsExactly("spot", "series");
    QueryPhaseResult.Kind spot = byKind.get("spot");
    assertThat(spot.ok()).isEqualTo(3);
    assertThat(spot.errors()).isEqualTo(1);
    assertThat(spot.latency().p50()).isEqualTo(0.3);
    assertThat(spot.latency().p95()).isEqualTo(0.4);
    assertThat(spot.latency().mean()).isCloseTo(0.8 / 3, Offset.offset(1e-9));
    assertThat(byKind.get("series").ok()).isEqualTo(1);
    assertThat(byKind.get("series").latency().p99()).isEqualTo(0.2);
    // a kind with errors only still shows; one with neither does not
    Map<String, QueryPhaseResult.Kind> failed =
        QueryPhaseResult.byKind(new long[] {5_000}, new byte[] {0}, 1, new long[] {0, 2});
    assertThat(failed.get("series").ok()).isZero();
    assertThat(failed.get("series").errors()).isEqualTo(2);
    assertThat(failed.get("series").latency().p50()).isNaN();
    assertThat(QueryPhaseResult.byKind(new long[0], new byte[0], 0, new long[2])).isEmpty();
  }

  @Test
  void wrkReplaysSpotAndSeriesLinesInThePhasesOrder() {
    List<HttpCall> calls =
        List.of(
            new HttpCall("GET", "/v1/spot?a=1", Map.of(), new byte[0]),
            new HttpCall("GET", "/v1/series?a=1", Map.of(), new byte[0]),
            new HttpCall(
                "POST",
                "/_msearch",
                Map.of(),
                "{\"a\":1}\n{\"b\":2}\n".getBytes(StandardCharsets.UTF_8)));
    assertThat(WrkGenerator.requestsText(calls))
        .isEqualTo(
            "GET\t/v1/spot?a=1\n"
                + "GET\t/v1/series?a=1\n"
                + "POST\t/_msearch\t{\"a\":1}\u001e{\"b\":2}\u001e\n");
  }

  @Test
  void vegetaTargetsCarryTheSeriesUrlAsIs() throws IOException {
    assertThat(
            VegetaGenerator.target(
                new HttpCall(
                    "GET",
                    "/v1/series?model=m&lat=1&params=t%2Cu",
                    Map.of("Accept", "application/json"),
                    new byte[0]),
                "http://127.0.0.1:8080",
                null))
        .isEqualTo(
            "{\"method\":\"GET\",\"url\":\"http://127.0.0.1:8080/v1/series?model=m&lat=1&params=t%2Cu\","
                + "\"header\":{\"Accept\":[\"application/json\"]}}");
    // "ab" in Base64 is YWI=
    assertThat(
            VegetaGenerator.target(
                new HttpCall(
                    "POST",
                    "/_search",
                    Map.of("Content-Type", "application/json"),
                    "ab".getBytes(StandardCharsets.UTF_8)),
                "https://es:9200",
                "Basic eDp5"))
        .isEqualTo(
            "{\"method\":\"POST\",\"url\":\"https://es:9200/_search\",\"header\":{\"Content-Type\":"
                + "[\"application/json\"],\"Authorization\":[\"Basic eDp5\"]},\"body\":\"YWI=\"}");
  }

  @Test
  void vegetaResultsAreCountedPerKindByTheirUrl() throws IOException {
    // timestamp ns, status, latency ns, bytes out, bytes in, error, body, attack, seq, method,
    // URL, headers
    String csv =
        """
        1000000000,200,200000,0,100,,,,0,GET,http://h/v1/spot?x=1,
        1250000000,200,800000,0,900,,,,1,GET,http://h/v1/series?x=1,
        1500000000,429,100000,0,20,429 Too Many Requests,,,2,GET,http://h/v1/spot?x=2,
        2000000000,0,30000000000,0,0,"Get ""http://h/v1/series?x=2"": timeout, after 30s",,,3,GET,http://h/v1/series?x=2,
        3000000000,200,400000,0,100,,,,4,GET,http://h/v1/spot?x=3,
        """;
    QueryPhaseResult r =
        VegetaGenerator.Tally.of(new StringReader(csv))
            .result("service", 1, Duration.ofSeconds(30), null, null, true);
    // starts from 1 s to 3 s: 2 s; 3 answered: 1.5 req/s; 0.2, 0.4, 0.8 ms: p50 the 2nd, p99 the
    // 3rd
    assertThat(r.seconds()).isEqualTo(2.0);
    assertThat(r.ok()).isEqualTo(3);
    assertThat(r.requestsPerSecond()).isEqualTo(1.5);
    assertThat(r.latency().p50()).isEqualTo(0.4);
    assertThat(r.latency().p99()).isEqualTo(0.8);
    assertThat(r.responseBytes()).isEqualTo(1_100);
    assertThat(r.errors()).isEqualTo(2);
    assertThat(r.firstError())
        .isEqualTo(
            "not answered with 200: {HTTP 429=1, no answer (Get: timeout, after 30s)=1} (429:"
                + " refused at the door, Retry-After)");
    // spot: 0.2 and 0.4 ms, the 429; series: 0.8 ms, the timeout
    assertThat(r.byKind().get("spot").ok()).isEqualTo(2);
    assertThat(r.byKind().get("spot").latency().p50()).isEqualTo(0.2);
    assertThat(r.byKind().get("spot").latency().p95()).isEqualTo(0.4);
    assertThat(r.byKind().get("spot").errors()).isEqualTo(1);
    assertThat(r.byKind().get("series").ok()).isEqualTo(1);
    assertThat(r.byKind().get("series").latency().p50()).isEqualTo(0.8);
    assertThat(r.byKind().get("series").errors()).isEqualTo(1);

    QueryPhaseResult mixOnly =
        VegetaGenerator.Tally.of(new StringReader(csv))
            .result("service", 1, Duration.ofSeconds(30), null, null, false);
    assertThat(mixOnly.byKind()).isEmpty();
    assertThat(mixOnly.ok()).isEqualTo(3);
  }

  @Test
  void vegetaErrorsOfManyUrlsCountUnderOneReason() throws IOException {
    String csv =
        """
        1000000000,0,1000,0,0,"Post ""https://es:9200/a/_search?routing=1"": dial tcp: socket: too many open files",,,0,POST,https://es:9200/a/_search?routing=1,
        2000000000,0,1000,0,0,"Post ""https://es:9200/b/_search?routing=2"": dial tcp: socket: too many open files",,,1,POST,https://es:9200/b/_search?routing=2,
        3000000000,0,1000,0,0,"Post ""https://es:9200/a/_search?routing=3"": read tcp 127.0.0.1:32798->127.0.0.1:9200: read: connection reset by peer",,,0,POST,https://es:9200/a/_search?routing=3,
        4000000000,0,1000,0,0,"Post ""https://es:9200/a/_search?routing=4"": read tcp 127.0.0.1:40111->127.0.0.1:9200: read: connection reset by peer",,,0,POST,https://es:9200/a/_search?routing=4,
        """;
    QueryPhaseResult r =
        VegetaGenerator.Tally.of(new StringReader(csv))
            .result("raw-ids", 1, Duration.ofSeconds(30), null, null, false);
    assertThat(r.firstError())
        .isEqualTo(
            "not answered with 200: {no answer (Post: dial tcp: socket: too many open files)=2,"
                + " no answer (Post: read tcp: read: connection reset by peer)=2}");
  }
}
