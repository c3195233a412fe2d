package dev.spotcast.elasticsearch;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The credentials of a local Elasticsearch that {@code spotcast es start} secured: one file per
 * role under {@code $SPOTCAST_HOME/credentials/} ({@code admin}, {@code ingest}, {@code query},
 * each {@code ROLE.properties}, readable by their owner only), holding the node's URL, its CA file
 * and the role's credential under the names of the {@code spotcast.elasticsearch.*} settings.
 *
 * <p>A command-line tool (ingestor CLI, infra, benchmarks) or a test given no credential for a node
 * at the very host and port that such a file names uses that file ({@link #orLocal}): so {@code
 * ./spotcast synth} works against the secured local node without options, while any explicitly set
 * credential wins. The services never read these files: they take their credential from their
 * configuration only, and whoever starts one locally passes it ({@code ./spotcast serve} and the
 * demo through {@code es credential}, the local fleet, the tests).
 */
public final class LocalCredentials {

  /** Who a credential is for; each role has its own privileges (docs/security.md). */
  public enum Role {
    /** Superuser, for setting the cluster up and for benchmarks. */
    ADMIN,
    /** Spotcast's indices, aliases, template, run catalog, jobs and dead letters; nothing else. */
    INGEST,
    /** Reads the published forecasts and the run catalog; cannot write. */
    QUERY,
    /** Reads the cluster's health and statistics (the metrics exporter); no document. */
    MONITOR,
    /**
     * Restores archived runs from their snapshots ({@code spotcast archive restore}): the one
     * privilege of restoring, which Elasticsearch grants to no narrower role than {@code manage},
     * is kept off the ingest credential that every loader holds.
     */
    ARCHIVE;

    /** "admin", "ingest", "query", "monitor" or "archive". */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Where Spotcast keeps local data when {@code SPOTCAST_HOME} is not set. */
  public static final Path DEFAULT_HOME = Path.of("/var/tmp/spotcast");

  private static final Logger log = LoggerFactory.getLogger(LocalCredentials.class);

  private static final String URL = "url";
  private static final String CA = "ca";
  private static final String CA_FINGERPRINT = "ca-fingerprint";
  private static final String API_KEY = "api-key";
  private static final String USERNAME = "username";
  private static final String PASSWORD = "password";
  private static final String BEARER_TOKEN = "bearer-token";

  private LocalCredentials() {}

  /** {@code $SPOTCAST_HOME}, else {@link #DEFAULT_HOME}. */
  public static Path home() {
    String configured = System.getenv("SPOTCAST_HOME");
    return configured != null && !configured.isBlank() ? Path.of(configured) : DEFAULT_HOME;
  }

  /** The credentials directory of a Spotcast home. */
  public static Path directory(Path home) {
    return home.resolve("credentials");
  }

  /** The file of {@code role} in {@code directory}. */
  public static Path file(Path directory, Role role) {
    return directory.resolve(role.id() + ".properties");
  }

  /**
   * Writes {@code settings}' first URL, CA and credential as {@code role}'s file, readable and
   * writable by this user only (created so, then moved into place: never briefly world-readable).
   */
  public static void write(Path directory, Role role, ElasticsearchSettings settings) {
    Properties properties = new Properties();
    properties.setProperty(URL, settings.uris().getFirst().toString());
    put(properties, CA, settings.ca() == null ? null : settings.ca().toAbsolutePath().toString());
    put(properties, CA_FINGERPRINT, settings.caFingerprint());
    put(properties, API_KEY, settings.apiKey());
    put(properties, USERNAME, settings.username());
    put(properties, PASSWORD, settings.password());
    put(properties, BEARER_TOKEN, settings.bearerToken());
    try {
      Files.createDirectories(directory);
      Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
      Path staging =
          Files.createTempFile(
              directory,
              "." + role.id(),
              ".tmp",
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      try (Writer out = Files.newBufferedWriter(staging, StandardCharsets.UTF_8)) {
        properties.store(
            out,
            "Spotcast's "
                + role.id()
                + " credential for the local Elasticsearch (docs/security.md)");
      }
      Files.move(
          staging,
          file(directory, role),
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot write the " + role.id() + " credential under " + directory, e);
    }
  }

  /** The settings in {@code role}'s file (default timeouts and pool), if the file exists. */
  public static Optional<ElasticsearchSettings> read(Path directory, Role role) {
    Path file = file(directory, role);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    Properties properties = new Properties();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the Elasticsearch credential " + file, e);
    }
    String url = properties.getProperty(URL);
    if (url == null || url.isBlank()) {
      throw new IllegalStateException("The Elasticsearch credential " + file + " names no url");
    }
    String ca = properties.getProperty(CA);
    ElasticsearchSettings base = ElasticsearchSettings.of(url.strip());
    return Optional.of(
        new ElasticsearchSettings(
            base.uris(),
            base.connectTimeout(),
            base.responseTimeout(),
            base.maxConnections(),
            ca == null || ca.isBlank() ? null : Path.of(ca.strip()),
            properties.getProperty(CA_FINGERPRINT),
            properties.getProperty(API_KEY),
            properties.getProperty(USERNAME),
            properties.getProperty(PASSWORD),
            properties.getProperty(BEARER_TOKEN)));
  }

  /** Deletes every role's file in {@code directory} (the node they were for is gone or open). */
  public static void deleteAll(Path directory) {
    for (Role role : Role.values()) {
      try {
        Files.deleteIfExists(file(directory, role));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * {@link #orLocal(ElasticsearchSettings, Role, Path)} with the credentials of {@link #home()}.
   */
  public static ElasticsearchSettings orLocal(ElasticsearchSettings settings, Role role) {
    return orLocal(settings, role, directory(home()));
  }

  /**
   * {@code settings} unchanged when they carry a credential or point elsewhere; else, when {@code
   * role}'s file in {@code directory} names a node at the same host and port as {@code settings}'
   * only URL, the settings with that file's URL (its scheme: https on a secured node, whatever
   * scheme was asked), CA and credential.
   */
  public static ElasticsearchSettings orLocal(
      ElasticsearchSettings settings, Role role, Path directory) {
    if (settings.hasCredentials() || settings.uris().size() != 1) {
      return settings;
    }
    Optional<ElasticsearchSettings> local = read(directory, role);
    if (local.isEmpty()
        || !sameEndpoint(settings.uris().getFirst(), local.get().uris().getFirst())) {
      return settings;
    }
    ElasticsearchSettings found = local.get();
    log.info(
        "Elasticsearch at {}: using the local {} credential in {}",
        found.uris().getFirst(),
        role.id(),
        file(directory, role));
    // A CA the caller named explicitly wins over the file's.
    boolean ownTrust = settings.ca() != null || settings.caFingerprint() != null;
    return new ElasticsearchSettings(
        List.of(found.uris().getFirst()),
        settings.connectTimeout(),
        settings.responseTimeout(),
        settings.maxConnections(),
        ownTrust ? settings.ca() : found.ca(),
        ownTrust ? settings.caFingerprint() : found.caFingerprint(),
        found.apiKey(),
        found.username(),
        found.password(),
        found.bearerToken());
  }

  private static boolean sameEndpoint(URI asked, URI local) {
    return port(asked) == port(local) && hostOf(asked).equals(hostOf(local));
  }

  private static int port(URI uri) {
    return uri.getPort() >= 0
        ? uri.getPort()
        : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
  }

  // localhost and the loopback address are the same node.
  private static String hostOf(URI uri) {
    String host = Objects.requireNonNullElse(uri.getHost(), "").toLowerCase(Locale.ROOT);
    return host.equals("localhost") ? "127.0.0.1" : host;
  }

  private static void put(Properties properties, String key, String value) {
    if (value != null) {
      properties.setProperty(key, value);
    }
  }
}
