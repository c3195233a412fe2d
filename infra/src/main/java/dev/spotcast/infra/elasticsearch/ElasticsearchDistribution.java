package dev.spotcast.infra.elasticsearch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Enumeration;
import java.util.Properties;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The Elasticsearch server distribution zip from Maven Central ({@code
 * org.elasticsearch.distribution.integ-test-zip:elasticsearch}): where it is, and unpacking it
 * once.
 */
public final class ElasticsearchDistribution {

  /** System property naming the zip, set by the build for tests (and usable with the CLI). */
  public static final String ZIP_PROPERTY = "spotcast.es.distribution";

  private static final Set<PosixFilePermission> READABLE_BY_ALL =
      PosixFilePermissions.fromString("rw-r--r--");
  private static final Set<PosixFilePermission> EXECUTABLE_BY_ALL =
      PosixFilePermissions.fromString("rwxr-xr-x");

  private ElasticsearchDistribution() {}

  /** The server version this build was made with, e.g. "9.2.0". */
  public static String version() {
    Properties properties = new Properties();
    try (InputStream in =
        ElasticsearchDistribution.class.getResourceAsStream("distribution.properties")) {
      if (in == null) {
        throw new IllegalStateException(
            "distribution.properties is missing from the spotcast-infra jar");
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties.getProperty("elasticsearch.version");
  }

  /**
   * The zip named by the system property {@value #ZIP_PROPERTY}, else the one Maven put in the
   * local repository ({@code maven.repo.local} if set, else {@code ~/.m2/repository}).
   */
  public static Path defaultZip() {
    String configured = System.getProperty(ZIP_PROPERTY);
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    String localRepository =
        System.getProperty(
            "maven.repo.local",
            Path.of(System.getProperty("user.home"), ".m2", "repository").toString());
    String version = version();
    return Path.of(
        localRepository,
        "org",
        "elasticsearch",
        "distribution",
        "integ-test-zip",
        "elasticsearch",
        version,
        "elasticsearch-" + version + ".zip");
  }

  /**
   * Unpacks {@code zip} into {@code baseDir} unless already there, and returns the Elasticsearch
   * home (the zip's top directory). Safe when several JVMs race: each unpacks into its own
   * temporary directory and renames it into place atomically, and the losers throw theirs away.
   * Files are made readable by everyone, scripts in bin/ executable, because the nodes may run as
   * another user.
   */
  public static Path unpackOnce(Path zip, Path baseDir) {
    if (!Files.isRegularFile(zip)) {
      throw new IllegalStateException(
          "Elasticsearch distribution not found: "
              + zip
              + ". Build the infra module once (./mvnw -pl infra package) to download it, or set -D"
              + ZIP_PROPERTY);
    }
    try {
      FileTrees.createTraversable(baseDir);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create " + baseDir, e);
    }
    try (ZipFile archive = new ZipFile(zip.toFile())) {
      Path home = baseDir.resolve(topDirectory(archive));
      if (Files.isDirectory(home)) {
        return home;
      }
      Path staging = Files.createTempDirectory(baseDir, ".unpacking-");
      try {
        extract(archive, staging);
        moveIntoPlace(staging.resolve(home.getFileName()), home);
      } finally {
        FileTrees.delete(staging);
      }
      return home;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot unpack " + zip + " into " + baseDir, e);
    }
  }

  private static String topDirectory(ZipFile archive) {
    Enumeration<? extends ZipEntry> entries = archive.entries();
    if (!entries.hasMoreElements()) {
      throw new IllegalStateException(archive.getName() + " is empty");
    }
    String first = entries.nextElement().getName();
    return first.substring(0, first.indexOf('/') > 0 ? first.indexOf('/') : first.length());
  }

  private static void extract(ZipFile archive, Path target) throws IOException {
    Enumeration<? extends ZipEntry> entries = archive.entries();
    while (entries.hasMoreElements()) {
      ZipEntry entry = entries.nextElement();
      Path destination = target.resolve(entry.getName()).normalize();
      if (!destination.startsWith(target)) {
        throw new IOException("Zip entry escapes the target directory: " + entry.getName());
      }
      if (entry.isDirectory()) {
        FileTrees.createTraversable(destination);
        continue;
      }
      FileTrees.createTraversable(destination.getParent());
      try (InputStream in = archive.getInputStream(entry)) {
        Files.copy(in, destination);
      }
      // java.util.zip does not expose the Unix modes; only bin/ holds scripts that must be
      // executable.
      boolean script = destination.getParent().getFileName().toString().equals("bin");
      Files.setPosixFilePermissions(destination, script ? EXECUTABLE_BY_ALL : READABLE_BY_ALL);
    }
  }

  private static void moveIntoPlace(Path unpacked, Path home) throws IOException {
    try {
      Files.move(unpacked, home, StandardCopyOption.ATOMIC_MOVE);
    } catch (FileSystemException e) {
      // rename(2) onto a directory that another JVM moved there first fails ("Directory not
      // empty"); its copy is complete because it arrived by an atomic rename too.
      if (!Files.isDirectory(home)) {
        throw e;
      }
    }
  }
}
