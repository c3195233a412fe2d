package dev.spotcast.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.index.ForecastIndices;
import dev.spotcast.ingest.job.Chunk;
import dev.spotcast.ingest.job.ChunkState;
import dev.spotcast.ingest.job.JobStore;
import dev.spotcast.ingestor.lifecycle.RunPublisher;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.testsupport.SharedElasticsearch;
import dev.spotcast.testsupport.SharedKafka;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.assertj.core.api.Assertions;

/** What the tests check in Elasticsearch directly, with a client of their own. */
public final class Fixtures {

  private static ElasticsearchClient client;

  private Fixtures() {}

  public static synchronized ElasticsearchClient client() {
    if (client == null) {
      client = ElasticsearchClients.create(SharedElasticsearch.settings());
    }
    return client;
  }

  /** A model name no other test uses (model ids: lower-case letters, digits, '_'). */
  public static String model(String base) {
    return base + "_" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** A topic prefix no other test uses. */
  public static String prefix(String base) {
    return "it-" + base + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** Documents Elasticsearch counts behind the model's alias (0 if it has none). */
  public static long servedCount(String model) throws IOException {
    if (published(model).isEmpty()) {
      return 0;
    }
    client().indices().refresh(r -> r.index(ShardingStrategy.latestAlias(model)));
    return client().count(c -> c.index(ShardingStrategy.latestAlias(model))).count();
  }

  public static Set<String> published(String model) throws IOException {
    return new RunPublisher(client()).publishedIndices(model);
  }

  /** A synthetic job spec on a global grid of this resolution: (180/res + 1) x (360/res) points. */
  /** The indices named in a job's JSON ({@code indices}). */
  public static List<String> indices(JsonNode job) {
    List<String> names = new ArrayList<>();
    job.path("indices").forEach(index -> names.add(index.asText()));
    return names;
  }

  /**
   * Waits until none of these indices exists (a failed run's are deleted by the watchdog); fails
   * after the timeout.
   */
  public static void awaitIndicesGone(List<String> indices, Duration timeout) throws Exception {
    ForecastIndices forecast = new ForecastIndices(client());
    long deadline = System.nanoTime() + timeout.toNanos();
    List<String> left = forecast.existing(indices);
    while (!left.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(250);
      left = forecast.existing(indices);
    }
    Assertions.assertThat(left)
        .as("indices of the failed run still there after " + timeout)
        .isEmpty();
  }

  public static String synthetic(
      String model, String runTime, double resolution, String levels, String steps) {
    return """
        {"synthetic": {"model": "%s", "runTime": "%s", "resolution": %s, "levels": [%s], "steps": [%s], "seed": 7}}
        """
        .formatted(model, runTime, resolution, levels, steps);
  }

  /**
   * Waits until the job has at least {@code done} DONE chunks and a RUNNING one early in its load,
   * the moment to stop or kill its owner with work both finished and in flight. The chunks are read
   * after a refresh, not from the job summary's view of the last periodic refresh: a chunk RUNNING
   * in that view may be DONE by now and its successor not yet claimed. A RUNNING chunk's heartbeat
   * says how far it is (at most one heartbeat interval old), so one under half way still has a good
   * part of its load ahead (chunks of a few seconds: {@code spotcast.jobs.min-chunks}).
   *
   * @param owner checked on every poll (e.g. that the owner is still alive)
   */
  public static void awaitDoneAndEarlyRunning(
      JobStore store, String jobId, int done, Duration timeout, Runnable owner)
      throws IOException, InterruptedException {
    Instant deadline = Instant.now().plus(timeout);
    while (true) {
      owner.run();
      client().indices().refresh(r -> r.index(JobStore.INDEX));
      List<Chunk> chunks = store.chunks(jobId);
      long finished = chunks.stream().filter(c -> c.state() == ChunkState.DONE).count();
      boolean early =
          chunks.stream()
              .anyMatch(
                  c -> c.state() == ChunkState.RUNNING && c.indexed() < c.expectedDocuments() / 2);
      if (finished >= done && early) {
        return;
      }
      assertThat(Instant.now())
          .as("chunks never both DONE and early RUNNING: %s", chunks)
          .isBefore(deadline);
      Thread.sleep(100);
    }
  }

  /** Sends one record and waits for the broker to have it. */
  public static void send(String topic, String key, String value) throws Exception {
    try (KafkaProducer<String, String> producer =
        new KafkaProducer<>(
            Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, SharedKafka.bootstrapServers()),
            new StringSerializer(),
            new StringSerializer())) {
      producer.send(new ProducerRecord<>(topic, key, value)).get();
    }
  }

  /** Reads the topic from its start until a record matches (fails after the timeout). */
  public static ConsumerRecord<String, String> awaitRecord(
      String topic, Predicate<ConsumerRecord<String, String>> match, Duration timeout) {
    try (KafkaConsumer<String, String> consumer =
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
      consumer.subscribe(List.of(topic));
      Instant deadline = Instant.now().plus(timeout);
      List<String> seen = new ArrayList<>();
      while (Instant.now().isBefore(deadline)) {
        for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
          if (match.test(record)) {
            return record;
          }
          seen.add(record.value());
        }
      }
      throw new AssertionError(
          "no matching record on " + topic + " within " + timeout + "; saw " + seen);
    }
  }

  public static String header(ConsumerRecord<String, String> record, String name) {
    Header header = record.headers().lastHeader(name);
    return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
  }
}
