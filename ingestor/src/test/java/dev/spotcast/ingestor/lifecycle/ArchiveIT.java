package dev.spotcast.ingestor.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.snapshot.SnapshotInfo;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.index.ForecastFields;
import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunRecord;
import dev.spotcast.index.RunStatus;
import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.cli.SpotcastIngestorCli;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.synthetic.SyntheticWeather;
import dev.spotcast.testsupport.SharedElasticsearch;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Archive and restore against the real, secured Elasticsearch: a run past keep-runs goes to a
 * filesystem snapshot repository (loaders' ingest credential), comes back with exactly its
 * documents (the archive credential), is servable by run= without moving its model's alias; a
 * snapshot that fails keeps the run.
 */
class ArchiveIT {

  private static final Instant T0 = Instant.parse("2026-10-01T00:00:00Z");
  private static final String REPOSITORY = "it-archive";

  private static ElasticsearchClient ingest;
  private static ElasticsearchClient archivist;
  private static ElasticsearchClient admin;
  private static RunCatalog catalog;

  private final LoaderSettings settings = LoaderSettings.defaults().withBulkDocuments(500);

  @BeforeAll
  static void connect() throws Exception {
    ingest = ElasticsearchClients.create(SharedElasticsearch.settings(Role.INGEST));
    archivist = ElasticsearchClients.create(SharedElasticsearch.settings(Role.ARCHIVE));
    admin = ElasticsearchClients.create(SharedElasticsearch.settings(Role.ADMIN));
    catalog = new RunCatalog(ingest);
    // Registering a repository is the administrator's (path.repo of the node: a relative folder).
    admin
        .snapshot()
        .createRepository(
            r ->
                r.name(REPOSITORY)
                    .repository(p -> p.fs(fs -> fs.settings(s -> s.location(REPOSITORY)))));
  }

  private static ForecastRun run(String model, Instant time) {
    return ForecastRun.of(
        model,
        time,
        RegularLatLonGrid.covering(40, -10, 50, 10, 1),
        LevelType.HEIGHT_ABOVE_GROUND,
        List.of(0.0, 500.0),
        List.of(0, 1, 2),
        SyntheticWeather.PARAMETERS,
        ShardingSpec.DEFAULT);
  }

  private LoadReport load(ForecastRun run, AfterPublish after) throws Exception {
    LoadReport report =
        new RunLoader(ingest, settings)
            .withLifecycle(after)
            .load(new SyntheticForecastSource(run, 3));
    assertThat(report.published()).as(report.toString()).isTrue();
    return report;
  }

  @Test
  void aRunPastKeepRunsIsArchivedAndRestoredExactly() throws Exception {
    String model = "itarchive";
    ForecastRun first = run(model, T0);
    ForecastRun second = run(model, T0.plusSeconds(6 * 3600));
    ForecastRun third = run(model, T0.plusSeconds(12 * 3600));
    AfterPublish archiving = new AfterPublish(1, false, REPOSITORY);
    List<String> firstIndices = new ShardingStrategy(first).allIndices();

    load(first, archiving);
    Map<String, String> before = documents(firstIndices);
    // One document per point and level, of all 3 steps (the default layout).
    assertThat(before).hasSize(231 * 2).hasSize((int) first.documentCount());

    LoadReport report = load(second, archiving);

    // Gone from the cluster, kept in one complete snapshot named after the run.
    assertThat(report.retiredRuns()).containsExactly(first.runId());
    assertThat(ingest.indices().exists(e -> e.index(firstIndices)).value()).isFalse();
    RunRecord archived = catalog.get(model, first.runId()).orElseThrow();
    assertThat(archived.status()).isEqualTo(RunStatus.ARCHIVED);
    assertThat(archived.archive().repository()).isEqualTo(REPOSITORY);
    assertThat(archived.archive().name()).isEqualTo("spotcast-itarchive-" + first.runId());
    assertThat(archived.archive().bytes()).isPositive();
    assertThat(archived.indexedDocuments()).isEqualTo(before.size());
    SnapshotInfo snapshot =
        admin
            .snapshot()
            .get(g -> g.repository(REPOSITORY).snapshot(archived.archive().name()))
            .snapshots()
            .getFirst();
    assertThat(snapshot.state()).isEqualTo("SUCCESS");
    assertThat(snapshot.shards().failed().intValue()).isZero();
    assertThat(snapshot.shards().successful().intValue())
        .isEqualTo(snapshot.shards().total().intValue())
        .isPositive();
    assertThat(snapshot.indices()).containsExactlyInAnyOrderElementsOf(firstIndices);
    assertThat(new RunArchive(archivist).archived())
        .extracting(RunRecord::id)
        .contains(RunRecord.idOf(model, first.runId()));
    Cli list = cli("list", model);
    assertThat(list.exit()).as(list.err()).isZero();
    assertThat(list.out())
        .contains(first.runId())
        .contains(REPOSITORY + "/spotcast-itarchive-" + first.runId());

    // Restored with the archive credential: the same documents, servable by run id, the alias
    // still on the newest run.
    RunArchive.Restored restored = new RunArchive(archivist).restore(model, first.runId());
    assertThat(restored.restored()).isTrue();
    assertThat(documents(firstIndices)).isEqualTo(before);
    RunRecord back = catalog.get(model, first.runId()).orElseThrow();
    assertThat(back.status()).isEqualTo(RunStatus.PUBLISHED);
    assertThat(back.indexedDocuments()).isEqualTo(before.size());
    assertThat(back.archive()).isEqualTo(archived.archive());
    assertThat(catalog.publishedRunIds()).containsEntry(model, second.runId());
    System.out.printf(
        "restore of %d bytes (%d documents) took %d ms: %.1f s per GB%n",
        back.archive().bytes(),
        back.indexedDocuments(),
        restored.took().toMillis(),
        restored.took().toNanos() / 1e9 / (back.archive().bytes() / 1e9));

    // Again: nothing to do.
    assertThat(new RunArchive(archivist).restore(model, first.runId()).restored()).isFalse();

    // The next retention archives the restored run again from its snapshot, and the second run.
    LoadReport later = load(third, archiving);
    assertThat(later.retiredRuns()).containsExactly(first.runId(), second.runId());
    assertThat(catalog.get(model, first.runId()).orElseThrow().archive())
        .isEqualTo(archived.archive());
    assertThat(catalog.get(model, second.runId()).orElseThrow().status())
        .isEqualTo(RunStatus.ARCHIVED);
    assertThat(
            ingest
                .indices()
                .exists(e -> e.index(new ShardingStrategy(second).allIndices()))
                .value())
        .isFalse();

    // The command line restores too, and says how long it took.
    Cli restore = cli("restore", model, second.runId());
    assertThat(restore.exit()).as(restore.err()).isZero();
    assertThat(restore.out())
        .contains("Restored itarchive run " + second.runId())
        .contains("s per GB")
        .contains("Servable with run=" + second.runId());
    assertThat(catalog.get(model, second.runId()).orElseThrow().status())
        .isEqualTo(RunStatus.PUBLISHED);
    assertThat(catalog.publishedRunIds()).containsEntry(model, third.runId());
  }

  @Test
  void theCommandLineRefusesHostileArgumentsInOneLine() {
    Cli unknown = cli("restore", "itarchivenone", "2026010100");
    assertThat(unknown.exit()).isEqualTo(1);
    assertThat(unknown.err().strip())
        .startsWith("spotcast: model itarchivenone has no run 2026010100")
        .contains("spotcast archive list")
        .doesNotContain("\n");

    Cli malformedRun = cli("restore", "itarchive", "yesterday");
    assertThat(malformedRun.exit()).isEqualTo(2);
    assertThat(malformedRun.err()).contains("RUN is a run id, yyyyMMddHH");

    Cli malformedModel = cli("restore", "../../etc", "2026010100");
    assertThat(malformedModel.exit()).isEqualTo(2);
    assertThat(malformedModel.err()).contains("MODEL must be");

    Cli missing = cli("restore", "itarchive");
    assertThat(missing.exit()).isEqualTo(2);
  }

  private record Cli(int exit, String out, String err) {}

  /** {@code spotcast archive ARGS} against the test node with the archive credential. */
  private static Cli cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = SpotcastIngestorCli.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    List<String> all =
        new ArrayList<>(List.of("archive", args[0], "--es", SharedElasticsearch.url()));
    all.addAll(SharedElasticsearch.cliSecurityOptions(Role.ARCHIVE));
    all.addAll(List.of(args).subList(1, args.length));
    int exit = cli.execute(all.toArray(String[]::new));
    return new Cli(exit, out.toString(), err.toString());
  }

  @Test
  void aRestoreLeftRunningIsFinishedByTheNextOne() throws Exception {
    String model = "itarchiveresume";
    ForecastRun first = run(model, T0);
    AfterPublish archiving = new AfterPublish(1, false, REPOSITORY);
    load(first, archiving);
    load(run(model, T0.plusSeconds(6 * 3600)), archiving);
    RunRecord archived = catalog.get(model, first.runId()).orElseThrow();
    assertThat(archived.status()).isEqualTo(RunStatus.ARCHIVED);
    // Started, and its caller gone before the end.
    archivist
        .snapshot()
        .restore(
            r ->
                r.repository(REPOSITORY)
                    .snapshot(archived.archive().name())
                    .indices(archived.indices())
                    .includeAliases(false)
                    .includeGlobalState(false));

    RunArchive.Restored restored = new RunArchive(archivist).restore(model, first.runId());

    assertThat(restored.restored()).isTrue();
    assertThat(restored.record().status()).isEqualTo(RunStatus.PUBLISHED);
    assertThat(ingest.count(c -> c.index(archived.indices())).count())
        .isEqualTo(archived.indexedDocuments());
  }

  @Test
  void aFailingSnapshotKeepsTheRun() throws Exception {
    String model = "itarchivefail";
    ForecastRun first = run(model, T0);
    ForecastRun second = run(model, T0.plusSeconds(6 * 3600));
    AfterPublish missing = new AfterPublish(1, false, "it-no-such-repository");
    long failuresBefore = RunArchive.failedArchives();

    load(first, missing);
    LoadReport report = load(second, missing);

    assertThat(report.retiredRuns()).isEmpty();
    assertThat(RunArchive.failedArchives()).isEqualTo(failuresBefore + 1);
    assertThat(
            ingest.indices().exists(e -> e.index(new ShardingStrategy(first).allIndices())).value())
        .isTrue();
    assertThat(catalog.get(model, first.runId()).orElseThrow().status())
        .isEqualTo(RunStatus.PUBLISHED);
  }

  @Test
  void restoringWhatIsNotArchivedSaysWhy() throws Exception {
    RunArchive archive = new RunArchive(archivist);
    assertThatThrownBy(() -> archive.restore("itarchivenone", "2026010100"))
        .isInstanceOf(ArchiveException.class)
        .hasMessageContaining("has no run 2026010100")
        .extracting(e -> ((ArchiveException) e).kind())
        .isEqualTo(ArchiveException.Kind.UNKNOWN_RUN);

    ForecastRun kept = run("itarchivenot", T0);
    load(kept, AfterPublish.none());
    assertThatThrownBy(() -> archive.restore("itarchivenot", kept.runId()))
        .isInstanceOf(ArchiveException.class)
        .hasMessageContaining("never archived")
        .extracting(e -> ((ArchiveException) e).kind())
        .isEqualTo(ArchiveException.Kind.CONFLICT);
  }

  @Test
  void theQueryCredentialCannotRestoreNorTheIngestCredential() throws Exception {
    // Least privilege: the query credential sees no snapshot, the loaders' credential restores
    // none.
    try (var queryOnly = ElasticsearchClients.create(SharedElasticsearch.settings(Role.QUERY))) {
      assertThatThrownBy(
              () ->
                  queryOnly.snapshot().get(g -> g.repository(REPOSITORY).snapshot("*")).snapshots())
          .hasMessageContaining("is unauthorized");
    }
    assertThatThrownBy(
            () ->
                ingest
                    .snapshot()
                    .restore(r -> r.repository(REPOSITORY).snapshot("spotcast-nothing")))
        .hasMessageContaining("is unauthorized");
  }

  /** Every document of the indices: index and id to its doc values, as JSON. */
  private static Map<String, String> documents(List<String> indices) throws Exception {
    Map<String, String> documents = new TreeMap<>();
    var hits =
        ingest
            .search(
                s ->
                    s.index(indices)
                        .size(10_000)
                        .docvalueFields(
                            Set.of(
                                    ForecastFields.LOCATION,
                                    ForecastFields.LEVEL,
                                    ForecastFields.STEP,
                                    ForecastFields.POINT,
                                    ForecastFields.COLUMN,
                                    ForecastFields.VALUES + ".*")
                                .stream()
                                .map(
                                    name ->
                                        co.elastic.clients.elasticsearch._types.query_dsl
                                            .FieldAndFormat.of(f -> f.field(name)))
                                .toList()),
                Map.class)
            .hits()
            .hits();
    for (var hit : hits) {
      Map<String, String> fields = new TreeMap<>();
      hit.fields().forEach((name, value) -> fields.put(name, value.toJson().toString()));
      documents.put(hit.index() + "/" + hit.id(), fields.toString());
    }
    return documents;
  }
}
