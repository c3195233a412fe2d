package dev.spotcast.bench.cpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The whole machine's CPU time from the first line of {@code /proc/stat}, in clock ticks summed
 * over all CPUs: the one CPU accounting of every benchmark and of the load test. Busy is user +
 * nice + system + irq + softirq; idle is idle + iowait; steal (time a hypervisor gave to other
 * guests) is kept apart, counted neither as busy nor as idle, so that a phase's "other processes"
 * figure is never inflated by the host.
 */
public final class MachineTicks {

  /** The file read; on Linux only. */
  public static final Path STAT = Path.of("/proc/stat");

  /**
   * USER_HZ, the unit of /proc/stat and /proc/PID/stat times: 100 on every Linux architecture in
   * use.
   */
  public static final double TICKS_PER_SECOND = 100;

  private MachineTicks() {}

  /** Clock ticks as seconds. */
  public static double seconds(long ticks) {
    return ticks / TICKS_PER_SECOND;
  }

  /**
   * {busy (user + nice + system + irq + softirq), idle (idle + iowait), steal} ticks, or null where
   * {@code /proc/stat} cannot be read.
   */
  public static long[] read() {
    try {
      return parse(Files.readAllLines(STAT).getFirst());
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The same from a {@code cpu user nice system idle iowait irq softirq [steal ...]} line. */
  static long[] parse(String line) {
    String[] f = line.trim().split("\\s+");
    long user = Long.parseLong(f[1]);
    long nice = Long.parseLong(f[2]);
    long system = Long.parseLong(f[3]);
    long idle = Long.parseLong(f[4]);
    long iowait = Long.parseLong(f[5]);
    long irq = Long.parseLong(f[6]);
    long softirq = Long.parseLong(f[7]);
    long steal = f.length > 8 ? Long.parseLong(f[8]) : 0;
    return new long[] {user + nice + system + irq + softirq, idle + iowait, steal};
  }
}
