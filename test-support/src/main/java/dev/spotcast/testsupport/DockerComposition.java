package dev.spotcast.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.infra.fleet.ComposeFleet;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * Checks of docker/ that need no Docker engine: the Compose file parses; the environment it gives a
 * service binds, variable for variable, to that service's configuration; what a Dockerfile copies
 * is what the build makes; the metrics a Grafana dashboard queries are ones a running service
 * exposes.
 */
public final class DockerComposition {

  private static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
  private static final Set<String> PROMQL =
      Set.of(
          "sum",
          "by",
          "without",
          "rate",
          "irate",
          "increase",
          "histogram_quantile",
          "avg",
          "max",
          "min",
          "count",
          "on",
          "ignoring",
          "group_left",
          "group_right",
          "and",
          "or",
          "unless",
          "offset",
          "bool",
          "topk",
          "bottomk");

  /** Values for the variables docker/.env must set (docker/.env.example), for the checks. */
  public static final Map<String, String> EXAMPLE_VARIABLES =
      Map.of(
          "ELASTIC_PASSWORD",
          "secret",
          "ES_MONITOR_PASSWORD",
          "secret",
          "GRAFANA_ADMIN_PASSWORD",
          "secret",
          "INGEST_API_KEY_SHA256",
          "a".repeat(64),
          "PROMETHEUS_API_KEY_SHA256",
          "b".repeat(64));

  private DockerComposition() {}

  /**
   * The repository's root: the folder above the working directory that holds docker/compose.yaml.
   */
  public static Path root() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("docker/compose.yaml"))) {
        return dir;
      }
    }
    throw new IllegalStateException(
        "docker/compose.yaml not found above " + Path.of("").toAbsolutePath());
  }

  /** The fleet docker/ describes, as this clone has it (the local fleet's own reader). */
  public static ComposeFleet fleet() throws IOException {
    return ComposeFleet.read(root().resolve("docker"));
  }

  /** docker/compose.yaml, parsed (YAML anchors and merge keys resolved). */
  public static Map<String, Object> compose() throws IOException {
    return fleet().document();
  }

  /**
   * The environment Compose gives a service, with {@code ${VAR}}, {@code ${VAR:-default}} and
   * {@code ${VAR:?message}} interpolated from {@code variables} (what docker/.env would hold).
   *
   * @throws IllegalArgumentException for a required variable {@code variables} lacks
   */
  public static Map<String, String> environment(String service, Map<String, String> variables)
      throws IOException {
    return fleet().environment(service, variables);
  }

  /** The environment Compose gives a service, as written (variables not interpolated). */
  public static Map<String, String> environment(String service) throws IOException {
    return fleet().environment(service);
  }

  /**
   * The variables of {@code environment} that do not bind to the service's configuration: each must
   * fall under one of {@code prefixes} (property prefix to the class bound there) and bind to that
   * class with nothing left over, or be one of {@code springBoot} (Spring Boot's own, e.g.
   * SPRING_CONFIG_IMPORT). Empty when all bind.
   */
  public static List<String> unbound(
      Map<String, String> environment, Map<String, Class<?>> prefixes, Set<String> springBoot) {
    List<String> problems = new ArrayList<>();
    Map<String, Object> source = new LinkedHashMap<>(environment);
    for (String variable : environment.keySet()) {
      if (springBoot.contains(variable)) {
        continue;
      }
      boolean covered =
          prefixes.keySet().stream()
              .anyMatch(prefix -> variable.startsWith(variablePrefix(prefix)));
      if (!covered) {
        problems.add(variable + ": no configuration of the service takes it");
      }
    }
    prefixes.forEach(
        (prefix, type) -> {
          // What a deeper prefix of the map binds (spotcast.ingest.yield under spotcast.ingest) is
          // that prefix's type's to take, not this one's.
          List<String> deeper =
              prefixes.keySet().stream()
                  .filter(other -> other.startsWith(prefix + "."))
                  .map(DockerComposition::variablePrefix)
                  .toList();
          Map<String, Object> own = new LinkedHashMap<>(source);
          own.keySet().removeIf(variable -> deeper.stream().anyMatch(variable::startsWith));
          Binder binder =
              new Binder(
                  ConfigurationPropertySources.from(
                      new SystemEnvironmentPropertySource(
                          StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, own)));
          try {
            binder.bind(
                prefix, Bindable.of(type), new NoUnboundElementsBindHandler(BindHandler.DEFAULT));
          } catch (RuntimeException e) {
            Throwable cause = e;
            while (cause.getCause() != null) {
              cause = cause.getCause();
            }
            problems.add(prefix + ": " + cause.getMessage());
          }
        });
    return problems;
  }

  /** The environment variables' prefix of a property prefix: spotcast.ingest, SPOTCAST_INGEST_. */
  private static String variablePrefix(String prefix) {
    return prefix.toUpperCase().replace('.', '_').replace("-", "") + "_";
  }

  /**
   * What the Dockerfile's COPY instructions name that the build did not make (paths from the root).
   */
  public static List<String> missingCopySources(String dockerfile) throws IOException {
    List<String> missing = new ArrayList<>();
    Path root = root();
    for (String line : Files.readAllLines(root.resolve(dockerfile))) {
      String[] words = line.strip().split("\\s+");
      if (words.length >= 3 && words[0].equals("COPY") && !words[1].startsWith("--")) {
        for (int i = 1; i < words.length - 1; i++) {
          Path parent = root.resolve(words[i]).getParent();
          PathMatcher matcher =
              FileSystems.getDefault().getPathMatcher("glob:" + root.resolve(words[i]));
          boolean found;
          try (Stream<Path> files =
              Files.isDirectory(parent) ? Files.list(parent) : Stream.empty()) {
            found = files.anyMatch(matcher::matches);
          }
          if (!found) {
            missing.add(words[i]);
          }
        }
      }
    }
    return missing;
  }

  /** The metric names a Grafana dashboard's queries use. */
  public static Set<String> dashboardMetrics(String dashboard) throws IOException {
    JsonNode json = new ObjectMapper().readTree(root().resolve(dashboard).toFile());
    Set<String> metrics = new LinkedHashSet<>();
    for (JsonNode panel : json.path("panels")) {
      for (JsonNode target : panel.path("targets")) {
        String expr =
            target
                .path("expr")
                .asText()
                .replaceAll("\\{[^}]*}", " ") // label matchers
                .replaceAll("\\[[^]]*]", " ") // ranges
                .replaceAll("\\b(by|without)\\s*\\([^)]*\\)", " ") // grouping labels
                .replaceAll("\"[^\"]*\"", " ");
        Matcher m = IDENTIFIER.matcher(expr);
        while (m.find()) {
          String word = m.group();
          if (!PROMQL.contains(word) && !word.matches("\\d.*")) {
            metrics.add(word);
          }
        }
      }
    }
    return metrics;
  }

  /** The metrics of {@code wanted} that the Prometheus exposition text does not hold. */
  public static List<String> notExposed(Set<String> wanted, String exposition) {
    List<String> missing = new ArrayList<>();
    for (String metric : wanted) {
      if (!Pattern.compile("(?m)^" + Pattern.quote(metric) + "[{ ]").matcher(exposition).find()) {
        missing.add(metric);
      }
    }
    return missing;
  }
}
