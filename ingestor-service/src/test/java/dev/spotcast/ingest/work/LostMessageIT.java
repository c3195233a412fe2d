package dev.spotcast.ingest.work;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorInstance;
import dev.spotcast.ingest.job.Chunk;
import dev.spotcast.ingest.job.ChunkState;
import dev.spotcast.ingest.job.JobStore;
import dev.spotcast.testsupport.SharedKafka;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

/**
 * A work-topic message lost (here: its offset committed for the workers' group before any worker
 * read it, as after a consumer that committed without loading) leaves one chunk without a turn,
 * whichever chunk the message named (every message is a turn, {@link Turns}): it stays TODO, the
 * watchdog sees fewer turns on the topic than chunks to load and sends one again after {@code
 * requeue-todo-after}, and the run publishes exact, with no chunk loaded twice.
 */
class LostMessageIT {

  @Test
  void aTodoChunkWhoseMessageWasLostIsSentAgainAndTheRunEndsExact() throws Exception {
    String prefix = Fixtures.prefix("lost");
    Map<String, Object> fleet = IngestorInstance.fleet(prefix);
    Map<String, Object> apiOnly = IngestorInstance.withoutWorkers(fleet);
    // Only the worker's watchdog re-sends (the API instance keeps the 15 min default): a chunk
    // waiting longer than this is sent again; the lost one can only be loaded that way.
    fleet.put("spotcast.jobs.requeue-todo-after", "3s");
    String model = Fixtures.model("lost");
    // 37 x 72 points x 2 levels, both steps in one document each (the default layout).
    long expected = 37L * 72 * 2;
    JobStore store = new JobStore(Fixtures.client());
    try (IngestorInstance api = IngestorInstance.start("lost-api", apiOnly)) {
      var accepted =
          api.post(
              "/v1/ingestions",
              Fixtures.synthetic(model, "2026-07-01T00:00:00Z", 5, "0, 1000", "0, 1"));
      assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
      String id = IngestorInstance.JSON.readTree(accepted.body()).path("id").asText();

      // The first message of one partition is "lost": the workers' group is past it before any
      // worker ran.
      String topic = prefix + ".chunks";
      ConsumerRecord<String, String> lost = firstRecordOfAPartition(topic, id);
      commit(prefix + "-workers", new TopicPartition(topic, lost.partition()), lost.offset() + 1);
      Map<Integer, Instant> firstQueued = new HashMap<>();
      store.chunks(id).forEach(c -> firstQueued.put(c.number(), c.queuedAt()));
      assertThat(firstQueued.values()).doesNotContainNull();

      try (IngestorInstance worker = IngestorInstance.start("lost-worker", fleet)) {
        JsonNode job = worker.awaitEnded(id, Duration.ofMinutes(3));

        assertThat(job.path("state").asText()).as(job.toPrettyString()).isEqualTo("PUBLISHED");
        assertThat(job.path("countedDocuments").asLong()).isEqualTo(expected);
        assertThat(Fixtures.servedCount(model)).isEqualTo(expected);
        List<Chunk> chunks = store.chunks(id);
        assertThat(chunks)
            .as("a chunk sent again by the watchdog")
            .anyMatch(c -> c.queuedAt().isAfter(firstQueued.get(c.number())));
        assertThat(chunks)
            .hasSize(job.path("chunkCount").asInt())
            .as("duplicate messages are skipped: every chunk loaded once")
            .allMatch(
                c ->
                    c.state() == ChunkState.DONE
                        && c.attempt() == 1
                        && "lost-worker".equals(c.owner()));
        String metrics = worker.get("/actuator/prometheus").body();
        assertThat(metrics)
            .containsPattern(
                "spotcast_ingest_chunks_requeued_total\\{[^}]*cause=\"lost\"[^}]*} [1-9]");
      }
    }
  }

  /** Of the job's chunk messages on the topic, one that is the first of its partition. */
  private static ConsumerRecord<String, String> firstRecordOfAPartition(
      String topic, String jobId) {
    try (KafkaConsumer<String, String> reader =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                SharedKafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                "it-reader-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest"),
            new StringDeserializer(),
            new StringDeserializer())) {
      List<TopicPartition> partitions = new ArrayList<>();
      for (PartitionInfo info : reader.partitionsFor(topic)) {
        partitions.add(new TopicPartition(topic, info.partition()));
      }
      reader.assign(partitions);
      reader.seekToBeginning(partitions);
      Instant deadline = Instant.now().plusSeconds(60);
      while (Instant.now().isBefore(deadline)) {
        for (ConsumerRecord<String, String> record : reader.poll(Duration.ofMillis(200))) {
          if (record.offset() == 0 && record.key().startsWith(jobId + "-c")) {
            return record;
          }
        }
      }
      throw new AssertionError("no chunk message of job " + jobId + " on " + topic);
    }
  }

  private static void commit(String group, TopicPartition partition, long offset) {
    try (KafkaConsumer<String, String> committer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                SharedKafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                group,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                "false"),
            new StringDeserializer(),
            new StringDeserializer())) {
      committer.assign(List.of(partition));
      committer.commitSync(Map.of(partition, new OffsetAndMetadata(offset)));
    }
  }
}
