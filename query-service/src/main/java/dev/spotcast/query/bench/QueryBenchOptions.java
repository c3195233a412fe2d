package dev.spotcast.query.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Options of {@code spotcast bench query}; {@link #USAGE} lists them. */
final class QueryBenchOptions {

  static final String USAGE =
      """
      Usage: spotcast bench query [options]

      Measures the service's own Elasticsearch query sent directly to Elasticsearch (RAW) against
      GET /v1/spot through the query service (SERVICE), with the same random requests, the same
      closed-loop load generator, concurrency and duration; optionally (--fields) whether values read
      back faster from filtered _source or from doc values.

      Run to measure (loaded with the ingestor when MODEL has no published run on --es):
        --es URL                 Elasticsearch (default: $SPOTCAST_ES_URL or http://127.0.0.1:9200)
        --model NAME             model id (default: qbench)
        --resolution DEG         grid spacing when loading (default: 1)
        --region S,W,N,E         grid box when loading (default: -90,-180,90,180)
        --levels LIST            heights in m when loading (default: 0,1000,3000,5000)
        --steps SPEC             forecast steps when loading, 'a-b' or a list (default: 0-12)
        --shards N               primary shards per index when loading (default: 2)
        --levels-per-index N     levels per index when loading (default: 3)
        --steps-per-index N      steps per index when loading, 0 = all in one (default: 0)
        --routing tile|document  shard routing when loading: by lat/lon tile or by _id (default: tile)
        --weather-seed N         seed of the synthetic weather (default: 42)

      Load:
        --requests K             random requests generated (default: 10000)
        --seed N                 seed of the random requests (default: 1)
        --sampling area|degrees  places uniform over the area or in degrees (default: area)
        --n N                    neighbours per request (default: 4)
        --params LIST            parameters asked for (default: all)
        --concurrency C          closed-loop workers (default: 16)
        --warmup SECONDS         warm-up of each phase, not counted (default: 10)
        --duration SECONDS       measured time of each phase (default: 30)
        --repeat R               repeat the phases R times, alternating (default: 1)
        --phases LIST            raw,service (default); also raw-ids (the service's ids path on
                                 regular grids: documents by _id instead of the geo sort),
                                 fields-source, fields-docvalues, fields-docvalues-nostored
        --fields                 add the three fields-* phases (the _source vs doc values experiment)
        --fields-reload          reload the fields experiment's indices even if complete
        --keep-fields-indices    keep them afterwards (default: deleted)

      Query service:
        --service-jar PATH       the runnable jar (bench.sh passes it)
        --service-java-opts STR  JVM options of the service (default: $SPOTCAST_JAVA_OPTS)
        --service-port N         its port (default: a free one)
        --service-prime SECONDS  warm-up of the first service phase: the service JVM is new and its
                                 JIT needs more requests than Elasticsearch's (default: 60)
        --ingestor-classpath CP  classpath of the ingestor CLI, to load the run (bench.sh passes it)
        --log-dir DIR            where the service log goes (default: $SPOTCAST_HOME or /tmp)
      """;

  String elasticsearch = envOr("SPOTCAST_ES_URL", "http://127.0.0.1:9200");
  String model = "qbench";
  String resolution = "1";
  String region = "-90,-180,90,180";
  String levels = "0,1000,3000,5000";
  String steps = "0-12";
  int shards = 2;
  int levelsPerIndex = 3;
  int stepsPerIndex = 0;
  String routing = "tile";
  long weatherSeed = 42;

  int requests = 10_000;
  long seed = 1;
  RandomSpots.Sampling sampling = RandomSpots.Sampling.AREA;
  int neighbours = 4;
  List<String> params = List.of();
  int concurrency = 16;
  Duration warmup = Duration.ofSeconds(10);
  Duration duration = Duration.ofSeconds(30);
  int repeat = 1;
  List<String> phases = new ArrayList<>(List.of("raw", "service"));
  boolean fieldsReload;
  boolean keepFieldsIndices;

  Path serviceJar;
  String serviceJavaOpts = envOr("SPOTCAST_JAVA_OPTS", "");
  int servicePort;
  Duration servicePrime = Duration.ofSeconds(60);
  String ingestorClasspath;
  Path logDir = Path.of(envOr("SPOTCAST_HOME", System.getProperty("java.io.tmpdir")));

  boolean help;

  static final List<String> KNOWN_PHASES =
      List.of("raw", "raw-ids", "service", "fields-source", "fields-docvalues", "fields-docvalues-nostored");

  static QueryBenchOptions parse(String[] args) {
    QueryBenchOptions o = new QueryBenchOptions();
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "-h", "--help" -> o.help = true;
        case "--fields" -> {
          for (String p : List.of("fields-source", "fields-docvalues", "fields-docvalues-nostored")) {
            if (!o.phases.contains(p)) {
              o.phases.add(p);
            }
          }
        }
        case "--fields-reload" -> o.fieldsReload = true;
        case "--keep-fields-indices" -> o.keepFieldsIndices = true;
        default -> {
          if (!arg.startsWith("--")) {
            throw new IllegalArgumentException("unexpected argument '" + arg + "'");
          }
          int eq = arg.indexOf('=');
          if (eq > 0) {
            values.put(arg.substring(0, eq), arg.substring(eq + 1));
          } else if (i + 1 < args.length) {
            values.put(arg, args[++i]);
          } else {
            throw new IllegalArgumentException(arg + " needs a value");
          }
        }
      }
    }
    for (Map.Entry<String, String> e : values.entrySet()) {
      String v = e.getValue();
      switch (e.getKey()) {
        case "--es" -> o.elasticsearch = v;
        case "--model" -> o.model = v;
        case "--resolution" -> o.resolution = v;
        case "--region" -> o.region = v;
        case "--levels" -> o.levels = v;
        case "--steps" -> o.steps = v;
        case "--shards" -> o.shards = positive(e.getKey(), v);
        case "--levels-per-index" -> o.levelsPerIndex = positive(e.getKey(), v);
        case "--steps-per-index" -> o.stepsPerIndex = Integer.parseInt(v);
        case "--routing" -> {
          o.routing = v.strip().toLowerCase(Locale.ROOT);
          if (!o.routing.equals("tile") && !o.routing.equals("document")) {
            throw new IllegalArgumentException("--routing must be tile or document, got '" + v + "'");
          }
        }
        case "--weather-seed" -> o.weatherSeed = Long.parseLong(v);
        case "--requests" -> o.requests = positive(e.getKey(), v);
        case "--seed" -> o.seed = Long.parseLong(v);
        case "--sampling" -> o.sampling = RandomSpots.Sampling.valueOf(v.toUpperCase(Locale.ROOT));
        case "--n" -> o.neighbours = positive(e.getKey(), v);
        case "--params" -> o.params = Arrays.stream(v.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        case "--concurrency" -> o.concurrency = positive(e.getKey(), v);
        case "--warmup" -> o.warmup = Duration.ofMillis((long) (Double.parseDouble(v) * 1000));
        case "--duration" -> o.duration = Duration.ofMillis((long) (Double.parseDouble(v) * 1000));
        case "--repeat" -> o.repeat = positive(e.getKey(), v);
        case "--phases" -> {
          o.phases = new ArrayList<>(Arrays.stream(v.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList());
          for (String p : o.phases) {
            if (!KNOWN_PHASES.contains(p)) {
              throw new IllegalArgumentException("unknown phase '" + p + "'; known: " + KNOWN_PHASES);
            }
          }
        }
        case "--service-jar" -> o.serviceJar = Path.of(v);
        case "--service-java-opts" -> o.serviceJavaOpts = v;
        case "--service-port" -> o.servicePort = Integer.parseInt(v);
        case "--service-prime" -> o.servicePrime = Duration.ofMillis((long) (Double.parseDouble(v) * 1000));
        case "--ingestor-classpath" -> o.ingestorClasspath = v;
        case "--log-dir" -> o.logDir = Path.of(v);
        default -> throw new IllegalArgumentException("unknown option " + e.getKey() + " (see --help)");
      }
    }
    if (o.duration.isZero() || o.duration.isNegative()) {
      throw new IllegalArgumentException("--duration must be positive");
    }
    o.elasticsearch = o.elasticsearch.replaceAll("/+$", "");
    return o;
  }

  boolean wants(String phase) {
    return phases.contains(phase);
  }

  boolean wantsFields() {
    return phases.stream().anyMatch(p -> p.startsWith("fields-"));
  }

  List<String> serviceJavaOptions() {
    return serviceJavaOpts.isBlank() ? List.of() : Arrays.asList(serviceJavaOpts.trim().split("\\s+"));
  }

  private static int positive(String name, String value) {
    int n = Integer.parseInt(value);
    if (n < 1) {
      throw new IllegalArgumentException(name + " must be at least 1");
    }
    return n;
  }

  private static String envOr(String name, String fallback) {
    String value = System.getenv(name);
    return value == null || value.isBlank() ? fallback : value;
  }
}
