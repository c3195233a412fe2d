package dev.spotcast.ingest.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.spotcast.ingest.job.InvalidJobException;
import dev.spotcast.ingest.job.JobConflictException;
import dev.spotcast.ingest.job.JobNotFoundException;
import dev.spotcast.web.JsonBodyErrors;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/** Every error as RFC 9457 problem+json (https://www.rfc-editor.org/rfc/rfc9457). */
@RestControllerAdvice
public class ApiProblemHandler extends ResponseEntityExceptionHandler {

  private static final Logger log = LoggerFactory.getLogger(ApiProblemHandler.class);

  @ExceptionHandler(InvalidJobException.class)
  ProblemDetail invalid(InvalidJobException e) {
    return ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
  }

  @ExceptionHandler(JobNotFoundException.class)
  ProblemDetail notFound(JobNotFoundException e) {
    return ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, e.getMessage());
  }

  @ExceptionHandler(JobConflictException.class)
  ProblemDetail conflict(JobConflictException e) {
    return ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, e.getMessage());
  }

  /** Elasticsearch or Kafka unreachable: worth a retry later. */
  @ExceptionHandler(IOException.class)
  ResponseEntity<ProblemDetail> unavailable(IOException e) {
    log.warn("request failed: {}", e.toString());
    return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
        .header(HttpHeaders.RETRY_AFTER, "10")
        .body(
            ProblemDetail.forStatusAndDetail(
                HttpStatus.SERVICE_UNAVAILABLE, "storage unavailable: " + e.getMessage()));
  }

  @ExceptionHandler(Exception.class)
  ProblemDetail unexpected(Exception e) {
    log.error("unexpected error", e);
    return ProblemDetail.forStatusAndDetail(
        HttpStatus.INTERNAL_SERVER_ERROR, "internal error; see the service log");
  }

  /** A body that is not JSON, or a field of the wrong type: say which. */
  @Override
  protected ResponseEntity<Object> handleHttpMessageNotReadable(
      HttpMessageNotReadableException e,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    Throwable cause = e.getMostSpecificCause();
    String detail =
        cause instanceof JsonProcessingException json
            ? JsonBodyErrors.describe(json)
            : "send one JSON object with Content-Type: application/json";
    ProblemDetail problem =
        ProblemDetail.forStatusAndDetail(status, "unreadable job spec: " + detail);
    return handleExceptionInternal(e, problem, headers, status, request);
  }
}
