package dev.spotcast.query.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.config.QueryProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Until the run catalog has been read once, the service knows no run: every API request ({@code
 * /v1/**}, {@code /edr/**}) is answered 503 with {@code Retry-After}, never an empty catalog or a
 * 404 for a model it will know a moment later. Readiness says the same ({@link
 * StartupHealthIndicator}), so a load balancer sends nothing here before then; this answers those
 * who call the instance directly. Web slices without a catalog pass.
 */
@Component
// Filter order: before client keys and the door (dev.spotcast.query.api.AdmissionControl): a
// starting instance answers 503 whoever asks.
@Order(-30)
public class CatalogGate extends OncePerRequestFilter {

  private final PublishedRuns runs;
  private final long retryAfterSeconds;
  private final ObjectMapper json;

  public CatalogGate(
      ObjectProvider<PublishedRuns> runs,
      ObjectProvider<QueryProperties> properties,
      ObjectMapper json) {
    this.runs = runs.getIfAvailable();
    QueryProperties query = properties.getIfAvailable();
    this.retryAfterSeconds = query == null ? 1 : RetryAfter.seconds(query.catalogRefreshInterval());
    this.json = json;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    if (runs == null || runs.loaded()) {
      return true;
    }
    String path = request.getRequestURI();
    return !(path.startsWith("/v1/") || path.equals("/edr") || path.startsWith("/edr/"));
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (runs.loaded()) {
      chain.doFilter(request, response);
      return;
    }
    request.setAttribute(ErrorCauseMetrics.ATTRIBUTE, "starting");
    ProblemDetail problem =
        ProblemDetail.forStatusAndDetail(
            HttpStatus.SERVICE_UNAVAILABLE,
            "the service is starting: it has not read the run catalog yet; retry after "
                + retryAfterSeconds
                + " s");
    problem.setTitle("Starting");
    problem.setInstance(URI.create(request.getRequestURI()));
    problem.setProperty("retryAfterSeconds", retryAfterSeconds);
    response.setStatus(HttpStatus.SERVICE_UNAVAILABLE.value());
    response.setContentType("application/problem+json");
    response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(retryAfterSeconds));
    response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
    json.writeValue(response.getOutputStream(), problem);
  }
}
