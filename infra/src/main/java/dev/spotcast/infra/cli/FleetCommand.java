package dev.spotcast.infra.cli;

import dev.spotcast.infra.elasticsearch.ElasticsearchDistribution;
import dev.spotcast.infra.fleet.FleetLayout;
import dev.spotcast.infra.fleet.LocalFleet;
import dev.spotcast.infra.fleet.LocalFleet.PartStatus;
import dev.spotcast.infra.process.LoaderPriority;
import dev.spotcast.infra.process.Programs;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fleet up|status|down}: the whole Spotcast fleet as local processes (docs/operations.md,
 * "Local fleet").
 */
@Command(
    name = "fleet",
    mixinStandardHelpOptions = true,
    description =
        "Run the whole fleet on this machine: three Elasticsearch nodes, Kafka, two ingestion and two "
            + "query services behind HAProxy, Prometheus.",
    subcommands = {FleetCommand.Up.class, FleetCommand.Status.class, FleetCommand.Down.class})
public final class FleetCommand {

  /** What every fleet command shares: which fleet (its home and base port). */
  abstract static class FleetOptions implements Callable<Integer> {

    @Option(
        names = "--home",
        paramLabel = "DIR",
        description =
            "The fleet's own home: nodes, broker, logs, keys (default: $SPOTCAST_HOME/fleet).")
    private Path home;

    @Option(
        names = "--base-port",
        defaultValue = "" + FleetLayout.DEFAULT_BASE_PORT,
        paramLabel = "PORT",
        description =
            "Ports are counted from it: PORT+80 queries, PORT+81 ingestion, PORT+90 Prometheus "
                + "(default: ${DEFAULT-VALUE}).")
    private int basePort;

    @Spec CommandSpec spec;

    FleetLayout layout() {
      Path chosen = home;
      if (chosen == null) {
        String fromEnvironment = System.getenv("SPOTCAST_HOME");
        chosen =
            (fromEnvironment != null && !fromEnvironment.isBlank()
                    ? Path.of(fromEnvironment)
                    : HomeOption.DEFAULT)
                .resolve("fleet");
      }
      return FleetLayout.standard(chosen, basePort);
    }

    PrintWriter out() {
      return spec.commandLine().getOut();
    }

    void printStatus(List<PartStatus> parts) {
      for (PartStatus part : parts) {
        out()
            .printf(
                "  %-16s %-8s %-58s %s%n",
                part.name(),
                part.pid().map(pid -> "pid " + pid).orElse("-"),
                part.url(),
                part.state());
      }
    }
  }

  @Command(
      name = "up",
      mixinStandardHelpOptions = true,
      description =
          "Start every part of the fleet that does not run yet, then load the demo run through the "
              + "ingestion API (unless --no-demo).")
  static final class Up extends FleetOptions {

    @Option(names = "--query-service-jar", required = true, paramLabel = "JAR")
    private Path queryServiceJar;

    @Option(names = "--ingest-service-jar", required = true, paramLabel = "JAR")
    private Path ingestServiceJar;

    @Option(
        names = "--es-heap",
        defaultValue = "1g",
        description = "Heap of each node (default: ${DEFAULT-VALUE}).")
    private String elasticsearchHeap;

    @Option(
        names = "--service-heap",
        defaultValue = "512m",
        description = "Heap of each service instance (default: ${DEFAULT-VALUE}).")
    private String serviceHeap;

    @Option(
        names = "--loader-nice",
        defaultValue = "${env:SPOTCAST_LOADER_NICE:-10}",
        paramLabel = "N",
        description =
            "Nice value of the ingestion instances and their sessions, 0-19: they load with the CPU "
                + "the query services and the nodes leave (default: ${DEFAULT-VALUE}, from "
                + "SPOTCAST_LOADER_NICE; 0: beside them).")
    private int loaderNice;

    @Option(
        names = "--haproxy",
        paramLabel = "PROGRAM",
        description = "HAProxy (default: haproxy on the PATH).")
    private Path haproxy;

    @Option(
        names = "--prometheus",
        paramLabel = "PROGRAM",
        description = "Prometheus (default: prometheus on the PATH).")
    private Path prometheus;

    @Option(
        names = "--elasticsearch-exporter",
        paramLabel = "PROGRAM",
        description =
            "The Elasticsearch metrics exporter (default: prometheus-elasticsearch-exporter on the PATH).")
    private Path elasticsearchExporter;

    @Option(
        names = "--distribution",
        paramLabel = "ZIP",
        description =
            "The Elasticsearch distribution zip (default: the one in the local Maven repository).")
    private Path distribution;

    @Option(names = "--no-demo", description = "Do not load the demo run.")
    private boolean noDemo;

    @Option(
        names = "--demo-resolution",
        defaultValue = "1",
        paramLabel = "DEGREES",
        description = "Grid spacing of the demo run (default: ${DEFAULT-VALUE}: 6.5 M documents).")
    private double demoResolution;

    @Override
    public Integer call() throws Exception {
      LoaderPriority.checked(loaderNice);
      FleetLayout layout = layout();
      Map<String, String> environment = new LinkedHashMap<>();
      String eccodes = System.getenv("SPOTCAST_ECCODES_HOME");
      if (eccodes != null && !eccodes.isBlank()) {
        environment.put("SPOTCAST_ECCODES_HOME", eccodes);
      }
      LocalFleet fleet =
          new LocalFleet(
              new LocalFleet.Config(
                  layout,
                  distribution != null ? distribution : ElasticsearchDistribution.defaultZip(),
                  queryServiceJar.toAbsolutePath(),
                  ingestServiceJar.toAbsolutePath(),
                  Path.of(System.getProperty("java.home"), "bin", "java"),
                  elasticsearchHeap,
                  serviceHeap,
                  program(haproxy, "haproxy"),
                  program(prometheus, "prometheus"),
                  program(elasticsearchExporter, "prometheus-elasticsearch-exporter"),
                  environment,
                  loaderNice));
      fleet.up(out());
      if (!noDemo) {
        fleet.loadDemo(demoResolution, out());
      }
      out().println();
      printStatus(fleet.status());
      out()
          .printf(
              "%nQueries:   %s/v1/spot?model=demo&lat=48.14&lon=11.58&alt=520&time=...   (OpenAPI at "
                  + "%s/swagger-ui.html)%nIngestion: %s/v1/ingestions with 'Authorization: ApiKey $(cat %s)'%n"
                  + "Metrics:   %s (Prometheus), http://127.0.0.1:%d/ (HAProxy)%nStop it with: fleet down%s%n",
              layout.queryUrl(),
              layout.queryUrl(),
              layout.ingestUrl(),
              layout.operatorKeyFile(),
              layout.prometheusUrl(),
              layout.balancerStatsPort(),
              layout.basePort() == FleetLayout.DEFAULT_BASE_PORT
                  ? ""
                  : " --base-port " + layout.basePort());
      return 0;
    }

    private static Path program(Path given, String name) {
      if (given != null) {
        return given;
      }
      return Programs.installed(name)
          .orElseThrow(
              () ->
                  new IllegalStateException(
                      name
                          + " is not installed: install the system package "
                          + name
                          + " (./spotcast fleet up does it as root)"));
    }
  }

  @Command(
      name = "status",
      mixinStandardHelpOptions = true,
      description =
          "Each part of the fleet, its pid, URL and answer. Exit code 1 if a part does not run.")
  static final class Status extends FleetOptions {
    @Override
    public Integer call() {
      List<PartStatus> parts = new LocalFleet(layout()).status();
      out().printf("Fleet in %s:%n", layout().home());
      printStatus(parts);
      return parts.stream().allMatch(part -> part.pid().isPresent()) ? 0 : 1;
    }
  }

  @Command(
      name = "down",
      mixinStandardHelpOptions = true,
      description = "Stop what 'fleet up' started, and only that.")
  static final class Down extends FleetOptions {
    @Override
    public Integer call() {
      List<String> stopped = new LocalFleet(layout()).down();
      out()
          .println(
              stopped.isEmpty()
                  ? "No part of the fleet in " + layout().home() + " runs"
                  : "Stopped: " + String.join(", ", stopped));
      return 0;
    }
  }
}
