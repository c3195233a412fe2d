package dev.spotcast.query.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.query.config.QueryProperties;
import dev.spotcast.query.web.ErrorCauseMetrics;
import dev.spotcast.query.web.RetryAfter;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.server.PathContainer;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.filter.ServerHttpObservationFilter;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * Backpressure at the door: at most so many forecast requests (the endpoints that read
 * Elasticsearch: {@code /v1/spot}, {@code /v1/series}, EDR {@code position}) are worked on at once.
 * One more waits for a slot for at most the bulkhead's max-wait-duration, if a slot is expected
 * within it and the door is meeting a burst rather than overload ({@link AdmissionWait}: full for
 * longer than {@code spotcast.query.admission.overload-interval}); otherwise, or when the wait runs
 * out, it is refused with 429 + Retry-After (the same problem as a full Elasticsearch bulkhead)
 * before any of its work is done.
 *
 * <p>Why at the door and not only around the Elasticsearch call: the service's own CPU work per
 * request (parsing, interpolation, the answer) is as large as Elasticsearch's on a small machine.
 * Bounding only the Elasticsearch calls lets every other request in, so under overload all of them
 * queue for the CPU: the accepted ones get slow and even the refusals take long. Bounding the whole
 * request keeps the accepted ones at their latency.
 *
 * <p>Why a servlet filter and not a Spring MVC interceptor: a refusal must cost far less than an
 * answer, or refusing sheds no load. Refused from an interceptor, a request went through the
 * dispatcher, the handler lookup, an exception, the exception resolvers and content negotiation:
 * 0.3 ms of CPU, as much as a spot answered from the document cache (docs/benchmarks.md). Here it
 * is answered before the dispatcher, after only the filters that must see it first (metrics, the
 * starting gate, client keys).
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
 * (no waits) as {@code spotcast_admission_overloaded}; refusals are {@code
 * http_server_requests_seconds{status="429",cause="saturated"}}.
 */
@Component
@Order(AdmissionControl.ORDER)
@EnableConfigurationProperties({AdmissionProperties.class, PressureProperties.class})
public class AdmissionControl extends OncePerRequestFilter {

  /** Name of the Resilience4j bulkhead that bounds the requests in progress. */
  public static final String NAME = "requests";

  /**
   * Filter order: after the metrics' observation, the starting gate and client keys (each of which
   * answers some requests itself), before everything that works on a forecast request.
   */
  public static final int ORDER = -10;

  /**
   * The forecast endpoints, written as their controllers map them ({@code SpotController}, {@code
   * SeriesController}, {@code EdrController}): a refusal's {@code uri} tag is the pattern.
   */
  private static final List<PathPattern> FORECASTS =
      List.of(
              "/v1/spot",
              "/v1/series",
              "/v1/forecast",
              "/v1/ensemble",
              "/edr/collections/{model}/position",
              "/edr/collections/{model}/instances/{instanceId}/position")
          .stream()
          .map(PathPatternParser.defaultInstance::parse)
          .toList();

  private final Bulkhead bulkhead;
  private final AdmissionWait wait;
  private final Timer waited;
  private final long retryAfterSeconds;
  private final ObjectMapper json;
  private final UserPressure pressure;
  private final HostCpuStall hostCpuStall = new HostCpuStall(HostCpuStall.PROC);

  /**
   * Web slices without Resilience4j's configuration (controller tests) get its default bulkhead.
   */
  public AdmissionControl(
      ObjectProvider<BulkheadRegistry> bulkheads,
      ObjectProvider<MeterRegistry> registries,
      ObjectProvider<QueryProperties> queryProperties,
      AdmissionProperties properties,
      PressureProperties pressureProperties,
      ObjectMapper json) {
    this.pressure = pressureProperties.newPressure();
    this.bulkhead = bulkheads.getIfAvailable(BulkheadRegistry::ofDefaults).bulkhead(NAME);
    this.wait = new AdmissionWait(properties.overloadInterval().toNanos(), System.nanoTime());
    QueryProperties query = queryProperties.getIfAvailable();
    this.retryAfterSeconds = query == null ? 1 : RetryAfter.seconds(query.saturatedRetryAfter());
    this.json = json;
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
    Gauge.builder("spotcast.query.pressure.busy", this, door -> door.pressure().busy() ? 1 : 0)
        .description(
            "1 while the users count as hurting (/actuator/pressure): loaders on the cluster yield")
        .register(registry);
    this.waited =
        Timer.builder("spotcast.admission.wait")
            .description("how long admitted forecast requests waited for a slot")
            .publishPercentileHistogram()
            .register(registry);
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    if ("OPTIONS".equals(request.getMethod())) {
      return true; // a CORS preflight does no work
    }
    return forecast(request) == null;
  }

  /** The forecast endpoint (the controller's path pattern) a request is for, or null. */
  private static PathPattern forecast(HttpServletRequest request) {
    PathContainer path = PathContainer.parsePath(request.getRequestURI());
    for (PathPattern forecast : FORECASTS) {
      if (forecast.matches(path)) {
        return forecast;
      }
    }
    return null;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    long arrivedAt = System.nanoTime();
    String refusal = admit();
    if (refusal != null) {
      pressure.refused(arrivedAt);
      refuse(request, response, refusal);
      return;
    }
    long admittedAt = System.nanoTime();
    try {
      chain.doFilter(request, response);
    } finally {
      bulkhead.onComplete();
      long now = System.nanoTime();
      wait.completed(now - admittedAt);
      pressure.answered(now, now - arrivedAt);
    }
  }

  /** Whether the users are hurting now: the door's counts over the last window. */
  public UserPressure.Reading pressure() {
    return pressure.read(System.nanoTime(), hostCpuStall.share());
  }

  /** A slot now, or after a wait worth making (null); else why not. */
  private String admit() {
    BulkheadConfig config = bulkhead.getBulkheadConfig();
    long now = System.nanoTime();
    boolean overloaded = false;
    if (bulkhead.getMetrics().getAvailableConcurrentCalls() > 0) {
      // A free slot: taken at once (should another take it first, this waits as the others do,
      // once, within the bound).
      wait.foundFree(now);
      if (bulkhead.tryAcquirePermission()) {
        return null;
      }
    } else if (wait.overloaded(now)) {
      overloaded = true;
    } else if (wait.worthWaiting(
        config.getMaxConcurrentCalls(), now, config.getMaxWaitDuration().toNanos())) {
      wait.enter();
      try {
        if (bulkhead.tryAcquirePermission()) {
          waited.record(System.nanoTime() - now, TimeUnit.NANOSECONDS);
          return null;
        }
      } finally {
        wait.leave();
      }
    }
    return "the service is already answering "
        + config.getMaxConcurrentCalls()
        + " forecast requests, its limit, and "
        + (overloaded
            ? "has been for a while (more requests arrive than it can answer)"
            : "no slot is expected within " + config.getMaxWaitDuration().toMillis() + " ms")
        + "; retry after the Retry-After delay";
  }

  /** 429 + Retry-After, problem+json, before the dispatcher: the refusal costs next to nothing. */
  private void refuse(HttpServletRequest request, HttpServletResponse response, String detail)
      throws IOException {
    request.setAttribute(ErrorCauseMetrics.ATTRIBUTE, "saturated");
    // The uri tag of http.server.requests, as the controller's mapping would have given it.
    PathPattern forecast = forecast(request);
    ServerHttpObservationFilter.findObservationContext(request)
        .ifPresent(context -> context.setPathPattern(forecast.getPatternString()));
    ProblemDetail problem = ApiProblemHandler.saturatedProblem(detail, retryAfterSeconds);
    problem.setInstance(URI.create(request.getRequestURI()));
    response.setStatus(HttpStatus.TOO_MANY_REQUESTS.value());
    response.setContentType("application/problem+json");
    response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(retryAfterSeconds));
    json.writeValue(response.getOutputStream(), problem);
  }
}
