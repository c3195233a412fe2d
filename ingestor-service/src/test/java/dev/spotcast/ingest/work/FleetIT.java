package dev.spotcast.ingest.work;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorInstance;
import dev.spotcast.ingest.job.Chunk;
import dev.spotcast.ingest.job.ChunkState;
import dev.spotcast.ingest.job.JobStore;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * Several instances share one run: each loads some of its chunks, and the run is still exact. An
 * instance stopped while it loads chunks lets them go, and another instance finishes the run with
 * the exact count.
 */
class FleetIT {

  @Test
  void twoInstancesShareOneRunsChunksAndTheTotalIsExact() throws Exception {
    Map<String, Object> fleet = IngestorInstance.fleet(Fixtures.prefix("fleet"));
    String model = Fixtures.model("fleet");
    // 91 x 180 points x 3 levels, the 8 steps in one document each (the default layout): 21 chunks
    // of one slice of at most 2,500 points
    long expected = 91L * 180 * 3;
    try (IngestorInstance a = IngestorInstance.start("fleet-a", fleet);
        IngestorInstance b = IngestorInstance.start("fleet-b", fleet)) {
      awaitPartitions(a, b);

      var accepted =
          a.post(
              "/v1/ingestions",
              Fixtures.synthetic(
                  model, "2026-02-01T00:00:00Z", 2, "0, 1000, 3000", "0, 1, 2, 3, 4, 5, 6, 7"));
      assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
      String id = IngestorInstance.JSON.readTree(accepted.body()).path("id").asText();

      JsonNode job = b.awaitEnded(id, Duration.ofMinutes(4));

      assertThat(job.path("state").asText()).as(job.toPrettyString()).isEqualTo("PUBLISHED");
      assertThat(job.path("countedDocuments").asLong()).isEqualTo(expected);
      assertThat(Fixtures.servedCount(model)).isEqualTo(expected);
      assertThat(job.path("chunksDoneBy").path("fleet-a").asInt())
          .as(job.toPrettyString())
          .isPositive();
      assertThat(job.path("chunksDoneBy").path("fleet-b").asInt())
          .as(job.toPrettyString())
          .isPositive();
      assertThat(
              job.path("chunksDoneBy").path("fleet-a").asInt()
                  + job.path("chunksDoneBy").path("fleet-b").asInt())
          .isEqualTo(job.path("chunkCount").asInt());
    }
  }

  @Test
  void aStoppedInstancesChunksAreFinishedByAnotherWithTheExactCount() throws Exception {
    Map<String, Object> fleet = IngestorInstance.fleet(Fixtures.prefix("stop"));
    // 8 chunks of 3 slices (49,140 documents, a few seconds each), so that the stop below finds one
    // early in its load.
    fleet.put("spotcast.jobs.min-chunks", "8");
    // A document per step, for chunks that take seconds (whole-series documents load the same run
    // about 20 times faster).
    fleet.put("spotcast.sharding.steps-per-document", "1");
    String model = Fixtures.model("stopped");
    long expected = 91L * 180 * 3 * 8;
    String id;
    JobStore store;
    try (IngestorInstance a = IngestorInstance.start("stop-a", fleet)) {
      var accepted =
          a.post(
              "/v1/ingestions",
              Fixtures.synthetic(
                  model, "2026-02-02T00:00:00Z", 2, "0, 1000, 3000", "0, 1, 2, 3, 4, 5, 6, 7"));
      assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
      id = IngestorInstance.JSON.readTree(accepted.body()).path("id").asText();
      // Stop it once it has finished some chunks and is early in another.
      store = new JobStore(Fixtures.client());
      Fixtures.awaitDoneAndEarlyRunning(store, id, 2, Duration.ofMinutes(2), () -> {});
    }
    List<Chunk> afterStop = store.chunks(id);
    assertThat(afterStop)
        .as("the stopped instance let go of its chunks")
        .noneMatch(c -> c.state() == ChunkState.RUNNING);
    Set<Integer> doneByA =
        afterStop.stream()
            .filter(c -> c.state() == ChunkState.DONE)
            .map(Chunk::number)
            .collect(Collectors.toSet());
    Set<Integer> released =
        afterStop.stream()
            .filter(c -> c.state() == ChunkState.TODO && c.attempt() > 0)
            .map(Chunk::number)
            .collect(Collectors.toSet());
    assertThat(released).as("chunks that were in flight when it stopped").isNotEmpty();
    assertThat(Fixtures.published(model)).isEmpty();

    try (IngestorInstance b = IngestorInstance.start("stop-b", fleet)) {
      JsonNode job = b.awaitEnded(id, Duration.ofMinutes(4));

      assertThat(job.path("state").asText()).as(job.toPrettyString()).isEqualTo("PUBLISHED");
      assertThat(job.path("countedDocuments").asLong()).isEqualTo(expected);
      assertThat(Fixtures.servedCount(model)).isEqualTo(expected);
      List<Chunk> chunks = store.chunks(id);
      assertThat(chunks).allMatch(c -> c.state() == ChunkState.DONE);
      assertThat(chunks)
          .filteredOn(c -> doneByA.contains(c.number()))
          .as("finished chunks are not redone")
          .allMatch(c -> c.owner().equals("stop-a") && c.attempt() == 1);
      assertThat(chunks)
          .filteredOn(c -> released.contains(c.number()))
          .as("in-flight chunks are redone by the other instance")
          .allMatch(c -> c.owner().equals("stop-b") && c.attempt() == 2);
    }
  }

  /** Waits until the two instances' work consumers have split the work topic's partitions. */
  private static void awaitPartitions(IngestorInstance... instances) throws InterruptedException {
    for (int i = 0; i < 300; i++) {
      boolean all = true;
      for (IngestorInstance instance : instances) {
        MessageListenerContainer container =
            instance.bean(KafkaListenerEndpointRegistry.class).getListenerContainer("chunk-worker");
        Collection<TopicPartition> assigned = container.getAssignedPartitions();
        all &= assigned != null && !assigned.isEmpty();
      }
      if (all) {
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the instances' consumers never shared the work topic");
  }
}
