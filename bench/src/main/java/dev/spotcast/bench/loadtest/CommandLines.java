package dev.spotcast.bench.loadtest;

import picocli.CommandLine;

/** The command lines of the load test's helpers, read with picocli. */
public final class CommandLines {

  private CommandLines() {}

  /**
   * Fills {@code options} (a picocli {@code @Command}) from {@code args}. A bad argument ends the
   * JVM with its message, the usage and exit code 2.
   *
   * @return false when help was asked for and printed: the caller has nothing more to do
   */
  public static boolean parse(Object options, String[] args) {
    CommandLine commandLine = new CommandLine(options);
    CommandLine.ParseResult parsed;
    try {
      parsed = commandLine.parseArgs(args);
    } catch (CommandLine.ParameterException e) {
      System.err.println(commandLine.getCommandName() + ": " + e.getMessage());
      commandLine.usage(System.err);
      System.exit(2);
      return false;
    }
    return !CommandLine.printHelpIfRequested(parsed);
  }
}
