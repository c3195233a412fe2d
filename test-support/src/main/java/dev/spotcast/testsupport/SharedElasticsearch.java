package dev.spotcast.testsupport;

import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.infra.elasticsearch.ClusterSecurity;
import dev.spotcast.infra.elasticsearch.ElasticsearchDistribution;
import dev.spotcast.infra.elasticsearch.LocalElasticsearch;
import dev.spotcast.infra.elasticsearch.LoopbackPorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.elasticsearch.ElasticsearchContainer;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

/**
 * One real Elasticsearch per test JVM, started on first use and stopped by a shutdown hook when the
 * JVM exits. It is the server named by the environment variable {@value #URL_VARIABLE} if set, else
 * an Elasticsearch container where Docker is available, else local processes started by {@link
 * LocalElasticsearch} from the distribution zip.
 *
 * <p>The server is secured as Elasticsearch is installed by default (HTTPS under its own CA,
 * authentication required), with Spotcast's least-privilege roles: tests connect with {@link
 * #settings(Role)} of the role whose work they do ({@link Role#INGEST} to load, {@link Role#QUERY}
 * for the query service, {@link Role#ADMIN} to set up or inspect anything else).
 *
 * <p>Tests share it, so each test should use its own index names (or delete what it created). Its
 * {@code path.repo} is set, so a test may register a filesystem snapshot repository with a relative
 * {@code location} (a folder of its own under it), as the archive's tests do.
 */
public final class SharedElasticsearch {

  /**
   * Environment variable with the base URL of an already running server to use instead of starting
   * one, e.g. {@code SPOTCAST_TEST_ES_URL=https://127.0.0.1:9200 ./mvnw verify} against a cluster
   * from {@code es start} (its credentials are found in {@code $SPOTCAST_HOME/credentials}).
   */
  public static final String URL_VARIABLE = "SPOTCAST_TEST_ES_URL";

  private static final Logger log = LoggerFactory.getLogger(SharedElasticsearch.class);

  private static final String IMAGE = "docker.elastic.co/elasticsearch/elasticsearch";
  private static final String HEAP = "1g";
  // Generous: on a 2-core machine that also runs other modules' builds, a node has been seen to
  // need 100 s.
  private static final Duration START_TIMEOUT = Duration.ofSeconds(300);

  private static Map<Role, ElasticsearchSettings> credentials;
  private static RuntimeException startFailure;

  private SharedElasticsearch() {}

  /**
   * The server's base URL without trailing slash, e.g. {@code https://127.0.0.1:23105}. The first
   * call starts it (some 20-60 s); later calls return at once, or rethrow the first call's failure
   * so that every test fails fast.
   */
  public static String url() {
    return settings(Role.ADMIN).uris().getFirst().toString();
  }

  /** The administrator's connection: anything goes. */
  public static ElasticsearchSettings settings() {
    return settings(Role.ADMIN);
  }

  /** The connection of {@code role}: the server's URL, its CA, and the role's credential. */
  public static synchronized ElasticsearchSettings settings(Role role) {
    if (credentials == null && startFailure == null) {
      try {
        credentials = start();
      } catch (RuntimeException e) {
        startFailure = e;
      }
    }
    if (startFailure != null) {
      throw new IllegalStateException(
          "The shared Elasticsearch for tests did not start", startFailure);
    }
    return credentials.get(role);
  }

  /**
   * The {@code spotcast.elasticsearch.*} properties of a Spring Boot service connecting as {@code
   * role}: URL, CA and credential ({@link ElasticsearchSettings#springProperties()}). A service
   * reads no credential file: a test that starts one passes these.
   */
  public static Map<String, String> springProperties(Role role) {
    return settings(role).springProperties();
  }

  /**
   * The ingestor CLI's options that connect as {@code role} besides {@code --es URL}: {@code
   * --es-ca} and the credential ({@code --es-username}/{@code --es-password}, {@code --es-api-key}
   * or {@code --es-bearer-token}).
   */
  public static List<String> cliSecurityOptions(Role role) {
    List<String> options = new ArrayList<>();
    springProperties(role)
        .forEach(
            (key, value) -> {
              String name = key.substring("spotcast.elasticsearch.".length());
              if (!name.equals("uris")) {
                options.add("--es-" + name);
                options.add(value);
              }
            });
    return options;
  }

  private static Map<Role, ElasticsearchSettings> start() {
    String configured = System.getenv(URL_VARIABLE);
    if (configured != null && !configured.isBlank()) {
      String url = configured.strip().replaceAll("/+$", "");
      log.info("Using the Elasticsearch at {} named by {}", url, URL_VARIABLE);
      Map<Role, ElasticsearchSettings> found = new EnumMap<>(Role.class);
      for (Role role : Role.values()) {
        found.put(role, LocalCredentials.orLocal(ElasticsearchSettings.of(url), role));
      }
      return found;
    }
    if (DockerClientFactory.instance().isDockerAvailable()) {
      return startContainer();
    }
    return startLocalProcesses();
  }

  /**
   * The official image with security on as it ships (it makes its own CA at first start; copied
   * out), and the same file-realm users and roles as a local cluster, copied in before start.
   */
  private static Map<Role, ElasticsearchSettings> startContainer() {
    try {
      Path dir = Files.createTempDirectory("spotcast-test-es-");
      Map<Role, ElasticsearchSettings> planned =
          ClusterSecurity.credentials("https://127.0.0.1:9200", null, dir);
      ElasticsearchContainer container =
          new ElasticsearchContainer(
                  DockerImageName.parse(IMAGE).withTag(ElasticsearchDistribution.version()))
              .withEnv("ES_JAVA_OPTS", "-Xms" + HEAP + " -Xmx" + HEAP)
              // As a local node's: filesystem snapshot repositories (the archive) may live there.
              .withEnv("path.repo", "/usr/share/elasticsearch/snapshots")
              .withStartupTimeout(START_TIMEOUT);
      ClusterSecurity.securityFiles(planned)
          .forEach(
              (name, content) ->
                  container.withCopyToContainer(
                      Transferable.of(content), "/usr/share/elasticsearch/config/" + name));
      container.start();
      Runtime.getRuntime()
          .addShutdownHook(new Thread(container::stop, "stop-shared-elasticsearch"));
      Path ca = dir.resolve("http_ca.crt");
      Files.write(
          ca,
          container
              .caCertAsBytes()
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "The Elasticsearch container made no CA certificate")));
      List<URI> uris = List.of(URI.create("https://" + container.getHttpHostAddress()));
      Map<Role, ElasticsearchSettings> started = new EnumMap<>(Role.class);
      planned.forEach((role, settings) -> started.put(role, settings.withUris(uris).withCa(ca)));
      return started;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<Role, ElasticsearchSettings> startLocalProcesses() {
    int firstPort = LoopbackPorts.freeBlock(2);
    LocalElasticsearch cluster =
        new LocalElasticsearch(
            LocalElasticsearch.Config.builder()
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
    Map<Role, ElasticsearchSettings> started = new EnumMap<>(Role.class);
    for (Role role : Role.values()) {
      started.put(role, cluster.settings(role));
    }
    return started;
  }
}
