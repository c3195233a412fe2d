package dev.spotcast.query.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class UserPressureTest {

  private static final long MS = 1_000_000L;
  private static final OptionalDouble NO_PSI = OptionalDouble.empty();

  /** A one-second window (ten slots of 100 ms), a 100 ms target, 1 % slow allowed. */
  private final UserPressure pressure = new UserPressure(1000 * MS, 100 * MS, 0.01, 0.5);

  @Test
  void onePercentSlowIsStillClearAndMoreIsBusy() {
    long t = 5_000 * MS;
    for (int i = 0; i < 99; i++) {
      pressure.answered(t + i * MS, 20 * MS);
    }
    pressure.answered(t + 100 * MS, 150 * MS);
    UserPressure.Reading reading = pressure.read(t + 200 * MS, NO_PSI);
    // 1 slow of 100: 1 > 0.01 x 100 is false.
    assertThat(reading.busy()).isFalse();
    assertThat(reading.requests()).isEqualTo(100);
    assertThat(reading.slow()).isEqualTo(1);
    pressure.answered(t + 300 * MS, 101 * MS);
    // 2 slow of 101: 2 > 1.01.
    assertThat(pressure.read(t + 300 * MS, NO_PSI).busy()).isTrue();
  }

  @Test
  void aRequestAtTheTargetIsNotSlow() {
    long t = 5_000 * MS;
    pressure.answered(t, 100 * MS);
    assertThat(pressure.read(t, NO_PSI).slow()).isZero();
  }

  @Test
  void oneRefusalIsBusy() {
    long t = 5_000 * MS;
    for (int i = 0; i < 1000; i++) {
      pressure.answered(t, MS);
    }
    pressure.refused(t + MS);
    UserPressure.Reading reading = pressure.read(t + MS, NO_PSI);
    assertThat(reading.busy()).isTrue();
    assertThat(reading.refused()).isEqualTo(1);
    assertThat(reading.requests()).isEqualTo(1001);
  }

  @Test
  void whatHappenedBeforeTheWindowIsForgotten() {
    long t = 5_000 * MS;
    pressure.refused(t);
    assertThat(pressure.read(t + 950 * MS, NO_PSI).busy()).as("still inside the window").isTrue();
    // Slot 50 (t / 100 ms); at t + 1,000 ms the window holds slots 51..60.
    assertThat(pressure.read(t + 1_000 * MS, NO_PSI).busy()).isFalse();
    assertThat(pressure.read(t + 1_000 * MS, NO_PSI).requests()).isZero();
    // The same slot comes round again ten slots later: it starts from nothing.
    pressure.answered(t + 1_000 * MS, MS);
    UserPressure.Reading later = pressure.read(t + 1_000 * MS, NO_PSI);
    assertThat(later.refused()).isZero();
    assertThat(later.requests()).isEqualTo(1);
  }

  @Test
  void noRequestsIsClear() {
    UserPressure.Reading reading = pressure.read(42 * MS, NO_PSI);
    assertThat(reading.busy()).isFalse();
    assertThat(reading.windowMillis()).isEqualTo(1000);
    assertThat(reading.latencyTargetMillis()).isEqualTo(100);
  }
}
