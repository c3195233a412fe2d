package dev.spotcast.query.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostCpuStallTest {

  private static final long MS = 1_000_000L;

  @Test
  void theShareIsSomeAvg10InHundredths() {
    String psi =
        "some avg10=73.81 avg60=63.31 avg300=53.49 total=23021517767\n"
            + "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
    assertThat(HostCpuStall.parse(psi)).hasValue(0.7381);
  }

  @Test
  void aTextWithoutSomeSaysNothing() {
    assertThat(HostCpuStall.parse("full avg10=12.00 avg60=0.00 avg300=0.00 total=0\n")).isEmpty();
    assertThat(HostCpuStall.parse("")).isEmpty();
  }

  @Test
  void aHostWithoutTheFileSaysNothing(@TempDir Path dir) throws Exception {
    assertThat(new HostCpuStall(dir.resolve("cpu")).share()).isEmpty();
    Files.writeString(dir.resolve("cpu"), "some avg10=6.64 avg60=28.21 avg300=45.96 total=1\n");
    assertThat(new HostCpuStall(dir.resolve("cpu")).share()).hasValue(0.0664);
  }

  @Test
  void aStalledHostIsBusyWhateverTheDoorCounted() {
    UserPressure pressure = new UserPressure(1000 * MS, 100 * MS, 0.01, 0.5);
    long t = 5_000 * MS;
    for (int i = 0; i < 100; i++) {
      pressure.answered(t, MS);
    }
    // Every request fast; the host's cores: some task waited 0.50 of the time, then 0.51.
    UserPressure.Reading atTheLimit = pressure.read(t, OptionalDouble.of(0.5));
    assertThat(atTheLimit.busy()).isFalse();
    assertThat(atTheLimit.hostCpuStall()).isEqualTo(0.5);
    assertThat(atTheLimit.hostCpuStallLimit()).isEqualTo(0.5);
    assertThat(pressure.read(t, OptionalDouble.of(0.51)).busy()).isTrue();
    UserPressure.Reading unknown = pressure.read(t, OptionalDouble.empty());
    assertThat(unknown.busy()).isFalse();
    assertThat(unknown.hostCpuStall()).isNull();
  }

  @Test
  void aShareOutsideZeroToOneIsRefusedWithItsName() {
    Duration ms100 = Duration.ofMillis(100);
    Duration s5 = Duration.ofSeconds(5);
    assertThatThrownBy(() -> new PressureProperties(ms100, 0.01, s5, 1.5))
        .hasMessage("spotcast.query.pressure.host-cpu-stall must be in [0, 1] (1: off), not 1.5");
    assertThatThrownBy(() -> new PressureProperties(ms100, 0.01, s5, Double.NaN))
        .hasMessageContaining("host-cpu-stall must be in [0, 1]");
    assertThat(new PressureProperties(ms100, 0.01, s5, 1).newPressure()).isNotNull();
  }

  @Test
  void oneTurnsTheHostsShareOff() {
    UserPressure pressure = new UserPressure(1000 * MS, 100 * MS, 0.01, 1);
    assertThat(pressure.read(5_000 * MS, OptionalDouble.of(1)).busy()).isFalse();
  }
}
