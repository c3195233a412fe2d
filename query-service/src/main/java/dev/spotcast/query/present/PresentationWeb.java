package dev.spotcast.query.present;

import dev.spotcast.query.api.BatchController.BatchAnswer;
import dev.spotcast.query.api.SideBySide;
import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.SeriesForecast;
import dev.spotcast.query.spot.SpotForecast;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyAdvice;

/**
 * Puts {@link Presentation} between the forecast endpoints and their clients, without the
 * controllers knowing: {@code units}, {@code timezone}, {@code daily}, {@code previous_runs} and
 * {@code f} are checked before any work (a bad one is a 400 problem like any parameter), the answer
 * is converted on its way out, and {@code f=csv} asks for {@code text/csv} as an {@code Accept}
 * header would.
 */
public final class PresentationWeb {

  /** The endpoints presented; EDR has its own formats ({@code f=CoverageJSON|GeoJSON}). */
  static final List<String> PATHS = List.of("/v1/spot", "/v1/series");

  static final String ATTRIBUTE = Presentation.class.getName();

  private PresentationWeb() {}

  /** The presentation a request asked for; checked, so a bad parameter fails here. */
  static Presentation of(HttpServletRequest request, ObjectProvider<PreviousRuns> previousRuns) {
    String f = single(request, "f");
    if (f != null && !f.equalsIgnoreCase("json") && !f.equalsIgnoreCase("csv")) {
      throw new BadParameterException(
          "f", "f takes json (the default) or csv; or ask with an Accept header");
    }
    String daily = single(request, "daily");
    if (daily != null && !request.getRequestURI().endsWith("/v1/series")) {
      throw new BadParameterException("daily", "daily= aggregates a series: ask GET /v1/series");
    }
    String previous = single(request, "previous_runs");
    if (previous != null
        && !(request.getMethod().equals("GET") && request.getRequestURI().endsWith("/v1/spot"))) {
      throw new BadParameterException(
          "previous_runs", "previous_runs= compares runs at one point: ask GET /v1/spot");
    }
    if (previous != null && request.getParameter("models") != null) {
      throw new BadParameterException(
          "previous_runs", "previous_runs= compares the runs of one model: ask with model=");
    }
    String timezone = single(request, "timezone");
    TimeZones.named(timezone);
    return new Presentation(
        UnitChoice.parse(single(request, "units")),
        timezone == null || timezone.isBlank() ? null : timezone.strip(),
        LocalDays.parse(daily),
        previous == null ? 0 : previousRuns.getObject().count(previous));
  }

  /** The parameter's value; a repeated one never gets here ({@code RepeatedParameters}). */
  private static String single(HttpServletRequest request, String name) {
    return request.getParameter(name);
  }

  /** Checks the presentation parameters before the controller runs. */
  @org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
  static class Interceptor implements WebMvcConfigurer {

    private final ObjectProvider<PreviousRuns> previousRuns;

    /** Web slices without the forecast beans (controller tests) still get the checks. */
    Interceptor(ObjectProvider<PreviousRuns> previousRuns) {
      this.previousRuns = previousRuns;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
      registry
          .addInterceptor(
              new HandlerInterceptor() {
                @Override
                public boolean preHandle(
                    HttpServletRequest request, HttpServletResponse response, Object handler) {
                  request.setAttribute(ATTRIBUTE, of(request, previousRuns));
                  return true;
                }
              })
          .addPathPatterns(PATHS);
    }

    @Override
    public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
      converters.add(new ForecastCsv());
    }
  }

  /** Converts the answer as the request asked. */
  @ControllerAdvice
  static class Advice implements ResponseBodyAdvice<Object> {

    private final ObjectProvider<TimeZones> zones;
    private final ObjectProvider<PreviousRuns> previousRuns;

    Advice(ObjectProvider<TimeZones> zones, ObjectProvider<PreviousRuns> previousRuns) {
      this.zones = zones;
      this.previousRuns = previousRuns;
    }

    @Override
    public boolean supports(
        MethodParameter returnType, Class<? extends HttpMessageConverter<?>> converterType) {
      Class<?> type = returnType.getParameterType();
      return type == SpotForecast.class
          || type == SeriesForecast.class
          || type == BatchAnswer.class
          || type == SideBySide.class;
    }

    @Override
    public Object beforeBodyWrite(
        Object body,
        MethodParameter returnType,
        MediaType contentType,
        Class<? extends HttpMessageConverter<?>> converterType,
        ServerHttpRequest request,
        ServerHttpResponse response) {
      if (!(request instanceof ServletServerHttpRequest servlet)
          || !(servlet.getServletRequest().getAttribute(ATTRIBUTE)
              instanceof Presentation presentation)
          || presentation.changesNothing()) {
        return body;
      }
      return switch (body) {
        case SpotForecast spot ->
            presentation.apply(
                spot,
                zones.getObject(),
                presentation.previousRuns() == 0
                    ? null
                    : previousRuns
                        .getObject()
                        .of(servlet.getServletRequest(), spot, presentation.previousRuns()));
        case SeriesForecast series -> presentation.apply(series, zones.getObject());
        case BatchAnswer batch -> {
          List<Object> results = new ArrayList<>(batch.results().size());
          for (Object result : batch.results()) {
            results.add(
                result instanceof SpotForecast spot
                    ? presentation.apply(spot, zones.getObject(), null)
                    : result);
          }
          yield new BatchAnswer(batch.answered(), batch.failed(), results);
        }
        case SideBySide models -> {
          List<Object> results = new ArrayList<>(models.models().size());
          for (Object result : models.models()) {
            results.add(
                switch (result) {
                  case SpotForecast spot -> presentation.apply(spot, zones.getObject(), null);
                  case SeriesForecast series -> presentation.apply(series, zones.getObject());
                  default -> result;
                });
          }
          yield new SideBySide(models.answered(), models.failed(), results);
        }
        default -> body;
      };
    }
  }

  /** {@code f=csv} or {@code f=json} on the presented endpoints stands for the Accept header. */
  @org.springframework.stereotype.Component
  static class FormatFilter extends OncePerRequestFilter {

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
      return !PATHS.contains(request.getRequestURI());
    }

    @Override
    protected void doFilterInternal(
        HttpServletRequest request, HttpServletResponse response, FilterChain chain)
        throws ServletException, IOException {
      String f = request.getParameter("f");
      String accept =
          f == null
              ? null
              : switch (f.toLowerCase(Locale.ROOT)) {
                case "csv" -> ForecastCsv.TEXT_CSV_VALUE;
                case "json" -> MediaType.APPLICATION_JSON_VALUE;
                default -> null;
              };
      chain.doFilter(
          accept == null
              ? request
              : new HttpServletRequestWrapper(request) {
                @Override
                public String getHeader(String name) {
                  return HttpHeaders.ACCEPT.equalsIgnoreCase(name) ? accept : super.getHeader(name);
                }

                @Override
                public Enumeration<String> getHeaders(String name) {
                  return HttpHeaders.ACCEPT.equalsIgnoreCase(name)
                      ? Collections.enumeration(List.of(accept))
                      : super.getHeaders(name);
                }
              },
          response);
    }
  }
}
