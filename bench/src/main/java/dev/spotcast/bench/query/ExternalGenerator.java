package dev.spotcast.bench.query;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * What the load generators that run as their own process (wrk, vegeta) share: the binary, the
 * measured duration, the CPU watch, Elasticsearch's credential for raw phases, and the window in
 * which a phase's CPU and search figures are taken.
 */
abstract class ExternalGenerator {

  /** The CPU and search figures of a measured window. */
  record Window(CpuWatch.Usage cpu, SearchStats.Delta search) {}

  protected final String binary;
  protected final Duration measure;
  protected final CpuWatch cpu;

  /** The Authorization header of raw phases (Elasticsearch's credential), or null. */
  protected final String authorization;

  ExternalGenerator(String binary, Duration measure, CpuWatch cpu, String authorization) {
    this.binary = binary;
    this.measure = measure;
    this.cpu = cpu;
    this.authorization = authorization;
  }

  /**
   * The binary's output for {@code versionFlag}; fails with {@code missing} when it cannot be run.
   */
  protected String versionOutput(String versionFlag, String missing)
      throws IOException, InterruptedException {
    Process process;
    try {
      process = new ProcessBuilder(binary, versionFlag).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new IOException(name() + " is not installed (" + e.getMessage() + "): " + missing, e);
    }
    String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    process.waitFor();
    return text;
  }

  /**
   * The binary's file name (e.g. {@code vegeta-v12.13.0}, as './spotcast bench' names its build).
   */
  protected String name() {
    return Path.of(binary).getFileName().toString();
  }

  /**
   * Watches {@code process} (started at {@code begin}, running for the measured duration) as the
   * load generator and takes the CPU and search figures inside its run: from 0.3 s after its start
   * to 0.2 s before its end (a dead process has no CPU time to read).
   */
  protected Window window(String name, Process process, long begin, SearchStats stats) {
    cpu.watch(name, process.toHandle());
    sleepUntil(begin + 300_000_000L);
    CpuWatch.Snapshot before = cpu.snapshot();
    SearchStats.Snapshot searchBefore = stats.snapshot();
    sleepUntil(begin + measure.toNanos() - 200_000_000L);
    CpuWatch.Snapshot after = cpu.snapshot();
    SearchStats.Snapshot searchAfter = stats.snapshot();
    cpu.unwatch(name);
    return new Window(
        CpuWatch.between(before, after).withGenerator(name),
        SearchStats.between(searchBefore, searchAfter));
  }

  private static void sleepUntil(long nanoTime) {
    long left;
    while ((left = nanoTime - System.nanoTime()) > 0) {
      LockSupport.parkNanos(left);
    }
  }
}
