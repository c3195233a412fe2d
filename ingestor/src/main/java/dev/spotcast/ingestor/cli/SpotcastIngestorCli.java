package dev.spotcast.ingestor.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The ingestor's command line: {@code spotcast synth ...}, {@code spotcast ingest ...}, {@code
 * spotcast fetch ...}, {@code spotcast archive ...}.
 */
@Command(
    name = "spotcast-ingestor",
    mixinStandardHelpOptions = true,
    subcommands = {
      SynthCommand.class,
      IngestCommand.class,
      FetchCommand.class,
      ArchiveCommand.class
    },
    description =
        "Load forecast runs into Elasticsearch; fetch them from publishers; archive and restore old ones.")
public final class SpotcastIngestorCli {

  public static void main(String[] args) {
    // The jar is also a library inside Spring Boot applications, so its CLI logging config has its
    // own name instead of logback.xml.
    System.setProperty("logback.configurationFile", "logback-cli.xml");
    System.exit(commandLine().execute(args));
  }

  /**
   * The command line with Spotcast's error handling: a line and exit code 2, no stack trace. An
   * option that does not parse (a word where a number goes, a missing required one) says so and
   * where the help is, instead of printing the whole usage after the message.
   */
  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new SpotcastIngestorCli());
    // `spotcast demo --steps 0-6` passes its options after the demo's own: the last one wins.
    cli.setOverwrittenOptionsAllowed(true);
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          commandLine.getErr().println("spotcast: " + e.getMessage());
          return 2;
        });
    cli.setParameterExceptionHandler(
        (e, args) -> {
          CommandLine where = e.getCommandLine();
          String command = where.getParent() == null ? "" : " " + where.getCommandName();
          where
              .getErr()
              .println("spotcast: " + e.getMessage() + "; see 'spotcast" + command + " --help'");
          return 2;
        });
    return cli;
  }
}
