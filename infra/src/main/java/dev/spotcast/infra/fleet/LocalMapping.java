package dev.spotcast.infra.fleet;

import dev.spotcast.infra.fleet.FleetLayout.Instance;
import dev.spotcast.security.ApiKeyDigests;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What each part of the Compose fleet ({@link ComposeFleet}) is on this machine: the one mapping
 * from the containers' names, ports and paths to the local fleet's. Everything else a service is
 * given (its settings, how many instances, the balancer's and Prometheus' configuration) is
 * Compose's, taken as it is: a setting added to a service in {@code docker/compose.yaml} reaches
 * the local fleet with no change here.
 *
 * <ul>
 *   <li><b>Parts</b>: a Compose service is what its image is ({@link #IMAGES}); the query and
 *       ingestion instances keep their Compose names ({@code query-1}...). {@link #COMPOSE_ONLY}
 *       lists the services that have no process here, and why; any other service is refused, so
 *       that a part added to Compose cannot silently be missing here.
 *   <li><b>Addresses</b>: {@code SERVICE:PORT} (the port in the container) is {@code
 *       127.0.0.1:PORT'} in the {@link FleetLayout} ({@link #address}); a service instance listens
 *       on its own loopback port ({@code SERVER_ADDRESS}, {@code SERVER_PORT}). An address of a
 *       Compose service with no local counterpart is refused.
 *   <li><b>Paths</b>: what a container reads from a mount is at a local path (the constructor's
 *       table); a path under a service's mount that has none here is refused.
 *   <li><b>Variables</b> (what {@code docker/.env} holds): the local fleet's own API keys' digests.
 *   <li><b>Not passed</b>: {@link #NOT_PASSED}, the settings that cannot be shared, and what stands
 *       for each here.
 * </ul>
 */
final class LocalMapping {

  /** What the local fleet runs for a Compose service. */
  enum Part {
    QUERY,
    INGEST,
    ELASTICSEARCH,
    KAFKA,
    BALANCER,
    EXPORTER,
    PROMETHEUS
  }

  /** Each part by its image's repository. */
  static final Map<String, Part> IMAGES =
      Map.of(
          "spotcast/query-service", Part.QUERY,
          "spotcast/ingestor-service", Part.INGEST,
          "docker.elastic.co/elasticsearch/elasticsearch", Part.ELASTICSEARCH,
          "apache/kafka", Part.KAFKA,
          "haproxy", Part.BALANCER,
          "quay.io/prometheuscommunity/elasticsearch-exporter", Part.EXPORTER,
          "prom/prometheus", Part.PROMETHEUS);

  /**
   * The Compose services that have no process of their own in the local fleet, and what stands for
   * each.
   */
  static final Map<String, String> COMPOSE_ONLY =
      Map.of(
          "setup-certs",
              "the cluster's certificates: LocalElasticsearch makes its own CA and node certificates",
          "es-security",
              "Spotcast's roles and users: LocalElasticsearch's secured start makes them (ClusterSecurity)",
          "grafana", "dashboards: the local fleet has none; query Prometheus at its address");

  /**
   * Settings Compose gives a service that the local fleet does not pass on, and what stands for
   * each.
   */
  static final Map<String, String> NOT_PASSED =
      Map.of(
          "SPRING_CONFIG_IMPORT",
          "the config tree es-security writes the service's Elasticsearch credential into: the"
              + " local fleet gives each service its credential in its environment (LocalFleet)");

  /** Where a service instance listens in its container (its application.yml's server.port). */
  private static final Map<Part, Integer> SERVICE_PORTS =
      Map.of(Part.QUERY, 8080, Part.INGEST, 8081);

  private static final String LOOPBACK = "127.0.0.1";

  /** SERVICE:PORT, not inside a longer name. */
  private static final Pattern ADDRESS =
      Pattern.compile("(?<![\\w.-])([A-Za-z0-9][\\w.-]*):(\\d{1,5})(?!\\w)");

  /**
   * An absolute path: at the start, or after a comma, equals sign, colon or blank ({@code
   * optional:configtree:/x}).
   */
  private static final Pattern PATH = Pattern.compile("(?:^|(?<=[,=:\\s]))(/[\\w.-][\\w./-]*)");

  private final ComposeFleet compose;
  private final FleetLayout layout;
  private final Map<String, Part> parts = new LinkedHashMap<>();
  private final Map<String, Map<Integer, Integer>> ports = new LinkedHashMap<>();
  private final Map<String, Path> paths;
  private final Map<String, String> variables;

  /**
   * The mapping of {@code compose} onto the fleet in {@code layout}, whose cluster trusts {@code
   * ca} and whose ingestion services take {@code operatorKey} and {@code scrapeKey}.
   *
   * @throws IllegalStateException when a Compose service has no local counterpart, or the layout
   *     has not the instances Compose has
   */
  LocalMapping(
      ComposeFleet compose, FleetLayout layout, Path ca, String operatorKey, String scrapeKey) {
    this.compose = compose;
    this.layout = layout;
    this.parts.putAll(check(compose, layout));
    List<String> nodes = names(Part.ELASTICSEARCH);
    for (int i = 0; i < nodes.size(); i++) {
      ports.put(
          nodes.get(i),
          Map.of(
              9200,
              layout.elasticsearchHttpPort() + i,
              9300,
              layout.elasticsearchTransportPort() + i));
    }
    layout
        .queryInstances()
        .forEach(i -> ports.put(i.name(), Map.of(SERVICE_PORTS.get(Part.QUERY), i.port())));
    layout
        .ingestInstances()
        .forEach(i -> ports.put(i.name(), Map.of(SERVICE_PORTS.get(Part.INGEST), i.port())));
    ports.put(
        service(Part.KAFKA), Map.of(9092, layout.kafkaPort(), 9093, layout.kafkaControllerPort()));
    ports.put(
        service(Part.BALANCER),
        Map.of(8080, layout.queryBalancerPort(), 8404, layout.balancerStatsPort()));
    ports.put(service(Part.EXPORTER), Map.of(9114, layout.elasticsearchExporterPort()));
    ports.put(service(Part.PROMETHEUS), Map.of(9090, layout.prometheusPort()));
    this.paths =
        Map.of(
            "/certs/ca/ca.crt", ca,
            "/data", layout.filesDir(),
            "/etc/prometheus/ingest.key", layout.scrapeKeyFile(),
            "/etc/prometheus/rules", layout.prometheusRules());
    this.variables =
        Map.of(
            "INGEST_API_KEY_SHA256", ApiKeyDigests.digestHex(operatorKey),
            "PROMETHEUS_API_KEY_SHA256", ApiKeyDigests.digestHex(scrapeKey));
  }

  /**
   * What the local fleet runs for each service of {@code compose} but those of {@link
   * #COMPOSE_ONLY}, in the file's order.
   *
   * @throws IllegalStateException when a Compose service has no local counterpart, or {@code
   *     layout} has not the instances Compose has
   */
  static Map<String, Part> check(ComposeFleet compose, FleetLayout layout) {
    Map<String, Part> parts = new LinkedHashMap<>();
    for (String service : compose.services()) {
      if (!COMPOSE_ONLY.containsKey(service)) {
        parts.put(
            service,
            part(compose, service)
                .orElseThrow(
                    () ->
                        new IllegalStateException(
                            "the Compose service "
                                + service
                                + " (image "
                                + compose.repository(service)
                                + ") has no counterpart in the local fleet: say what"
                                + " it is in LocalMapping (IMAGES, or COMPOSE_ONLY with what stands for it)")));
      }
    }
    requireSame(
        "query-service instances",
        names(parts, Part.QUERY),
        layout.queryInstances().stream().map(Instance::name).toList());
    requireSame(
        "ingestion-service instances",
        names(parts, Part.INGEST),
        layout.ingestInstances().stream().map(Instance::name).toList());
    if (names(parts, Part.ELASTICSEARCH).size() != layout.elasticsearchNodes()) {
      throw new IllegalStateException(
          "docker/compose.yaml has "
              + names(parts, Part.ELASTICSEARCH).size()
              + " Elasticsearch nodes, the local fleet "
              + layout.elasticsearchNodes());
    }
    for (Part single : List.of(Part.KAFKA, Part.BALANCER, Part.EXPORTER, Part.PROMETHEUS)) {
      if (names(parts, single).size() != 1) {
        throw new IllegalStateException(
            "the local fleet runs one "
                + single
                + ", docker/compose.yaml has "
                + names(parts, single));
      }
    }
    return parts;
  }

  /**
   * The fleet {@code compose} describes, in {@code home} on ports counted from {@code basePort}.
   */
  static FleetLayout layout(ComposeFleet compose, Path home, int basePort) {
    Map<Part, Integer> counts = new LinkedHashMap<>();
    for (String service : compose.services()) {
      if (!COMPOSE_ONLY.containsKey(service)) {
        part(compose, service).ifPresent(part -> counts.merge(part, 1, Integer::sum));
      }
    }
    return new FleetLayout(
        home,
        basePort,
        counts.getOrDefault(Part.ELASTICSEARCH, 0),
        counts.getOrDefault(Part.QUERY, 0),
        counts.getOrDefault(Part.INGEST, 0));
  }

  ComposeFleet compose() {
    return compose;
  }

  FleetLayout layout() {
    return layout;
  }

  /** Whether the Compose service {@code service} is {@code part}. */
  boolean isInstance(String service, Part part) {
    return parts.get(service) == part;
  }

  /** {@code port} on loopback, where every part of the local fleet listens. */
  static String loopback(int port) {
    return LOOPBACK + ":" + port;
  }

  /** The Compose service of a part the local fleet runs once (the balancer, Prometheus...). */
  String service(Part part) {
    return names(part).getFirst();
  }

  /**
   * The environment of the service instance {@code service}: Compose's, variables interpolated,
   * addresses and paths made local, without {@link #NOT_PASSED}; and where it listens here.
   */
  Map<String, String> environment(String service) {
    Part part = parts.get(service);
    if (part != Part.QUERY && part != Part.INGEST) {
      throw new IllegalArgumentException(service + " is not a service instance");
    }
    Map<String, String> environment = new LinkedHashMap<>();
    compose
        .environment(service)
        .forEach(
            (name, value) -> {
              if (!NOT_PASSED.containsKey(name)) {
                environment.put(name, localize(service, interpolate(service, name, value)));
              }
            });
    // In its container a service listens on its image's port on every address; here on its own
    // port, on loopback.
    environment.put(
        "SERVER_PORT", Integer.toString(ports.get(service).get(SERVICE_PORTS.get(part))));
    environment.put("SERVER_ADDRESS", LOOPBACK);
    return environment;
  }

  /**
   * The command Compose gives {@code service} (arguments only: the program is the local one), made
   * local.
   */
  List<String> command(String service) {
    return compose.command(service).stream()
        .map(argument -> localize(service, interpolate(service, "command", argument)))
        .toList();
  }

  /**
   * The local address ({@code 127.0.0.1:PORT}) of {@code service}'s container port {@code port}.
   */
  String address(String service, int port) {
    Integer local = ports.getOrDefault(service, Map.of()).get(port);
    if (local == null) {
      throw new IllegalStateException(
          service
              + ":"
              + port
              + " has no counterpart in the local fleet: give it a"
              + " port in LocalMapping");
    }
    return loopback(local);
  }

  /**
   * {@code value}, as {@code service} reads it in its container, as it reads here: every address of
   * a Compose service made local, and every path under one of {@code service}'s mounts.
   *
   * @throws IllegalStateException for an address or a mounted path with no local counterpart
   */
  String localize(String service, String value) {
    List<String> mounts = compose.mountTargets(service);
    String pathsDone =
        replace(
            PATH,
            value,
            m -> {
              String path = m.group(1);
              if (mounts.stream().noneMatch(mount -> under(path, mount))) {
                return path; // in the image, or not a path at all: as it is
              }
              return paths.entrySet().stream()
                  .filter(entry -> under(path, entry.getKey()))
                  .max(Comparator.comparingInt(entry -> entry.getKey().length()))
                  .map(
                      entry ->
                          entry
                              .getValue()
                              .resolve(
                                  path.substring(entry.getKey().length()).replaceFirst("^/", ""))
                              .toString())
                  .orElseThrow(
                      () ->
                          new IllegalStateException(
                              service
                                  + " reads "
                                  + path
                                  + ", mounted in its container by"
                                  + " docker/compose.yaml, which has no counterpart in the local fleet: give it a path in LocalMapping"));
            });
    return replace(
        ADDRESS,
        pathsDone,
        m ->
            parts.containsKey(m.group(1)) || COMPOSE_ONLY.containsKey(m.group(1))
                ? address(m.group(1), Integer.parseInt(m.group(2)))
                : m.group());
  }

  private String interpolate(String service, String what, String value) {
    try {
      return ComposeFleet.interpolate(value, variables);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          service
              + " "
              + what
              + ": "
              + e.getMessage()
              + " (docker/.env); the local fleet"
              + " gives no value for it: add one to LocalMapping's variables",
          e);
    }
  }

  private List<String> names(Part part) {
    return names(parts, part);
  }

  private static List<String> names(Map<String, Part> parts, Part part) {
    return parts.entrySet().stream()
        .filter(entry -> entry.getValue() == part)
        .map(Map.Entry::getKey)
        .toList();
  }

  private static Optional<Part> part(ComposeFleet compose, String service) {
    return Optional.ofNullable(IMAGES.get(compose.repository(service)));
  }

  private static void requireSame(String what, List<String> compose, List<String> local) {
    if (!compose.equals(local)) {
      throw new IllegalStateException(
          "the "
              + what
              + " of docker/compose.yaml are "
              + compose
              + ", the local fleet's "
              + local
              + " (it names them SERVICE-1, SERVICE-2...)");
    }
  }

  private static boolean under(String path, String prefix) {
    String dir = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
    return path.equals(dir) || path.startsWith(dir + "/");
  }

  private static String replace(Pattern pattern, String value, Function<MatchResult, String> by) {
    return pattern.matcher(value).replaceAll(match -> Matcher.quoteReplacement(by.apply(match)));
  }
}
