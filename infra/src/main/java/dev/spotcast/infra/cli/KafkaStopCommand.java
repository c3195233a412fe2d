package dev.spotcast.infra.cli;

import dev.spotcast.infra.kafka.LocalKafka;
import dev.spotcast.infra.kafka.RunningBroker;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code kafka stop}: stops exactly the broker process recorded in the home directory's pid file. */
@Command(name = "stop", mixinStandardHelpOptions = true,
    description = "Stop the local Kafka broker started from the home directory; other processes are left alone.")
final class KafkaStopCommand implements Callable<Integer> {

  @Mixin
  private HomeOption home;

  @Spec
  private CommandSpec spec;

  @Override
  public Integer call() {
    Optional<RunningBroker> stopped = LocalKafka.stopRunning(home.home());
    PrintWriter out = spec.commandLine().getOut();
    if (stopped.isEmpty()) {
      out.printf("No Kafka broker runs from %s%n", home.home());
    } else {
      out.printf("Stopped the Kafka broker at %s (pid %d)%n", stopped.get().bootstrapServers(), stopped.get().pid());
    }
    return 0;
  }
}
