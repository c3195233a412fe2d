package dev.spotcast.query.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.security.ApiKeyDigests;
import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.RateLimiterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Checks client keys ({@link ClientKeys}) when they are on: a request to the API ({@code /v1/**},
 * {@code /edr/**}) without a valid key is refused with 401, one over its key's rate is refused with
 * 429 and the seconds until its next permit in {@code Retry-After}; both as problem+json. Each
 * key's rate limiter is a Resilience4j RateLimiter named {@code client-NAME}, so its permits and
 * refusals are in {@code /actuator/prometheus} ({@code
 * resilience4j_ratelimiter_*{name="client-NAME"}}). A plain filter rather than Spring Security: one
 * hash and one permit per request on the hot path.
 */
@Component
// Filter order: before the door (dev.spotcast.query.api.AdmissionControl): a request without a
// valid key takes no slot.
@Order(-20)
@EnableConfigurationProperties(ClientKeys.class)
public class ClientKeyFilter extends OncePerRequestFilter {

  private final ClientKeys keys;
  private final List<byte[]> digests;
  private final List<RateLimiter> limiters;
  private final ObjectMapper json;

  /**
   * Web slices without Resilience4j's configuration (controller tests) get a registry of their own.
   */
  public ClientKeyFilter(
      ClientKeys keys, ObjectProvider<RateLimiterRegistry> registries, ObjectMapper json) {
    RateLimiterRegistry registry = registries.getIfAvailable(RateLimiterRegistry::ofDefaults);
    this.keys = keys;
    this.json = json;
    this.digests = keys.keys().stream().map(ClientKeys.Key::digest).toList();
    this.limiters =
        keys.keys().stream()
            .map(
                key ->
                    registry.rateLimiter(
                        "client-" + key.name(),
                        RateLimiterConfig.custom()
                            .limitForPeriod(key.requestsPerSecond())
                            .limitRefreshPeriod(Duration.ofSeconds(1))
                            .timeoutDuration(Duration.ZERO)
                            .build()))
            .toList();
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    String path = request.getRequestURI();
    return !keys.enabled()
        || !(path.startsWith("/v1/") || path.equals("/edr") || path.startsWith("/edr/"));
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    String presented;
    try {
      presented =
          ApiKeyDigests.presented(
              request.getHeader(ApiKeyDigests.HEADER),
              request.getHeader(HttpHeaders.AUTHORIZATION));
    } catch (IllegalArgumentException e) {
      refuse(request, response, HttpStatus.UNAUTHORIZED, e.getMessage(), null);
      return;
    }
    int matched =
        presented == null || presented.isEmpty() ? -1 : ApiKeyDigests.match(presented, digests);
    if (matched < 0) {
      refuse(
          request,
          response,
          HttpStatus.UNAUTHORIZED,
          presented == null
              ? "this API needs a key: send it as " + ApiKeyDigests.HEADER + ": <key>"
              : "the API key is not known; check it or ask the operator for one",
          null);
      return;
    }
    RateLimiter limiter = limiters.get(matched);
    if (!limiter.acquirePermission()) {
      long wait = 1; // permits come back every second
      refuse(
          request,
          response,
          HttpStatus.TOO_MANY_REQUESTS,
          "the key '"
              + keys.keys().get(matched).name()
              + "' may make "
              + keys.keys().get(matched).requestsPerSecond()
              + " requests per second; retry after "
              + wait
              + " s",
          wait);
      return;
    }
    chain.doFilter(request, response);
  }

  private void refuse(
      HttpServletRequest request,
      HttpServletResponse response,
      HttpStatus status,
      String detail,
      Long retryAfter)
      throws IOException {
    request.setAttribute(
        ErrorCauseMetrics.ATTRIBUTE,
        status == HttpStatus.UNAUTHORIZED ? "unauthorized" : "client_rate");
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
    problem.setInstance(URI.create(request.getRequestURI()));
    response.setStatus(status.value());
    response.setContentType("application/problem+json");
    if (status == HttpStatus.UNAUTHORIZED) {
      response.setHeader(HttpHeaders.WWW_AUTHENTICATE, ApiKeyDigests.SCHEME);
    }
    if (retryAfter != null) {
      response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(retryAfter));
    }
    json.writeValue(response.getOutputStream(), problem);
  }
}
