package dev.spotcast.infra.cli;

import dev.spotcast.infra.kafka.LocalKafka;
import dev.spotcast.infra.kafka.RunningBroker;
import java.util.Optional;
import picocli.CommandLine.Command;

/**
 * {@code kafka status}: whether a broker runs from the home directory, and where; exit code 1 if
 * none runs.
 */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description =
        "Print whether a Kafka broker runs from the home directory and its bootstrap address. "
            + "Exit code 1 if none runs.")
final class KafkaStatusCommand extends HomeCommand {

  @Override
  public Integer call() {
    Optional<RunningBroker> running = LocalKafka.running(home());
    if (running.isEmpty()) {
      return notRunning("Kafka broker");
    }
    RunningBroker broker = running.get();
    out()
        .printf(
            "Kafka broker runs at %s (pid %d) from %s%n",
            broker.bootstrapServers(), broker.pid(), broker.dir());
    return 0;
  }
}
