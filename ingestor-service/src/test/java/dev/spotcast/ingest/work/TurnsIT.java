package dev.spotcast.ingest.work;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorInstance;
import dev.spotcast.ingest.job.Chunk;
import dev.spotcast.ingest.job.JobStore;
import dev.spotcast.testsupport.SharedKafka;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * Two runs queued together load one after the other: each message is a turn that takes the first
 * chunk left of the job queued first, so every chunk of the first run is claimed before any of the
 * second's, although their messages are spread over the same partitions in no such order. The
 * messages are dealt over the partitions in rotation, so no consumer runs out of turns early. And
 * the second run's chunks, waiting their turn far longer than {@code requeue-todo-after}, are not
 * sent again as lost: the work topic still holds a turn for each.
 */
class TurnsIT {

  @Test
  void theRunQueuedFirstIsLoadedFirstAndTheWaitingOnesAreNotResent() throws Exception {
    String prefix = Fixtures.prefix("turns");
    Map<String, Object> workers = IngestorInstance.fleet(prefix);
    Map<String, Object> apiOnly = IngestorInstance.withoutWorkers(workers);
    // Without the backlog check, every chunk of the second run would be re-sent while the first
    // loads: it waits many times this long, and the fleet's watchdog looks every second.
    workers.put("spotcast.jobs.requeue-todo-after", "1s");
    String firstModel = Fixtures.model("turns_first");
    String secondModel = Fixtures.model("turns_second");
    // 91 x 180 points x 3 levels, the 8 steps in one document each: 49,140 documents a run, in 21
    // chunks of a few hundred milliseconds each.
    long expected = 91L * 180 * 3;
    JobStore store = new JobStore(Fixtures.client());
    try (IngestorInstance api = IngestorInstance.start("turns-api", apiOnly)) {
      String first = submit(api, firstModel);
      String second = submit(api, secondModel);
      Map<Integer, Instant> queued =
          store.chunks(second).stream().collect(Collectors.toMap(Chunk::number, Chunk::queuedAt));
      // The turns are dealt over the partitions in rotation: every consumer gets its share.
      assertThat(recordsPerPartition(prefix + ".chunks"))
          .as("records of the work topic per partition")
          .satisfies(
              counts ->
                  assertThat(Collections.max(counts) - Collections.min(counts))
                      .isLessThanOrEqualTo(1));

      try (IngestorInstance worker = IngestorInstance.start("turns-worker", workers)) {
        for (String id : List.of(first, second)) {
          JsonNode job = worker.awaitEnded(id, Duration.ofMinutes(4));
          assertThat(job.path("state").asText()).as(job.toPrettyString()).isEqualTo("PUBLISHED");
          assertThat(job.path("countedDocuments").asLong()).isEqualTo(expected);
        }
      }
      assertThat(Fixtures.servedCount(firstModel)).isEqualTo(expected);
      assertThat(Fixtures.servedCount(secondModel)).isEqualTo(expected);

      List<Chunk> firstChunks = store.chunks(first);
      List<Chunk> secondChunks = store.chunks(second);
      Instant lastOfFirst =
          firstChunks.stream().map(Chunk::startedAt).max(Comparator.naturalOrder()).orElseThrow();
      Instant firstOfSecond =
          secondChunks.stream().map(Chunk::startedAt).min(Comparator.naturalOrder()).orElseThrow();
      assertThat(lastOfFirst)
          .as("the last chunk of the run queued first was claimed before the second run began")
          .isBeforeOrEqualTo(firstOfSecond);
      assertThat(firstChunks).hasSize(queued.size()).allMatch(c -> c.attempt() == 1);
      assertThat(secondChunks)
          .as("each chunk loaded once, and none sent again while it waited")
          .allMatch(c -> c.attempt() == 1 && c.queuedAt().equals(queued.get(c.number())));
    }
  }

  /** How many records each partition of the topic holds (its end offsets: it is new). */
  private static List<Long> recordsPerPartition(String topic) throws Exception {
    try (Admin admin =
        Admin.create(
            Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, SharedKafka.bootstrapServers()))) {
      Map<TopicPartition, OffsetSpec> ends = new HashMap<>();
      admin
          .describeTopics(List.of(topic))
          .allTopicNames()
          .get()
          .get(topic)
          .partitions()
          .forEach(p -> ends.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
      return admin.listOffsets(ends).all().get().values().stream()
          .map(ListOffsetsResultInfo::offset)
          .toList();
    }
  }

  private static String submit(IngestorInstance api, String model) throws Exception {
    var accepted =
        api.post(
            "/v1/ingestions",
            Fixtures.synthetic(
                model, "2026-02-01T00:00:00Z", 2, "0, 1000, 3000", "0, 1, 2, 3, 4, 5, 6, 7"));
    assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
    return IngestorInstance.JSON.readTree(accepted.body()).path("id").asText();
  }
}
