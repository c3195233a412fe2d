package dev.spotcast.ingest.work;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.index.ForecastIndexName;
import dev.spotcast.index.ForecastIndices;
import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunStatus;
import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorInstance;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The service applies the CLI's lifecycle after publishing ({@code spotcast.ingest.lifecycle.*}):
 * with keep-runs 1 a model's older run is retired (indices deleted, catalog RETIRED) once a newer
 * one is published, and the newer one serves.
 */
class LifecycleIT {

  @Test
  void keepRunsOneRetiresTheOlderRunOnceTheNewOneIsPublished() throws Exception {
    Map<String, Object> fleet = IngestorInstance.fleet(Fixtures.prefix("lifecycle"));
    fleet.put("spotcast.ingest.lifecycle.keep-runs", "1");
    fleet.put("spotcast.ingest.lifecycle.force-merge", "true");
    String model = Fixtures.model("lifecycle");
    // 19 x 36 points x 2 levels x 2 steps
    long expected = 19L * 36 * 2 * 2;
    ForecastIndices indices = new ForecastIndices(Fixtures.client());
    RunCatalog catalog = new RunCatalog(Fixtures.client());
    try (IngestorInstance instance = IngestorInstance.start("lifecycle-1", fleet)) {
      JsonNode first =
          load(instance, Fixtures.synthetic(model, "2026-06-01T00:00:00Z", 10, "0, 1000", "0, 1"));
      assertThat(first.path("state").asText()).as(first.toPrettyString()).isEqualTo("PUBLISHED");
      List<String> firstIndices = names(first.path("indices"));
      assertThat(indices.indicesOf(model)).containsExactlyInAnyOrderElementsOf(firstIndices);

      JsonNode second =
          load(instance, Fixtures.synthetic(model, "2026-06-01T06:00:00Z", 10, "0, 1000", "0, 1"));

      assertThat(second.path("state").asText()).as(second.toPrettyString()).isEqualTo("PUBLISHED");
      assertThat(second.path("countedDocuments").asLong()).isEqualTo(expected);
      List<String> secondIndices = names(second.path("indices"));
      // Retention runs before the job says PUBLISHED: no waiting needed.
      assertThat(indices.indicesOf(model))
          .as("only the last run is kept")
          .containsExactlyInAnyOrderElementsOf(secondIndices);
      assertThat(Fixtures.published(model)).containsExactlyInAnyOrderElementsOf(secondIndices);
      assertThat(Fixtures.servedCount(model)).isEqualTo(expected);
      String firstRun = ForecastIndexName.parse(firstIndices.getFirst()).orElseThrow().runId();
      assertThat(catalog.get(model, firstRun).orElseThrow().status()).isEqualTo(RunStatus.RETIRED);
      String secondRun = second.path("runId").asText();
      assertThat(catalog.get(model, secondRun).orElseThrow().status())
          .isEqualTo(RunStatus.PUBLISHED);
    }
  }

  @Test
  void anOlderRunIsLoadedButNotPublishedUnlessTheJobSaysSo() throws Exception {
    String model = Fixtures.model("older");
    // 19 x 36 points x 1 level x 1 step
    long expected = 19L * 36;
    RunCatalog catalog = new RunCatalog(Fixtures.client());
    try (IngestorInstance instance =
        IngestorInstance.start("older-1", IngestorInstance.fleet(Fixtures.prefix("older")))) {
      JsonNode newer =
          load(instance, Fixtures.synthetic(model, "2026-06-01T06:00:00Z", 10, "0", "0"));
      assertThat(newer.path("state").asText()).as(newer.toPrettyString()).isEqualTo("PUBLISHED");
      List<String> newerIndices = names(newer.path("indices"));

      JsonNode older =
          load(instance, Fixtures.synthetic(model, "2026-06-01T00:00:00Z", 10, "0", "0"));

      assertThat(older.path("state").asText()).as(older.toPrettyString()).isEqualTo("LOADED");
      assertThat(older.path("countedDocuments").asLong()).isEqualTo(expected);
      assertThat(older.path("reason").asText())
          .isEqualTo(
              "run 2026060100 is older than the served run 2026060106: loaded but not published"
                  + " (\"publish\": \"always\" publishes it)");
      assertThat(Fixtures.published(model))
          .as("the served forecast does not go back in time")
          .containsExactlyInAnyOrderElementsOf(newerIndices);
      // Complete and counted: it can still be asked for by its run time (run=).
      assertThat(catalog.get(model, "2026060100").orElseThrow().status())
          .isEqualTo(RunStatus.PUBLISHED);

      String always = Fixtures.synthetic(model, "2026-06-01T00:00:00Z", 10, "0", "0").strip();
      always = always.substring(0, always.length() - 1) + ", \"publish\": \"always\"}";
      JsonNode explicit = load(instance, always);

      assertThat(explicit.path("state").asText())
          .as(explicit.toPrettyString())
          .isEqualTo("PUBLISHED");
      assertThat(Fixtures.published(model))
          .as("published on purpose")
          .containsExactlyInAnyOrderElementsOf(names(explicit.path("indices")));
      assertThat(Fixtures.servedCount(model)).isEqualTo(expected);
    }
  }

  private static JsonNode load(IngestorInstance instance, String spec) throws Exception {
    var accepted = instance.post("/v1/ingestions", spec);
    assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
    String id = IngestorInstance.JSON.readTree(accepted.body()).path("id").asText();
    return instance.awaitEnded(id, Duration.ofMinutes(3));
  }

  private static List<String> names(JsonNode array) {
    List<String> names = new ArrayList<>();
    array.forEach(n -> names.add(n.asText()));
    return names;
  }
}
