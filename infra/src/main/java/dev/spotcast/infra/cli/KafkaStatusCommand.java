package dev.spotcast.infra.cli;

import dev.spotcast.infra.kafka.LocalKafka;
import dev.spotcast.infra.kafka.RunningBroker;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code kafka status}: whether a broker runs from the home directory, and where; exit code 1 if none runs. */
@Command(name = "status", mixinStandardHelpOptions = true,
    description = "Print whether a Kafka broker runs from the home directory and its bootstrap address. "
        + "Exit code 1 if none runs.")
final class KafkaStatusCommand implements Callable<Integer> {

  @Mixin
  private HomeOption home;

  @Spec
  private CommandSpec spec;

  @Override
  public Integer call() {
    Optional<RunningBroker> running = LocalKafka.running(home.home());
    if (running.isEmpty()) {
      spec.commandLine().getErr().printf("spotcast-infra: no Kafka broker runs from %s%n", home.home());
      return 1;
    }
    RunningBroker broker = running.get();
    spec.commandLine().getOut().printf("Kafka broker runs at %s (pid %d) from %s%n", broker.bootstrapServers(),
        broker.pid(), broker.dir());
    return 0;
  }
}
