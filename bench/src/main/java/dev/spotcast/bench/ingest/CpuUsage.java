package dev.spotcast.bench.ingest;

import dev.spotcast.bench.cpu.MachineTicks;
import java.util.Map;

/**
 * Who used the machine during a phase, in CPU seconds: Elasticsearch, this JVM (by thread
 * category), everything else, and what was left idle. On a machine shared by client and server, the
 * client's CPU is CPU that Elasticsearch did not get.
 *
 * @param threads this JVM's threads by category: {seconds on a CPU, seconds runnable but waiting}
 */
record CpuUsage(
    double wallSeconds,
    double machineBusySeconds,
    double machineIdleSeconds,
    double machineStealSeconds,
    double benchSeconds,
    double elasticsearchSeconds,
    Map<String, double[]> threads,
    long allocatedBytes,
    long gcCount,
    long gcMillis,
    long writeRejected) {

  static CpuUsage between(
      CpuSampler.Snapshot from,
      CpuSampler.Snapshot to,
      ElasticsearchNode.Stats esFrom,
      ElasticsearchNode.Stats esTo) {
    return new CpuUsage(
        (to.nanos() - from.nanos()) / 1e9,
        MachineTicks.seconds(to.machineBusyTicks() - from.machineBusyTicks()),
        MachineTicks.seconds(to.machineIdleTicks() - from.machineIdleTicks()),
        MachineTicks.seconds(to.machineStealTicks() - from.machineStealTicks()),
        (to.processCpuNanos() - from.processCpuNanos()) / 1e9,
        (esTo.cpuMillis() - esFrom.cpuMillis()) / 1e3,
        CpuSampler.byCategory(from, to),
        to.allocatedBytes() - from.allocatedBytes(),
        to.gcCount() - from.gcCount(),
        to.gcMillis() - from.gcMillis(),
        esTo.writeRejected() - esFrom.writeRejected());
  }

  /** Busy CPU that was neither Elasticsearch nor this benchmark: other processes on the machine. */
  double otherSeconds() {
    return Math.max(0, machineBusySeconds - benchSeconds - elasticsearchSeconds);
  }

  /** Cores the kernel counted in the phase. */
  double cores() {
    return wallSeconds <= 0 ? 0 : capacitySeconds() / wallSeconds;
  }

  /**
   * Documents per second if Elasticsearch and this benchmark had every core to themselves: on a
   * CPU-bound machine a rate that other processes' load does not move, so that disturbed phases can
   * still be compared. An estimate: it assumes that the phase was limited by CPU, not by I/O.
   */
  double cpuBoundDocsPerSecond(long documents) {
    double cpu = elasticsearchSeconds + benchSeconds;
    return cpu <= 0 ? Double.NaN : documents * cores() / cpu;
  }

  /**
   * Other processes took more than a tenth of the machine: the phase's figure is not comparable.
   */
  boolean disturbed() {
    return otherSeconds() > 0.1 * capacitySeconds();
  }

  /** CPU seconds the machine had in the phase (cores x wall time, as the kernel counted them). */
  double capacitySeconds() {
    return machineBusySeconds + machineIdleSeconds + machineStealSeconds;
  }
}
