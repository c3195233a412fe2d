package dev.spotcast.query.edr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.query.spot.BadParameterException;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EdrDatetimeTest {

  private static final Instant A = Instant.parse("2026-11-21T03:00:00Z");
  private static final Instant B = Instant.parse("2026-11-21T06:00:00Z");

  @Test
  void absentIsEveryStep() {
    assertThat(EdrDatetime.parse(null)).isEqualTo(EdrDatetime.ALL);
    assertThat(EdrDatetime.parse("")).isEqualTo(EdrDatetime.ALL);
  }

  @Test
  void anInstantWithAZoneOrOffset() {
    assertThat(EdrDatetime.parse("2026-11-21T03:00:00Z")).isEqualTo(new EdrDatetime(A, null, null));
    assertThat(EdrDatetime.parse("2026-11-21T04:00:00+01:00").instant()).isEqualTo(A);
    assertThat(EdrDatetime.parse("2026-11-21T04:00:00+01:00").isInstant()).isTrue();
  }

  @Test
  void closedAndHalfOpenIntervals() {
    assertThat(EdrDatetime.parse("2026-11-21T03:00:00Z/2026-11-21T06:00:00Z"))
        .isEqualTo(new EdrDatetime(null, A, B));
    assertThat(EdrDatetime.parse("../2026-11-21T06:00:00Z"))
        .isEqualTo(new EdrDatetime(null, null, B));
    assertThat(EdrDatetime.parse("2026-11-21T03:00:00Z/.."))
        .isEqualTo(new EdrDatetime(null, A, null));
    assertThat(EdrDatetime.parse("2026-11-21T03:00:00Z/2026-11-21T03:00:00Z").isInstant())
        .isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "2026-11-21T03:00:00",
        "soon",
        "2026-11-21",
        "../..",
        "..",
        "/",
        "2026-11-21T03:00:00Z/2026-11-21T06:00:00Z/..",
        "2026-11-21T06:00:00Z/2026-11-21T03:00:00Z",
        "2026-11-21T03:00:00Z/tomorrow",
        "2026-11-21T04:00:00 01:00"
      })
  void anythingElseIsABadDatetimeParameter(String text) {
    assertThatThrownBy(() -> EdrDatetime.parse(text))
        .isInstanceOf(BadParameterException.class)
        .satisfies(e -> assertThat(((BadParameterException) e).parameter()).isEqualTo("datetime"));
  }

  @Test
  void aTimeWithoutAZoneSaysSo() {
    assertThatThrownBy(() -> EdrDatetime.parse("2026-11-21T03:00:00"))
        .hasMessageContaining("has no zone");
  }
}
