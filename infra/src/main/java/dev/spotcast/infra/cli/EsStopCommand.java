package dev.spotcast.infra.cli;

import dev.spotcast.infra.elasticsearch.LocalElasticsearch;
import dev.spotcast.infra.elasticsearch.RunningNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code es stop}: stops exactly the node processes recorded under the home directory. */
@Command(name = "stop", mixinStandardHelpOptions = true,
    description = "Stop the local Elasticsearch nodes started from the home directory; other processes are left alone.")
final class EsStopCommand implements Callable<Integer> {

  @Mixin
  private HomeOption home;

  @Spec
  private CommandSpec spec;

  @Override
  public Integer call() {
    List<RunningNode> stopped = LocalElasticsearch.stopRunning(home.home());
    PrintWriter out = spec.commandLine().getOut();
    if (stopped.isEmpty()) {
      out.printf("No Elasticsearch node runs from %s%n", home.home());
    }
    for (RunningNode node : stopped) {
      out.printf("Stopped %s at %s (pids %s)%n", node.name(), node.url(), node.pids());
    }
    return 0;
  }
}
