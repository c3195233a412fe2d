package dev.spotcast.ingestor.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials;
import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.bulk.PressureWatch;
import dev.spotcast.ingestor.lifecycle.AfterPublish;
import dev.spotcast.ingestor.lifecycle.ClusterShards;
import dev.spotcast.ingestor.lifecycle.LoadReport;
import dev.spotcast.ingestor.lifecycle.RunLoader;
import dev.spotcast.ingestor.lifecycle.RunPublisher;
import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.sharding.ShardingStrategy;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.OptionalInt;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * What the loading commands do once they have their sources: reach Elasticsearch (exit 3 with what
 * to do when it is not there), load each run with progress lines, print each summary. Exit 0 when
 * every run is complete (published, kept as it was, or loaded behind a newer served run), 1 when
 * any failed.
 */
final class Loads {

  /** Exit code when Elasticsearch cannot be reached. */
  static final int UNREACHABLE = 3;

  private Loads() {}

  static int load(
      CommandSpec spec,
      LoadOptions options,
      List<? extends ForecastSource> sources,
      boolean keepPublished)
      throws IOException, InterruptedException {
    LoaderSettings settings;
    PressureWatch yieldTo;
    try {
      settings = options.loaderSettings();
      yieldTo = options.pressureWatch();
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    ElasticsearchClient client = connect(spec, options, LocalCredentials.Role.INGEST);
    if (client == null) {
      return UNREACHABLE;
    }
    try {
      // Asked once: what the shards per index resolve to, and which runs are published already.
      OptionalInt dataNodes = ClusterShards.dataNodes(client);
      if (!sources.isEmpty()) {
        ShardingSpec sharding = sources.getFirst().run().sharding();
        if (sharding.shardsAuto()) {
          int shards = ClusterShards.resolve(sharding, dataNodes).shardsPerIndex();
          out.printf(
              "Indices of %d primary shard%s: one per data node (--shards auto).%n",
              shards, shards == 1 ? "" : "s");
        } else if (dataNodes.isPresent()) {
          ClusterShards.advice(sharding.shardsPerIndex(), dataNodes.getAsInt())
              .ifPresent(advice -> out.println("Note: " + advice + "."));
        }
        out.flush();
      }
      boolean allPublished = true;
      for (ForecastSource source : sources) {
        ForecastRun run = source.run();
        if (keepPublished && isPublished(client, run, dataNodes)) {
          out.printf("%s run %s is already published; keeping it.%n", run.model(), run.runId());
          out.flush();
          continue;
        }
        LoadReport report =
            new RunLoader(client, settings)
                .withLifecycle(
                    new AfterPublish(
                        options.keepRuns,
                        options.forceMerge,
                        options.archiveRepository,
                        options.mergeBeforePublish))
                .withPublishPolicy(options.publish)
                .yieldingTo(yieldTo)
                .load(
                    source,
                    p -> {
                      out.println("  " + p.line());
                      out.flush();
                    });
        LoadSummary.print(report, out);
        allPublished &= report.complete();
      }
      return allPublished ? 0 : 1;
    } finally {
      client._transport().close();
    }
  }

  /**
   * A client connected as {@code role} and checked with one call; null, after one line on standard
   * error saying what to do, when Elasticsearch cannot be reached or refuses the credential (the
   * caller exits {@link #UNREACHABLE}). The caller closes the client's transport.
   *
   * @throws ParameterException when the connection options contradict each other or name an
   *     unreadable CA
   */
  static ElasticsearchClient connect(
      CommandSpec spec, ConnectionOptions options, LocalCredentials.Role role) {
    ElasticsearchSettings connection;
    ElasticsearchClient client;
    try {
      connection = options.elasticsearchSettings(role);
      client = ElasticsearchClients.create(connection);
    } catch (IllegalArgumentException | UncheckedIOException e) {
      // Contradicting options, an unreadable CA file, a malformed fingerprint.
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    try {
      client.cluster().health();
      return client;
    } catch (IOException e) {
      spec.commandLine()
          .getErr()
          .printf(
              "spotcast: cannot reach Elasticsearch at %s (%s). Start it with './spotcast es start' or pass --es URL"
                  + " (and --es-ca, --es-api-key... for a secured cluster).%n",
              connection.uris().getFirst(), e.getMessage());
    } catch (ElasticsearchException e) {
      // 401 or 403: the message names the cause (wrong credential, missing privilege), never the
      // secret.
      spec.commandLine()
          .getErr()
          .printf(
              "spotcast: Elasticsearch at %s refused %s (HTTP %d): %s%n",
              connection.uris().getFirst(),
              connection.credentialKind(),
              e.status(),
              e.getMessage());
    }
    close(client);
    return null;
  }

  static void close(ElasticsearchClient client) {
    try {
      client._transport().close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean isPublished(
      ElasticsearchClient client, ForecastRun run, OptionalInt dataNodes) throws IOException {
    return new RunPublisher(client)
        .publishedIndices(run.model())
        .containsAll(
            new ShardingStrategy(run.withSharding(ClusterShards.resolve(run.sharding(), dataNodes)))
                .allIndices());
  }
}
