package dev.spotcast.bench.query;

import com.sun.management.OperatingSystemMXBean;
import dev.spotcast.bench.cpu.MachineIo;
import dev.spotcast.bench.cpu.MachineTicks;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the machine's CPU went during a phase: this JVM (the load generator), the processes under
 * test (query service, Elasticsearch) by their CPU time, the whole machine from {@code /proc/stat},
 * and so what other processes took. On a shared 2-core machine that last figure says whether a
 * phase's rate can be compared at all. Also the load average, as {@code uptime} prints it.
 */
final class CpuWatch {

  private static final Path LOADAVG = Path.of("/proc/loadavg");

  private final Map<String, List<ProcessHandle>> watched = new LinkedHashMap<>();

  /** Watches another process's CPU time under a name (e.g. "service", "elasticsearch"). */
  void watch(String name, ProcessHandle process) {
    watched.put(name, List.of(process));
  }

  /**
   * Watches processes' CPU time summed under one name: the nodes of a cluster running on this
   * machine.
   */
  void watch(String name, List<ProcessHandle> processes) {
    watched.put(name, List.copyOf(processes));
  }

  void unwatch(String name) {
    watched.remove(name);
  }

  /** Counters at one moment. */
  record Snapshot(
      long nanos,
      double selfSeconds,
      Map<String, Double> processSeconds,
      long[] machineTicks,
      MachineIo io) {}

  Snapshot snapshot() {
    Map<String, Double> processes = new LinkedHashMap<>();
    watched.forEach(
        (name, handles) ->
            processes.put(name, handles.stream().mapToDouble(CpuWatch::cpuSeconds).sum()));
    return new Snapshot(
        System.nanoTime(), selfCpuSeconds(), processes, machineTicks(), MachineIo.read());
  }

  /**
   * CPU between two snapshots, in cores (CPU seconds per wall second): {@code loadGenerator} is
   * this JVM, {@code processes} the watched ones, {@code machineBusy} everything on the machine,
   * and {@code others} what is left for processes outside the benchmark; NaN when /proc is missing.
   * {@code io}: what the machine read from its disks meanwhile (null without /proc).
   */
  record Usage(
      double wallSeconds,
      int cores,
      double loadGenerator,
      Map<String, Double> processes,
      double machineBusy,
      double steal,
      double others,
      String loadAverage,
      MachineIo io) {

    /**
     * The same picture with a watched process (an external load generator such as wrk) counted as
     * part of the load generator, beside this JVM.
     */
    Usage withGenerator(String name) {
      Map<String, Double> rest = new LinkedHashMap<>(processes);
      Double generator = rest.remove(name);
      double added = generator == null || generator.isNaN() ? 0 : generator;
      return new Usage(
          wallSeconds,
          cores,
          loadGenerator + added,
          rest,
          machineBusy,
          steal,
          others,
          loadAverage,
          io);
    }

    /** Share of the machine's capacity taken by the load generator. */
    double loadGeneratorShare() {
      return loadGenerator / cores;
    }
  }

  static Usage between(Snapshot a, Snapshot b) {
    double wall = (b.nanos() - a.nanos()) / 1e9;
    int cores = Runtime.getRuntime().availableProcessors();
    double self = (b.selfSeconds() - a.selfSeconds()) / wall;
    Map<String, Double> processes = new LinkedHashMap<>();
    double ours = self;
    for (Map.Entry<String, Double> entry : b.processSeconds().entrySet()) {
      Double before = a.processSeconds().get(entry.getKey());
      double cores0 =
          before == null || before.isNaN() || entry.getValue().isNaN()
              ? Double.NaN
              : (entry.getValue() - before) / wall;
      processes.put(entry.getKey(), cores0);
      if (!Double.isNaN(cores0)) {
        ours += cores0;
      }
    }
    double busy = Double.NaN;
    double steal = Double.NaN;
    if (a.machineTicks() != null && b.machineTicks() != null) {
      long[] x = a.machineTicks();
      long[] y = b.machineTicks();
      busy = (y[0] - x[0]) / MachineTicks.TICKS_PER_SECOND / wall;
      steal = (y[2] - x[2]) / MachineTicks.TICKS_PER_SECOND / wall;
    }
    double others = Double.isNaN(busy) ? Double.NaN : Math.max(0, busy - ours);
    MachineIo io = a.io() == null || b.io() == null ? null : b.io().since(a.io());
    return new Usage(wall, cores, self, processes, busy, steal, others, loadAverage(), io);
  }

  /** "1.23 0.98 0.75" (1, 5, 15 minutes), as uptime prints them; "?" without /proc. */
  static String loadAverage() {
    try {
      String[] parts = Files.readString(LOADAVG).trim().split("\\s+");
      return parts[0] + " " + parts[1] + " " + parts[2];
    } catch (IOException | RuntimeException e) {
      return "?";
    }
  }

  private static double selfCpuSeconds() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
      long nanos = os.getProcessCpuTime();
      if (nanos >= 0) {
        return nanos / 1e9;
      }
    }
    return cpuSeconds(ProcessHandle.current());
  }

  private static double cpuSeconds(ProcessHandle process) {
    Optional<Duration> cpu = process.info().totalCpuDuration();
    return cpu.map(d -> d.toNanos() / 1e9).orElse(Double.NaN);
  }

  /** [busy, idle + iowait, steal] ticks of all CPUs, or null without /proc/stat. */
  private static long[] machineTicks() {
    return MachineTicks.read();
  }
}
