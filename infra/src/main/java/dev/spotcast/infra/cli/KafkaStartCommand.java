package dev.spotcast.infra.cli;

import dev.spotcast.infra.kafka.LocalKafka;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code kafka start}: starts a broker that keeps running after the command exits. */
@Command(
    name = "start",
    mixinStandardHelpOptions = true,
    description =
        "Start a local Kafka broker that keeps running after this command exits. Data persists under "
            + "HOME/kafka between starts.")
final class KafkaStartCommand extends HomeCommand {

  @Option(
      names = "--port",
      defaultValue = "9092",
      description =
          "Port clients connect to; the KRaft controller listens on PORT+1 (default: ${DEFAULT-VALUE}).")
  private int port;

  @Option(
      names = "--heap",
      defaultValue = "512m",
      description = "Heap of the broker (default: ${DEFAULT-VALUE}).")
  private String heap;

  @Option(
      names = "--timeout",
      defaultValue = "120",
      paramLabel = "SECONDS",
      description = "How long to wait for the broker to answer (default: ${DEFAULT-VALUE}).")
  private int timeoutSeconds;

  @Override
  public Integer call() {
    LocalKafka.Config config =
        LocalKafka.Config.builder()
            .home(home())
            .port(port)
            .heap(heap)
            .startTimeout(Duration.ofSeconds(timeoutSeconds))
            .detached(true)
            .build();
    Instant begin = Instant.now();
    LocalKafka kafka = new LocalKafka(config).start();
    double seconds = secondsSince(begin);

    PrintWriter out = out();
    out.printf(
        Locale.ROOT,
        "Kafka broker is up at %s (pid %d, started in %.1f s)%n",
        kafka.bootstrapServers(),
        kafka.pid().orElse(-1L),
        seconds);
    out.printf("  data: %s%n  log:  %s%n", config.dataDir(), config.log());
    printHowToStop(config.home());
    return 0;
  }
}
