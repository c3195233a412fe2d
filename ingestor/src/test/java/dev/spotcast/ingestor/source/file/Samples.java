package dev.spotcast.ingestor.source.file;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the real sample files are: system property spotcast.samples (set by the pom), else
 * ../samples.
 */
final class Samples {

  private Samples() {}

  static Path dir() {
    String configured = System.getProperty("spotcast.samples");
    Path dir =
        configured != null && !configured.isBlank()
            ? Path.of(configured)
            : Path.of("..", "samples");
    if (!Files.isDirectory(dir)) {
      throw new IllegalStateException("sample directory not found: " + dir.toAbsolutePath());
    }
    return dir;
  }

  static Path file(String name) {
    return dir().resolve(name);
  }
}
