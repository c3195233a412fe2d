package dev.spotcast.infra.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The classpath of the broker JVM: the jars of {@code org.apache.kafka:kafka_2.13} and its
 * dependencies, as the build of this module resolved them into the local Maven repository. The
 * build writes the lists as resources next to this class with the repository as {@value
 * #REPOSITORY_PLACEHOLDER}; it is replaced here by {@code maven.repo.local} if set, else {@code
 * ~/.m2/repository}, so the jar works wherever that repository is.
 */
final class BrokerClasspath {

  static final String REPOSITORY_PLACEHOLDER = "@M2_REPO@";

  // The server and what only it needs, then this module's runtime classpath (kafka-clients,
  // Jackson, slf4j-simple).
  private static final List<String> LISTS =
      List.of("broker-classpath.txt", "runtime-classpath.txt");

  private BrokerClasspath() {}

  /**
   * The jars, each once, in a stable order; fails naming the first one missing from the local
   * repository.
   */
  static List<Path> jars() {
    Path repository = localRepository();
    Set<Path> jars = new LinkedHashSet<>();
    for (String list : LISTS) {
      Stream.of(read(list).strip().split(":"))
          .filter(entry -> !entry.isBlank())
          .map(entry -> Path.of(entry.replace(REPOSITORY_PLACEHOLDER, repository.toString())))
          .forEach(jars::add);
    }
    for (Path jar : jars) {
      if (!Files.isRegularFile(jar)) {
        throw new IllegalStateException(
            "Kafka broker jar not found: "
                + jar
                + ". Build the infra module once "
                + "(./mvnw -pl infra -am install -DskipTests) so that Maven downloads the broker.");
      }
    }
    return List.copyOf(jars);
  }

  /** {@link #jars()} joined for {@code java -cp}. */
  static String asArgument() {
    return String.join(":", jars().stream().map(Path::toString).toList());
  }

  static Path localRepository() {
    String configured = System.getProperty("maven.repo.local");
    return configured != null && !configured.isBlank()
        ? Path.of(configured)
        : Path.of(System.getProperty("user.home"), ".m2", "repository");
  }

  private static String read(String list) {
    try (InputStream in = BrokerClasspath.class.getResourceAsStream(list)) {
      if (in == null) {
        throw new IllegalStateException(
            list
                + " is missing from the spotcast-infra jar; it is written by the build "
                + "(maven-dependency-plugin), not by hand");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
