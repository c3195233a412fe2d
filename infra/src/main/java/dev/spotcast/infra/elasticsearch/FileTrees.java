package dev.spotcast.infra.elasticsearch;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** Walks over directory trees to delete them or hand them to another owner. */
final class FileTrees {

  private FileTrees() {}

  private static final Set<PosixFilePermission> TRAVERSABLE =
      PosixFilePermissions.fromString("rwxr-xr-x");

  /**
   * Creates {@code dir} and its missing parents as rwxr-xr-x whatever the umask, because the nodes
   * may run as another user that has to traverse them.
   */
  static void createTraversable(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      return;
    }
    createTraversable(dir.toAbsolutePath().getParent());
    try {
      Files.createDirectory(dir);
      Files.setPosixFilePermissions(dir, TRAVERSABLE);
    } catch (FileAlreadyExistsException e) {
      // Created meanwhile by another JVM starting its own cluster under the same base directory.
    }
  }

  /**
   * Deletes {@code root} and everything below it; does nothing if it does not exist. Never follows
   * links.
   */
  static void delete(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  /**
   * Sets the numeric owner and group of {@code root} and of everything below it, except below the
   * directories that {@code keepContents} accepts (those themselves are changed). Never follows
   * links.
   */
  static void changeOwner(Path root, int uid, int gid, Predicate<Path> keepContents)
      throws IOException {
    Files.walkFileTree(
        root,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes)
              throws IOException {
            changeOwner(dir, uid, gid);
            return keepContents.test(dir) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attributes)
              throws IOException {
            changeOwner(file, uid, gid);
            return FileVisitResult.CONTINUE;
          }
        });
  }

  private static void changeOwner(Path path, int uid, int gid) throws IOException {
    Files.setAttribute(path, "unix:uid", uid, LinkOption.NOFOLLOW_LINKS);
    Files.setAttribute(path, "unix:gid", gid, LinkOption.NOFOLLOW_LINKS);
  }
}
