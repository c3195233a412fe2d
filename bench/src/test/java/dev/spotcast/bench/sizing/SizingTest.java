package dev.spotcast.bench.sizing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SizingTest {

  // 1 us (Elasticsearch) + 0.5 us (ingestor) and 20 bytes per place-level-step; a spot 0.5 + 0.5
  // ms,
  // a series 1 + 4 ms.
  private static final MeasuredCosts COSTS = new MeasuredCosts(1.0, 0.5, 20, 0.5, 0.5, 1.0, 4.0);

  // Half of every core; 16 cores, 64 GiB (heap 31 GiB, page cache 64 - 31 - 2 = 31 GiB) and 100 GiB
  // of disk a node; one replica; disks filled to 80 %; a run no larger after its load than later;
  // shards of at most 30 GiB.
  private static final Sizing PLAN = new Sizing(0.5, 16, 64, 100, 1, 0.8, 1, 30);

  @Test
  void coresDiskCacheShardsAndNodesByHand() {
    // 1.8 billion place-level-steps in 30 min = 1,000,000 a second; 2 runs kept; 1,000 req/s, a
    // tenth of them series.
    Sizing.Row row = PLAN.size(new Sizing.Scenario("s", 1.8e9, 1800, 2, 1000, 0.1), COSTS);
    assertThat(row.esIndexCores()).isCloseTo(2.0, within(1e-9)); // 1e6 x 1 us / 0.5
    assertThat(row.ingestorCores()).isCloseTo(1.0, within(1e-9)); // 1e6 x 0.5 us / 0.5
    // (900 spots x 0.5 ms + 100 series x 1 ms) / 0.5
    assertThat(row.esQueryCores()).isCloseTo(1.1, within(1e-9));
    // (900 x 0.5 ms + 100 x 4 ms) / 0.5
    assertThat(row.serviceCores()).isCloseTo(1.7, within(1e-9));
    // a run: 1.8e9 x 20 B = 36e9 B = 33.528 GiB; two copies of the newest in the page cache
    assertThat(row.newestRunGib()).isCloseTo(67.0552, within(1e-4));
    // two copies of two runs on disks filled to 80 %
    assertThat(row.diskGib()).isCloseTo(167.6381, within(1e-4));
    // cores: 3.1 / 16 -> 1 node; disk: 167.6 / 100 -> 2; page cache: 67.06 / 31 -> 3 nodes
    assertThat(row.dataNodes()).isEqualTo(3);
    assertThat(row.boundBy()).isEqualTo("page cache");
    // 33.5 GiB / 30 GiB -> 2 shards, but at least one a node
    assertThat(row.primaryShardsPerRun()).isEqualTo(3);
  }

  @Test
  void aLoadAloneIsBoundByCoresWhenTheRunIsSmall() {
    // 30 billion place-level-steps of 1 byte in 10 min: 50 M a second, 100 Elasticsearch cores
    Sizing.Row row = PLAN.size(new Sizing.Scenario("s", 30e9, 600, 1, 0, 0), withBytes(1));
    assertThat(row.esCores()).isCloseTo(100, within(1e-9));
    assertThat(row.serviceCores()).isZero();
    assertThat(row.dataNodes()).isEqualTo(7); // 100 / 16 = 6.25
    assertThat(row.boundBy()).isEqualTo("cores");
  }

  @Test
  void aLoadThatServesNothingNeedsNoPageCacheButItsDisks() {
    // 1.8e9 x 20 B = 33.5 GiB a run, 2 copies of 7 runs kept on disks filled to 80 %: 586.7 GiB
    Sizing.Row row = PLAN.size(new Sizing.Scenario("s", 1.8e9, 1800, 7, 0, 0), COSTS);
    assertThat(row.diskGib()).isCloseTo(586.7332, within(1e-4));
    assertThat(row.dataNodes()).isEqualTo(6); // 586.7 / 100
    assertThat(row.boundBy()).isEqualTo("disk");
  }

  @Test
  void theNewestRunCountsAtItsSizeRightAfterTheLoad() {
    // twice its settled size: (33.53 GiB x 2 copies x 1 older run + 2 x 33.53 GiB x 2) / 0.8
    Sizing plan = new Sizing(0.5, 16, 64, 1000, 1, 0.8, 2, 30);
    Sizing.Row row = plan.size(new Sizing.Scenario("s", 1.8e9, 1800, 2, 0, 0), COSTS);
    assertThat(row.diskGib()).isCloseTo(251.4571, within(1e-4));
  }

  @Test
  void aReplicaNeedsASecondNode() {
    // 1 core of indexing, nothing served, a small run: one node would do but for the replica
    Sizing.Row row = PLAN.size(new Sizing.Scenario("s", 1e6, 1, 1, 0, 0), COSTS);
    assertThat(row.dataNodes()).isEqualTo(2);
    assertThat(row.boundBy()).isEqualTo("replicas");
  }

  @Test
  void theHeapIsHalfTheMemoryUpTo31Gib() {
    assertThat(new Sizing(0.7, 8, 16, 100, 1, 0.85, 1, 30).heapGib()).isEqualTo(8);
    assertThat(new Sizing(0.7, 8, 16, 100, 1, 0.85, 1, 30).pageCachePerNodeGib()).isEqualTo(6);
    assertThat(new Sizing(0.7, 8, 128, 100, 1, 0.85, 1, 30).heapGib()).isEqualTo(31);
  }

  @Test
  void costsFromTheBenchScaleOutput() {
    String log =
        """
        Run: model scale, 421,421 points (0.100 deg over [30.0, -40.0, 72.0, 60.0]) x 10 levels x 145 steps = 4,214,210 documents into [a, b] (2 shards each)
        Loaded 4,214,210 documents in 400.0 s = 10,535 docs/s end to end, 10,600 docs/s streaming; counted 4,214,210 OK, published
          retries: none; index at the end: 26,000 MB in 40 segments
        CPU per document: raw ES 22.4 / 23.0 us, Spotcast ES 145.0 us + ingestor 72.5 us
        """;
    MeasuredCosts.Ingest ingest = MeasuredCosts.ingestFrom(log);
    // 145 place-level-steps per document
    assertThat(ingest.esMicros()).isCloseTo(1.0, within(1e-9));
    assertThat(ingest.ingestorMicros()).isCloseTo(0.5, within(1e-9));
    // 26,000 MiB = 27,262,976,000 bytes over 4,214,210 x 145 = 611,060,450 place-level-steps
    assertThat(ingest.bytesPerValue()).isCloseTo(44.6158, within(1e-4));
  }

  @Test
  void aScaleOutputWithoutItsLoadSaysWhatIsMissing() {
    assertThatThrownBy(() -> MeasuredCosts.ingestFrom("Machine: 2 cores"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Run: model");
  }

  @Test
  void requestCostsAreTheMeanOfTheServicePhases() {
    String log =
        """
        RAW-IDS                    repeat 1:    4,335 req/s  p50   3.38
          CPU ms per request: load generator 0.04, elasticsearch 0.41, service 0.00

        SERVICE                    repeat 1:    1,997 req/s  p50   8.16
          CPU in cores over 29 s: load generator 0.13 (7% of the machine), elasticsearch 0.18
          CPU ms per request: load generator 0.07, elasticsearch 0.09, service 0.83

        SERVICE                    repeat 2:    1,809 req/s  p50   9.01
          CPU ms per request: load generator 0.07, service 0.91
        """;
    MeasuredCosts.Requests r = MeasuredCosts.requestsFrom(log);
    assertThat(r.phases()).isEqualTo(2);
    assertThat(r.esMillis()).isCloseTo(0.045, within(1e-9)); // (0.09 + 0, absent) / 2
    assertThat(r.serviceMillis()).isCloseTo(0.87, within(1e-9)); // (0.83 + 0.91) / 2
  }

  @Test
  void aQueryOutputWithoutAServicePhaseIsRefused() {
    assertThatThrownBy(
            () ->
                MeasuredCosts.requestsFrom(
                    "RAW repeat 1: 1 req/s\n  CPU ms per request: elasticsearch 0.4\n"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SERVICE");
  }

  private static MeasuredCosts withBytes(double bytes) {
    return new MeasuredCosts(1.0, 0.5, bytes, 0.5, 0.5, 1.0, 4.0);
  }
}
