package dev.spotcast.ingest.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorInstance;
import dev.spotcast.testsupport.DockerComposition;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A job started over REST loads a synthetic run exactly and publishes it; bad requests are
 * problems.
 */
class RestIngestionIT {

  private static IngestorInstance instance;

  @BeforeAll
  static void start() {
    instance = IngestorInstance.start("rest-1", IngestorInstance.fleet(Fixtures.prefix("rest")));
  }

  @AfterAll
  static void stop() {
    if (instance != null) {
      instance.close();
    }
  }

  @Test
  void loadsASyntheticRunExactlyAndPublishesIt() throws Exception {
    String model = Fixtures.model("rest");
    // 91 x 180 points x 3 levels, the 4 steps in one document each (the default layout): 12 slices
    // of at most 5,000 points, each a chunk.
    long expected = 91L * 180 * 3;
    HttpResponse<String> accepted =
        instance.post(
            "/v1/ingestions",
            Fixtures.synthetic(model, "2026-01-01T00:00:00Z", 2, "0, 500, 1000", "0, 1, 2, 3"));

    assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
    JsonNode body = IngestorInstance.JSON.readTree(accepted.body());
    String id = body.path("id").asText();
    assertThat(accepted.headers().firstValue("Location"))
        .hasValueSatisfying(location -> assertThat(location).endsWith("/v1/ingestions/" + id));
    assertThat(body.path("expectedDocuments").asLong()).isEqualTo(expected);
    assertThat(body.path("chunkCount").asInt())
        .as("many more chunks than threads")
        .isGreaterThanOrEqualTo(12);

    JsonNode job = instance.awaitEnded(id, Duration.ofMinutes(3));

    assertThat(job.path("state").asText()).as(job.toPrettyString()).isEqualTo("PUBLISHED");
    assertThat(job.path("countedDocuments").asLong()).isEqualTo(expected);
    assertThat(job.path("indexedDocuments").asLong()).isEqualTo(expected);
    assertThat(job.path("chunks").path("DONE").asInt()).isEqualTo(job.path("chunkCount").asInt());
    assertThat(job.path("progress").asDouble()).isEqualTo(1.0);
    assertThat(job.path("docsPerSecond").asDouble()).isPositive();
    assertThat(Fixtures.servedCount(model)).isEqualTo(expected);

    HttpResponse<String> again =
        instance.post(
            "/v1/ingestions",
            Fixtures.synthetic(model, "2026-01-01T00:00:00Z", 2, "0, 500, 1000", "0, 1, 2, 3"));
    assertThat(again.statusCode()).as(again.body()).isEqualTo(409);
    assertThat(again.body()).contains("already published");

    // The probes the container health check uses (docker/ingestor-service.Dockerfile) answer
    // without a key.
    assertThat(
            HttpClient.newHttpClient()
                .send(
                    HttpRequest.newBuilder(instance.uri("/actuator/health/liveness")).build(),
                    HttpResponse.BodyHandlers.ofString())
                .statusCode())
        .isEqualTo(200);
    String metrics = instance.get("/actuator/prometheus").body();
    assertThat(metrics)
        .contains("spotcast_ingest_documents_total")
        .contains("spotcast_ingest_chunks_total")
        .contains("spotcast_ingest_run_duration_seconds")
        .contains("spotcast_ingest_bulk_latency_seconds_bucket")
        .contains("spotcast_ingest_chunks_active{");
    // docker/'s ingestion dashboard asks only for metrics the service exposes (or the exporter's,
    // listed).
    Set<String> wanted =
        DockerComposition.dashboardMetrics("docker/grafana/dashboards/spotcast-ingestion.json");
    Set<String> exporter =
        new TreeSet<>(wanted.stream().filter(m -> m.startsWith("elasticsearch_")).toList());
    assertThat(exporter)
        .containsExactly(
            "elasticsearch_cluster_health_status",
            "elasticsearch_cluster_health_unassigned_shards");
    wanted.removeAll(exporter);
    // Retries are counted by their cause (e.g. 429 es_rejected_execution_exception): the series
    // appears with the first retried bulk, which this run has none of.
    assertThat(wanted.remove("spotcast_ingest_retries_total")).isTrue();
    assertThat(DockerComposition.notExposed(wanted, metrics))
        .as("dashboard metrics the service does not expose")
        .isEmpty();
  }

  @Test
  void badInputIsAProblemWithTheReason() throws Exception {
    HttpResponse<String> neither = instance.post("/v1/ingestions", "{}");
    assertThat(neither.statusCode()).isEqualTo(400);
    assertThat(neither.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    assertThat(neither.body()).contains("exactly one of 'synthetic' or 'files'");

    HttpResponse<String> noRunTime =
        instance.post("/v1/ingestions", "{\"synthetic\": {\"model\": \"x\"}}");
    assertThat(noRunTime.statusCode()).isEqualTo(400);
    assertThat(noRunTime.body()).contains("synthetic.runTime is required");

    HttpResponse<String> missingFile =
        instance.post(
            "/v1/ingestions",
            "{\"files\": {\"model\": \"x\", \"paths\": [\"/nonexistent/run.grib2\"]}}");
    assertThat(missingFile.statusCode()).isEqualTo(400);
    assertThat(missingFile.body()).contains("/nonexistent/run.grib2");

    String synthetic = "{\"synthetic\": {\"model\": \"x\", \"runTime\": \"2026-01-01T00:00:00Z\", ";
    HttpResponse<String> badStepList =
        instance.post("/v1/ingestions", synthetic + "\"stepList\": \"soon\"}}");
    assertThat(badStepList.statusCode()).isEqualTo(400);
    assertThat(badStepList.body()).contains("synthetic.stepList: ");
    HttpResponse<String> stepListNotText =
        instance.post("/v1/ingestions", synthetic + "\"stepList\": [0, 1]}}");
    assertThat(stepListNotText.statusCode()).isEqualTo(400);
    assertThat(stepListNotText.headers().firstValue("Content-Type"))
        .hasValue("application/problem+json");
    HttpResponse<String> both =
        instance.post("/v1/ingestions", synthetic + "\"steps\": [0, 1], \"stepList\": \"0-1\"}}");
    assertThat(both.statusCode()).isEqualTo(400);
    assertThat(both.body()).contains("not both");

    HttpResponse<String> notJson = instance.post("/v1/ingestions", "{\"synthetic\": ");
    assertThat(notJson.statusCode()).isEqualTo(400);
    assertThat(notJson.headers().firstValue("Content-Type")).hasValue("application/problem+json");

    HttpResponse<String> unknown = instance.get("/v1/ingestions/no-such-job");
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(unknown.body()).contains("no ingestion job no-such-job");
  }
}
