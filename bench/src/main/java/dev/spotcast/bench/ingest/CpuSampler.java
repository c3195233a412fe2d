package dev.spotcast.bench.ingest;

import com.sun.management.OperatingSystemMXBean;
import com.sun.management.ThreadMXBean;
import dev.spotcast.bench.cpu.MachineTicks;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Where this JVM's CPU goes, per thread, without a profiler: Linux's {@code
 * /proc/self/task/TID/schedstat} gives each thread's time on a CPU and its time waiting in the run
 * queue (runnable, but the cores were busy), for Java threads and for the JVM's own (GC, JIT).
 * Threads are sampled every 200 ms so that short-lived pools (producers, senders) are counted after
 * they end. Also the machine's CPU from {@code /proc/stat}. Without /proc, only the process total
 * is known. https://docs.kernel.org/scheduler/sched-stats.html
 */
final class CpuSampler implements AutoCloseable {

  private static final Path TASKS = Path.of("/proc/self/task");

  /** Latest times per thread id: kept after the thread ends. */
  private final Map<Integer, ThreadTimes> threads = new ConcurrentHashMap<>();

  /** A thread's name and its nanoseconds on a CPU and runnable-but-waiting so far. */
  record ThreadTimes(String name, long runNanos, long waitNanos) {}

  private final boolean available = Files.isDirectory(TASKS) && Files.isReadable(MachineTicks.STAT);
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("bench-cpu-sampler").factory());

  CpuSampler() {
    if (available) {
      timer.scheduleAtFixedRate(this::sample, 200, 200, TimeUnit.MILLISECONDS);
    }
  }

  boolean available() {
    return available;
  }

  /** Counters at one moment. */
  record Snapshot(
      long nanos,
      Map<Integer, ThreadTimes> threads,
      long machineBusyTicks,
      long machineIdleTicks,
      long machineStealTicks,
      long processCpuNanos,
      long allocatedBytes,
      long gcCount,
      long gcMillis) {}

  Snapshot snapshot() {
    sample();
    long[] machine = machine();
    long gcCount = 0;
    long gcMillis = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      gcCount += Math.max(0, gc.getCollectionCount());
      gcMillis += Math.max(0, gc.getCollectionTime());
    }
    return new Snapshot(
        System.nanoTime(),
        new HashMap<>(threads),
        machine[0],
        machine[1],
        machine[2],
        processCpuNanos(),
        allocatedBytes(),
        gcCount,
        gcMillis);
  }

  /**
   * CPU of this JVM between two snapshots, by thread category, in seconds: index 0 on a CPU, index
   * 1 runnable but waiting for one.
   */
  static Map<String, double[]> byCategory(Snapshot from, Snapshot to) {
    Map<String, double[]> categories = new TreeMap<>();
    for (Map.Entry<Integer, ThreadTimes> e : to.threads().entrySet()) {
      ThreadTimes now = e.getValue();
      ThreadTimes before = from.threads().get(e.getKey());
      if (before == null || !before.name().equals(now.name())) {
        before = new ThreadTimes(now.name(), 0, 0); // started during the phase (or a reused id)
      }
      double run = (now.runNanos() - before.runNanos()) / 1e9;
      double wait = (now.waitNanos() - before.waitNanos()) / 1e9;
      if (run <= 0 && wait <= 0) {
        continue;
      }
      double[] sum = categories.computeIfAbsent(category(now.name()), k -> new double[2]);
      sum[0] += run;
      sum[1] += wait;
    }
    return categories;
  }

  /** Groups native thread names (Linux keeps their first 15 characters). */
  static String category(String name) {
    if (name.startsWith("produce-")) {
      return "producers";
    }
    if (name.startsWith("bulk-")) {
      return "bulk senders";
    }
    if (name.startsWith("raw-poster-")) {
      return "raw posters";
    }
    if (name.startsWith("HttpClient-")) {
      return "java.net.http client";
    }
    if (name.startsWith("elasticsearch-r")) { // elasticsearch-rest-client I/O dispatchers
      return "ES client I/O";
    }
    if (name.startsWith("GC Thread") || name.startsWith("G1 ")) {
      return "GC";
    }
    if (name.contains("CompilerThre")) {
      return "JIT";
    }
    if (name.startsWith("progress")) {
      return "loader progress";
    }
    if (name.startsWith("bench-")) {
      return "bench sampler";
    }
    return "other JVM";
  }

  private void sample() {
    if (!available) {
      return;
    }
    try (Stream<Path> tasks = Files.list(TASKS)) {
      tasks.forEach(
          task -> {
            try {
              int tid = Integer.parseInt(task.getFileName().toString());
              String[] sched = Files.readString(task.resolve("schedstat")).strip().split(" ");
              long run = Long.parseLong(sched[0]);
              ThreadTimes known = threads.get(tid);
              // Names are read once per thread (this runs often); a smaller time means a reused id.
              String name =
                  known != null && run >= known.runNanos()
                      ? known.name()
                      : Files.readString(task.resolve("comm")).strip();
              threads.put(tid, new ThreadTimes(name, run, Long.parseLong(sched[1])));
            } catch (IOException | RuntimeException e) {
              // The thread ended while we looked at it: its last sample stays.
            }
          });
    } catch (IOException e) {
      // Keep the samples we have.
    }
  }

  /** {busy, idle, steal} ticks of the whole machine. */
  private long[] machine() {
    if (!available) {
      return new long[3];
    }
    long[] ticks = MachineTicks.read();
    return ticks == null ? new long[3] : ticks;
  }

  private static long processCpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return 0;
  }

  private static long allocatedBytes() {
    if (ManagementFactory.getThreadMXBean() instanceof ThreadMXBean threads) {
      try {
        return threads.getTotalThreadAllocatedBytes();
      } catch (UnsupportedOperationException e) {
        return 0;
      }
    }
    return 0;
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
