package dev.spotcast.query.api;

import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.OutsideForecastException;
import dev.spotcast.query.spot.SearchUnavailableException;
import dev.spotcast.query.spot.UnknownModelException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.TypeMismatchException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
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

  /** Seconds a client should wait before retrying when Elasticsearch is unavailable. */
  private static final String RETRY_AFTER_SECONDS = "5";

  @ExceptionHandler(BadParameterException.class)
  ProblemDetail badParameter(BadParameterException e) {
    return withParameter(ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage()), e.parameter());
  }

  @ExceptionHandler(UnknownModelException.class)
  ProblemDetail unknownModel(UnknownModelException e) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, e.getMessage());
    problem.setProperty("parameter", "model");
    problem.setProperty("models", e.publishedModels().stream().sorted().toList());
    return problem;
  }

  @ExceptionHandler(OutsideForecastException.class)
  ProblemDetail outsideForecast(OutsideForecastException e) {
    return withParameter(
        ProblemDetail.forStatusAndDetail(HttpStatus.UNPROCESSABLE_ENTITY, e.getMessage()), e.parameter());
  }

  @ExceptionHandler(SearchUnavailableException.class)
  ResponseEntity<ProblemDetail> unavailable(SearchUnavailableException e) {
    log.warn("spot request failed: {}", e.getMessage());
    return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
        .header(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS)
        .body(ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage()));
  }

  /** Anything else is our fault: logged with its stack, answered without internals. */
  @ExceptionHandler(Exception.class)
  ProblemDetail unexpected(Exception e) {
    log.error("unexpected error", e);
    return ProblemDetail.forStatusAndDetail(HttpStatus.INTERNAL_SERVER_ERROR, "internal error; see the service log");
  }

  @Override
  protected ResponseEntity<Object> handleMissingServletRequestParameter(
      MissingServletRequestParameterException e, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    ProblemDetail problem = e.getBody();
    problem.setDetail(e.getParameterName() + " is required");
    withParameter(problem, e.getParameterName());
    return handleExceptionInternal(e, problem, headers, status, request);
  }

  @Override
  protected ResponseEntity<Object> handleTypeMismatch(
      TypeMismatchException e, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(
        status, e.getPropertyName() + " has an invalid value '" + e.getValue() + "'");
    withParameter(problem, e.getPropertyName());
    return handleExceptionInternal(e, problem, headers, status, request);
  }

  private static ProblemDetail withParameter(ProblemDetail problem, String parameter) {
    problem.setProperty("parameter", parameter);
    return problem;
  }
}
