package dev.spotcast.ingest.work;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.mapping.DynamicMapping;
import co.elastic.clients.elasticsearch.core.BulkResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.elasticsearch.Indices;
import dev.spotcast.ingestor.bulk.ShardBatch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Documents Elasticsearch refused for good (mapping or parsing errors, status 400), kept in {@value
 * #INDEX} with their target index, the reason and the job, so that they can be looked at and
 * replayed once the cause is fixed. The id is the target index and document id, so a chunk redone
 * writes the same letters again instead of new ones.
 */
@Component
public class DeadLetterIndex {

  public static final String INDEX = "spotcast-dead-letters";

  private static final Logger log = LoggerFactory.getLogger(DeadLetterIndex.class);

  private final ElasticsearchClient client;
  private final ObjectMapper json;
  private final AtomicBoolean ready = new AtomicBoolean();

  public DeadLetterIndex(ElasticsearchClient client, ObjectMapper json) {
    this.client = client;
    this.json = json;
  }

  /** One refused document. {@code document} is its JSON source as it was sent. */
  public record DeadLetter(
      String jobId,
      int chunk,
      String index,
      String documentId,
      String reason,
      String document,
      Instant at) {}

  /** Builds the letter of a batch's item from its NDJSON lines (action, then source). */
  public DeadLetter letter(String jobId, int chunk, ShardBatch batch, int item, String reason) {
    String lines = new String(batch.item(item), StandardCharsets.UTF_8);
    int newline = lines.indexOf('\n');
    String action = newline < 0 ? lines : lines.substring(0, newline);
    String source = newline < 0 ? "" : lines.substring(newline + 1).strip();
    String id;
    try {
      JsonNode node = json.readTree(action);
      id = node.elements().next().path("_id").asText(null);
    } catch (IOException | RuntimeException e) {
      id = null;
    }
    return new DeadLetter(jobId, chunk, batch.index(), id, reason, source, Instant.now());
  }

  public void store(List<DeadLetter> letters) throws IOException {
    if (letters.isEmpty()) {
      return;
    }
    ensureIndex();
    List<BulkOperation> operations = new ArrayList<>();
    for (DeadLetter letter : letters) {
      String id = letter.documentId() == null ? null : letter.index() + "/" + letter.documentId();
      operations.add(BulkOperation.of(o -> o.index(i -> i.id(id).document(letter))));
    }
    BulkResponse response = client.bulk(b -> b.index(INDEX).operations(operations));
    if (response.errors()) {
      log.error(
          "some dead letters were not stored: {}",
          response.items().stream()
              .filter(i -> i.error() != null)
              .map(i -> i.error().reason())
              .findFirst()
              .orElse("?"));
    }
  }

  /** How many documents of a job were refused and kept here (0 before the first). */
  public long count(String jobId) throws IOException {
    return client
        .count(
            c ->
                c.index(INDEX)
                    .ignoreUnavailable(true)
                    .allowNoIndices(true)
                    .query(q -> q.term(t -> t.field("jobId").value(jobId))))
        .count();
  }

  private void ensureIndex() throws IOException {
    if (ready.get()) {
      return;
    }
    Indices.createIfAbsent(
        client,
        c ->
            c.index(INDEX)
                .settings(s -> s.numberOfShards("1").autoExpandReplicas("0-1"))
                .mappings(
                    m ->
                        m.dynamic(DynamicMapping.False)
                            .properties("jobId", p -> p.keyword(k -> k))
                            .properties("chunk", p -> p.integer(i -> i))
                            .properties("index", p -> p.keyword(k -> k))
                            .properties("documentId", p -> p.keyword(k -> k))
                            .properties("reason", p -> p.keyword(k -> k.ignoreAbove(1024)))
                            .properties("document", p -> p.text(t -> t.index(false)))
                            .properties("at", p -> p.date(d -> d))));
    ready.set(true);
  }
}
