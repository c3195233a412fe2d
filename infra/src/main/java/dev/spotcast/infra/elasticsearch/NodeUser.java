package dev.spotcast.infra.elasticsearch;

import com.sun.security.auth.module.UnixSystem;
import dev.spotcast.infra.process.Programs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;

/**
 * The user the Elasticsearch processes run as. Elasticsearch refuses to run as root, so a root
 * process starts them as nobody (uid/gid 65534) through {@code setpriv} and hands their directories
 * to that user; anyone else starts them as itself.
 */
record NodeUser(int uid, int gid, List<String> commandPrefix) {

  static final int NOBODY = 65534;

  /** The user for nodes started by this process. */
  static NodeUser forThisProcess() {
    if (new UnixSystem().getUid() != 0) {
      return new NodeUser(-1, -1, List.of());
    }
    Path setpriv =
        Programs.onPath("setpriv")
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "Elasticsearch refuses to run as root, and setpriv (util-linux) to start it as nobody is not on the PATH"));
    return new NodeUser(
        NOBODY,
        NOBODY,
        List.of(setpriv.toString(), "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups"));
  }

  boolean switchesUser() {
    return !commandPrefix.isEmpty();
  }

  /**
   * Makes {@code nodeDir} and what is in it the node user's, except the contents of data/, which it
   * wrote itself.
   */
  void takeOwnership(Path nodeDir, Path dataDir) throws IOException {
    if (switchesUser()) {
      FileTrees.changeOwner(nodeDir, uid, gid, dataDir::equals);
    }
  }

  /** Fails unless the node user can traverse every directory from the root down to {@code dir}. */
  void requireTraversable(Path dir) {
    if (!switchesUser()) {
      return;
    }
    for (Path each = dir.toAbsolutePath(); each != null; each = each.getParent()) {
      try {
        PosixFileAttributes attributes = Files.readAttributes(each, PosixFileAttributes.class);
        if (!attributes.permissions().contains(PosixFilePermission.OTHERS_EXECUTE)) {
          throw new IllegalStateException(
              "Elasticsearch runs as uid "
                  + uid
                  + " (this process is root) and cannot"
                  + " enter "
                  + each
                  + " on the way to "
                  + dir
                  + "; use a base directory under /tmp or /var/tmp");
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  @Override
  public String toString() {
    return switchesUser() ? "uid " + uid : "the current user";
  }
}
