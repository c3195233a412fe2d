package dev.spotcast.bench.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MachineTicksTest {

  @Test
  void busyIdleAndStealFromTheCpuLine() {
    // user 100, nice 2, system 30, idle 500, iowait 7, irq 1, softirq 4, steal 9, guest 0,
    // guest_nice 0
    long[] ticks = MachineTicks.parse("cpu  100 2 30 500 7 1 4 9 0 0");
    assertThat(ticks).containsExactly(100 + 2 + 30 + 1 + 4, 500 + 7, 9);
  }

  @Test
  void oldKernelsWithoutStealCountNone() {
    assertThat(MachineTicks.parse("cpu 1 2 3 4 5 6 7"))
        .containsExactly(1 + 2 + 3 + 6 + 7, 4 + 5, 0);
  }
}
