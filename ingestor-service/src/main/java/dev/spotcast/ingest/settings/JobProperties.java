package dev.spotcast.ingest.settings;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.UUID;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How jobs are cut into chunks and watched.
 *
 * @param instanceId this instance's name in chunk owners and logs; default host-pid-random
 * @param chunkDocuments most documents in one chunk (a chunk has at least one slice)
 * @param minChunks fewest chunks a job is cut into when it is big enough: many more chunks than
 *     worker threads, so that every thread stays busy to the end of the run
 * @param maxChunkAttempts attempts of a chunk whose documents could not all be indexed before the
 *     job fails
 * @param heartbeatInterval how often a worker tells that its chunks are still in progress
 * @param staleAfter a RUNNING chunk without a heartbeat for this long belongs to a dead instance
 *     and is put back on the work topic
 * @param requeueTodoAfter a TODO chunk queued this long ago and still not claimed is sent again on
 *     the work topic if the topic holds fewer turns than there are chunks to load (a message was
 *     lost); a chunk waiting behind other runs is left where it is
 * @param watchdogInterval how often each instance looks for stale chunks and unfinished jobs
 * @param finishTimeout a job being finished (or prepared) for longer than this is taken over
 * @param sourceIdleTimeout an opened source (files) unused for this long is closed
 * @param publishWithFailures publish a run even when some documents were refused (reported, and in
 *     the dead-letter index); by default such a run fails
 */
@ConfigurationProperties("spotcast.jobs")
@Validated
public record JobProperties(
    String instanceId,
    @DefaultValue("200000") @Min(1) int chunkDocuments,
    @DefaultValue("16") @Min(1) int minChunks,
    @DefaultValue("3") @Min(1) int maxChunkAttempts,
    @DefaultValue("2s") @NotNull Duration heartbeatInterval,
    @DefaultValue("30s") @NotNull Duration staleAfter,
    @DefaultValue("15m") @NotNull Duration requeueTodoAfter,
    @DefaultValue("5s") @NotNull Duration watchdogInterval,
    @DefaultValue("10m") @NotNull Duration finishTimeout,
    @DefaultValue("5m") @NotNull Duration sourceIdleTimeout,
    @DefaultValue("false") boolean publishWithFailures) {

  public JobProperties {
    if (instanceId == null || instanceId.isBlank()) {
      String host = System.getenv().getOrDefault("HOSTNAME", "ingestor");
      instanceId =
          host
              + "-"
              + ManagementFactory.getRuntimeMXBean().getPid()
              + "-"
              + UUID.randomUUID().toString().substring(0, 6);
    }
    if (staleAfter != null
        && heartbeatInterval != null
        && staleAfter.compareTo(heartbeatInterval.multipliedBy(3)) < 0) {
      throw new IllegalArgumentException(
          "spotcast.jobs.stale-after ("
              + staleAfter
              + ") must be at least 3 heartbeat intervals ("
              + heartbeatInterval
              + "), or live chunks would be taken from their owners");
    }
  }
}
