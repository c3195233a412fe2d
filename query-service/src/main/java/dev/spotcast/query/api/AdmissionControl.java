package dev.spotcast.query.api;

import dev.spotcast.query.search.SearchSaturatedException;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Backpressure at the door: at most so many forecast requests (the endpoints that read
 * Elasticsearch: {@code /v1/spot}, {@code /v1/series}, EDR {@code position}) are worked on at once.
 * One more waits for a slot for at most the bulkhead's max-wait-duration, if a slot is expected
 * within it and the door is meeting a burst rather than overload ({@link AdmissionWait}: full for
 * longer than {@code spotcast.query.admission.overload-interval}); otherwise, or when the wait runs
 * out, it is refused with 429 + Retry-After ({@link SearchSaturatedException}, the same problem as
 * a full Elasticsearch bulkhead) before any of its work is done.
 *
 * <p>Why at the door and not only around the Elasticsearch call: the service's own CPU work per
 * request (parsing, interpolation, the answer) is as large as Elasticsearch's on a small machine.
 * Bounding only the Elasticsearch calls lets every other request in, so under overload all of them
 * queue for the CPU: the accepted ones get slow and even the refusals take long. Bounding the whole
 * request keeps the accepted ones at their latency.
 *
 * <p>Why a short wait: requests arrive on their users' schedule, not one after the other, so even
 * far below capacity a burst finds the door full for a moment (and a balancer retries the requests
 * of a dead instance on the living one all at once). Refusing those would refuse work the service
 * has time for a few milliseconds later. Why no wait under overload: there every wait is as long as
 * the bound and answers no more requests; it only makes every answer later.
 *
 * <p>The limit is the Resilience4j bulkhead {@value #NAME} ({@code
 * resilience4j.bulkhead.instances.requests} in application.yml); its state is in {@code
 * /actuator/prometheus} as {@code resilience4j_bulkhead_*{name="requests"}}, the requests waiting
 * as {@code spotcast_admission_waiting}, the wait of the admitted ones as {@code
 * spotcast_admission_wait_seconds}, the time in progress the expected wait is reckoned from as
 * {@code spotcast_admission_in_progress_average_seconds}, and whether the door counts as overloaded
 * (no waits) as {@code spotcast_admission_overloaded}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AdmissionProperties.class)
public class AdmissionControl implements WebMvcConfigurer {

  /** Name of the Resilience4j bulkhead that bounds the requests in progress. */
  public static final String NAME = "requests";

  private static final String ADMITTED_AT = AdmissionControl.class.getName() + ".admittedAt";

  private final Bulkhead bulkhead;
  private final AdmissionWait wait;
  private final Timer waited;

  /**
   * Web slices without Resilience4j's configuration (controller tests) get its default bulkhead.
   */
  public AdmissionControl(
      ObjectProvider<BulkheadRegistry> bulkheads,
      ObjectProvider<MeterRegistry> registries,
      AdmissionProperties properties) {
    this.bulkhead = bulkheads.getIfAvailable(BulkheadRegistry::ofDefaults).bulkhead(NAME);
    this.wait = new AdmissionWait(properties.overloadInterval().toNanos(), System.nanoTime());
    MeterRegistry registry = registries.getIfAvailable(SimpleMeterRegistry::new);
    Gauge.builder("spotcast.admission.waiting", wait, AdmissionWait::waiting)
        .description("forecast requests waiting for a slot at the door")
        .register(registry);
    Gauge.builder(
            "spotcast.admission.overloaded", wait, w -> w.overloaded(System.nanoTime()) ? 1 : 0)
        .description(
            "1 while the door has been full for longer than the overload interval: no waits, the excess refused at once")
        .register(registry);
    Gauge.builder("spotcast.admission.in.progress.average", wait, w -> w.averageNanos() / 1e9)
        .baseUnit("seconds")
        .description(
            "moving average of an admitted request's time in progress (the expected wait is reckoned from it)")
        .register(registry);
    this.waited =
        Timer.builder("spotcast.admission.wait")
            .description("how long admitted forecast requests waited for a slot")
            .publishPercentileHistogram()
            .register(registry);
  }

  @Override
  public void addInterceptors(InterceptorRegistry registry) {
    registry
        .addInterceptor(
            new HandlerInterceptor() {
              @Override
              public boolean preHandle(
                  HttpServletRequest request, HttpServletResponse response, Object handler) {
                admit();
                request.setAttribute(ADMITTED_AT, System.nanoTime());
                return true;
              }

              /** Called only when preHandle returned true, i.e. for admitted requests. */
              @Override
              public void afterCompletion(
                  HttpServletRequest request,
                  HttpServletResponse response,
                  Object handler,
                  Exception ex) {
                bulkhead.onComplete();
                if (request.getAttribute(ADMITTED_AT) instanceof Long admittedAt) {
                  wait.completed(System.nanoTime() - admittedAt);
                }
              }
            })
        .addPathPatterns(
            "/v1/spot",
            "/v1/series",
            "/edr/collections/*/position",
            "/edr/collections/*/instances/*/position");
  }

  /** A slot now, or after a wait worth making; else 429. */
  private void admit() {
    BulkheadConfig config = bulkhead.getBulkheadConfig();
    long now = System.nanoTime();
    boolean overloaded = false;
    if (bulkhead.getMetrics().getAvailableConcurrentCalls() > 0) {
      // A free slot: taken at once (should another take it first, this waits as the others do,
      // once, within the bound).
      wait.foundFree(now);
      if (bulkhead.tryAcquirePermission()) {
        return;
      }
    } else if (wait.overloaded(now)) {
      overloaded = true;
    } else if (wait.worthWaiting(
        config.getMaxConcurrentCalls(), now, config.getMaxWaitDuration().toNanos())) {
      long began = System.nanoTime();
      wait.enter();
      try {
        if (bulkhead.tryAcquirePermission()) {
          waited.record(System.nanoTime() - began, TimeUnit.NANOSECONDS);
          return;
        }
      } finally {
        wait.leave();
      }
    }
    throw new SearchSaturatedException(
        "the service is already answering "
            + config.getMaxConcurrentCalls()
            + " forecast requests, its limit, and "
            + (overloaded
                ? "has been for a while (more requests arrive than it can answer)"
                : "no slot is expected within " + config.getMaxWaitDuration().toMillis() + " ms")
            + "; retry after the Retry-After delay");
  }
}
