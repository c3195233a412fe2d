package dev.spotcast.query.catalog;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * {@code /actuator/health/catalog}, part of readiness ({@code management.endpoint.health.group.
 * readiness}): out of service until the run catalog has been read once, so that no load balancer
 * sends a request to an instance that does not yet know which runs it serves. Liveness does not
 * include it: an instance waiting for Elasticsearch is alive.
 */
@Component("catalog")
public class CatalogHealthIndicator implements HealthIndicator {

  private final PublishedRuns runs;

  public CatalogHealthIndicator(PublishedRuns runs) {
    this.runs = runs;
  }

  @Override
  public Health health() {
    return runs.loaded()
        ? Health.up().withDetail("models", runs.models().size()).build()
        : Health.outOfService().withDetail("reason", "the run catalog has not been read yet").build();
  }
}
