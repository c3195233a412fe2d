package dev.spotcast.ingestor.feed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.ingestor.feed.FieldOutcome.Status;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When a fetched run is complete: what a step's index leaves out, and what no step has. */
class FetchReportTest {

  private static FieldOutcome fetched(String param, String level, int step) {
    return new FieldOutcome(FieldKey.of(param, level, step), Status.FETCHED, null, 100, null);
  }

  private static FieldOutcome notListed(String param, String level, int step) {
    return new FieldOutcome(FieldKey.of(param, level, step), Status.NOT_IN_INDEX, null, 0, "x");
  }

  private static FetchReport report(FieldOutcome... fields) {
    return new FetchReport("gfs", Instant.EPOCH, null, List.of(fields), null, Duration.ZERO);
  }

  @Test
  void aParameterOneStepLeavesOutIsNotWantedOfIt() {
    // GFS: no APCP at f000 (a sum over no time), APCP at f003.
    FetchReport gfs =
        report(
            fetched("TMP", "2 m above ground", 0),
            notListed("APCP", FieldKey.ANY, 0),
            fetched("TMP", "2 m above ground", 3),
            fetched("APCP", "surface", 3));
    assertThat(gfs.complete()).isTrue();
    assertThat(gfs.notDone()).isEmpty();
    assertThat(gfs.leftOutBySteps())
        .extracting(FieldOutcome::key)
        .containsExactly(FieldKey.of("APCP", "*", 0));
  }

  @Test
  void aParameterNoStepListsIsMissing() {
    FetchReport typo =
        report(
            fetched("TMP", "2 m above ground", 0),
            notListed("TMPP", FieldKey.ANY, 0),
            notListed("TMPP", FieldKey.ANY, 3),
            fetched("TMP", "2 m above ground", 3));
    assertThat(typo.complete()).isFalse();
    assertThat(typo.notDone()).hasSize(2);
    assertThat(typo.leftOutBySteps()).isEmpty();
  }

  @Test
  void aLevelOneStepLeavesOutIsNotWantedOfItAndOneNoStepListsIsMissing() {
    FetchReport levels =
        report(
            notListed(FieldKey.ANY, "850 mb", 0),
            fetched("TMP", "850 mb", 3),
            notListed(FieldKey.ANY, "925 mb", 0),
            notListed(FieldKey.ANY, "925 mb", 3));
    assertThat(levels.complete()).isFalse();
    assertThat(levels.notDone())
        .extracting(FieldOutcome::key)
        .containsExactly(FieldKey.of("*", "925 mb", 0), FieldKey.of("*", "925 mb", 3));
  }

  @Test
  void aStepNotPublishedYetOrAFailedFieldIsMissing() {
    FetchReport waiting =
        report(
            fetched("TMP", "2 m above ground", 0),
            new FieldOutcome(
                FieldKey.of("TMP", "2 m above ground", 3), Status.NOT_PUBLISHED, null, 0, "404"));
    assertThat(waiting.complete()).isFalse();
    assertThat(report().complete()).as("nothing wanted is nothing fetched").isFalse();
  }
}
