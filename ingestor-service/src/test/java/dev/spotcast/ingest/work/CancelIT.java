package dev.spotcast.ingest.work;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunStatus;
import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorInstance;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A cancelled job is not published: the model keeps serving its previous run. */
class CancelIT {

  /**
   * A document per step: the second run loads for seconds, so that the cancel finds its chunks in
   * flight (whole-series documents load the same run about 20 times faster).
   */
  private static Map<String, Object> oneStepPerDocument(String prefix) {
    Map<String, Object> properties = IngestorInstance.fleet(prefix);
    properties.put("spotcast.sharding.steps-per-document", "1");
    return properties;
  }

  @Test
  void aCancelledJobIsNotPublishedAndThePreviousRunStaysServed() throws Exception {
    String model = Fixtures.model("cancel");
    try (IngestorInstance instance =
        IngestorInstance.start("cancel-1", oneStepPerDocument(Fixtures.prefix("cancel")))) {
      var first =
          instance.post(
              "/v1/ingestions",
              Fixtures.synthetic(model, "2026-03-01T00:00:00Z", 5, "0, 1000", "0, 1"));
      assertThat(first.statusCode()).as(first.body()).isEqualTo(202);
      String firstId = IngestorInstance.JSON.readTree(first.body()).path("id").asText();
      assertThat(instance.awaitEnded(firstId, Duration.ofMinutes(2)).path("state").asText())
          .isEqualTo("PUBLISHED");
      Set<String> served = Fixtures.published(model);
      long servedCount = Fixtures.servedCount(model);

      var second =
          instance.post(
              "/v1/ingestions",
              Fixtures.synthetic(
                  model, "2026-03-01T06:00:00Z", 2, "0, 1000, 3000", "0, 1, 2, 3, 4, 5, 6, 7"));
      assertThat(second.statusCode()).as(second.body()).isEqualTo(202);
      String secondId = IngestorInstance.JSON.readTree(second.body()).path("id").asText();

      var cancelled = instance.delete("/v1/ingestions/" + secondId);

      assertThat(cancelled.statusCode()).as(cancelled.body()).isEqualTo(200);
      assertThat(IngestorInstance.JSON.readTree(cancelled.body()).path("state").asText())
          .isEqualTo("CANCELLED");
      // Chunks in flight stop; none of them publishes anything.
      JsonNode job =
          instance.awaitJob(
              secondId, j -> j.path("chunks").path("RUNNING").asInt() == 0, Duration.ofMinutes(1));
      Thread.sleep(2_000);
      job = instance.job(secondId);
      assertThat(job.path("state").asText()).isEqualTo("CANCELLED");
      assertThat(job.path("reason").asText()).contains("cancelled");
      assertThat(Fixtures.published(model)).isEqualTo(served);
      assertThat(Fixtures.servedCount(model)).isEqualTo(servedCount);
      assertThat(new RunCatalog(Fixtures.client()).get(model, "2026030106"))
          .hasValueSatisfying(record -> assertThat(record.status()).isEqualTo(RunStatus.FAILED));

      // Its indices go once no chunk writes any more (the watchdog deletes them; a late bulk cannot
      // re-create one).
      Fixtures.awaitIndicesGone(
          Fixtures.indices(IngestorInstance.JSON.readTree(second.body())), Duration.ofMinutes(1));
      assertThat(Fixtures.published(model)).isEqualTo(served);

      var again = instance.delete("/v1/ingestions/" + secondId);
      assertThat(again.statusCode()).isEqualTo(409);
      assertThat(again.body()).contains("has already ended: CANCELLED");
    }
  }
}
