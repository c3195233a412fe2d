package dev.spotcast.query.api;

import dev.spotcast.query.search.SearchSaturatedException;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Backpressure at the door: at most so many forecast requests (the endpoints that read
 * Elasticsearch: {@code /v1/spot}, {@code /v1/series}, EDR {@code position}) are worked on at once;
 * one more is refused at once with 429 + Retry-After ({@link SearchSaturatedException}, the same
 * problem as a full Elasticsearch bulkhead) before any of its work is done.
 *
 * <p>Why at the door and not only around the Elasticsearch call: the service's own CPU work per
 * request (parsing, interpolation, the answer) is as large as Elasticsearch's on a small machine.
 * Bounding only the Elasticsearch calls lets every other request in, so under overload all of them
 * queue for the CPU: the accepted ones get slow and even the refusals take long. Bounding the whole
 * request keeps the accepted ones at their latency and makes a refusal cost almost nothing.
 *
 * <p>The limit is the Resilience4j bulkhead {@value #NAME} ({@code
 * resilience4j.bulkhead.instances.requests} in application.yml; max-wait-duration 0: no queue); its
 * state is in {@code /actuator/prometheus} as {@code resilience4j_bulkhead_*{name="requests"}}.
 */
@Configuration(proxyBeanMethods = false)
public class AdmissionControl implements WebMvcConfigurer {

  /** Name of the Resilience4j bulkhead that bounds the requests in progress. */
  public static final String NAME = "requests";

  private final Bulkhead bulkhead;

  /** Web slices without Resilience4j's configuration (controller tests) get its default bulkhead. */
  public AdmissionControl(ObjectProvider<BulkheadRegistry> bulkheads) {
    this.bulkhead = bulkheads.getIfAvailable(BulkheadRegistry::ofDefaults).bulkhead(NAME);
  }

  @Override
  public void addInterceptors(InterceptorRegistry registry) {
    registry.addInterceptor(new HandlerInterceptor() {
          @Override
          public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
            if (!bulkhead.tryAcquirePermission()) {
              throw new SearchSaturatedException("the service is already answering "
                  + bulkhead.getBulkheadConfig().getMaxConcurrentCalls()
                  + " forecast requests, its limit; retry after the Retry-After delay");
            }
            return true;
          }

          /** Called only when preHandle returned true, i.e. for admitted requests. */
          @Override
          public void afterCompletion(HttpServletRequest request, HttpServletResponse response, Object handler, Exception ex) {
            bulkhead.onComplete();
          }
        })
        .addPathPatterns("/v1/spot", "/v1/series", "/edr/collections/*/position", "/edr/collections/*/instances/*/position");
  }
}
