package dev.spotcast.infra.fleet;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The fleet as {@code docker/} describes it: the one description both the containers and the local
 * fleet are made from. {@code docker/compose.yaml} (its services, each one's image, environment,
 * command and mounts; YAML anchors and merge keys resolved) and the two files it mounts into the
 * load balancer and Prometheus, {@code docker/haproxy/haproxy.cfg} and {@code
 * docker/prometheus/prometheus.yml}. The build packs the three into this module's jar ({@link
 * #bundled}), so the local fleet runs from what the jar was built with; the checks of {@code
 * docker/} read a clone's ({@link #read}). What each service is on this machine is {@link
 * LocalMapping}'s business.
 */
public final class ComposeFleet {

  static final String COMPOSE_FILE = "compose.yaml";
  static final String HAPROXY_FILE = "haproxy/haproxy.cfg";
  static final String PROMETHEUS_FILE = "prometheus/prometheus.yml";

  /** The alerting rules Prometheus reads ({@code rule_files}). */
  static final String PROMETHEUS_RULES_FILE = "prometheus/rules/spotcast.yml";

  private static final String BUNDLED = "/dev/spotcast/infra/fleet/docker/";

  /**
   * {@code ${VAR}}, {@code ${VAR:-default}}, {@code ${VAR:?message}}, as Compose interpolates them.
   */
  private static final Pattern VARIABLE =
      Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?::([-?])([^}]*))?}");

  private final Map<String, Object> document;
  private final Map<String, Map<String, Object>> services;
  private final String haproxyConfig;
  private final String prometheusConfig;

  private ComposeFleet(String compose, String haproxyConfig, String prometheusConfig) {
    this.document = yaml(compose);
    this.services = new LinkedHashMap<>();
    if (!(document.get("services") instanceof Map<?, ?> all)) {
      throw new IllegalArgumentException("docker/compose.yaml has no services");
    }
    all.forEach(
        (name, definition) ->
            services.put(
                String.valueOf(name),
                definition instanceof Map<?, ?> map ? strings(map) : Map.of()));
    this.haproxyConfig = haproxyConfig;
    this.prometheusConfig = prometheusConfig;
  }

  /** The description this jar was built with (docker/ packed by the build). */
  public static ComposeFleet bundled() {
    return Bundled.FLEET;
  }

  /** The description in {@code docker}, a clone's {@code docker/} folder. */
  public static ComposeFleet read(Path docker) throws IOException {
    return new ComposeFleet(
        Files.readString(docker.resolve(COMPOSE_FILE)),
        Files.readString(docker.resolve(HAPROXY_FILE)),
        Files.readString(docker.resolve(PROMETHEUS_FILE)));
  }

  /** A description from the three files' text (for tests of what a change to them does). */
  static ComposeFleet of(String compose, String haproxyConfig, String prometheusConfig) {
    return new ComposeFleet(compose, haproxyConfig, prometheusConfig);
  }

  /** The Compose file, parsed: anchors and merge keys resolved. */
  public Map<String, Object> document() {
    return document;
  }

  /** The services' names, in the file's order. */
  public List<String> services() {
    return List.copyOf(services.keySet());
  }

  /**
   * The image's repository, without its tag ({@code spotcast/query-service}); empty when it has no
   * image.
   */
  public String repository(String service) {
    String image = String.valueOf(definition(service).getOrDefault("image", ""));
    int tag = image.indexOf(':');
    return tag < 0 ? image : image.substring(0, tag);
  }

  /** The environment Compose gives {@code service}, as written (variables not interpolated). */
  public Map<String, String> environment(String service) {
    Map<String, String> environment = new LinkedHashMap<>();
    switch (definition(service).get("environment")) {
      case Map<?, ?> map ->
          map.forEach(
              (name, value) ->
                  environment.put(
                      String.valueOf(name), value == null ? "" : String.valueOf(value)));
      case List<?> list ->
          list.forEach(
              entry -> {
                String[] pair = String.valueOf(entry).split("=", 2);
                environment.put(pair[0], pair.length > 1 ? pair[1] : "");
              });
      case null, default -> {}
    }
    return environment;
  }

  /**
   * The environment Compose gives {@code service}, with its variables interpolated from {@code
   * variables} (what {@code docker/.env} holds).
   *
   * @throws IllegalArgumentException for a required variable {@code variables} lacks
   */
  public Map<String, String> environment(String service, Map<String, String> variables) {
    Map<String, String> environment = new LinkedHashMap<>();
    environment(service)
        .forEach((name, value) -> environment.put(name, interpolate(value, variables)));
    return environment;
  }

  /** The service's command, each argument as written; empty when the image's own runs. */
  public List<String> command(String service) {
    return switch (definition(service).get("command")) {
      case List<?> list -> list.stream().map(String::valueOf).toList();
      case String line -> List.of(line.strip().split("\\s+"));
      case null, default -> List.of();
    };
  }

  /**
   * Where the service's volumes are mounted in its container ({@code /certs}, {@code /data}...).
   */
  public List<String> mountTargets(String service) {
    List<String> targets = new ArrayList<>();
    if (definition(service).get("volumes") instanceof List<?> volumes) {
      for (Object volume : volumes) {
        if (volume instanceof Map<?, ?> longSyntax) {
          targets.add(String.valueOf(longSyntax.get("target")));
        } else {
          // SOURCE:TARGET[:MODE], where SOURCE may hold a variable with ":-" in it.
          String[] parts =
              VARIABLE.matcher(String.valueOf(volume)).replaceAll("variable").split(":");
          targets.add(parts.length > 1 ? parts[1] : parts[0]);
        }
      }
    }
    return targets;
  }

  /** {@code docker/haproxy/haproxy.cfg}, as written. */
  public String haproxyConfig() {
    return haproxyConfig;
  }

  /** {@code docker/prometheus/prometheus.yml}, as written. */
  public String prometheusConfig() {
    return prometheusConfig;
  }

  /** {@code docker/prometheus/rules/spotcast.yml} as the build packed it: the alerting rules. */
  public static String bundledPrometheusRules() {
    return bundledText(PROMETHEUS_RULES_FILE);
  }

  /**
   * {@code value} with {@code ${VAR}}, {@code ${VAR:-default}} and {@code ${VAR:?message}} replaced
   * as Compose does from {@code variables}: an unset or empty variable takes the default, or fails
   * when required, or is empty.
   *
   * @throws IllegalArgumentException for a required variable {@code variables} lacks
   */
  public static String interpolate(String value, Map<String, String> variables) {
    Matcher m = VARIABLE.matcher(value);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String given = variables.get(m.group(1));
      String replacement;
      if (given != null && !given.isEmpty()) {
        replacement = given;
      } else if ("-".equals(m.group(2))) {
        replacement = m.group(3);
      } else if ("?".equals(m.group(2))) {
        throw new IllegalArgumentException(m.group(1) + " is required: " + m.group(3));
      } else {
        replacement = "";
      }
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.toString();
  }

  /** YAML text as maps, lists and scalars (no tags that would make objects). */
  static Map<String, Object> yaml(String text) {
    Object loaded = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
    if (!(loaded instanceof Map<?, ?> map)) {
      throw new IllegalArgumentException(
          "not a YAML mapping: " + text.lines().findFirst().orElse(""));
    }
    return strings(map);
  }

  private Map<String, Object> definition(String service) {
    Map<String, Object> definition = services.get(service);
    if (definition == null) {
      throw new IllegalArgumentException("no service " + service + " in docker/compose.yaml");
    }
    return definition;
  }

  private static Map<String, Object> strings(Map<?, ?> map) {
    Map<String, Object> keyed = new LinkedHashMap<>();
    map.forEach((key, value) -> keyed.put(String.valueOf(key), value));
    return keyed;
  }

  /** The text of {@code docker/NAME} as the build packed it ({@link #COMPOSE_FILE}...). */
  static String bundledText(String name) {
    try (InputStream in = ComposeFleet.class.getResourceAsStream(BUNDLED + name)) {
      if (in == null) {
        throw new IllegalStateException(
            "docker/" + name + " is not packed in this jar: build it with Maven");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The packed description, read once. */
  private static final class Bundled {
    static final ComposeFleet FLEET =
        new ComposeFleet(
            bundledText(COMPOSE_FILE), bundledText(HAPROXY_FILE), bundledText(PROMETHEUS_FILE));
  }
}
