package dev.spotcast.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.security.ApiKeyDigests;
import dev.spotcast.testsupport.SharedElasticsearch;
import dev.spotcast.testsupport.SharedKafka;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One real instance of the service (a whole Spring Boot application on a random port) against the
 * test JVM's shared Elasticsearch and Kafka. Several can run side by side in one JVM, as several
 * instances of a fleet: they share the topics and consumer groups their test names.
 */
public final class IngestorInstance implements AutoCloseable {

  public static final ObjectMapper JSON = ElasticsearchClients.objectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  /** The tests' API keys, configured in every {@link #fleet}: one with both roles, one per role. */
  public static final String KEY = "it-key-all-" + UUID.randomUUID();

  public static final String READ_KEY = "it-key-read-" + UUID.randomUUID();
  public static final String SUBMIT_KEY = "it-key-submit-" + UUID.randomUUID();

  private final ConfigurableApplicationContext context;
  private final String name;

  private IngestorInstance(String name, ConfigurableApplicationContext context) {
    this.name = name;
    this.context = context;
  }

  /** A copy of these properties for an instance that takes requests but loads no chunks. */
  public static Map<String, Object> withoutWorkers(Map<String, Object> fleet) {
    Map<String, Object> apiOnly = new LinkedHashMap<>(fleet);
    apiOnly.put("spotcast.kafka.worker-enabled", "false");
    return apiOnly;
  }

  /**
   * Properties of a fleet whose topics and groups start with {@code prefix}: tests that use
   * different prefixes never see each other's messages.
   */
  public static Map<String, Object> fleet(String prefix) {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put("server.port", "0");
    properties.putAll(SharedElasticsearch.springProperties(Role.INGEST));
    properties.put("spring.kafka.bootstrap-servers", SharedKafka.bootstrapServers());
    properties.put("spotcast.kafka.work", prefix + ".chunks");
    properties.put("spotcast.kafka.work-group", prefix + "-workers");
    properties.put("spotcast.kafka.announcements", prefix + ".announced");
    properties.put("spotcast.kafka.announcement-group", prefix + "-announcements");
    properties.put("spotcast.kafka.outcomes", prefix + ".outcomes");
    properties.put("spotcast.kafka.dead-letters", prefix + ".announced.dlt");
    properties.put("spotcast.kafka.partitions", "4");
    // Shorter than in production, so that the tests' repairs happen within seconds.
    properties.put("spotcast.jobs.heartbeat-interval", "500ms");
    properties.put("spotcast.jobs.stale-after", "5s");
    properties.put("spotcast.jobs.watchdog-interval", "1s");
    properties.put("spotcast.sharding.shards-per-index", "2");
    properties.put("spotcast.ingest.bulk-documents", "2000");
    properties.put("management.prometheus.metrics.export.enabled", "true");
    properties.put("spotcast.files.roots", Samples.folder().toString());
    apiKey(properties, 0, "it-all", KEY, "ingest:submit,ingest:read");
    apiKey(properties, 1, "it-read", READ_KEY, "ingest:read");
    apiKey(properties, 2, "it-submit", SUBMIT_KEY, "ingest:submit");
    return properties;
  }

  /** Configures a key as operators do: its SHA-256, never the key. */
  private static void apiKey(
      Map<String, Object> properties, int index, String name, String key, String roles) {
    String prefix = "spotcast.security.api-keys[" + index + "].";
    properties.put(prefix + "name", name);
    properties.put(prefix + "sha256", ApiKeyDigests.digestHex(key));
    properties.put(prefix + "roles", roles);
  }

  /** A request to the API with the key that may do everything. */
  public static HttpRequest.Builder authorized(HttpRequest.Builder request) {
    return request.header("X-API-Key", KEY);
  }

  public static IngestorInstance start(String name, Map<String, Object> properties) {
    Map<String, Object> mine = new LinkedHashMap<>(properties);
    mine.put("spotcast.jobs.instance-id", name);
    // As command-line arguments: they take precedence over application.yml (builder properties
    // would not).
    String[] args =
        mine.entrySet().stream()
            .map(e -> "--" + e.getKey() + "=" + e.getValue())
            .toArray(String[]::new);
    ConfigurableApplicationContext context =
        new SpringApplicationBuilder(IngestorApplication.class).run(args);
    return new IngestorInstance(name, context);
  }

  public String name() {
    return name;
  }

  public <T> T bean(Class<T> type) {
    return context.getBean(type);
  }

  public int port() {
    return Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
  }

  public URI uri(String path) {
    return URI.create("http://127.0.0.1:" + port() + path);
  }

  public HttpResponse<String> post(String path, String json)
      throws IOException, InterruptedException {
    return send(
        authorized(HttpRequest.newBuilder(uri(path)))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json)));
  }

  public HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return send(authorized(HttpRequest.newBuilder(uri(path))).GET());
  }

  public HttpResponse<String> delete(String path) throws IOException, InterruptedException {
    return send(authorized(HttpRequest.newBuilder(uri(path))).DELETE());
  }

  /** Sends a request as built, with whatever credentials it carries (or none). */
  public HttpResponse<String> send(HttpRequest.Builder request)
      throws IOException, InterruptedException {
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  public JsonNode job(String id) throws IOException, InterruptedException {
    HttpResponse<String> response = get("/v1/ingestions/" + id);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  /** Polls the job until the condition holds; fails with the job's last view after the timeout. */
  public JsonNode awaitJob(String id, Predicate<JsonNode> condition, Duration timeout)
      throws Exception {
    Instant deadline = Instant.now().plus(timeout);
    JsonNode job = job(id);
    while (!condition.test(job)) {
      assertThat(Instant.now()).as("job %s still: %s", id, job.toPrettyString()).isBefore(deadline);
      Thread.sleep(100);
      job = job(id);
    }
    return job;
  }

  public JsonNode awaitEnded(String id, Duration timeout) throws Exception {
    return awaitJob(
        id,
        j ->
            j.path("finishedAt").isTextual()
                && !j.path("finishedAt").asText().isEmpty()
                && Set.of("PUBLISHED", "LOADED", "FAILED", "CANCELLED")
                    .contains(j.path("state").asText()),
        timeout);
  }

  @Override
  public void close() {
    context.close();
  }
}
