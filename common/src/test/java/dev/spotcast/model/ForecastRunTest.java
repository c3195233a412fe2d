package dev.spotcast.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a run finds its parameters by the names people ask with. */
class ForecastRunTest {

  private static final ForecastRun RUN =
      ForecastRun.of(
          "m",
          Instant.parse("2026-11-20T00:00:00Z"),
          RegularLatLonGrid.covering(49, 10, 50, 12, 1.0),
          LevelType.SURFACE,
          List.of(0.0),
          List.of(0, 1),
          List.of(Parameter.unbounded("ASWDIR_S", "W m-2"), Parameter.unbounded("t", "K")),
          ShardingSpec.DEFAULT);

  @Test
  void aPublishersNameIsFoundInAnyCaseUnderTheNameItIsStoredUnder() {
    assertThat(RUN.parameter("aswdir_s")).isSameAs(RUN.parameter("ASWDIR_S"));
    assertThat(RUN.storedName("aswdir_s")).isEqualTo("ASWDIR_S");
    assertThat(RUN.storedName("Aswdir_S")).isEqualTo("ASWDIR_S");
    assertThat(RUN.storedName("T")).isEqualTo("t");
    assertThat(RUN.parameter("ASWDIR_S").lowerCaseName()).isEqualTo("aswdir_s");
    assertThat(RUN.parameter("t").lowerCaseName()).isNull();
  }

  @Test
  void aNameTheRunDoesNotStoreStaysAsAsked() {
    assertThat(RUN.parameter("precipitation")).isNull();
    assertThat(RUN.storedName("precipitation")).isEqualTo("precipitation");
    assertThat(RUN.storedName("NOPE_S")).isEqualTo("NOPE_S");
  }
}
