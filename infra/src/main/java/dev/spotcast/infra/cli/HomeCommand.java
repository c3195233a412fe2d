package dev.spotcast.infra.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What the {@code start}, {@code status} and {@code stop} commands of {@code es} and {@code kafka}
 * share: the {@code --home} option that says which processes they mean, and the messages in which
 * they answer, so that both services answer alike. Picocli finds the annotated fields of this
 * superclass as it finds a subclass's own.
 */
abstract class HomeCommand implements Callable<Integer> {

  @Mixin private HomeOption homeOption;

  @Spec private CommandSpec spec;

  /** The home directory the command acts on. */
  final Path home() {
    return homeOption.home();
  }

  final PrintWriter out() {
    return spec.commandLine().getOut();
  }

  /**
   * What {@code status} says when {@code what} (e.g. "Kafka broker") does not run: an error, exit
   * code 1, so that a script can test for a running service.
   */
  final int notRunning(String what) {
    spec.commandLine().getErr().printf("spotcast-infra: no %s runs from %s%n", what, home());
    return 1;
  }

  /** What {@code stop} says when {@code what} does not run: nothing to do is not an error. */
  final void nothingToStop(String what) {
    out().printf("No %s runs from %s%n", what, home());
  }

  /** Seconds since {@code begin}, for the "started in" of {@code start}. */
  static double secondsSince(Instant begin) {
    return Duration.between(begin, Instant.now()).toMillis() / 1000.0;
  }

  /**
   * The last line of {@code start}: how to stop what it started, e.g. "es stop --home
   * /var/tmp/spotcast".
   */
  final void printHowToStop(Path home) {
    out().printf("Stop it with: %s stop --home %s%n", spec.parent().name(), home);
  }
}
