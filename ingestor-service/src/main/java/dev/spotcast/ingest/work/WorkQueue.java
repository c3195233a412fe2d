package dev.spotcast.ingest.work;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.ingest.job.Chunk;
import dev.spotcast.ingest.settings.KafkaTopics;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.stereotype.Component;

/**
 * Puts chunks on the work topic. Keyed by chunk id, so a job's chunks spread over every partition
 * and so over every instance of the consumer group. Sends are awaited: a job is LOADING only once
 * the broker holds all its chunks.
 */
@Component
public class WorkQueue {

  private static final long SEND_TIMEOUT_SECONDS = 30;

  private final KafkaTemplate<String, String> kafka;
  private final ObjectMapper json;
  private final KafkaTopics topics;

  public WorkQueue(KafkaTemplate<String, String> kafka, ObjectMapper json, KafkaTopics topics) {
    this.kafka = kafka;
    this.json = json;
    this.topics = topics;
  }

  public void send(List<ChunkMessage> messages) throws IOException {
    List<CompletableFuture<SendResult<String, String>>> sent = new ArrayList<>();
    for (ChunkMessage message : messages) {
      try {
        sent.add(
            kafka.send(
                topics.work(),
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
