package dev.spotcast.ingestor.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The ingestor's command line: {@code spotcast synth ...}. */
@Command(
    name = "spotcast-ingestor",
    mixinStandardHelpOptions = true,
    subcommands = {SynthCommand.class, dev.spotcast.ingestor.bench.BenchIngestCommand.class},
    description = "Load forecast runs into Elasticsearch.")
public final class SpotcastIngestorCli {

  public static void main(String[] args) {
    // The jar is also a library inside Spring Boot applications, so its CLI logging config has its
    // own name instead of logback.xml.
    System.setProperty("logback.configurationFile", "logback-cli.xml");
    CommandLine cli = new CommandLine(new SpotcastIngestorCli());
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          commandLine.getErr().println("spotcast: " + e.getMessage());
          return 2;
        });
    System.exit(cli.execute(args));
  }
}
