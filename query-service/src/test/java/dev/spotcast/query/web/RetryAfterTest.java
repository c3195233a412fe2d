package dev.spotcast.query.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

  @Test
  void wholeSecondsRoundedUpAndNeverZero() {
    assertThat(RetryAfter.seconds(Duration.ZERO)).isEqualTo(1);
    assertThat(RetryAfter.seconds(Duration.ofMillis(100))).isEqualTo(1);
    assertThat(RetryAfter.seconds(Duration.ofMillis(1000))).isEqualTo(1);
    assertThat(RetryAfter.seconds(Duration.ofMillis(1001))).isEqualTo(2);
    assertThat(RetryAfter.seconds(Duration.ofSeconds(30))).isEqualTo(30);
  }
}
