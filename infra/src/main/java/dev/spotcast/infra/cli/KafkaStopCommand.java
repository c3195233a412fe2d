package dev.spotcast.infra.cli;

import dev.spotcast.infra.kafka.LocalKafka;
import dev.spotcast.infra.kafka.RunningBroker;
import java.util.Optional;
import picocli.CommandLine.Command;

/**
 * {@code kafka stop}: stops exactly the broker process recorded in the home directory's pid file.
 */
@Command(
    name = "stop",
    mixinStandardHelpOptions = true,
    description =
        "Stop the local Kafka broker started from the home directory; other processes are left alone.")
final class KafkaStopCommand extends HomeCommand {

  @Override
  public Integer call() {
    Optional<RunningBroker> stopped = LocalKafka.stopRunning(home());
    if (stopped.isEmpty()) {
      nothingToStop("Kafka broker");
    } else {
      out()
          .printf(
              "Stopped the Kafka broker at %s (pid %d)%n",
              stopped.get().bootstrapServers(), stopped.get().pid());
    }
    return 0;
  }
}
