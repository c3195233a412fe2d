package dev.spotcast.infra.cli;

import dev.spotcast.elasticsearch.LocalCredentials;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The {@code --home} option shared by the es commands: where the distribution and the node
 * directories live.
 */
final class HomeOption {

  // Not under /root or a home directory: when run as root the nodes run as nobody, who must
  // traverse it.
  static final Path DEFAULT = LocalCredentials.DEFAULT_HOME;

  @Option(
      names = "--home",
      paramLabel = "DIR",
      description =
          "Where the distribution is unpacked and the nodes live (default: $SPOTCAST_HOME, else "
              + "/var/tmp/spotcast).")
  private Path home;

  Path home() {
    if (home != null) {
      return home;
    }
    String fromEnvironment = System.getenv("SPOTCAST_HOME");
    return fromEnvironment != null && !fromEnvironment.isBlank()
        ? Path.of(fromEnvironment)
        : DEFAULT;
  }
}
