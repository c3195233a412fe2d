package dev.spotcast.testsupport;

import dev.spotcast.infra.elasticsearch.ElasticsearchDistribution;
import dev.spotcast.infra.elasticsearch.LocalElasticsearch;
import dev.spotcast.infra.elasticsearch.LoopbackPorts;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.elasticsearch.ElasticsearchContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * One real Elasticsearch per test JVM, started on first use and stopped by a shutdown hook when the JVM exits. It is
 * the server named by the environment variable {@value #URL_VARIABLE} if set, else an Elasticsearch container where
 * Docker is available, else local processes started by {@link LocalElasticsearch} from the distribution zip.
 *
 * <p>Tests share it, so each test should use its own index names (or delete what it created).
 */
public final class SharedElasticsearch {

  /**
   * Environment variable with the base URL of an already running server to use instead of starting one, e.g.
   * {@code SPOTCAST_TEST_ES_URL=http://127.0.0.1:9200 ./mvnw verify} against a cluster from {@code es start}.
   */
  public static final String URL_VARIABLE = "SPOTCAST_TEST_ES_URL";

  private static final Logger log = LoggerFactory.getLogger(SharedElasticsearch.class);

  private static final String IMAGE = "docker.elastic.co/elasticsearch/elasticsearch";
  private static final String HEAP = "1g";
  // Generous: on a 2-core machine that also runs other modules' builds, a node has been seen to need 100 s.
  private static final Duration START_TIMEOUT = Duration.ofSeconds(300);

  private static String url;
  private static RuntimeException startFailure;

  private SharedElasticsearch() {}

  /**
   * The server's base URL without trailing slash, e.g. {@code http://127.0.0.1:23105}. The first call starts it
   * (some 20-60 s); later calls return at once, or rethrow the first call's failure so that every test fails fast.
   */
  public static synchronized String url() {
    if (url == null && startFailure == null) {
      try {
        url = start();
      } catch (RuntimeException e) {
        startFailure = e;
      }
    }
    if (startFailure != null) {
      throw new IllegalStateException("The shared Elasticsearch for tests did not start", startFailure);
    }
    return url;
  }

  private static String start() {
    String configured = System.getenv(URL_VARIABLE);
    if (configured != null && !configured.isBlank()) {
      log.info("Using the Elasticsearch at {} named by {}", configured, URL_VARIABLE);
      return configured.strip().replaceAll("/+$", "");
    }
    if (DockerClientFactory.instance().isDockerAvailable()) {
      return startContainer();
    }
    return startLocalProcesses();
  }

  private static String startContainer() {
    ElasticsearchContainer container = new ElasticsearchContainer(
        DockerImageName.parse(IMAGE).withTag(ElasticsearchDistribution.version()))
        .withEnv("xpack.security.enabled", "false")
        .withEnv("ES_JAVA_OPTS", "-Xms" + HEAP + " -Xmx" + HEAP)
        // With security off the image generates no CA certificate, so there is none to copy out.
        .withCertPath("")
        .withStartupTimeout(START_TIMEOUT);
    container.start();
    Runtime.getRuntime().addShutdownHook(new Thread(container::stop, "stop-shared-elasticsearch"));
    return "http://" + container.getHttpHostAddress();
  }

  private static String startLocalProcesses() {
    int firstPort = LoopbackPorts.freeBlock(2);
    LocalElasticsearch cluster = new LocalElasticsearch(LocalElasticsearch.Config.builder()
        .distribution(ElasticsearchDistribution.defaultZip())
        .firstHttpPort(firstPort)
        .firstTransportPort(firstPort + 1)
        .heap(HEAP)
        .startTimeout(START_TIMEOUT)
        .clusterName("spotcast-test-" + firstPort)
        .ephemeral(true)
        .build());
    cluster.start();
    Runtime.getRuntime().addShutdownHook(new Thread(cluster::stop, "stop-shared-elasticsearch"));
    return cluster.url();
  }
}
