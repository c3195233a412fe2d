package dev.spotcast.ingest.job;

import dev.spotcast.ingestor.source.file.FileInputs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The folders file jobs may read, and the check that keeps them there. A job's path is first
 * normalised ({@code ..} removed) and must lie inside a root as written, before anything on disk is
 * looked at, so a refusal says the same whether the path exists or not; then the path, and every
 * file its folder or glob expands to, must lie inside a root once symbolic links are resolved. A
 * relative path is taken relative to the first root. Refusals echo the caller's own argument, never
 * what is on disk outside the roots.
 */
public final class DataRoots {

  private final List<Root> roots;
  private final int maxFiles;

  /** A root as configured (normalised) and as it really is (links resolved). */
  private record Root(Path written, Path real) {
    boolean holds(Path path) {
      return path.startsWith(written) || path.startsWith(real);
    }
  }

  /**
   * @param roots the folders; each must exist
   * @param maxFiles most files one job may name
   * @throws IllegalArgumentException naming a root that is not a folder
   */
  public DataRoots(List<Path> roots, int maxFiles) {
    List<Root> resolved = new ArrayList<>();
    for (Path root : roots) {
      Path written = root.toAbsolutePath().normalize();
      try {
        resolved.add(new Root(written, written.toRealPath()));
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "data root " + root + " is not a readable folder: " + e, e);
      }
      if (!Files.isDirectory(resolved.getLast().real())) {
        throw new IllegalArgumentException("data root " + root + " is not a folder");
      }
    }
    this.roots = List.copyOf(resolved);
    this.maxFiles = maxFiles;
  }

  /** The roots as configured. */
  public List<Path> roots() {
    return roots.stream().map(Root::written).toList();
  }

  /**
   * The files behind a job's paths (files, folders or globs, as {@link FileInputs} expands them),
   * each inside a root with links resolved.
   *
   * @throws InvalidJobException naming the argument that is outside the roots, matches nothing or
   *     cannot be listed
   */
  public List<Path> expand(List<String> arguments) {
    if (roots.isEmpty()) {
      throw new InvalidJobException(
          "file jobs are turned off here: no data root is configured (spotcast.files.roots)");
    }
    // Sorted and without duplicates across the arguments, as FileInputs gives them: a stable load
    // order.
    Set<Path> files = new TreeSet<>();
    for (String argument : arguments) {
      String absolute = confine(argument);
      List<Path> matched;
      try {
        matched = FileInputs.expand(List.of(absolute));
      } catch (IllegalArgumentException e) {
        throw new InvalidJobException(
            argument + ": no such file, or no file in it / matching it", e);
      } catch (IOException | UncheckedIOException e) {
        throw new InvalidJobException(argument + ": cannot be listed", e);
      }
      for (Path file : matched) {
        if (!inside(real(file))) {
          throw new InvalidJobException(argument + ": " + file + " leads outside the data roots");
        }
        files.add(file);
        if (files.size() > maxFiles) {
          throw new InvalidJobException(
              "the paths name more than " + maxFiles + " files (spotcast.files.max-files)");
        }
      }
    }
    return new ArrayList<>(files);
  }

  /**
   * A file name of a run folder's manifest, which must stay in that folder: relative, without
   * {@code ..} leading out, and not a link to elsewhere.
   *
   * @return the file (or glob) resolved against the folder
   * @throws InvalidJobException saying why the name is refused
   */
  public static Path withinFolder(Path folder, String name) {
    Path relative = parse(name);
    if (relative.isAbsolute()) {
      throw new InvalidJobException(name + ": names in a manifest are relative to the run folder");
    }
    Path base = folder.toAbsolutePath().normalize();
    Path file = base.resolve(relative).normalize();
    if (!file.startsWith(base) || file.equals(base)) {
      throw new InvalidJobException(name + ": leads outside the run folder");
    }
    try {
      Path existing = deepestExisting(file);
      if (!existing.toRealPath().startsWith(base.toRealPath())) {
        throw new InvalidJobException(name + ": leads outside the run folder");
      }
    } catch (IOException e) {
      throw new InvalidJobException(name + ": cannot be read", e);
    }
    return file;
  }

  /**
   * The argument as an absolute path (or glob) inside a root, or a refusal that reveals nothing of
   * the disk.
   */
  private String confine(String argument) {
    if (argument == null || argument.isBlank()) {
      throw new InvalidJobException("files.paths holds an empty path");
    }
    int wildcard = firstWildcard(argument);
    String fixed =
        wildcard < 0 ? argument : argument.substring(0, argument.lastIndexOf('/', wildcard) + 1);
    String pattern = wildcard < 0 ? "" : argument.substring(fixed.length());
    if (List.of(pattern.split("/")).contains("..")) {
      throw new InvalidJobException(argument + ": a glob may not lead out of its folder with '..'");
    }
    Path base = parse(fixed.isEmpty() ? "." : fixed);
    Path absolute =
        (base.isAbsolute() ? base : roots.getFirst().written().resolve(base)).normalize();
    if (roots.stream().noneMatch(root -> root.holds(absolute))) {
      throw new InvalidJobException(argument + ": outside the data roots");
    }
    try {
      if (!inside(deepestExisting(absolute).toRealPath())) {
        throw new InvalidJobException(argument + ": outside the data roots");
      }
    } catch (IOException e) {
      throw new InvalidJobException(argument + ": cannot be read", e);
    }
    return pattern.isEmpty() ? absolute.toString() : absolute + "/" + pattern;
  }

  private boolean inside(Path real) {
    return roots.stream().anyMatch(root -> real.startsWith(root.real()));
  }

  private static Path real(Path file) {
    try {
      return file.toRealPath();
    } catch (IOException e) {
      throw new InvalidJobException(file + ": cannot be read", e);
    }
  }

  /** The path itself if it exists, else its nearest existing parent (what a link may redirect). */
  private static Path deepestExisting(Path path) {
    Path existing = path;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    return existing == null ? path.getRoot() : existing;
  }

  private static Path parse(String name) {
    try {
      return Path.of(name);
    } catch (InvalidPathException e) {
      throw new InvalidJobException(name + ": not a valid path", e);
    }
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
