package dev.spotcast.testsupport;

import org.apache.kafka.common.utils.AppInfoParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * One real Kafka broker per test JVM, started on first use and stopped when the JUnit test plan has
 * finished ({@link SharedKafkaShutdown}), else by a shutdown hook when the JVM exits. It is the
 * broker named by the environment variable {@value #BOOTSTRAP_VARIABLE} if set, else an {@code
 * apache/kafka} container where Docker is available, else spring-kafka-test's embedded KRaft broker
 * inside the test JVM. The container and the embedded broker run the Kafka version of the clients
 * on the classpath.
 *
 * <p>Tests share it, so each test should use its own topic names and consumer groups. Like the
 * production setup and {@code kafka start}, the started brokers do not create topics on first use:
 * tests create the topics they need.
 */
public final class SharedKafka {

  /**
   * Environment variable with the bootstrap servers of an already running broker to use instead of
   * starting one, e.g. {@code SPOTCAST_TEST_KAFKA_BOOTSTRAP=127.0.0.1:9092 ./mvnw verify} against a
   * broker from {@code kafka start}.
   */
  public static final String BOOTSTRAP_VARIABLE = "SPOTCAST_TEST_KAFKA_BOOTSTRAP";

  private static final Logger log = LoggerFactory.getLogger(SharedKafka.class);

  private static final String IMAGE = "apache/kafka";

  private static String bootstrapServers;
  private static RuntimeException startFailure;
  private static Runnable stopper;

  private SharedKafka() {}

  /**
   * Where clients connect, e.g. {@code 127.0.0.1:41573}. The first call starts the broker (some
   * 5-20 s); later calls return at once, or rethrow the first call's failure so that every test
   * fails fast.
   */
  public static synchronized String bootstrapServers() {
    if (bootstrapServers == null && startFailure == null) {
      try {
        bootstrapServers = start();
      } catch (RuntimeException e) {
        startFailure = e;
      }
    }
    if (startFailure != null) {
      throw new IllegalStateException(
          "The shared Kafka broker for tests did not start", startFailure);
    }
    return bootstrapServers;
  }

  private static String start() {
    String configured = System.getenv(BOOTSTRAP_VARIABLE);
    if (configured != null && !configured.isBlank()) {
      log.info("Using the Kafka broker at {} named by {}", configured.strip(), BOOTSTRAP_VARIABLE);
      return configured.strip();
    }
    if (DockerClientFactory.instance().isDockerAvailable()) {
      return startContainer();
    }
    return startEmbedded();
  }

  private static String startContainer() {
    KafkaContainer container =
        new KafkaContainer(DockerImageName.parse(IMAGE).withTag(AppInfoParser.getVersion()))
            .withEnv("KAFKA_AUTO_CREATE_TOPICS_ENABLE", "false");
    container.start();
    stopWith(container::stop);
    return container.getBootstrapServers();
  }

  private static String startEmbedded() {
    EmbeddedKafkaKraftBroker broker = new EmbeddedKafkaKraftBroker(1, 1);
    broker.brokerProperty("auto.create.topics.enable", "false");
    broker.afterPropertiesSet();
    stopWith(broker::destroy);
    log.info("Started an embedded Kafka broker at {}", broker.getBrokersAsString());
    return broker.getBrokersAsString();
  }

  private static void stopWith(Runnable stop) {
    stopper = stop;
    Runtime.getRuntime().addShutdownHook(new Thread(SharedKafka::stop, "stop-shared-kafka"));
  }

  /**
   * Stops the broker this class started, if any; a later {@link #bootstrapServers()} starts a new
   * one. Before the JVM's shutdown rather than in a shutdown hook where possible: the embedded
   * broker's temporary directory is deleted by another shutdown hook, which would race with the
   * broker writing its last checkpoints there.
   */
  static synchronized void stop() {
    if (stopper != null) {
      Runnable stop = stopper;
      stopper = null;
      bootstrapServers = null;
      stop.run();
    }
  }
}
