package dev.spotcast.bench.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.bench.loadtest.JtlSummary.CpuReading;
import dev.spotcast.bench.loadtest.JtlSummary.Sample;
import dev.spotcast.bench.loadtest.JtlSummary.ServiceReading;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JtlSummaryTest {

  @Test
  void percentileIsTheNearestRank() {
    long[] sorted = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100};
    assertThat(JtlSummary.percentile(sorted, 50)).isEqualTo(50); // ceil(5.0) = 5th
    assertThat(JtlSummary.percentile(sorted, 95)).isEqualTo(100); // ceil(9.5) = 10th
    assertThat(JtlSummary.percentile(sorted, 1)).isEqualTo(10); // ceil(0.1) = 1st
    assertThat(JtlSummary.percentile(new long[] {7}, 99)).isEqualTo(7);
  }

  @Test
  void statusesAreSplitOnlyWhenThereIsMoreThanOne() {
    List<Sample> mixed =
        List.of(
            sample(0, 40, "200"),
            sample(1, 10, "200"),
            sample(2, 30, "200"),
            sample(3, 2, "429"),
            sample(4, 1, "429"),
            sample(5, 900, ""));
    Map<String, long[]> split = JtlSummary.byStatus(mixed);
    assertThat(split.keySet()).containsExactly("200", "429", "none"); // most frequent first
    assertThat(split.get("200")).containsExactly(10, 30, 40);
    assertThat(split.get("429")).containsExactly(1, 2);
    assertThat(JtlSummary.byStatus(List.of(sample(0, 5, "200"), sample(1, 6, "200")))).isEmpty();
  }

  @Test
  void serviceBoundsReadTheSteadyPhaseOnly() {
    List<ServiceReading> readings =
        List.of(
            new ServiceReading(500, 99, 900L << 20, 50), // before the phase: ignored
            new ServiceReading(1_000, 40, 100L << 20, 3),
            new ServiceReading(2_000, 44, 300L << 20, 33),
            new ServiceReading(3_000, 42, 200L << 20, 12));
    assertThat(JtlSummary.serviceBounds(readings, 1_000, 3_000))
        .isEqualTo(
            "threads 40 -> max 44; heap used 100 -> max 300 MB; requests in progress max 33");
    assertThat(JtlSummary.serviceBounds(readings, 4_000, 5_000)).startsWith("n/a");
  }

  @Test
  void theWarmUpIsTheFirstSecondsFromTheFirstSample() {
    List<Sample> all =
        List.of(
            new Sample(5_000, 1, "spot", true, "200", ""),
            new Sample(14_999, 2, "series", true, "200", ""),
            new Sample(15_000, 3, "spot", false, "429", "Too Many Requests"),
            new Sample(20_000, 4, "series", true, "200", ""));
    // Warm-up 10 s from the first start (5 s): starts before 15 s are warm-up, from 15 s steady.
    assertThat(JtlSummary.phases(all, 10))
        .extracting(Sample::label)
        .containsExactly("spot warm-up", "series warm-up", "spot steady", "series steady");
    assertThat(JtlSummary.phases(all, 10).get(2))
        .isEqualTo(new Sample(15_000, 3, "spot steady", false, "429", "Too Many Requests"));
    assertThat(JtlSummary.phases(all, 0))
        .extracting(Sample::label)
        .containsOnly("spot steady", "series steady");
  }

  @Test
  void tableCountsSteadySamplesAndShowsShedRequestsApart() {
    List<Sample> all = new ArrayList<>();
    all.add(new Sample(0, 500, "spot rampup", true, "200", ""));
    // 11 steady starts over 10 s: 10 requests in 10 s = 1.0 req/s.
    for (int i = 0; i < 10; i++) {
      all.add(new Sample(1_000 + i * 1_000L, 10 + i, "spot steady", true, "200", ""));
    }
    all.add(new Sample(11_000, 3, "spot steady", false, "429", "Too Many Requests"));
    List<CpuReading> cpu =
        List.of(new CpuReading(1_000, 0, 0, 0), new CpuReading(11_000, 200, 1_000, 2_000));
    String table =
        JtlSummary.table(all, cpu, List.of(), List.of("spot steady"), "2", null, "JMeter");
    assertThat(table)
        .contains("10.0 s, 11 requests")
        .contains("1.0 req/s  (target 2, 50.0 %)")
        .contains("errors                 1 (9.09 %)")
        .contains("answered (200)         10 (90.9 %)")
        .contains("1 x 429 Too Many Requests")
        .contains("HTTP 200               10 (90.9 %), p50 14 / p95 19 / p99 19 / max 19 ms")
        .contains("HTTP 429               1 (9.1 %), p50 3 / p95 3 / p99 3 / max 3 ms")
        // 200 ticks of 2,000 over 10 s: 10 % of the machine, 0.2 cores of 2; busy 1,000 of 2,000.
        .contains("10.0 % of the machine (0.20 cores of 2); machine busy 50.0 %")
        .contains("warm-up (not above)    1 requests, 0 errors")
        .doesNotContain("by request kind"); // one kind only
  }

  @Test
  void requestsForHoursTheServedRunLacksAreCountedApartFromTheAnswered() {
    List<Sample> all = new ArrayList<>();
    // 8 answered, 1 refused, 1 for an hour the new run does not have: 8 of the 9 it could answer.
    for (int i = 0; i < 8; i++) {
      all.add(new Sample(i * 1_000L, 10, "spot steady", true, "200", ""));
    }
    all.add(new Sample(8_000, 3, "spot steady", false, "429", "Too Many Requests"));
    all.add(new Sample(9_000, 3, "spot steady", false, "422", "Unprocessable Entity"));
    String table =
        JtlSummary.table(all, List.of(), List.of(), List.of("spot steady"), null, null, "JMeter");
    assertThat(table)
        .contains("answered (200)         8 (80.0 %)")
        .contains("of them 422            1: times or heights the served run does not have;")
        .contains("answered 88.9 % of the rest");
    all.removeLast();
    assertThat(
            JtlSummary.table(
                all, List.of(), List.of(), List.of("spot steady"), null, null, "JMeter"))
        .doesNotContain("of them 422");
  }

  @Test
  void eachKindOfRequestGetsItsOwnRowBesideTheTotals() {
    List<Sample> all = new ArrayList<>();
    all.add(new Sample(0, 500, "spot rampup", true, "200", ""));
    all.add(new Sample(500, 700, "series rampup", true, "200", ""));
    // 10 steady starts, one a second from 1 s to 10 s: 9 requests in 9 s = 1.0 req/s in all.
    // Series at 3 s and 8 s (100 and 300 ms; the second answered 200 but failed its assertion),
    // spot at the other eight, 10..80 ms, the first of them refused with 429.
    long spotElapsed = 10;
    for (int i = 0; i < 10; i++) {
      long start = 1_000 + i * 1_000L;
      if (i == 2) {
        all.add(new Sample(start, 100, "series steady", true, "200", ""));
      } else if (i == 7) {
        all.add(new Sample(start, 300, "series steady", false, "200", "No results for path"));
      } else if (spotElapsed == 10) {
        all.add(new Sample(start, spotElapsed, "spot steady", false, "429", "Too Many Requests"));
        spotElapsed += 10;
      } else {
        all.add(new Sample(start, spotElapsed, "spot steady", true, "200", ""));
        spotElapsed += 10;
      }
    }
    String table =
        JtlSummary.table(
            all,
            List.of(),
            List.of(),
            List.of("spot steady", "series steady"),
            "1",
            null,
            "JMeter");
    assertThat(table)
        .contains("steady phase           9.0 s, 10 requests")
        .contains("1.0 req/s  (target 1, 100.0 %)")
        // 9 of 10 answered 200; the 429 and the failed assertion are the 2 errors.
        .contains("answered (200)         9 (90.0 %)")
        .contains("errors                 2 (20.00 %)")
        // all ten sorted: 10 20 30 40 50 60 70 80 100 300; ranks ceil(5) = 5th, ceil(9.5) = 10th
        .contains("latency p50            50 ms")
        .contains("latency p95            300 ms")
        .contains("by request kind        requests, req/s, answered (200), latency, errors")
        // spot: 8 of 10 requests -> 0.8 req/s; 7 of 8 answered; 10..80: 4th, 8th, 8th
        .contains(
            "spot steady            8, 0.8 req/s, 87.5 %, p50 40 / p95 80 / p99 80 ms, 1 (12.50 %)")
        // series: 2 of 10 -> 0.2 req/s; both 200; 100, 300: 1st, 2nd, 2nd; 1 assertion failed
        .contains(
            "series steady          2, 0.2 req/s, 100.0 %, p50 100 / p95 300 / p99 300 ms, 1 (50.00 %)")
        .contains("warm-up (not above)    2 requests, 0 errors");
    assertThat(table.indexOf("spot steady")).isLessThan(table.indexOf("series steady"));
  }

  @Test
  void kindsFollowTheOrderOfTheLabelsAndSkipTheAbsentOnes() {
    List<Sample> steady =
        List.of(
            new Sample(0, 5, "series steady", true, "200", ""),
            new Sample(1, 6, "spot steady", true, "200", ""),
            new Sample(2, 7, "spot steady", true, "200", ""));
    Map<String, List<Sample>> kinds =
        JtlSummary.byLabel(steady, List.of("spot steady", "other steady", "series steady"));
    assertThat(kinds.keySet()).containsExactly("spot steady", "series steady");
    assertThat(kinds.get("spot steady")).hasSize(2);
    // 2 of 3 at 3.0 req/s in all: 2.0 req/s; 6, 7 ms: 1st, 2nd, 2nd
    assertThat(JtlSummary.kindLine(kinds.get("spot steady"), 3, 3.0))
        .isEqualTo("2, 2.0 req/s, 100.0 %, p50 6 / p95 7 / p99 7 ms, 0 (0.00 %)");
  }

  @Test
  void noSteadySampleOfAnyLabelSaysSo() {
    String table =
        JtlSummary.table(
            List.of(new Sample(0, 5, "spot rampup", true, "200", "")),
            List.of(),
            List.of(),
            List.of("spot steady", "series steady"),
            null,
            null,
            "JMeter");
    assertThat(table)
        .startsWith("No 'spot steady' or 'series steady' samples")
        .contains("1 samples");
  }

  @Test
  void readsQuotedJtlFieldsAndSkipsCutLines(@TempDir Path dir) throws IOException {
    Path jtl = dir.resolve("r.csv");
    Files.writeString(
        jtl,
        """
        timeStamp,elapsed,label,responseCode,success,failureMessage
        1000,12,spot steady,200,true,
        1001,13,spot steady,503,false,"line one
        ""quoted"", line two"
        1002,14,spot
        """);
    List<Sample> samples = JtlSummary.readJtl(jtl);
    assertThat(samples).hasSize(2);
    assertThat(samples.get(1).message()).isEqualTo("line one\n\"quoted\", line two");
    assertThat(samples.get(1).success()).isFalse();
  }

  @Test
  void theModelIsReadFromTheUrlWhenTheJtlHasOne(@TempDir Path dir) throws IOException {
    Path jtl = dir.resolve("models.csv");
    Files.writeString(
        jtl,
        """
        timeStamp,elapsed,label,responseCode,success,failureMessage,URL
        1000,12,spot,200,true,,http://127.0.0.1:8080/v1/spot?model=gfs&lat=1.5&lon=2&time=2026-12-01T00:00:00Z&n=4
        1001,13,series,200,true,,http://127.0.0.1:8080/v1/series?lat=1&model=ecmwf&lon=2&n=4
        1002,14,spot,429,false,,http://127.0.0.1:8080/v1/spot?lat=1&lon=2
        """);
    assertThat(JtlSummary.readJtl(jtl))
        .extracting(Sample::model)
        .containsExactly("gfs", "ecmwf", "");
    Path noUrl = dir.resolve("no-url.csv");
    Files.writeString(
        noUrl,
        "timeStamp,elapsed,label,responseCode,success,failureMessage\n1000,12,spot,200,true,\n");
    assertThat(JtlSummary.readJtl(noUrl)).extracting(Sample::model).containsExactly("");
  }

  @Test
  void anEmptyJtlHasNoSamples(@TempDir Path dir) throws IOException {
    Path jtl = dir.resolve("empty.csv");
    Files.writeString(jtl, "");
    assertThat(JtlSummary.readJtl(jtl)).isEmpty();
  }

  private static Sample sample(long start, long elapsed, String code) {
    return new Sample(start, elapsed, "spot steady", code.equals("200"), code, "");
  }

  @Test
  void theResultsFileIsRequiredAndTheSteadyLabelHasADefault() {
    JtlSummary.Options options = new JtlSummary.Options();
    new picocli.CommandLine(options).parseArgs("--jtl", "results.jtl", "--rate", "200");
    assertThat(options.jtl).isEqualTo(Path.of("results.jtl"));
    assertThat(options.label).containsExactly("spot steady");
    JtlSummary.Options mixed = new JtlSummary.Options();
    new picocli.CommandLine(mixed)
        .parseArgs("--jtl", "r.jtl", "--label", "spot steady,series steady");
    assertThat(mixed.label).containsExactly("spot steady", "series steady");
    assertThat(options.rate).isEqualTo("200");
    assertThat(options.cpu).isNull();
    JtlSummary.Options vegeta = new JtlSummary.Options();
    new picocli.CommandLine(vegeta).parseArgs("--vegeta", "results.csv");
    assertThat(vegeta.vegeta).isEqualTo(Path.of("results.csv"));
    assertThat(vegeta.jtl).isNull();
  }

  @Test
  void aVegetaRecordCutAfterItsErrorIsReadWithoutBodyOrUrl(@TempDir Path dir) throws IOException {
    Path csv = dir.resolve("cut.csv");
    Files.writeString(csv, "1000000000,503,5000000,0,0,\n");
    assertThat(JtlSummary.readVegeta(csv))
        .containsExactly(new Sample(1000, 5, "spot", false, "503", "", ""));
  }

  @Test
  void vegetasResultsAreSamplesLabelledByTheirUrl(@TempDir Path dir) throws IOException {
    // vegeta encode -to=csv: timestamp ns, status, latency ns, bytes out, bytes in, error, body
    // (Base64; the 429's: {"title":"Too many requests","status":429,"detail":"64 in progress"}),
    // attack, seq, method, URL, headers
    Path csv = dir.resolve("vegeta.csv");
    Files.writeString(
        csv,
        """
        1000000000,200,2900000,0,100,,,,0,GET,http://h:8080/v1/spot?model=gfs&lat=1&lon=2&n=4,
        1250000000,200,800000,0,900,,,,1,GET,http://h:8080/v1/series?model=ecmwf&lat=1&lon=2&n=4,
        1500000000,429,100000,0,20,429 ,eyJ0aXRsZSI6IlRvbyBtYW55IHJlcXVlc3RzIiwic3RhdHVzIjo0MjksImRldGFpbCI6IjY0IGluIHByb2dyZXNzIn0=,,2,GET,http://h:8080/v1/spot?model=gfs,
        2000000000,0,10000000000,0,0,"Get ""http://h:8080/v1/spot?model=gfs"": context deadline exceeded",,,3,GET,http://h:8080/v1/spot?model=gfs,
        2500000000,200
        """);
    List<Sample> samples = JtlSummary.readVegeta(csv);
    // The cut last record is skipped; latencies in whole ms, rounded down as JMeter's are.
    assertThat(samples)
        .containsExactly(
            new Sample(1000, 2, "spot", true, "200", "", "gfs"),
            new Sample(1250, 0, "series", true, "200", "", "ecmwf"),
            new Sample(1500, 0, "spot", false, "429", "Too many requests: 64 in progress", "gfs"),
            new Sample(2000, 10_000, "spot", false, "", "Get: context deadline exceeded", "gfs"));
    // The table reads them as it reads JMeter's, with vegeta's CPU named as such.
    String table =
        JtlSummary.table(
            JtlSummary.phases(samples, 0),
            List.of(),
            List.of(),
            List.of("spot steady", "series steady"),
            "4",
            null,
            "vegeta");
    assertThat(table)
        .contains("answered (200)         2 (50.0 %)")
        .contains("vegeta CPU")
        .doesNotContain("JMeter");
  }
}
