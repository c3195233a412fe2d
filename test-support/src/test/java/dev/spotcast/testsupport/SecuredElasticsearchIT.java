package dev.spotcast.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch._types.Refresh;
import co.elastic.clients.transport.TransportException;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shared test node is secured as Elasticsearch ships, and each role can do what its work needs
 * and nothing else: no credential gets 401; the query credential reads the published forecasts and
 * the run catalog but cannot write, create or delete (403); the ingest credential cannot read an
 * index that is not Spotcast's.
 */
class SecuredElasticsearchIT {

  private static final String RUN_INDEX =
      "spotcast-fc-secured-" + UUID.randomUUID().toString().substring(0, 8) + "-2026112100-h0";
  private static final String ALIAS = "spotcast-secured-latest";
  private static final String CATALOG = "spotcast-runs";
  private static final String FOREIGN =
      "not-spotcast-" + UUID.randomUUID().toString().substring(0, 8);

  private static ElasticsearchClient admin;
  private static ElasticsearchClient ingest;
  private static ElasticsearchClient query;
  private static ElasticsearchClient monitor;
  private static ElasticsearchClient archive;

  @BeforeAll
  static void aPublishedRunAndAForeignIndex() throws Exception {
    admin = ElasticsearchClients.create(SharedElasticsearch.settings(Role.ADMIN));
    ingest = ElasticsearchClients.create(SharedElasticsearch.settings(Role.INGEST));
    query = ElasticsearchClients.create(SharedElasticsearch.settings(Role.QUERY));
    monitor = ElasticsearchClients.create(SharedElasticsearch.settings(Role.MONITOR));
    archive = ElasticsearchClients.create(SharedElasticsearch.settings(Role.ARCHIVE));
    // What the ingestor does when it publishes a run, done with the ingest credential.
    ingest.index(
        i -> i.index(RUN_INDEX).id("0_0_1").document(Map.of("t", 271.5)).refresh(Refresh.True));
    ingest
        .indices()
        .updateAliases(a -> a.actions(x -> x.add(add -> add.index(RUN_INDEX).alias(ALIAS))));
    ingest.index(
        i ->
            i.index(CATALOG)
                .id("secured-it")
                .document(Map.of("model", "secured"))
                .refresh(Refresh.True));
    admin.index(
        i -> i.index(FOREIGN).id("1").document(Map.of("secret", "payroll")).refresh(Refresh.True));
  }

  @AfterAll
  static void cleanUp() throws Exception {
    admin.indices().delete(d -> d.index(RUN_INDEX, FOREIGN));
    admin.delete(d -> d.index(CATALOG).id("secured-it"));
    for (ElasticsearchClient client : List.of(admin, ingest, query, monitor, archive)) {
      client._transport().close();
    }
  }

  @Test
  void overHttpsWithoutACredentialEverythingIsRefused() throws Exception {
    assertThat(SharedElasticsearch.url()).startsWith("https://");
    try (ElasticsearchClient anonymous =
        ElasticsearchClients.create(SharedElasticsearch.settings().withoutCredentials())) {
      assertStatus(401, () -> anonymous.cluster().health());
      assertStatus(401, () -> anonymous.search(s -> s.index(ALIAS), Map.class));
    }
  }

  @Test
  void theQueryCredentialReadsTheForecastsAndTheCatalogButCannotWriteCreateOrDelete()
      throws Exception {
    assertThat(query.search(s -> s.index(ALIAS), Map.class).hits().total().value()).isEqualTo(1);
    assertThat(query.get(g -> g.index(CATALOG).id("secured-it"), Map.class).found()).isTrue();
    assertThat(query.indices().getAlias(a -> a.name(ALIAS)).aliases()).containsOnlyKeys(RUN_INDEX);
    assertThat(query.cluster().health().status()).isNotNull();

    assertStatus(
        403, () -> query.index(i -> i.index(RUN_INDEX).id("x").document(Map.of("t", 1.0))));
    assertStatus(
        403, () -> query.index(i -> i.index(CATALOG).id("x").document(Map.of("model", "x"))));
    assertStatus(403, () -> query.delete(d -> d.index(RUN_INDEX).id("0_0_1")));
    assertStatus(403, () -> query.indices().delete(d -> d.index(RUN_INDEX)));
    assertStatus(403, () -> query.indices().create(c -> c.index("spotcast-fc-secured-new")));
    assertStatus(403, () -> query.search(s -> s.index(FOREIGN), Map.class));
    assertThat(admin.count(c -> c.index(RUN_INDEX)).count()).as("nothing written").isEqualTo(1);
  }

  @Test
  void theMonitorCredentialSeesTheClusterHealthAndStatisticsButNoDocument() throws Exception {
    // What the metrics exporter asks for (prometheus-elasticsearch-exporter --es.all).
    assertThat(monitor.cluster().health().numberOfNodes()).isPositive();
    assertThat(monitor.nodes().stats().nodes()).isNotEmpty();
    assertThat(monitor.indices().stats(s -> s.index(RUN_INDEX)).indices()).containsKey(RUN_INDEX);

    assertStatus(403, () -> monitor.search(s -> s.index(ALIAS), Map.class));
    assertStatus(403, () -> monitor.get(g -> g.index(CATALOG).id("secured-it"), Map.class));
    assertStatus(403, () -> monitor.search(s -> s.index(FOREIGN), Map.class));
    assertStatus(
        403, () -> monitor.index(i -> i.index(RUN_INDEX).id("x").document(Map.of("t", 1.0))));
    assertStatus(403, () -> monitor.indices().delete(d -> d.index(RUN_INDEX)));
  }

  @Test
  void snapshotsTakeTheIngestCredentialRestoresTheArchiveOneRepositoriesTheAdministrator()
      throws Exception {
    String repository = "secured-it-" + UUID.randomUUID().toString().substring(0, 8);
    // Registering a repository would let its holder copy the cluster anywhere: neither may.
    for (ElasticsearchClient client : List.of(ingest, archive)) {
      assertStatus(
          403,
          () ->
              client
                  .snapshot()
                  .createRepository(
                      r ->
                          r.name(repository)
                              .repository(
                                  p -> p.fs(fs -> fs.settings(x -> x.location(repository))))));
    }
    admin
        .snapshot()
        .createRepository(
            r ->
                r.name(repository)
                    .repository(p -> p.fs(fs -> fs.settings(x -> x.location(repository)))));
    try {
      // The ingest credential snapshots (retention's archive), and cannot restore.
      assertThat(
              ingest
                  .snapshot()
                  .create(
                      c ->
                          c.repository(repository)
                              .snapshot("secured")
                              .indices(RUN_INDEX)
                              .includeGlobalState(false)
                              .waitForCompletion(true))
                  .snapshot()
                  .state())
          .isEqualTo("SUCCESS");
      assertStatus(
          403,
          () ->
              ingest
                  .snapshot()
                  .restore(
                      r ->
                          r.repository(repository)
                              .snapshot("secured")
                              .indices(RUN_INDEX)
                              .renamePattern("(.+)")
                              .renameReplacement("$1-copy")));
      // The archive credential lists and restores, and can neither snapshot, write nor delete.
      assertThat(archive.snapshot().get(g -> g.repository(repository).snapshot("*")).snapshots())
          .hasSize(1);
      assertStatus(
          403, () -> archive.snapshot().create(c -> c.repository(repository).snapshot("other")));
      assertStatus(
          403, () -> archive.index(i -> i.index(RUN_INDEX).id("x").document(Map.of("t", 1.0))));
      assertStatus(403, () -> archive.indices().delete(d -> d.index(RUN_INDEX)));
      assertStatus(403, () -> archive.search(s -> s.index(FOREIGN), Map.class));
      assertThat(archive.get(g -> g.index(CATALOG).id("secured-it"), Map.class).found()).isTrue();
      String copy = RUN_INDEX + "-copy";
      archive
          .snapshot()
          .restore(
              r ->
                  r.repository(repository)
                      .snapshot("secured")
                      .indices(RUN_INDEX)
                      .renamePattern("(.+)")
                      .renameReplacement("$1-copy")
                      .includeAliases(false)
                      .waitForCompletion(true));
      assertThat(archive.count(c -> c.index(copy)).count()).isEqualTo(1);
      admin.indices().delete(d -> d.index(copy));
    } finally {
      admin.snapshot().delete(d -> d.repository(repository).snapshot("*"));
      admin.snapshot().deleteRepository(d -> d.name(repository));
    }
  }

  @Test
  void theIngestCredentialCannotReadOrWriteAnIndexThatIsNotSpotcasts() {
    assertStatus(403, () -> ingest.search(s -> s.index(FOREIGN), Map.class));
    assertStatus(403, () -> ingest.get(g -> g.index(FOREIGN).id("1"), Map.class));
    assertStatus(403, () -> ingest.index(i -> i.index(FOREIGN).id("2").document(Map.of("x", 1))));
    assertStatus(403, () -> ingest.indices().delete(d -> d.index(FOREIGN)));
  }

  @Test
  void theCaCanBeNamedByItsFileOrByItsSha256Fingerprint() throws Exception {
    ElasticsearchSettings byFile = SharedElasticsearch.settings(Role.QUERY);
    assertThat(byFile.ca()).isNotNull();
    String fingerprint = ElasticsearchSettings.sha256Fingerprint(byFile.ca());

    for (ElasticsearchSettings settings :
        List.of(
            byFile,
            byFile.withCaFingerprint(fingerprint),
            byFile.withCaFingerprint(fingerprint.replace(":", "").toLowerCase()))) {
      try (ElasticsearchClient client = ElasticsearchClients.create(settings)) {
        assertThat(client.search(s -> s.index(ALIAS), Map.class).hits().total().value())
            .as(settings.toString())
            .isEqualTo(1);
      }
    }
    // Another CA's fingerprint: the TLS handshake fails, nothing is sent.
    try (ElasticsearchClient wrong =
        ElasticsearchClients.create(byFile.withCaFingerprint("00".repeat(32)))) {
      assertThatThrownBy(() -> wrong.cluster().health())
          .isNotInstanceOf(ElasticsearchException.class);
    }
  }

  @Test
  void aRefusedCredentialIsNeverEchoedInTheError() {
    String password = "wrong-" + UUID.randomUUID();
    String apiKey = Base64.getEncoder().encodeToString(("id:" + password).getBytes());
    List<ElasticsearchSettings> refused =
        List.of(
            SharedElasticsearch.settings().withBasicAuth("spotcast-query", password),
            SharedElasticsearch.settings().withApiKey(apiKey));
    for (ElasticsearchSettings settings : refused) {
      try (ElasticsearchClient client = ElasticsearchClients.create(settings)) {
        assertThatThrownBy(() -> client.cluster().health())
            .satisfies(e -> assertThat(status(e)).isEqualTo(401))
            .satisfies(
                e -> assertThat(chain(e, Throwable::toString)).doesNotContain(password, apiKey));
      } catch (Exception e) {
        throw new AssertionError(e);
      }
      assertThat(settings.toString()).doesNotContain(password, apiKey);
    }
  }

  private static void assertStatus(int expected, ThrowingCallable call) {
    assertThatThrownBy(call)
        .satisfies(e -> assertThat(status(e)).as(e.toString()).isEqualTo(expected));
  }

  /** The HTTP status of a refusal, whichever way the client reports it. */
  private static int status(Throwable e) {
    if (e instanceof ElasticsearchException refused) {
      return refused.status();
    }
    if (e instanceof TransportException transport) {
      return transport.statusCode();
    }
    throw new AssertionError("not an HTTP refusal", e);
  }

  private static String chain(Throwable e, Function<Throwable, String> text) {
    StringBuilder all = new StringBuilder();
    for (Throwable each = e; each != null; each = each.getCause()) {
      all.append(text.apply(each)).append('\n');
    }
    return all.toString();
  }
}
