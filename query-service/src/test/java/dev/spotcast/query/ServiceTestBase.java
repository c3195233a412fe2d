package dev.spotcast.query;

import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.testsupport.SharedElasticsearch;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The running service on a random port, against the test JVM's shared real Elasticsearch. Every
 * integration test extends it, so that they share one Spring context.
 */
// Spring Boot tests turn metrics export off unless asked; the Prometheus endpoint is under test.
@AutoConfigureObservability
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    // The document cache would answer repeated requests without Elasticsearch, which the resilience
    // and search tests exercise; DocumentCacheIT runs the service with it.
    properties = {
      "spotcast.query.catalog-refresh-interval=100ms",
      "spotcast.query.cache.enabled=false",
      // No warm-up: its requests would count in the metrics the tests read (ReadinessIT tests it).
      "spotcast.query.warmup.requests=0",
      "spotcast.query.edr-max-points=200",
      // One EDR location inside the test grids (EdrIT's 40..44N 10..6W, SpotApiIT's 40..50N
      // 10W..10E).
      "spotcast.query.edr.locations[0].id=porto",
      "spotcast.query.edr.locations[0].name=Porto",
      "spotcast.query.edr.locations[0].lon=-8.61",
      "spotcast.query.edr.locations[0].lat=41.15",
      // BlendIT's blend: SpotApiIT's model fading out over the first 6 hours, SideBySideIT's fading
      // in.
      "spotcast.query.blends.itblend.description=itspot fading into itside",
      "spotcast.query.blends.itblend.members[0].model=itspot",
      "spotcast.query.blends.itblend.members[0].weights.0=1",
      "spotcast.query.blends.itblend.members[0].weights.6=0",
      "spotcast.query.blends.itblend.members[1].model=itside",
      "spotcast.query.blends.itblend.members[1].weights.0=0",
      "spotcast.query.blends.itblend.members[1].weights.6=1"
    })
public abstract class ServiceTestBase {

  @DynamicPropertySource
  public static void elasticsearch(DynamicPropertyRegistry registry) {
    // The service connects as it would in production: with the query credential, which can only
    // read.
    SharedElasticsearch.springProperties(Role.QUERY)
        .forEach((key, value) -> registry.add(key, () -> value));
  }

  /**
   * Another instance of the service, in a context of its own on a free port, against the shared
   * Elasticsearch with the query credential and {@code properties} besides; not yet ready.
   */
  public static ConfigurableApplicationContext startInstance(Map<String, String> properties) {
    Map<String, String> all = new HashMap<>(SharedElasticsearch.springProperties(Role.QUERY));
    all.put("server.port", "0");
    // Ready after its warm-up requests, not once the compiler is quiet too: in a test JVM the
    // compiler also works for the tests, up to the warm-up's minute (CompilerActivityTest and the
    // benchmarks cover the compiler's part).
    all.put("spotcast.query.warmup.compiler-busy", "0");
    all.putAll(properties);
    String[] arguments =
        all.entrySet().stream()
            .map(e -> "--" + e.getKey() + "=" + e.getValue())
            .toArray(String[]::new);
    return new SpringApplicationBuilder(QueryServiceApplication.class).run(arguments);
  }

  /** The address of an instance {@link #startInstance} started, once it is ready. */
  public static String readyBase(ConfigurableApplicationContext instance) throws Exception {
    int port = ((ServletWebServerApplicationContext) instance).getWebServer().getPort();
    awaitReady(port);
    return "http://127.0.0.1:" + port;
  }

  /**
   * Waits until the instance on {@code port} is ready (its run catalog read): a test that asserts
   * answers of a context of its own must not race the start, during which every forecast request is
   * a 503 (web.CatalogGate).
   */
  public static void awaitReady(int port) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    int status;
    do {
      status = RawHttp.get(port, "/actuator/health/readiness").status();
      if (status == 200) {
        return;
      }
      Thread.sleep(50);
    } while (System.nanoTime() < deadline);
    throw new AssertionError(
        "the service on port " + port + " was not ready within 60 s (readiness " + status + ")");
  }
}
