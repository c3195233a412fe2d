package dev.spotcast.ingest.work;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.core.SearchResponse;
import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorInstance;
import dev.spotcast.ingest.work.DeadLetterIndex.DeadLetter;
import java.io.StringReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Documents Elasticsearch refuses for good (here: one of the run's two indices maps the pressure as
 * a boolean, so each of its documents fails to parse with a 400) are kept in the dead-letter index
 * with the reason and counted; the run then fails and the alias is not touched, unless the service
 * is configured to publish with failures.
 */
class DeadLetterIT {

  /**
   * 5 x 5 points x 2 levels, both steps in one document each (the default layout); the documents of
   * the second level (its own index) are refused.
   */
  private static final long EXPECTED = 5L * 5 * 2;

  private static final long REFUSED = 5L * 5;

  @Test
  void refusedDocumentsAreDeadLetteredAndTheRunFails() throws Exception {
    String model = Fixtures.model("refused");
    Loaded loaded = loadWithRefusals(model, false);
    JsonNode job = loaded.job();

    assertThat(job.path("state").asText()).as(job.toPrettyString()).isEqualTo("FAILED");
    assertThat(job.path("reason").asText())
        .contains("refused by Elasticsearch")
        .contains(
            "25 x 400 strict_dynamic_mapping_exception (e.g. 400 strict_dynamic_mapping_exception: ");
    assertThat(Fixtures.published(model)).isEmpty();
    // The run fails with the first refusing chunk; the chunks still loading then stop.
    List<DeadLetter> letters = letters(job.path("id").asText());
    assertThat(letters).hasSizeBetween(25, (int) REFUSED);
    assertThat(loaded.metrics())
        .containsPattern(
            "spotcast_ingest_dead_letters_total\\{[^}]*kind=\"document\"[^}]*} "
                + letters.size()
                + ".0");
    assertThat(letters)
        .allSatisfy(
            letter -> {
              assertThat(letter.reason())
                  .startsWith("400 strict_dynamic_mapping_exception")
                  .contains("[dc] within [_doc]");
              assertThat(letter.index()).isEqualTo("spotcast-fc-" + model + "-2026040100-h1");
              assertThat(letter.document()).contains("\"gp\":").contains("\"dc\":");
              assertThat(letter.documentId()).matches("1000_\\d+_\\d+");
            });
  }

  @Test
  void withPublishWithFailuresTheRunIsPublishedWithoutThem() throws Exception {
    String model = Fixtures.model("refused_ok");
    Loaded loaded = loadWithRefusals(model, true);
    JsonNode job = loaded.job();

    assertThat(job.path("state").asText()).as(job.toPrettyString()).isEqualTo("PUBLISHED");
    assertThat(job.path("countedDocuments").asLong()).isEqualTo(EXPECTED - REFUSED);
    assertThat(job.path("reason").asText()).contains(REFUSED + " documents refused");
    assertThat(Fixtures.servedCount(model)).isEqualTo(EXPECTED - REFUSED);
    assertThat(letters(job.path("id").asText())).hasSize((int) REFUSED);
    assertThat(loaded.metrics())
        .containsPattern(
            "spotcast_ingest_dead_letters_total\\{[^}]*kind=\"document\"[^}]*} " + REFUSED + ".0");
  }

  private record Loaded(JsonNode job, String metrics) {}

  /**
   * An instance without workers accepts the job and creates its indices; the test then gives the
   * second index a strict mapping of values per parameter but no document column ({@code dc}, the
   * default layout), which refuses its documents, and a worker instance loads the chunks.
   */
  private static Loaded loadWithRefusals(String model, boolean publishWithFailures)
      throws Exception {
    Map<String, Object> fleet = IngestorInstance.fleet(Fixtures.prefix("dead"));
    fleet.put("spotcast.jobs.publish-with-failures", Boolean.toString(publishWithFailures));
    fleet.put("spotcast.sharding.levels-per-index", "1");
    Map<String, Object> apiOnly = IngestorInstance.withoutWorkers(fleet);
    try (IngestorInstance api = IngestorInstance.start("dead-api", apiOnly)) {
      var accepted =
          api.post(
              "/v1/ingestions",
              """
          {"synthetic": {"model": "%s", "runTime": "2026-04-01T00:00:00Z", "region": [-10, -10, 10, 10],
           "resolution": 5, "levels": [0, 1000], "steps": [0, 1]}}
          """
                  .formatted(model));
      assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
      JsonNode submitted = IngestorInstance.JSON.readTree(accepted.body());
      List<String> indices = new ArrayList<>();
      submitted.path("indices").forEach(index -> indices.add(index.asText()));
      assertThat(indices).hasSize(2);
      String refusing = indices.get(1);
      Fixtures.client().indices().delete(d -> d.index(refusing));
      Fixtures.client()
          .indices()
          .create(
              c ->
                  c.index(refusing)
                      .withJson(
                          new StringReader(
                              """
          {"settings": {"number_of_shards": 2, "number_of_replicas": 0},
           "mappings": {"properties": {"v": {"type": "object", "dynamic": "strict", "properties": {
             "u": {"type": "float"}, "v": {"type": "float"}, "rh": {"type": "float"}, "pres": {"type": "float"}}}}}}
          """)));

      try (IngestorInstance worker = IngestorInstance.start("dead-worker", fleet)) {
        JsonNode job = worker.awaitEnded(submitted.path("id").asText(), Duration.ofMinutes(2));
        if (job.path("state").asText().equals("FAILED")) {
          // Deleted once the chunks still writing when it failed have stopped, not under them.
          Fixtures.awaitIndicesGone(indices, Duration.ofMinutes(1));
        }
        return new Loaded(job, worker.get("/actuator/prometheus").body());
      }
    }
  }

  private static List<DeadLetter> letters(String jobId) throws Exception {
    Fixtures.client().indices().refresh(r -> r.index(DeadLetterIndex.INDEX));
    SearchResponse<DeadLetter> response =
        Fixtures.client()
            .search(
                s ->
                    s.index(DeadLetterIndex.INDEX)
                        .size(100)
                        .query(q -> q.term(t -> t.field("jobId").value(jobId))),
                DeadLetter.class);
    return response.hits().hits().stream().map(h -> h.source()).toList();
  }
}
