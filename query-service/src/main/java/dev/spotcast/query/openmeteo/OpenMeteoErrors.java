package dev.spotcast.query.openmeteo;

import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.OutsideForecastException;
import dev.spotcast.query.spot.UnknownModelException;
import dev.spotcast.query.spot.UnknownRunException;
import dev.spotcast.query.web.ErrorCauseMetrics;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Errors of the Open-Meteo endpoints as Open-Meteo writes them: 400 with {@code {"error": true,
 * "reason": "..."}}, whatever in the request is wrong (an unknown model or a place outside the
 * model's grid included). What the service refuses before the request reaches them (503 before the
 * catalog is read, 429 at its limit) stays problem+json, as on every endpoint.
 */
@RestControllerAdvice(assignableTypes = OpenMeteoController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
public class OpenMeteoErrors {

  /** The body of an error, as documented in the OpenAPI description. */
  public record Error(boolean error, String reason) {}

  @ExceptionHandler({
    OpenMeteoException.class,
    BadParameterException.class,
    OutsideForecastException.class,
    UnknownModelException.class,
    UnknownRunException.class
  })
  ResponseEntity<Map<String, Object>> refused(RuntimeException e) {
    ErrorCauseMetrics.record("bad_parameter");
    return of(e.getMessage());
  }

  static ResponseEntity<Map<String, Object>> of(String reason) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("error", true);
    body.put("reason", reason);
    return ResponseEntity.status(HttpStatus.BAD_REQUEST)
        .contentType(MediaType.APPLICATION_JSON)
        .body(body);
  }
}
