package dev.spotcast.infra.fleet;

import dev.spotcast.infra.fleet.FleetLayout.Instance;
import dev.spotcast.infra.fleet.LocalMapping.Part;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The configuration a local fleet writes for its load balancer (HAProxy) and Prometheus, made from
 * {@code docker/haproxy/haproxy.cfg} and {@code docker/prometheus/prometheus.yml}: the same
 * choices, every address and path made local by {@link LocalMapping}. Two things only the local
 * fleet has: a balancer in front of the ingestion services too (Compose publishes each on a port of
 * its own), and a shorter scrape interval.
 */
final class FleetConfigFiles {

  /** Prometheus' scrape interval here: a local fleet is watched while a fault is tried. */
  static final String LOCAL_SCRAPE_INTERVAL = "5s";

  private static final Pattern BIND =
      Pattern.compile("^(\\s*bind\\s+)(?:\\*|0\\.0\\.0\\.0|\\[::])?:(\\d+)(.*)$");
  private static final Pattern SERVER =
      Pattern.compile("^(\\s*)server\\s+(\\S+)\\s+([^\\s:]+):(\\d+)(.*)$");

  private FleetConfigFiles() {}

  /**
   * What the ingestion backend does unlike the query backend's defaults: a job's submission is a
   * POST that creates a job, so it is sent again to the other instance only when it never reached
   * one (the connection failed), never after a response timeout or an empty response, when the
   * first instance may have created the job (a second would be refused as a conflict, 409, and the
   * client would not learn of the first); and an instance has two minutes to answer it (it opens
   * the run's files and plans its chunks), not the queries' 15 s.
   */
  static final String INGEST_REQUESTS =
      "  # A job's submission creates a job: sent again only when it never reached an instance.\n"
          + "  retry-on conn-failure\n"
          + "  timeout server 2m\n";

  /**
   * HAProxy as Compose's, on loopback: each {@code bind :PORT} on the local port of the balancer's
   * {@code PORT}, each server at its instance's local address. Then the ingestion balancer, only
   * here: a frontend on {@link FleetLayout#ingestBalancerPort} and a backend balanced and checked
   * as the query services' backend is, with the ingestion instances as its servers, retrying and
   * waiting as a job's submission needs ({@link #INGEST_REQUESTS}).
   */
  static String haproxy(LocalMapping mapping) {
    String balancer = mapping.service(Part.BALANCER);
    FleetLayout layout = mapping.layout();
    StringBuilder out =
        new StringBuilder(
            "# Written by `spotcast fleet up` ("
                + layout.balancerConfig()
                + ") from"
                + " docker/haproxy/haproxy.cfg on loopback addresses; rewritten at every start.\n");
    List<String> queryBackend = new ArrayList<>();
    String serverOptions = null;
    List<String> section = new ArrayList<>();
    for (String line : mapping.compose().haproxyConfig().lines().toList()) {
      if (!line.isBlank() && !Character.isWhitespace(line.charAt(0)) && !line.startsWith("#")) {
        section.clear();
      }
      section.add(line);
      Matcher bind = BIND.matcher(line);
      Matcher server = SERVER.matcher(line);
      if (bind.matches()) {
        out.append(bind.group(1))
            .append(mapping.address(balancer, Integer.parseInt(bind.group(2))))
            .append(bind.group(3))
            .append('\n');
        continue;
      }
      if (server.matches()) {
        if (mapping.isInstance(server.group(3), Part.QUERY) && serverOptions == null) {
          // The query services' backend, as far as its first server: the model of the ingestion
          // backend.
          queryBackend.addAll(section.subList(0, section.size() - 1));
          serverOptions = server.group(5);
        }
        // A server must be a service of the composition: its address here, or refused.
        out.append(server.group(1))
            .append("server ")
            .append(server.group(2))
            .append(' ')
            .append(mapping.address(server.group(3), Integer.parseInt(server.group(4))))
            .append(server.group(5))
            .append('\n');
        continue;
      }
      out.append(mapping.localize(balancer, line)).append('\n');
    }
    if (serverOptions == null) {
      throw new IllegalStateException(
          "docker/haproxy/haproxy.cfg has no backend with the query services as servers");
    }
    out.append(
            "\n# Only here: the ingestion services behind one address, balanced and checked as the query services"
                + " are.\nfrontend ingest-api\n  bind ")
        .append(LocalMapping.loopback(layout.ingestBalancerPort()))
        .append("\n  default_backend ingest\n\nbackend ingest\n");
    queryBackend.stream()
        .skip(1)
        .filter(line -> !line.isBlank())
        .forEach(line -> out.append(line).append('\n'));
    out.append(INGEST_REQUESTS);
    for (Instance instance : layout.ingestInstances()) {
      out.append("  server ")
          .append(instance.name())
          .append(' ')
          .append(LocalMapping.loopback(instance.port()))
          .append(serverOptions)
          .append('\n');
    }
    return out.toString();
  }

  /**
   * Prometheus as Compose's: its jobs and targets, every target and file made local (the ingestion
   * services scraped with the local read-only key), every {@link #LOCAL_SCRAPE_INTERVAL}. Every
   * target must be a service of the composition.
   */
  @SuppressWarnings("unchecked")
  static String prometheus(LocalMapping mapping) {
    String prometheus = mapping.service(Part.PROMETHEUS);
    Map<String, Object> compose = ComposeFleet.yaml(mapping.compose().prometheusConfig());
    for (Object job : (List<Object>) compose.getOrDefault("scrape_configs", List.of())) {
      for (Object targets :
          (List<Object>) ((Map<String, Object>) job).getOrDefault("static_configs", List.of())) {
        ((Map<String, Object>) targets)
            .computeIfPresent(
                "targets",
                (key, list) ->
                    ((List<Object>) list)
                        .stream().map(target -> target(mapping, String.valueOf(target))).toList());
      }
    }
    Map<String, Object> config =
        (Map<String, Object>) localized(compose, value -> mapping.localize(prometheus, value));
    Map<String, Object> global =
        new LinkedHashMap<>((Map<String, Object>) config.getOrDefault("global", Map.of()));
    global.put("scrape_interval", LOCAL_SCRAPE_INTERVAL);
    config.put("global", global);
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    options.setIndent(2);
    options.setIndicatorIndent(2);
    options.setIndentWithIndicator(true);
    return "# Written by `spotcast fleet up` ("
        + mapping.layout().prometheusConfig()
        + ") from"
        + " docker/prometheus/prometheus.yml on loopback addresses; rewritten at every start.\n"
        + new Yaml(options).dump(config);
  }

  /** A scrape target, {@code SERVICE:PORT}, at its local address. */
  private static String target(LocalMapping mapping, String target) {
    int colon = target.lastIndexOf(':');
    if (colon < 0) {
      throw new IllegalStateException("the scrape target " + target + " has no port");
    }
    return mapping.address(
        target.substring(0, colon), Integer.parseInt(target.substring(colon + 1)));
  }

  /** {@code tree} (maps, lists, scalars) with every text changed by {@code change}. */
  private static Object localized(Object tree, UnaryOperator<String> change) {
    return switch (tree) {
      case Map<?, ?> map -> {
        Map<String, Object> copy = new LinkedHashMap<>();
        map.forEach((key, value) -> copy.put(String.valueOf(key), localized(value, change)));
        yield copy;
      }
      case List<?> list -> list.stream().map(item -> localized(item, change)).toList();
      case String text -> change.apply(text);
      case null, default -> tree;
    };
  }
}
