package dev.spotcast.ingestor.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.elasticsearch.LocalCredentials;
import dev.spotcast.index.RunRecord;
import dev.spotcast.ingestor.lifecycle.ArchiveException;
import dev.spotcast.ingestor.lifecycle.RunArchive;
import dev.spotcast.model.ModelNames;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code spotcast archive list|restore MODEL RUN}: the runs that retention moved to a snapshot
 * repository ({@code --keep-runs} with {@code --archive-repository}), and bringing one back,
 * servable by {@code run=} again. Connects with the archive credential (docs/security.md): the
 * loaders' ingest credential may take snapshots but not restore them.
 */
@Command(
    name = "archive",
    mixinStandardHelpOptions = true,
    subcommands = {ArchiveCommand.ListArchived.class, ArchiveCommand.Restore.class},
    description =
        "The runs kept in a snapshot repository instead of deleted (--keep-runs with --archive-repository),"
            + " and their restore.")
public final class ArchiveCommand implements Callable<Integer> {

  /** A run id: its run time as yyyyMMddHH. */
  static final Pattern RUN_ID = Pattern.compile("[0-9]{10}");

  /** Exit code when the run is unknown, not archived, or its restore failed. */
  static final int NOT_RESTORED = 1;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    throw new ParameterException(spec.commandLine(), "say 'list' or 'restore MODEL RUN'");
  }

  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description = "List the archived runs: model, run, snapshot, size.")
  static final class ListArchived implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Mixin ConnectionOptions connection;

    @Parameters(arity = "0..1", paramLabel = "MODEL", description = "Only this model's runs.")
    String model;

    @Override
    public Integer call() throws Exception {
      if (model != null) {
        requireModel(spec, model);
      }
      ElasticsearchClient client = Loads.connect(spec, connection, LocalCredentials.Role.ARCHIVE);
      if (client == null) {
        return Loads.UNREACHABLE;
      }
      try {
        List<RunRecord> archived =
            new RunArchive(client)
                .archived().stream()
                    .filter(record -> model == null || record.model().equals(model))
                    .toList();
        PrintWriter out = spec.commandLine().getOut();
        if (archived.isEmpty()) {
          out.println(
              "No archived run"
                  + (model == null ? "" : " of " + model)
                  + " (runs past --keep-runs are archived with --archive-repository).");
          return 0;
        }
        out.printf("%-20s %-10s %-40s %12s  %s%n", "MODEL", "RUN", "SNAPSHOT", "BYTES", "ARCHIVED");
        for (RunRecord record : archived) {
          RunRecord.Snapshot snapshot = record.archive();
          out.printf(
              "%-20s %-10s %-40s %12d  %s%n",
              record.model(),
              record.runId(),
              snapshot == null ? "-" : snapshot.repository() + "/" + snapshot.name(),
              snapshot == null ? 0 : snapshot.bytes(),
              snapshot == null ? "-" : snapshot.at());
        }
        return 0;
      } finally {
        Loads.close(client);
      }
    }
  }

  @Command(
      name = "restore",
      mixinStandardHelpOptions = true,
      description =
          "Restore an archived run from its snapshot: its indices back, counted, servable with run=RUN;"
              + " the model's alias keeps serving its newest run.")
  static final class Restore implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Mixin ConnectionOptions connection;

    @Parameters(index = "0", paramLabel = "MODEL", description = "The model, e.g. icon_eu.")
    String model;

    @Parameters(index = "1", paramLabel = "RUN", description = "The run id, yyyyMMddHH.")
    String run;

    @Override
    public Integer call() throws Exception {
      requireModel(spec, model);
      if (!RUN_ID.matcher(run).matches()) {
        throw new ParameterException(
            spec.commandLine(), "RUN is a run id, yyyyMMddHH (e.g. 2026112600), got '" + run + "'");
      }
      ElasticsearchClient client = Loads.connect(spec, connection, LocalCredentials.Role.ARCHIVE);
      if (client == null) {
        return Loads.UNREACHABLE;
      }
      PrintWriter out = spec.commandLine().getOut();
      try {
        RunArchive.Restored restored = new RunArchive(client).restore(model, run);
        RunRecord record = restored.record();
        if (!restored.restored()) {
          out.printf("%s run %s is restored already: servable with run=%s.%n", model, run, run);
          return 0;
        }
        long bytes = record.archive().bytes();
        out.printf(
            "Restored %s run %s from snapshot %s/%s: %,d documents, %,d bytes in %.1f s"
                + " (%.1f s per GB). Servable with run=%s; the model still serves its newest run.%n",
            model,
            run,
            record.archive().repository(),
            record.archive().name(),
            record.indexedDocuments(),
            bytes,
            restored.took().toMillis() / 1000.0,
            bytes == 0 ? 0 : restored.took().toNanos() / (double) bytes,
            run);
        return 0;
      } catch (ArchiveException e) {
        spec.commandLine()
            .getErr()
            .println(
                "spotcast: "
                    + e.getMessage()
                    + (e.kind() == ArchiveException.Kind.UNKNOWN_RUN
                        ? " ('spotcast archive list' shows the archived runs)"
                        : ""));
        return NOT_RESTORED;
      } finally {
        Loads.close(client);
      }
    }
  }

  private static void requireModel(CommandSpec spec, String model) {
    if (!ModelNames.isValid(model)) {
      throw new ParameterException(
          spec.commandLine(),
          "MODEL must be 1-40 lower-case letters, digits or '_' starting with a letter, got '"
              + model
              + "'");
    }
  }
}
