package dev.spotcast.ingest.work;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.ingest.job.Chunk;
import dev.spotcast.ingest.settings.KafkaTopics;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.PartitionInfo;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.stereotype.Component;

/**
 * Puts chunks on the work topic. Its records are the workers' turns ({@link Turns}), dealt over the
 * partitions in rotation, so every consumer of the group gets an equal share of a job's turns and
 * none runs out while another still holds many. (Keyed by chunk id, the hash of the key split the
 * two 06 UTC runs of stop 57's day 23 to 45 between the two consumers: one of them sat idle for the
 * last 20 minutes of ECMWF's load.) Sends are awaited: a job is LOADING only once the broker holds
 * all its chunks.
 */
@Component
public class WorkQueue {

  private static final long SEND_TIMEOUT_SECONDS = 30;

  private final KafkaTemplate<String, String> kafka;
  private final ObjectMapper json;
  private final KafkaTopics topics;

  /** Where the rotation over the partitions stands; each instance starts at its own place. */
  private final AtomicInteger rotation = new AtomicInteger(new Random().nextInt(1 << 16));

  public WorkQueue(KafkaTemplate<String, String> kafka, ObjectMapper json, KafkaTopics topics) {
    this.kafka = kafka;
    this.json = json;
    this.topics = topics;
  }

  public void send(List<ChunkMessage> messages) throws IOException {
    List<CompletableFuture<SendResult<String, String>>> sent = new ArrayList<>();
    List<PartitionInfo> partitions = kafka.partitionsFor(topics.work());
    int first = rotation.getAndAdd(messages.size());
    for (int i = 0; i < messages.size(); i++) {
      ChunkMessage message = messages.get(i);
      Integer partition =
          partitions.isEmpty()
              ? null
              : partitions.get(Math.floorMod(first + i, partitions.size())).partition();
      try {
        sent.add(
            kafka.send(
                topics.work(),
                partition,
                Chunk.idOf(message.jobId(), message.chunk()),
                json.writeValueAsString(message)));
      } catch (JsonProcessingException e) {
        throw new IllegalStateException("a chunk message cannot be written as JSON", e);
      }
    }
    try {
      CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new))
          .get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw new IOException(
          "the work topic " + topics.work() + " refused chunks: " + e.getCause().getMessage(),
          e.getCause());
    } catch (TimeoutException e) {
      throw new IOException(
          "the work topic "
              + topics.work()
              + " did not take the chunks within "
              + SEND_TIMEOUT_SECONDS
              + " s",
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while sending chunks", e);
    }
  }

  public ChunkMessage parse(String value) {
    try {
      ChunkMessage message = json.readValue(value, ChunkMessage.class);
      if (message.jobId() == null || message.chunk() < 0) {
        throw new IllegalArgumentException("a chunk message needs jobId and chunk >= 0: " + value);
      }
      return message;
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not a chunk message: " + e.getOriginalMessage(), e);
    }
  }
}
