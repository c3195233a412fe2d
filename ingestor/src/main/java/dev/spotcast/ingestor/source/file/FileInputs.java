package dev.spotcast.ingestor.source.file;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The files behind command-line arguments: a file is itself, a folder is every regular file under
 * it (hidden ones excepted), and an argument with {@code * ? [ {} is a glob matched under the folder
 * part before its first wildcard. Sorted and without duplicates, so runs load in a stable order.
 */
public final class FileInputs {

  private FileInputs() {}

  /**
   * @throws IllegalArgumentException naming the argument that matches nothing
   */
  public static List<Path> expand(List<String> arguments) throws IOException {
    TreeSet<Path> files = new TreeSet<>();
    for (String argument : arguments) {
      List<Path> matched = expandOne(argument);
      if (matched.isEmpty()) {
        throw new IllegalArgumentException(
            argument + ": no such file, or no file in it / matching it");
      }
      files.addAll(matched);
    }
    return new ArrayList<>(files);
  }

  private static List<Path> expandOne(String argument) throws IOException {
    if (!isGlob(argument)) {
      Path path = Path.of(argument).toAbsolutePath().normalize();
      if (Files.isDirectory(path)) {
        return walk(path, p -> true);
      }
      return Files.isRegularFile(path) ? List.of(path) : List.of();
    }
    // The folder part before the first wildcard is walked; the whole argument is the pattern.
    int wildcard = firstWildcard(argument);
    int slash = argument.lastIndexOf('/', wildcard);
    Path base =
        Path.of(slash < 0 ? "." : (slash == 0 ? "/" : argument.substring(0, slash)))
            .toAbsolutePath()
            .normalize();
    String pattern = base.toString().replace("\\", "\\\\") + "/" + argument.substring(slash + 1);
    PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
    if (!Files.isDirectory(base)) {
      return List.of();
    }
    return walk(base, matcher::matches);
  }

  private static List<Path> walk(Path folder, Predicate<Path> accept) throws IOException {
    try (Stream<Path> paths = Files.walk(folder)) {
      return paths
          .filter(Files::isRegularFile)
          .filter(p -> !p.getFileName().toString().startsWith("."))
          .filter(accept)
          .sorted()
          .toList();
    }
  }

  private static boolean isGlob(String argument) {
    return firstWildcard(argument) >= 0;
  }

  private static int firstWildcard(String argument) {
    for (int i = 0; i < argument.length(); i++) {
      if ("*?[{".indexOf(argument.charAt(i)) >= 0) {
        return i;
      }
    }
    return -1;
  }
}
