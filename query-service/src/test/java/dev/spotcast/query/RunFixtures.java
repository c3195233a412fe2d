package dev.spotcast.query;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunRecord;
import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.lifecycle.LoadReport;
import dev.spotcast.ingestor.lifecycle.PublishPolicy;
import dev.spotcast.ingestor.lifecycle.RunLoader;
import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.ingestor.source.file.FileForecastSource;
import dev.spotcast.ingestor.source.file.FileRuns;
import dev.spotcast.ingestor.source.file.ForecastFile;
import dev.spotcast.ingestor.source.file.ForecastFiles;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.api.SpotApiIT;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.synthetic.SyntheticWeather;
import dev.spotcast.testsupport.IntervalMessages;
import dev.spotcast.testsupport.SharedElasticsearch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Loads runs with the real ingestor and waits until the service serves them. Loading uses the
 * ingest credential: the service's own client has the query credential, which cannot write.
 */
public final class RunFixtures {

  /** A small run of the synthetic weather's parameters at heights above ground. */
  public static ForecastRun heightRun(
      String model,
      Instant runTime,
      RegularLatLonGrid grid,
      List<Double> heights,
      List<Integer> steps,
      ShardingSpec sharding) {
    return ForecastRun.of(
        model,
        runTime,
        grid,
        LevelType.HEIGHT_ABOVE_GROUND,
        heights,
        steps,
        SyntheticWeather.PARAMETERS,
        sharding);
  }

  private static final Duration SERVE_TIMEOUT = Duration.ofSeconds(30);

  private static ElasticsearchClient ingestClient;

  private RunFixtures() {}

  /** A client with the ingest credential, for what the tests set up or clean. */
  public static synchronized ElasticsearchClient ingestClient() {
    if (ingestClient == null) {
      ingestClient = ElasticsearchClients.create(SharedElasticsearch.settings(Role.INGEST));
    }
    return ingestClient;
  }

  /**
   * {@link SpotApiIT#RUN}, the run most tests ask, published and served by the service under test.
   */
  public static void spotRunServed(ElasticsearchClient client, PublishedRuns runs)
      throws Exception {
    ensurePublished(client, new SyntheticForecastSource(SpotApiIT.RUN, SpotApiIT.SEED));
    awaitServed(runs, SpotApiIT.MODEL, SpotApiIT.RUN.runId());
  }

  /** Loads and publishes the source's run unless it already is the model's published run. */
  public static synchronized void ensurePublished(ElasticsearchClient client, ForecastSource source)
      throws Exception {
    ForecastRun run = source.run();
    if (run.runId().equals(new RunCatalog(client).publishedRunIds().get(run.model()))) {
      return;
    }
    LoadReport report =
        new RunLoader(ingestClient(), LoaderSettings.defaults())
            .withPublishPolicy(PublishPolicy.ALWAYS)
            .load(source);
    assertThat(report.published())
        .as("run %s of %s: %s", run.runId(), run.model(), report.failure())
        .isTrue();
    assertThat(report.counted()).isEqualTo(run.documentCount());
  }

  /**
   * GRIB messages written by ecCodes ({@link IntervalMessages}) loaded as model {@code model}, each
   * run in them published and served.
   */
  public static void gribServed(
      ElasticsearchClient client, PublishedRuns runs, String model, List<IntervalMessages> messages)
      throws Exception {
    gribServed(client, runs, model, messages, ShardingSpec.DEFAULT);
  }

  /** As {@link #gribServed(ElasticsearchClient, PublishedRuns, String, List)}, laid out by spec. */
  public static void gribServed(
      ElasticsearchClient client,
      PublishedRuns runs,
      String model,
      List<IntervalMessages> messages,
      ShardingSpec spec)
      throws Exception {
    Path grib = Files.createTempDirectory("grib").resolve(model + ".grib");
    IntervalMessages.write(messages, grib, SampleReference.samples());
    fileServed(client, runs, model, grib, spec);
  }

  /**
   * A GRIB or NetCDF file loaded as model {@code model}, each run in it published and served (an
   * ensemble member's as model {@code MODEL_mN}).
   */
  public static void fileServed(
      ElasticsearchClient client, PublishedRuns runs, String model, Path forecastFile)
      throws Exception {
    fileServed(client, runs, model, forecastFile, ShardingSpec.DEFAULT);
  }

  /** As {@link #fileServed(ElasticsearchClient, PublishedRuns, String, Path)}, laid out by spec. */
  public static void fileServed(
      ElasticsearchClient client,
      PublishedRuns runs,
      String model,
      Path forecastFile,
      ShardingSpec spec)
      throws Exception {
    try (ForecastFile file = ForecastFiles.open(forecastFile)) {
      assertThat(file.skipped()).isEmpty();
      for (FileForecastSource source : FileRuns.assemble(model, file.fields(), Set.of(), spec)) {
        ensurePublished(client, source);
        awaitServed(runs, source.run().model(), source.run().runId());
      }
    }
  }

  /** Polls the service's published runs until the model serves the run (at most 30 s). */
  public static void awaitServed(PublishedRuns runs, String model, String runId)
      throws InterruptedException {
    Instant deadline = Instant.now().plus(SERVE_TIMEOUT);
    while (!runId.equals(runs.get(model).map(RunRecord::runId).orElse(null))) {
      Optional<RunRecord> current = runs.get(model);
      assertThat(Instant.now())
          .as(
              "model %s still serves %s instead of run %s",
              model, current.map(RunRecord::runId), runId)
          .isBefore(deadline);
      Thread.sleep(20);
    }
  }

  /**
   * Two runs of one model: the earlier loaded (once) and published first, then the later one
   * published; returns when the service serves the later one and can still answer the earlier one.
   */
  public static void ensureEarlierAndLaterRuns(
      ElasticsearchClient client, PublishedRuns runs, ForecastSource earlier, ForecastSource later)
      throws Exception {
    String model = later.run().model();
    if (runs.get(model, earlier.run().runId()).isEmpty()) {
      ensurePublished(client, earlier);
      awaitServed(runs, model, earlier.run().runId());
    }
    ensurePublished(client, later);
    awaitServed(runs, model, later.run().runId());
    awaitServable(runs, model, earlier.run().runId(), true);
  }

  /** Polls until the service can (or can no longer) answer a run of the model (at most 30 s). */
  public static void awaitServable(PublishedRuns runs, String model, String runId, boolean servable)
      throws InterruptedException {
    Instant deadline = Instant.now().plus(SERVE_TIMEOUT);
    while (runs.get(model, runId).isPresent() != servable) {
      assertThat(Instant.now())
          .as("run %s of %s servable: %s", runId, model, servable)
          .isBefore(deadline);
      Thread.sleep(20);
    }
  }
}
