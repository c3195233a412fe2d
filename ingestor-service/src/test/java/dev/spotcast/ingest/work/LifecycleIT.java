package dev.spotcast.ingest.work;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.index.ForecastIndexName;
import dev.spotcast.index.ForecastIndices;
import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunStatus;
import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorInstance;
import dev.spotcast.testsupport.SharedElasticsearch;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
    // 19 x 36 points x 2 levels, both steps in one document each (the default layout).
    long expected = 19L * 36 * 2;
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

  /**
   * With an archive repository the older run goes to a snapshot instead, and the API lists it and
   * restores it (with the archive credential this instance is given): servable by run= again, the
   * newer run still served.
   */
  @Test
  void keepRunsWithAnArchiveRepositoryArchivesTheOlderRunAndTheApiRestoresIt() throws Exception {
    String repository = "it-service-archive";
    try (var admin = ElasticsearchClients.create(SharedElasticsearch.settings(Role.ADMIN))) {
      admin
          .snapshot()
          .createRepository(
              r ->
                  r.name(repository)
                      .repository(p -> p.fs(fs -> fs.settings(x -> x.location(repository)))));
    }
    Map<String, Object> fleet = IngestorInstance.fleet(Fixtures.prefix("archive"));
    fleet.put("spotcast.ingest.lifecycle.keep-runs", "1");
    fleet.put("spotcast.ingest.lifecycle.archive-repository", repository);
    SharedElasticsearch.springProperties(Role.ARCHIVE)
        .forEach(
            (key, value) ->
                fleet.put(
                    key.replace("spotcast.elasticsearch.", "spotcast.archive.elasticsearch."),
                    value));
    String model = Fixtures.model("archive");
    // 19 x 36 points x 2 levels, both steps in one document each (the default layout).
    long expected = 19L * 36 * 2;
    RunCatalog catalog = new RunCatalog(Fixtures.client());
    try (IngestorInstance instance = IngestorInstance.start("archive-1", fleet)) {
      JsonNode first =
          load(instance, Fixtures.synthetic(model, "2026-06-01T00:00:00Z", 10, "0, 1000", "0, 1"));
      assertThat(first.path("state").asText()).as(first.toPrettyString()).isEqualTo("PUBLISHED");
      JsonNode second =
          load(instance, Fixtures.synthetic(model, "2026-06-01T06:00:00Z", 10, "0, 1000", "0, 1"));
      assertThat(second.path("state").asText()).as(second.toPrettyString()).isEqualTo("PUBLISHED");
      String firstRun = first.path("runId").asText();
      List<String> firstIndices = names(first.path("indices"));
      assertThat(new ForecastIndices(Fixtures.client()).existing(firstIndices)).isEmpty();
      assertThat(catalog.get(model, firstRun).orElseThrow().status()).isEqualTo(RunStatus.ARCHIVED);

      var list = instance.get("/v1/archive");
      assertThat(list.statusCode()).as(list.body()).isEqualTo(200);
      assertThat(list.body())
          .contains("\"run\":\"" + firstRun + "\"")
          .contains(repository + "/spotcast-" + model + "-" + firstRun);

      String restore = "/v1/archive/" + model + "/" + firstRun + "/restore";
      // Reading is not restoring.
      var readOnly =
          instance.send(
              HttpRequest.newBuilder(instance.uri(restore))
                  .header("X-API-Key", IngestorInstance.READ_KEY)
                  .POST(HttpRequest.BodyPublishers.noBody()));
      assertThat(readOnly.statusCode()).as(readOnly.body()).isEqualTo(403);
      assertThat(readOnly.body()).contains("ingest:submit");
      // Hostile and unknown names: problems, nothing asked of Elasticsearch.
      assertProblem(instance.post("/v1/archive/Bad%21/" + firstRun + "/restore", ""), 400, "model");
      assertProblem(
          instance.post("/v1/archive/" + model + "/yesterday/restore", ""), 400, "run id");
      assertProblem(
          instance.post("/v1/archive/" + model + "/2020010100/restore", ""),
          404,
          "GET /v1/archive");
      assertProblem(
          instance.post(
              "/v1/archive/" + model + "/" + second.path("runId").asText() + "/restore", ""),
          409,
          "never archived");

      var restored = instance.post(restore, "");
      assertThat(restored.statusCode()).as(restored.body()).isEqualTo(200);
      JsonNode body = IngestorInstance.JSON.readTree(restored.body());
      assertThat(body.path("restored").asBoolean()).isTrue();
      assertThat(body.path("documents").asLong()).isEqualTo(expected);
      assertThat(body.path("bytes").asLong()).isPositive();
      assertThat(catalog.get(model, firstRun).orElseThrow().status())
          .isEqualTo(RunStatus.PUBLISHED);
      assertThat(new ForecastIndices(Fixtures.client()).count(firstIndices)).isEqualTo(expected);
      assertThat(Fixtures.published(model))
          .as("the newest run still served")
          .containsExactlyInAnyOrderElementsOf(names(second.path("indices")));
      // Both endpoints are in the API description.
      var api = instance.get("/v3/api-docs");
      assertThat(api.body())
          .contains("\"/v1/archive\"")
          .contains("/v1/archive/{model}/{run}/restore");
      var again = instance.post(restore, "");
      assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
      assertThat(IngestorInstance.JSON.readTree(again.body()).path("restored").asBoolean())
          .isFalse();
    }
  }

  private static void assertProblem(HttpResponse<String> response, int status, String detail) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type").orElse(""))
        .startsWith("application/problem+json");
    assertThat(response.body()).contains(detail);
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
