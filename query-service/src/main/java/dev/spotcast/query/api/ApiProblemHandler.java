package dev.spotcast.query.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.spotcast.query.config.QueryProperties;
import dev.spotcast.query.search.SearchSaturatedException;
import dev.spotcast.query.search.SearchUnavailableException;
import dev.spotcast.query.spot.ArchivedRunException;
import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.OutsideForecastException;
import dev.spotcast.query.spot.TooLargeException;
import dev.spotcast.query.spot.UnknownModelException;
import dev.spotcast.query.spot.UnknownRunException;
import dev.spotcast.query.web.ErrorCauseMetrics;
import dev.spotcast.query.web.RequestBodyLimit;
import dev.spotcast.query.web.RetryAfter;
import dev.spotcast.web.JsonBodyErrors;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import java.time.Duration;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.TypeMismatchException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every error as RFC 9457 problem+json (https://www.rfc-editor.org/rfc/rfc9457). Errors about a
 * request parameter carry its name in a {@code parameter} member, so clients need not parse text.
 */
@RestControllerAdvice
public class ApiProblemHandler extends ResponseEntityExceptionHandler {

  private static final Logger log = LoggerFactory.getLogger(ApiProblemHandler.class);

  private final QueryProperties properties;

  public ApiProblemHandler(QueryProperties properties) {
    this.properties = properties;
  }

  @ExceptionHandler(BadParameterException.class)
  ProblemDetail badParameter(BadParameterException e) {
    ErrorCauseMetrics.record("bad_parameter");
    return withParameter(
        ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage()), e.parameter());
  }

  @ExceptionHandler(TooLargeException.class)
  ProblemDetail tooLarge(TooLargeException e) {
    ErrorCauseMetrics.record("too_large");
    return withParameter(
        ProblemDetail.forStatusAndDetail(HttpStatus.PAYLOAD_TOO_LARGE, e.getMessage()),
        e.parameter());
  }

  @ExceptionHandler(UnknownModelException.class)
  ProblemDetail unknownModel(UnknownModelException e) {
    ErrorCauseMetrics.record("unknown_model");
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, e.getMessage());
    problem.setProperty("parameter", "model");
    problem.setProperty("models", e.publishedModels().stream().sorted().toList());
    return problem;
  }

  @ExceptionHandler(UnknownRunException.class)
  ProblemDetail unknownRun(UnknownRunException e) {
    ErrorCauseMetrics.record("unknown_run");
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, e.getMessage());
    problem.setProperty("parameter", e.parameter());
    problem.setProperty("runs", e.runs());
    return problem;
  }

  /**
   * An archived run: 404 as for any run that cannot be served, saying how to restore it ({@code
   * archived}, {@code restore.command}, {@code restore.endpoint}).
   */
  @ExceptionHandler(ArchivedRunException.class)
  ProblemDetail archivedRun(ArchivedRunException e) {
    ProblemDetail problem = unknownRun(e);
    ErrorCauseMetrics.record("archived_run");
    problem.setTitle("Run archived");
    problem.setProperty("archived", true);
    problem.setProperty("snapshot", e.snapshot());
    problem.setProperty(
        "restore", Map.of("command", e.command(), "endpoint", "POST " + e.endpoint()));
    return problem;
  }

  @ExceptionHandler(OutsideForecastException.class)
  ProblemDetail outsideForecast(OutsideForecastException e) {
    ErrorCauseMetrics.record("outside_forecast");
    return withParameter(
        ProblemDetail.forStatusAndDetail(HttpStatus.UNPROCESSABLE_ENTITY, e.getMessage()),
        e.parameter());
  }

  /**
   * The problem of one point of a batch that cannot be answered: what the same GET would have been
   * answered with (400 or 422), a parameter of the point named {@code points[i].name}.
   */
  static ProblemDetail pointProblem(RuntimeException e, int index) {
    HttpStatus status =
        e instanceof OutsideForecastException
            ? HttpStatus.UNPROCESSABLE_ENTITY
            : HttpStatus.BAD_REQUEST;
    String parameter =
        e instanceof OutsideForecastException outside
            ? outside.parameter()
            : e instanceof BadParameterException bad ? bad.parameter() : null;
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, e.getMessage());
    if (parameter != null) {
      problem.setProperty("parameter", BatchController.pointParameter(index, parameter));
    }
    return problem;
  }

  /** Elasticsearch down, failing or the circuit open: 503, retry after the delay given. */
  @ExceptionHandler(SearchUnavailableException.class)
  ResponseEntity<ProblemDetail> unavailable(SearchUnavailableException e) {
    ErrorCauseMetrics.record(
        e.getCause() instanceof CallNotPermittedException ? "circuit_open" : "unavailable");
    log.warn("spot request failed: {}", e.getMessage());
    Duration retryAfter =
        e.retryAfter() != null ? e.retryAfter() : properties.unavailableRetryAfter();
    ProblemDetail problem =
        ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
    problem.setTitle("Forecast store unavailable");
    problem.setProperty("retryAfterSeconds", RetryAfter.seconds(retryAfter));
    problem.setProperty(
        "action",
        "retry the same request after " + RetryAfter.seconds(retryAfter) + " s (Retry-After)");
    return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
        .header(HttpHeaders.RETRY_AFTER, Long.toString(RetryAfter.seconds(retryAfter)))
        .body(problem);
  }

  /** Backpressure: too many requests at once; 429, retry after a short delay (nothing was done). */
  @ExceptionHandler(SearchSaturatedException.class)
  ResponseEntity<ProblemDetail> saturated(SearchSaturatedException e) {
    ErrorCauseMetrics.record("saturated");
    long retryAfter = RetryAfter.seconds(properties.saturatedRetryAfter());
    return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
        .header(HttpHeaders.RETRY_AFTER, Long.toString(retryAfter))
        .body(saturatedProblem(e.getMessage(), retryAfter));
  }

  /**
   * The problem of a 429 for backpressure, nothing done (the door's refusals and a full
   * Elasticsearch bulkhead): retry after {@code retryAfterSeconds}.
   */
  static ProblemDetail saturatedProblem(String detail, long retryAfterSeconds) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.TOO_MANY_REQUESTS, detail);
    problem.setTitle("Too many requests");
    problem.setProperty("retryAfterSeconds", retryAfterSeconds);
    problem.setProperty(
        "action",
        "retry the same request after "
            + retryAfterSeconds
            + " s (Retry-After), or send fewer at once");
    return problem;
  }

  /** Whole seconds, rounded up, at least 1 (Retry-After has no fractions). */
  /** Anything else is our fault: logged with its stack, answered without internals. */
  @ExceptionHandler(Exception.class)
  ProblemDetail unexpected(Exception e) {
    ErrorCauseMetrics.record("internal");
    log.error("unexpected error", e);
    return ProblemDetail.forStatusAndDetail(
        HttpStatus.INTERNAL_SERVER_ERROR, "internal error; see the service log");
  }

  @Override
  protected ResponseEntity<Object> handleMissingServletRequestParameter(
      MissingServletRequestParameterException e,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    ProblemDetail problem = e.getBody();
    ErrorCauseMetrics.record("bad_parameter");
    problem.setDetail(e.getParameterName() + " is required");
    withParameter(problem, e.getParameterName());
    return handleExceptionInternal(e, problem, headers, status, request);
  }

  @Override
  protected ResponseEntity<Object> handleTypeMismatch(
      TypeMismatchException e, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    ErrorCauseMetrics.record("bad_parameter");
    ProblemDetail problem =
        ProblemDetail.forStatusAndDetail(
            status, e.getPropertyName() + " has an invalid value '" + e.getValue() + "'");
    withParameter(problem, e.getPropertyName());
    return handleExceptionInternal(e, problem, headers, status, request);
  }

  /**
   * A body that cannot be read: too large (413), or not one JSON document (400, saying where and
   * what: a member given twice, text after the document, a syntax error).
   */
  @Override
  protected ResponseEntity<Object> handleHttpMessageNotReadable(
      HttpMessageNotReadableException e,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof RequestBodyLimit.BodyTooLargeException tooLarge) {
        ErrorCauseMetrics.record("body_too_large");
        ProblemDetail problem =
            ProblemDetail.forStatusAndDetail(
                HttpStatus.PAYLOAD_TOO_LARGE,
                tooLarge.getMessage() + "; send fewer points per request");
        return handleExceptionInternal(e, problem, headers, HttpStatus.PAYLOAD_TOO_LARGE, request);
      }
      if (cause instanceof JsonProcessingException json) {
        ErrorCauseMetrics.record("bad_body");
        ProblemDetail problem =
            ProblemDetail.forStatusAndDetail(
                HttpStatus.BAD_REQUEST,
                "the body must be one JSON object: " + JsonBodyErrors.describe(json));
        return handleExceptionInternal(e, problem, headers, HttpStatus.BAD_REQUEST, request);
      }
    }
    ErrorCauseMetrics.record("bad_body");
    ProblemDetail problem =
        ProblemDetail.forStatusAndDetail(
            HttpStatus.BAD_REQUEST,
            "the body could not be read; send one JSON object with Content-Type: application/json");
    return handleExceptionInternal(e, problem, headers, HttpStatus.BAD_REQUEST, request);
  }

  private static ProblemDetail withParameter(ProblemDetail problem, String parameter) {
    problem.setProperty("parameter", parameter);
    return problem;
  }
}
