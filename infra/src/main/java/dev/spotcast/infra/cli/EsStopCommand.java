package dev.spotcast.infra.cli;

import dev.spotcast.infra.elasticsearch.LocalElasticsearch;
import dev.spotcast.infra.elasticsearch.RunningNode;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code es stop}: stops exactly the node processes recorded under the home directory. */
@Command(
    name = "stop",
    mixinStandardHelpOptions = true,
    description =
        "Stop the local Elasticsearch nodes started from the home directory; other processes are left alone.")
final class EsStopCommand extends HomeCommand {

  @Override
  public Integer call() {
    List<RunningNode> stopped = LocalElasticsearch.stopRunning(home());
    if (stopped.isEmpty()) {
      nothingToStop("Elasticsearch node");
    }
    for (RunningNode node : stopped) {
      out().printf("Stopped %s at %s (pids %s)%n", node.name(), node.url(), node.pids());
    }
    return 0;
  }
}
