package dev.spotcast.infra.elasticsearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

/**
 * Security of a local cluster, as Elasticsearch 8 and 9 are installed by default, with least
 * privilege on top:
 *
 * <ul>
 *   <li>TLS on HTTP and transport with a CA and a node certificate (for 127.0.0.1 and localhost)
 *       made once per base directory by the distribution's own {@code elasticsearch-certutil}, in
 *       {@code BASE/certs/};
 *   <li>three users of the file realm, one per {@link Role}: {@code spotcast-admin} (superuser),
 *       {@code spotcast-ingest} and {@code spotcast-query} with the roles {@code spotcast_ingest}
 *       and {@code spotcast_query} of {@code spotcast-roles.json}, written to every node's {@code
 *       users}, {@code users_roles} and {@code roles.yml}; their passwords are random, kept in the
 *       credential files ({@link LocalCredentials}).
 * </ul>
 *
 * <p>Files rather than the security API because the server distribution on Maven Central lacks the
 * analysis module that the security index needs: roles, users and API keys stored in the cluster
 * cannot be created there. A cluster as Elastic ships it takes the same role definitions through
 * {@code PUT /_security/role} (docs/security.md).
 */
public final class ClusterSecurity {

  /** The file-realm user of each role. */
  public static final Map<Role, String> USERS =
      Map.of(
          Role.ADMIN,
          "spotcast-admin",
          Role.INGEST,
          "spotcast-ingest",
          Role.QUERY,
          "spotcast-query",
          Role.MONITOR,
          "spotcast-monitor",
          Role.ARCHIVE,
          "spotcast-archive");

  /** The role each user has: Elasticsearch's built-in superuser, or one of spotcast-roles.json. */
  public static final Map<Role, String> ROLES =
      Map.of(
          Role.ADMIN,
          "superuser",
          Role.INGEST,
          "spotcast_ingest",
          Role.QUERY,
          "spotcast_query",
          Role.MONITOR,
          "spotcast_monitor",
          Role.ARCHIVE,
          "spotcast_archive");

  /**
   * The CA and node certificates, under the base directory and under each node's config directory.
   */
  static final String CERTS = "certs";

  static final String CA_CERT = "ca.crt";

  private static final Logger log = LoggerFactory.getLogger(ClusterSecurity.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final List<String> CERTIFICATE_FILES =
      List.of("ca.crt", "ca.key", "node.crt", "node.key");
  private static final String ROLE_DEFINITIONS = "spotcast-roles.json";
  // Elasticsearch's file realm reads bcrypt hashes ($2a$); cost 10 is its own default.
  private static final BCryptPasswordEncoder BCRYPT = new BCryptPasswordEncoder(10);

  private ClusterSecurity() {}

  /**
   * The directory with the CA and the node certificate under {@code baseDir}, made on first use
   * with elasticsearch-certutil (some 3 s). Several JVMs may race here (tests): each makes its own
   * set in a temporary directory and renames it into place atomically; the losers throw theirs
   * away. The CA key stays readable by its owner only.
   */
  static Path certificatesOnce(Path esHome, Path baseDir, Path javaHome)
      throws IOException, InterruptedException {
    Path certs = baseDir.resolve(CERTS);
    if (CERTIFICATE_FILES.stream().allMatch(name -> Files.isRegularFile(certs.resolve(name)))) {
      return certs;
    }
    Path staging = Files.createTempDirectory(baseDir, ".certs-");
    try {
      Path ca = staging.resolve("ca.zip");
      Path node = staging.resolve("node.zip");
      runTool(
          esHome,
          javaHome,
          "certutil",
          "lib/tools/security-cli",
          "ca",
          "--pem",
          "--silent",
          "--days",
          "3650",
          "--out",
          ca.toString());
      unzipFlat(ca, staging);
      runTool(
          esHome,
          javaHome,
          "certutil",
          "lib/tools/security-cli,modules/x-pack-core",
          "cert",
          "--pem",
          "--silent",
          "--days",
          "3650",
          "--name",
          "node",
          "--ip",
          NodeLayout.HOST,
          "--dns",
          "localhost",
          "--ca-cert",
          staging.resolve("ca.crt").toString(),
          "--ca-key",
          staging.resolve("ca.key").toString(),
          "--out",
          node.toString());
      unzipFlat(node, staging);
      Files.delete(ca);
      Files.delete(node);
      Files.setPosixFilePermissions(
          staging.resolve("ca.key"), PosixFilePermissions.fromString("rw-------"));
      Files.setPosixFilePermissions(
          staging.resolve("node.key"), PosixFilePermissions.fromString("rw-------"));
      Files.setPosixFilePermissions(
          staging.resolve("ca.crt"), PosixFilePermissions.fromString("rw-r--r--"));
      Files.setPosixFilePermissions(
          staging.resolve("node.crt"), PosixFilePermissions.fromString("rw-r--r--"));
      Files.setPosixFilePermissions(staging, PosixFilePermissions.fromString("rwxr-xr-x"));
      try {
        Files.move(staging, certs, StandardCopyOption.ATOMIC_MOVE);
        log.info("Made a CA and a node certificate with elasticsearch-certutil in {}", certs);
      } catch (FileSystemException e) {
        if (!Files.isDirectory(certs)) {
          throw e;
        }
      }
      return certs;
    } finally {
      FileTrees.delete(staging);
    }
  }

  /**
   * Each role's connection to {@code url} trusting {@code caCert}: the password of the role's
   * credential file in {@code credentialsDir} when there is one (a restarted cluster keeps its
   * credentials), else a new random one.
   */
  public static Map<Role, ElasticsearchSettings> credentials(
      String url, Path caCert, Path credentialsDir) {
    Map<Role, ElasticsearchSettings> credentials = new EnumMap<>(Role.class);
    for (Role role : Role.values()) {
      String password =
          LocalCredentials.read(credentialsDir, role)
              .filter(file -> USERS.get(role).equals(file.username()))
              .map(ElasticsearchSettings::password)
              .orElseGet(ClusterSecurity::randomSecret);
      credentials.put(
          role,
          ElasticsearchSettings.of(url).withCa(caCert).withBasicAuth(USERS.get(role), password));
    }
    return credentials;
  }

  /**
   * The file realm and file roles for {@code credentials}, by file name in a node's config
   * directory: {@code users} (name and bcrypt hash), {@code users_roles} and {@code roles.yml}
   * (JSON, which YAML reads as it is).
   */
  public static Map<String, String> securityFiles(Map<Role, ElasticsearchSettings> credentials) {
    StringBuilder users = new StringBuilder();
    StringBuilder usersRoles = new StringBuilder();
    for (Map.Entry<Role, ElasticsearchSettings> entry : credentials.entrySet()) {
      String user = entry.getValue().username();
      users
          .append(user)
          .append(':')
          .append(BCRYPT.encode(entry.getValue().password()))
          .append('\n');
      usersRoles.append(ROLES.get(entry.getKey())).append(':').append(user).append('\n');
    }
    Map<String, String> files = new LinkedHashMap<>();
    files.put("users", users.toString());
    files.put("users_roles", usersRoles.toString());
    files.put("roles.yml", rolesYml());
    return files;
  }

  /**
   * Copies the CA and node certificate (not the CA key) into the node's {@code config/certs}, and
   * writes the security files there; the node's key and the password hashes readable by their owner
   * only.
   */
  static void installFiles(Path certs, Map<String, String> securityFiles, Path configDir)
      throws IOException {
    Path target = configDir.resolve(CERTS);
    Files.createDirectories(target);
    for (String name : List.of("ca.crt", "node.key")) {
      Files.copy(certs.resolve(name), target.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }
    // The node presents its certificate followed by the CA's, as an installation of Elastic's does:
    // a client that
    // knows the CA by its fingerprint only finds it in that chain.
    Files.writeString(
        target.resolve("node.crt"),
        Files.readString(certs.resolve("node.crt")).strip()
            + "\n"
            + Files.readString(certs.resolve("ca.crt")).strip()
            + "\n");
    Files.setPosixFilePermissions(
        target.resolve("node.key"), PosixFilePermissions.fromString("rw-------"));
    for (Map.Entry<String, String> file : securityFiles.entrySet()) {
      Path path = configDir.resolve(file.getKey());
      Files.writeString(path, file.getValue());
      Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-------"));
    }
  }

  /**
   * The elasticsearch.yml settings of a secured node; certificate paths are relative to its config
   * directory.
   */
  static Map<String, Object> nodeSettings() {
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("xpack.security.enabled", true);
    for (String layer : List.of("http", "transport")) {
      String prefix = "xpack.security." + layer + ".ssl.";
      settings.put(prefix + "enabled", true);
      settings.put(prefix + "key", CERTS + "/node.key");
      settings.put(prefix + "certificate", CERTS + "/node.crt");
      settings.put(prefix + "certificate_authorities", List.of(CERTS + "/" + CA_CERT));
    }
    // Nodes check each other's certificate and address (the certificate names 127.0.0.1 and
    // localhost).
    settings.put("xpack.security.transport.ssl.verification_mode", "full");
    return settings;
  }

  /** Writes every role's credential file into {@code credentialsDir}. */
  public static void writeCredentials(
      Map<Role, ElasticsearchSettings> credentials, Path credentialsDir) {
    credentials.forEach((role, settings) -> LocalCredentials.write(credentialsDir, role, settings));
    log.info("Credentials of {} in {}", credentials.keySet(), credentialsDir);
  }

  /** The role definitions of spotcast-roles.json by role name, as the security API takes them. */
  public static Map<String, JsonNode> roleDefinitions() {
    try (InputStream in = ClusterSecurity.class.getResourceAsStream(ROLE_DEFINITIONS)) {
      if (in == null) {
        throw new IllegalStateException(
            ROLE_DEFINITIONS + " is missing from the spotcast-infra jar");
      }
      Map<String, JsonNode> roles = new LinkedHashMap<>();
      JSON.readTree(in).properties().forEach(role -> roles.put(role.getKey(), role.getValue()));
      return roles;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * roles.yml: one line per role, its name then its definition as JSON (a YAML flow mapping).
   * Elasticsearch cuts the file into roles at the lines that start with a name, so each definition
   * stays on its role's line.
   */
  static String rolesYml() {
    StringBuilder yml = new StringBuilder();
    roleDefinitions()
        .forEach(
            (name, definition) -> yml.append(name).append(": ").append(definition).append('\n'));
    return yml.toString();
  }

  private static String randomSecret() {
    byte[] bytes = new byte[24];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /**
   * Runs one of the distribution's command-line tools the way its bin/ scripts do
   * (bin/elasticsearch-cli with the tool's name and libraries): the integ-test distribution ships
   * the tools but not their scripts.
   */
  private static void runTool(
      Path esHome, Path javaHome, String name, String libs, String... arguments)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(esHome.resolve("bin").resolve("elasticsearch-cli").toString());
    command.addAll(List.of(arguments));
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    Map<String, String> environment = builder.environment();
    Stream.of(
            "JAVA_HOME",
            "JAVA_TOOL_OPTIONS",
            "_JAVA_OPTIONS",
            "JAVA_OPTS",
            "ES_JAVA_OPTS",
            "CLI_JAVA_OPTS")
        .forEach(environment::remove);
    environment.put("ES_JAVA_HOME", javaHome.toString());
    environment.put("CLI_NAME", name);
    environment.put("CLI_LIBS", libs);
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int exit = process.waitFor();
    if (exit != 0) {
      throw new IllegalStateException(
          "elasticsearch-"
              + name
              + " "
              + arguments[0]
              + " failed with exit code "
              + exit
              + ": "
              + output.strip());
    }
  }

  /**
   * Extracts the files of a certutil zip (ca/ca.crt, node/node.key...) into {@code target}, without
   * folders.
   */
  private static void unzipFlat(Path zip, Path target) throws IOException {
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
      for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
        if (!entry.isDirectory()) {
          Path name = Path.of(entry.getName()).getFileName();
          Files.copy(in, target.resolve(name.toString()), StandardCopyOption.REPLACE_EXISTING);
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
