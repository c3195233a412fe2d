package dev.spotcast.infra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds an installed JDK of at least a given version, as Elasticsearch needs one (21+) while a machine's default
 * {@code java} may be older. Looks at ES_JAVA_HOME, JAVA_HOME, the running JVM, then the newest JDK under the usual
 * install directories, reading each candidate's {@code release} file.
 */
public final class Jdks {

  /** The oldest Java that Elasticsearch 9 runs on. */
  public static final int ELASTICSEARCH_MINIMUM = 21;

  private static final List<Path> INSTALL_DIRECTORIES = List.of(Path.of("/usr/lib/jvm"), Path.of("/opt/java"));
  private static final Pattern JAVA_VERSION = Pattern.compile("^JAVA_VERSION=\"?(\\d+)(?:\\.(\\d+))?");

  private final Map<String, String> environment;
  private final Path runningJavaHome;
  private final List<Path> installDirectories;

  Jdks(Map<String, String> environment, Path runningJavaHome, List<Path> installDirectories) {
    this.environment = Map.copyOf(environment);
    this.runningJavaHome = runningJavaHome;
    this.installDirectories = List.copyOf(installDirectories);
  }

  /** Looks at this process's environment, this JVM and the standard install directories. */
  public static Jdks onThisMachine() {
    return new Jdks(System.getenv(), Path.of(System.getProperty("java.home")), INSTALL_DIRECTORIES);
  }

  /** The first JDK of at least {@code minimumVersion}, in the order described on the class. */
  public Optional<Jdk> find(int minimumVersion) {
    return candidates().stream()
        .flatMap(candidate -> candidate.jdk().stream())
        .filter(jdk -> jdk.featureVersion() >= minimumVersion)
        .findFirst();
  }

  /** Like {@link #find} but fails with a message that lists every candidate looked at. */
  public Jdk require(int minimumVersion) {
    return find(minimumVersion).orElseThrow(() -> new IllegalStateException(
        "No JDK " + minimumVersion + "+ found. Looked at: " + describeCandidates()
            + ". Install one (e.g. apt-get install openjdk-21-jdk-headless) or set ES_JAVA_HOME."));
  }

  /** Reads the JDK at {@code home}, empty if it is not a JDK home with a readable release file and bin/java. */
  static Optional<Jdk> inspect(Path home) {
    Path release = home.resolve("release");
    if (!Files.isRegularFile(release) || !Files.isExecutable(home.resolve("bin").resolve("java"))) {
      return Optional.empty();
    }
    try (Stream<String> lines = Files.lines(release)) {
      return lines.map(JAVA_VERSION::matcher)
          .filter(Matcher::find)
          .findFirst()
          .map(version -> new Jdk(home, featureVersion(version)));
    } catch (IOException | UncheckedIOException e) {
      return Optional.empty();
    }
  }

  /** "1.8.0_412" is Java 8; "21.0.8" and "25" are Java 21 and 25. */
  private static int featureVersion(Matcher version) {
    int first = Integer.parseInt(version.group(1));
    return first == 1 && version.group(2) != null ? Integer.parseInt(version.group(2)) : first;
  }

  private List<Candidate> candidates() {
    List<Candidate> candidates = new ArrayList<>();
    environmentCandidate("ES_JAVA_HOME").ifPresent(candidates::add);
    environmentCandidate("JAVA_HOME").ifPresent(candidates::add);
    candidates.add(Candidate.of("java.home", runningJavaHome));
    installedJdksNewestFirst().forEach(candidates::add);
    return candidates;
  }

  private Optional<Candidate> environmentCandidate(String variable) {
    return Optional.ofNullable(environment.get(variable))
        .filter(value -> !value.isBlank())
        .map(value -> Candidate.of(variable, Path.of(value)));
  }

  private List<Candidate> installedJdksNewestFirst() {
    return installDirectories.stream()
        .filter(Files::isDirectory)
        .flatMap(Jdks::children)
        .map(Jdks::realPath)
        .distinct()
        .map(home -> Candidate.of(String.valueOf(home.getParent()), home))
        .filter(candidate -> candidate.jdk().isPresent())
        .sorted(Comparator.comparingInt((Candidate candidate) -> candidate.jdk().orElseThrow().featureVersion())
            .reversed())
        .toList();
  }

  private String describeCandidates() {
    List<String> descriptions = new ArrayList<>();
    Stream.of("ES_JAVA_HOME", "JAVA_HOME")
        .filter(variable -> environmentCandidate(variable).isEmpty())
        .forEach(variable -> descriptions.add(variable + " (unset)"));
    for (Candidate candidate : candidates()) {
      descriptions.add(candidate.source() + " " + candidate.home()
          + candidate.jdk().map(jdk -> " (Java " + jdk.featureVersion() + ")").orElse(" (not a JDK)"));
    }
    installDirectories.stream()
        .filter(directory -> !Files.isDirectory(directory))
        .forEach(directory -> descriptions.add(directory + " (missing)"));
    return String.join(", ", descriptions);
  }

  private static Stream<Path> children(Path directory) {
    try (Stream<Path> children = Files.list(directory)) {
      return children.filter(Files::isDirectory).toList().stream();
    } catch (IOException e) {
      return Stream.empty();
    }
  }

  private static Path realPath(Path path) {
    try {
      return path.toRealPath();
    } catch (IOException e) {
      return path;
    }
  }

  /** A place a JDK may be, with what is there, read once. */
  private record Candidate(String source, Path home, Optional<Jdk> jdk) {
    static Candidate of(String source, Path home) {
      return new Candidate(source, home, inspect(home));
    }
  }
}
