package dev.spotcast.query.web;

import dev.spotcast.query.catalog.PublishedRuns;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * {@code /actuator/health/startup}, part of readiness ({@code management.endpoint.health.group.
 * readiness}): out of service until the run catalog has been read once and the warm-up is over
 * ({@link Warmup}), so that no load balancer sends a request to an instance that does not yet know
 * which runs it serves, or that would answer its first requests many times slower. Liveness does
 * not include it: an instance waiting for Elasticsearch is alive.
 */
@Component("startup")
public class StartupHealthIndicator implements HealthIndicator {

  private final PublishedRuns runs;
  private final Warmup warmup;

  public StartupHealthIndicator(PublishedRuns runs, Warmup warmup) {
    this.runs = runs;
    this.warmup = warmup;
  }

  @Override
  public Health health() {
    if (!runs.loaded()) {
      return Health.outOfService()
          .withDetail("reason", "the run catalog has not been read yet")
          .build();
    }
    if (!warmup.done()) {
      return Health.outOfService().withDetail("reason", "warming up").build();
    }
    return Health.up().withDetail("models", runs.models().size()).build();
  }
}
