package dev.spotcast.bench.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class MachineIoTest {

  @Test
  void majorFaultsAndPagedInFromVmstat() {
    List<String> lines =
        List.of("nr_free_pages 123", "pgpgin 29309202", "pgpgout 483503888", "pgmajfault 44769");
    assertThat(MachineIo.vmstat(lines)).containsExactly(44769, 29309202);
  }

  @Test
  void vmstatWithoutTheCountersIsRefused() {
    assertThatThrownBy(() -> MachineIo.vmstat(List.of("pgpgin 1")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void readsAndSectorsFromABlockDevicesStatLine() {
    // reads completed 230654, merged 44769, sectors read 29309202, ms reading 115902, then writes
    long[] stat =
        MachineIo.blockStat(
            "  230654    44769 29309202   115902  6715195   703257 483503888  2948010        0");
    assertThat(stat).containsExactly(230654, 29309202);
  }

  @Test
  void theCachedLineOfMeminfoInKib() {
    List<String> lines =
        List.of("MemTotal:       24562884 kB", "Buffers:          123 kB", "Cached:  1836524 kB");
    assertThat(MachineIo.meminfoKib(lines, "Cached")).isEqualTo(1836524);
  }

  @Test
  void growthBetweenTwoReadingsKeepsTheLatestCacheSize() {
    MachineIo before = new MachineIo(10, 400, 5, 200, 1000);
    MachineIo after = new MachineIo(13, 1424, 9, 1224, 2000);
    assertThat(after.since(before)).isEqualTo(new MachineIo(3, 1024, 4, 1024, 2000));
  }
}
