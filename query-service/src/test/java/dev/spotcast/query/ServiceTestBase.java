package dev.spotcast.query;

import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.testsupport.SharedElasticsearch;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
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
}
