package dev.spotcast.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A module's JVM options, kept in one file, {@code MODULE/jvm.options}, beside the {@code target}
 * directory that holds its executable jar: the launcher, the local fleet, the benchmarks and the
 * container image all hand it to {@code java} as an argument file ({@code @FILE}), so a service
 * runs with the same collector whoever starts it.
 */
public final class JvmOptionsFile {

  private JvmOptionsFile() {}

  /**
   * The arguments that load the options of the module an executable jar was built by ({@code
   * MODULE/target/NAME.jar}): {@code @MODULE/jvm.options}, or none when the module has no such file
   * (or the jar is not in a module's target directory), or when the other options given choose a
   * garbage collector themselves (the JVM refuses two).
   */
  public static List<String> argumentsFor(Path executableJar, List<String> otherOptions) {
    if (otherOptions.stream().anyMatch(JvmOptionsFile::choosesCollector)) {
      return List.of();
    }
    Path target = executableJar.toAbsolutePath().getParent();
    Path module = target == null ? null : target.getParent();
    if (module == null) {
      return List.of();
    }
    Path file = module.resolve("jvm.options");
    return Files.isRegularFile(file) ? List.of("@" + file) : List.of();
  }

  /**
   * Whether a JVM option selects a garbage collector ({@code -XX:+UseG1GC}, {@code
   * -XX:+UseZGC}...).
   */
  static boolean choosesCollector(String option) {
    return option.startsWith("-XX:+Use") && option.endsWith("GC");
  }
}
