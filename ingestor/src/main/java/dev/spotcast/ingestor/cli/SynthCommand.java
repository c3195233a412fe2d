package dev.spotcast.ingestor.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.ingestor.LoadReport;
import dev.spotcast.ingestor.LoaderSettings;
import dev.spotcast.ingestor.RunLoader;
import dev.spotcast.ingestor.RunPublisher;
import dev.spotcast.sharding.ShardingStrategy;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.sharding.ShardingSpec;
import dev.spotcast.synthetic.SyntheticWeather;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** {@code spotcast synth}: generates a synthetic run and loads it, with progress and a summary. */
@Command(
    name = "synth",
    mixinStandardHelpOptions = true,
    description = "Generate a deterministic synthetic forecast run and load it into Elasticsearch.")
public final class SynthCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--model", defaultValue = "synth", description = "Model id (default: ${DEFAULT-VALUE}).")
  String model;

  @Option(names = "--run", description = "Run time, ISO-8601 (default: today 00Z).")
  Instant runTime;

  @Option(
      names = "--region",
      defaultValue = "-90,-180,90,180",
      description = "south,west,north,east in degrees (default: ${DEFAULT-VALUE}).")
  String region;

  @Option(names = "--resolution", defaultValue = "1.0", description = "Grid spacing in degrees (default: ${DEFAULT-VALUE}).")
  double resolution;

  @Option(
      names = "--levels",
      defaultValue = "0,500,1000,2000,3000,5000",
      description = "Heights above ground in m, comma-separated (default: ${DEFAULT-VALUE}).")
  String levels;

  @Option(names = "--steps", defaultValue = "0-24", description = "Forecast steps in hours: 'a-b' or a comma list (default: ${DEFAULT-VALUE}).")
  String steps;

  @Option(names = "--seed", defaultValue = "42", description = "Seed of the synthetic weather (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--es", defaultValue = "${env:SPOTCAST_ES_URL:-http://127.0.0.1:9200}", description = "Elasticsearch URL (default: ${DEFAULT-VALUE}).")
  String elasticsearch;

  @Option(names = "--producers", description = "Producer threads (default: cores).")
  Integer producers;

  @Option(names = "--senders", defaultValue = "4", description = "Bulk sender threads (default: ${DEFAULT-VALUE}).")
  int senders;

  @Option(names = "--bulk-docs", defaultValue = "5000", description = "Documents per bulk (default: ${DEFAULT-VALUE}).")
  int bulkDocs;

  @Option(names = "--shards", defaultValue = "2", description = "Primary shards per index (default: ${DEFAULT-VALUE}).")
  int shards;

  @Option(names = "--levels-per-index", defaultValue = "3", description = "Levels per index (default: ${DEFAULT-VALUE}).")
  int levelsPerIndex;

  @Option(names = "--steps-per-index", defaultValue = "0", description = "Steps per index, 0 = all (default: ${DEFAULT-VALUE}).")
  int stepsPerIndex;

  @Option(names = "--tile-degrees", defaultValue = "10", description = "Routing tile edge in degrees (default: ${DEFAULT-VALUE}).")
  double tileDegrees;

  @Option(names = "--replicas", defaultValue = "0", description = "Replicas once loaded (default: ${DEFAULT-VALUE}).")
  int replicas;

  @Option(names = "--keep-published", description = "If this run is already published, keep it and exit 0 instead of failing.")
  boolean keepPublished;

  @Override
  public Integer call() throws Exception {
    ForecastRun run = run();
    LoaderSettings defaults = LoaderSettings.defaults();
    LoaderSettings settings =
        defaults
            .withThreads(producers == null ? defaults.producerThreads() : producers, senders)
            .withBulkDocuments(bulkDocs)
            .withReplicas(replicas);
    PrintWriter out = spec.commandLine().getOut();
    out.printf(
        "Loading %s run %s: %,d points x %d levels x %d steps = %,d documents into %s%n",
        run.model(), run.runTime(), run.grid().pointCount(), run.levels().size(), run.steps().size(),
        run.documentCount(), elasticsearch);
    out.flush();
    ElasticsearchClient client = ElasticsearchClients.create(ElasticsearchSettings.of(elasticsearch));
    try {
      try {
        client.cluster().health();
      } catch (java.io.IOException e) {
        spec.commandLine().getErr().printf(
            "spotcast: cannot reach Elasticsearch at %s (%s). Start it with './spotcast es start' or pass --es URL.%n",
            elasticsearch, e.getMessage());
        return 3;
      }
      if (keepPublished && isPublished(client, run)) {
        out.printf("%s run %s is already published; keeping it.%n", run.model(), run.runId());
        out.flush();
        return 0;
      }
      LoadReport report =
          new RunLoader(client, settings)
              .load(new SyntheticForecastSource(run, seed), p -> {
                out.println("  " + p.line());
                out.flush();
              });
      LoadSummary.print(report, out);
      return report.published() ? 0 : 1;
    } finally {
      client._transport().close();
    }
  }

  private static boolean isPublished(ElasticsearchClient client, ForecastRun run) throws java.io.IOException {
    return new RunPublisher(client).publishedIndices(run.model())
        .containsAll(new ShardingStrategy(run).allIndices());
  }

  private ForecastRun run() {
    String[] box = region.split(",");
    if (box.length != 4) {
      throw new ParameterException(spec.commandLine(), "--region needs south,west,north,east, got " + region);
    }
    RegularLatLonGrid grid;
    try {
      grid = RegularLatLonGrid.covering(
          Double.parseDouble(box[0]), Double.parseDouble(box[1]), Double.parseDouble(box[2]),
          Double.parseDouble(box[3]), resolution);
      Instant time = runTime != null ? runTime : LocalDate.now(ZoneOffset.UTC).atStartOfDay().toInstant(ZoneOffset.UTC);
      return new ForecastRun(
          model, time, grid, LevelType.HEIGHT_ABOVE_GROUND, StepList.parse(levels), StepList.parse(steps),
          SyntheticWeather.PARAMETERS, new ShardingSpec(levelsPerIndex, stepsPerIndex, shards, tileDegrees));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }
}
