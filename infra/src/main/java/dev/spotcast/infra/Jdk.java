package dev.spotcast.infra;

import java.nio.file.Path;

/**
 * An installed JDK: its home directory and its feature version (the 21 of 21.0.8).
 */
public record Jdk(Path home, int featureVersion) {

  /** The {@code java} launcher of this JDK. */
  public Path java() {
    return home.resolve("bin").resolve("java");
  }

  @Override
  public String toString() {
    return home + " (Java " + featureVersion + ")";
  }
}
