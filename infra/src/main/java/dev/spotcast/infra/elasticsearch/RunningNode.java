package dev.spotcast.infra.elasticsearch;

import java.nio.file.Path;
import java.util.List;

/**
 * A node found running from a base directory: its directory, HTTP URL and operating-system process
 * ids.
 */
public record RunningNode(Path dir, String url, List<Long> pids) {

  public String name() {
    return dir.getFileName().toString();
  }
}
