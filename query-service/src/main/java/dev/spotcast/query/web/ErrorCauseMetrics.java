package dev.spotcast.query.web;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.server.observation.DefaultServerRequestObservationConvention;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.http.server.observation.ServerRequestObservationConvention;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;

/**
 * Adds a {@code cause} tag to the per-endpoint timer {@code http.server.requests} (Prometheus:
 * {@code http_server_requests_seconds_*}): why a 4xx or 5xx was answered ({@code bad_parameter},
 * {@code unknown_model}, {@code outside_forecast}, {@code saturated}, {@code unavailable}, {@code
 * internal}, ...), {@code none} for answers without a problem. The problem handler names the cause;
 * the values are a small fixed set, so the tag stays low-cardinality.
 */
@Configuration(proxyBeanMethods = false)
public class ErrorCauseMetrics {

  /** Request attribute holding the cause of the problem answered. */
  public static final String ATTRIBUTE = ErrorCauseMetrics.class.getName() + ".cause";

  /** Names the cause of the problem the current request is answered with. */
  public static void record(String cause) {
    RequestAttributes attributes = RequestContextHolder.getRequestAttributes();
    if (attributes != null) {
      attributes.setAttribute(ATTRIBUTE, cause, RequestAttributes.SCOPE_REQUEST);
    }
  }

  @Bean
  ServerRequestObservationConvention causeTaggingConvention() {
    return new DefaultServerRequestObservationConvention() {
      @Override
      public KeyValues getLowCardinalityKeyValues(ServerRequestObservationContext context) {
        Object cause = context.getCarrier().getAttribute(ATTRIBUTE);
        String value =
            cause instanceof String s
                ? s
                : context.getResponse() != null && context.getResponse().getStatus() >= 400
                    ? "other"
                    : "none";
        return super.getLowCardinalityKeyValues(context).and(KeyValue.of("cause", value));
      }
    };
  }
}
