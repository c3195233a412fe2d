package dev.spotcast.bench.cpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the machine read from its disks, the counters that tell a page-cache miss from a hit: major
 * page faults and KiB paged in from {@code /proc/vmstat}, and read operations and sectors of the
 * block devices from {@code /sys/block/DEV/stat} (real disks only: no loop, RAM or zram devices),
 * plus the page cache's size from {@code /proc/meminfo}. Elasticsearch reads its index through
 * memory-mapped files, so a search that leaves the page cache shows up as major faults and disk
 * reads here.
 *
 * @param majorFaults page faults that had to read from a disk ({@code pgmajfault})
 * @param pagedInKib KiB read from block devices into memory ({@code pgpgin})
 * @param diskReads completed read operations of the real block devices
 * @param diskReadKib KiB those operations read (sectors of 512 bytes)
 * @param pageCacheKib the page cache at that moment ({@code Cached} in {@code /proc/meminfo})
 */
public record MachineIo(
    long majorFaults, long pagedInKib, long diskReads, long diskReadKib, long pageCacheKib) {

  private static final Path VMSTAT = Path.of("/proc/vmstat");
  private static final Path MEMINFO = Path.of("/proc/meminfo");
  private static final Path BLOCK = Path.of("/sys/block");
  private static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");

  /** The counters now, or null where {@code /proc} cannot be read. */
  public static MachineIo read() {
    try {
      long[] vm = vmstat(Files.readAllLines(VMSTAT));
      long cached = meminfoKib(Files.readAllLines(MEMINFO), "Cached");
      long reads = 0;
      long sectors = 0;
      try (Stream<Path> devices = Files.list(BLOCK)) {
        for (Path device : devices.filter(MachineIo::isDisk).toList()) {
          long[] stat = blockStat(Files.readString(device.resolve("stat")));
          reads += stat[0];
          sectors += stat[1];
        }
      }
      return new MachineIo(vm[0], vm[1], reads, sectors / 2, cached);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * Writes dirty pages out ({@code sync}) and drops the clean ones from the page cache (writes 1 to
   * {@code /proc/sys/vm/drop_caches}: page cache only, not dentries and inodes), so that what is
   * read next comes from the disk. Needs root.
   *
   * @throws IOException with what to do when the kernel refuses
   */
  public static void dropPageCache() throws IOException, InterruptedException {
    Process sync = new ProcessBuilder("sync").inheritIO().start();
    if (sync.waitFor() != 0) {
      throw new IOException("sync failed (exit " + sync.exitValue() + ")");
    }
    try {
      Files.writeString(DROP_CACHES, "1");
    } catch (IOException e) {
      throw new IOException(
          "cannot drop the page cache through "
              + DROP_CACHES
              + " ("
              + e.getMessage()
              + "): run as root, or leave --cold out",
          e);
    }
  }

  /** The growth of each counter from {@code before} to this; the page cache as it is now. */
  public MachineIo since(MachineIo before) {
    return new MachineIo(
        majorFaults - before.majorFaults,
        pagedInKib - before.pagedInKib,
        diskReads - before.diskReads,
        diskReadKib - before.diskReadKib,
        pageCacheKib);
  }

  private static boolean isDisk(Path device) {
    String name = device.getFileName().toString();
    return !(name.startsWith("loop")
        || name.startsWith("ram")
        || name.startsWith("zram")
        || name.startsWith("dm-")
        || name.startsWith("md"));
  }

  /** {pgmajfault, pgpgin} from the lines of /proc/vmstat. */
  static long[] vmstat(List<String> lines) {
    long faults = -1;
    long pagedIn = -1;
    for (String line : lines) {
      String[] f = line.trim().split("\\s+");
      if (f.length == 2 && f[0].equals("pgmajfault")) {
        faults = Long.parseLong(f[1]);
      } else if (f.length == 2 && f[0].equals("pgpgin")) {
        pagedIn = Long.parseLong(f[1]);
      }
    }
    if (faults < 0 || pagedIn < 0) {
      throw new IllegalArgumentException("no pgmajfault or pgpgin in /proc/vmstat");
    }
    return new long[] {faults, pagedIn};
  }

  /** A "Name: 123 kB" value of /proc/meminfo in KiB. */
  static long meminfoKib(List<String> lines, String name) {
    for (String line : lines) {
      if (line.startsWith(name + ":")) {
        return Long.parseLong(line.substring(name.length() + 1).trim().split("\\s+")[0]);
      }
    }
    throw new IllegalArgumentException("no " + name + " in /proc/meminfo");
  }

  /**
   * {reads completed, sectors read} from a block device's stat line (the kernel's
   * Documentation/block/stat.rst: fields 1 and 3).
   */
  static long[] blockStat(String line) {
    String[] f = line.trim().split("\\s+");
    return new long[] {Long.parseLong(f[0]), Long.parseLong(f[2])};
  }
}
