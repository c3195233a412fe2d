package dev.spotcast.bench.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class QueryBenchOptionsTest {

  @Test
  void defaultsMeasureRawAgainstTheServiceOnTheQbenchRun() {
    QueryBenchOptions o = QueryBenchOptions.parse(new String[0]);
    assertThat(o.model).isEqualTo("qbench");
    assertThat(o.phases).containsExactly("raw", "service");
    assertThat(o.params).isEmpty();
    assertThat(o.warmup).isEqualTo(Duration.ofSeconds(10));
    assertThat(o.duration).isEqualTo(Duration.ofSeconds(30));
    assertThat(o.servicePrime).isEqualTo(Duration.ofSeconds(60));
    assertThat(o.sampling).isEqualTo(RandomSpots.Sampling.AREA);
    assertThat(o.routing).isEqualTo("tile");
    assertThat(o.logDir).isNotNull();
    assertThat(o.elasticsearch).doesNotEndWith("/");
  }

  @Test
  void valuesTakeBothFormsListsSplitAndSecondsMayBeFractions() {
    QueryBenchOptions o =
        QueryBenchOptions.parse(
            new String[] {
              "--model=scale",
              "--es",
              "http://es:9200//",
              "--params",
              "t, u,,v",
              "--warmup",
              "0.5",
              "--duration=2",
              "--region",
              "-10,-20,10,20",
              "--sampling",
              "DEGREES",
              "--routing",
              " Document ",
              "--phases",
              "raw-ids,service",
              "--repeat",
              "3"
            });
    assertThat(o.model).isEqualTo("scale");
    assertThat(o.region).isEqualTo("-10,-20,10,20");
    assertThat(o.elasticsearch).isEqualTo("http://es:9200");
    assertThat(o.params).containsExactly("t", "u", "v");
    assertThat(o.warmup).isEqualTo(Duration.ofMillis(500));
    assertThat(o.duration).isEqualTo(Duration.ofSeconds(2));
    assertThat(o.sampling).isEqualTo(RandomSpots.Sampling.DEGREES);
    assertThat(o.routing).isEqualTo("document");
    assertThat(o.phases).containsExactly("raw-ids", "service");
    assertThat(o.repeat).isEqualTo(3);
  }

  @Test
  void theCityWorkloadNeedsItsCitiesAndLaterOptionsOverrideEarlierOnes() {
    assertThatThrownBy(() -> QueryBenchOptions.parse(new String[] {"--sampling", "cities"}))
        .hasMessageContaining("--sampling cities needs --cities CSV");
    QueryBenchOptions o =
        QueryBenchOptions.parse(
            new String[] {
              "--sampling",
              "cities",
              "--cities",
              "c.csv",
              "--generator",
              "wrk",
              "--phases",
              "raw-ids,service",
              "--phases",
              "service",
              "--concurrency",
              "16",
              "--concurrency",
              "64"
            });
    assertThat(o.sampling).isEqualTo(RandomSpots.Sampling.CITIES);
    assertThat(o.generator).isEqualTo(QueryBenchOptions.Generator.WRK);
    assertThat(o.phases).containsExactly("service");
    assertThat(o.concurrency).isEqualTo(64);
  }

  @Test
  void anOpenModelRateNeedsAGeneratorThatHoldsOne() {
    QueryBenchOptions o =
        QueryBenchOptions.parse(new String[] {"--generator", "vegeta", "--rate", "500"});
    assertThat(o.generator).isEqualTo(QueryBenchOptions.Generator.VEGETA);
    assertThat(o.rate).isEqualTo(500.0);
    assertThatThrownBy(() -> QueryBenchOptions.parse(new String[] {"--generator", "vegeta"}))
        .hasMessageContaining("--generator vegeta runs an open model: give --rate R");
    assertThatThrownBy(
            () -> QueryBenchOptions.parse(new String[] {"--generator", "wrk", "--rate", "500"}))
        .hasMessageContaining("needs --generator vegeta or java");
  }

  @Test
  void aShareOfSeriesNeedsTheServicePhaseAlone() {
    QueryBenchOptions spotOnly = QueryBenchOptions.parse(new String[0]);
    assertThat(spotOnly.seriesShare).isZero();
    assertThat(spotOnly.seriesParams).containsExactly("t", "u", "v");
    QueryBenchOptions mixed =
        QueryBenchOptions.parse(
            new String[] {
              // as 'bench city' passes its defaults first
              "--phases",
              "raw-ids,service",
              "--phases",
              "service",
              "--series-share",
              "0.2",
              "--series-params",
              "t, 2t"
            });
    assertThat(mixed.seriesShare).isEqualTo(0.2);
    assertThat(mixed.seriesParams).containsExactly("t", "2t");
    assertThat(
            QueryBenchOptions.parse(new String[] {"--phases", "service", "--series-share", "1"})
                .seriesShare)
        .isEqualTo(1.0);
    // The raw phases send the series' own searches: any phases go with a mix.
    assertThat(
            QueryBenchOptions.parse(
                    new String[] {"--phases", "raw-ids,service", "--series-share", "0.5"})
                .seriesShare)
        .isEqualTo(0.5);
    assertThatThrownBy(
            () ->
                QueryBenchOptions.parse(
                    new String[] {"--phases", "service", "--series-share", "1.5"}))
        .hasMessage("--series-share must be a fraction from 0 to 1, got 1.5");
    assertThatThrownBy(
            () ->
                QueryBenchOptions.parse(
                    new String[] {"--phases", "service", "--series-share", "-0.1"}))
        .hasMessageContaining("must be a fraction from 0 to 1");
    assertThat(QueryBenchOptions.usage()).contains("--series-share", "--series-params");
  }

  @Test
  void badOptionsNameWhatIsWrong() {
    assertThatThrownBy(() -> QueryBenchOptions.parse(new String[] {"--phases", "raw,warp"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown phase 'warp'");
    assertThatThrownBy(() -> QueryBenchOptions.parse(new String[] {"--routing", "random"}))
        .hasMessageContaining("--routing must be tile or document");
    assertThatThrownBy(() -> QueryBenchOptions.parse(new String[] {"--concurrency", "0"}))
        .hasMessageContaining("--concurrency must be at least 1");
    assertThatThrownBy(() -> QueryBenchOptions.parse(new String[] {"--duration", "0"}))
        .hasMessageContaining("--duration must be positive");
    assertThatThrownBy(() -> QueryBenchOptions.parse(new String[] {"--requests", "many"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--requests");
    assertThatThrownBy(() -> QueryBenchOptions.parse(new String[] {"--no-such", "1"}))
        .hasMessageContaining("Unknown option")
        .hasMessageContaining("'--no-such'");
    assertThatThrownBy(() -> QueryBenchOptions.parse(new String[] {"--model"}))
        .hasMessageContaining("--model");
  }

  @Test
  void usageListsEveryOptionWithItsDefault() {
    String usage = QueryBenchOptions.usage();
    assertThat(usage)
        .contains(
            "spotcast bench query",
            "--phases",
            "--service-prime",
            "default: 10",
            "default: qbench");
    assertThat(ShardingBench.usage())
        .contains("spotcast bench sharding", "--strategies", "set per strategy");
  }
}
