package dev.spotcast.infra;

import dev.spotcast.infra.cli.EsCommand;
import dev.spotcast.infra.cli.FleetCommand;
import dev.spotcast.infra.cli.KafkaCommand;
import dev.spotcast.infra.elasticsearch.ElasticsearchDistribution;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Command line for the local infrastructure of Spotcast development, e.g. {@code es start}, {@code
 * es status}, {@code es stop}, {@code kafka start}. Failures end with exit code 1 and a one-line
 * message on standard error.
 */
@Command(
    name = "spotcast-infra",
    mixinStandardHelpOptions = true,
    versionProvider = SpotcastInfraCli.Version.class,
    description = "Local infrastructure for Spotcast development.",
    subcommands = {EsCommand.class, KafkaCommand.class, FleetCommand.class})
public final class SpotcastInfraCli {

  public static void main(String[] args) {
    // Progress lines, not log records: the user reads them in a terminal.
    System.setProperty("org.slf4j.simpleLogger.showThreadName", "false");
    System.setProperty("org.slf4j.simpleLogger.showLogName", "false");
    // The AdminClient with which `kafka start` waits for the broker would print its whole
    // configuration.
    System.setProperty("org.slf4j.simpleLogger.log.org.apache.kafka", "warn");
    System.exit(run(args));
  }

  /** Runs the command line and returns its exit code. */
  public static int run(String... args) {
    return new CommandLine(new SpotcastInfraCli())
        .setExecutionExceptionHandler(
            (failure, commandLine, parseResult) -> {
              commandLine.getErr().println("spotcast-infra: " + failure.getMessage());
              if (failure.getMessage() == null) {
                failure.printStackTrace(commandLine.getErr());
              }
              return 1;
            })
        .execute(args);
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {
        "spotcast-infra, for Elasticsearch " + ElasticsearchDistribution.version()
      };
    }
  }
}
