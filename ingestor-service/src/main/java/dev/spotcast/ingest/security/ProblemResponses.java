package dev.spotcast.ingest.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;

/**
 * Refusals of the security filters as RFC 9457 problem+json, like every other error of the API: 401
 * (no key, or a key the service does not know) with {@code WWW-Authenticate: ApiKey}, and 403 (a
 * known key without the role). The detail says what is missing, never which keys exist.
 */
final class ProblemResponses implements AuthenticationEntryPoint, AccessDeniedHandler {

  private final ObjectMapper json;

  ProblemResponses(ObjectMapper json) {
    this.json = json;
  }

  @Override
  public void commence(
      HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
      throws IOException {
    response.setHeader(HttpHeaders.WWW_AUTHENTICATE, ApiKeyAuthenticator.SCHEME);
    String detail =
        request.getHeader(ApiKeyAuthenticator.HEADER) == null
                && request.getHeader(HttpHeaders.AUTHORIZATION) == null
            ? "an API key is required: 'Authorization: ApiKey <key>' or 'X-API-Key: <key>'"
            : e.getMessage();
    write(request, response, HttpStatus.UNAUTHORIZED, detail);
  }

  @Override
  public void handle(
      HttpServletRequest request, HttpServletResponse response, AccessDeniedException e)
      throws IOException {
    write(
        request,
        response,
        HttpStatus.FORBIDDEN,
        "this API key may not "
            + request.getMethod()
            + " "
            + request.getRequestURI()
            + " ("
            + SecurityConfiguration.requiredRole(request)
            + " needed)");
  }

  private void write(
      HttpServletRequest request, HttpServletResponse response, HttpStatus status, String detail)
      throws IOException {
    Map<String, Object> problem = new LinkedHashMap<>();
    problem.put("type", "about:blank");
    problem.put("title", status.getReasonPhrase());
    problem.put("status", status.value());
    problem.put("detail", detail);
    problem.put("instance", request.getRequestURI());
    response.setStatus(status.value());
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    json.writeValue(response.getOutputStream(), problem);
  }
}
