package dev.spotcast.query.http;

import dev.spotcast.index.RunRecord;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.request.SpotRequestParser;
import dev.spotcast.query.spot.SeriesForecast;
import dev.spotcast.query.spot.SpotForecast;
import dev.spotcast.query.web.ClientKeys;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.TreeSet;
import java.util.zip.CRC32C;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.core.Ordered;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyAdvice;

/**
 * HTTP caching for clients and CDNs, as MET Norway asks of its clients: every successful GET answer
 * carries {@code ETag}, {@code Last-Modified} and {@code Cache-Control} from the run it comes from
 * ({@link RunValidators}); a request whose {@code If-None-Match} (or {@code If-Modified-Since})
 * still holds for the run the model serves now gets 304 without a body, before any work and without
 * Elasticsearch. A new published run changes every tag. Errors are never stored ({@code no-store}).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(HttpCacheProperties.class)
public class HttpCaching implements WebMvcConfigurer {

  static final String ATTRIBUTE = HttpCaching.class.getName() + ".validators";
  static final String RUN_ATTRIBUTE = HttpCaching.class.getName() + ".run";

  private final PublishedRuns runs;
  private final HttpCacheProperties properties;
  private final RunValidators validators;

  /**
   * Whether shared caches (CDNs, proxies) may keep answers: not when client keys are on, or a cache
   * would hand a keyed answer to a client without a key.
   */
  private final boolean shared;

  /** Web slices without the run catalog (controller tests) get no caching headers. */
  public HttpCaching(
      ObjectProvider<PublishedRuns> catalog,
      HttpCacheProperties properties,
      ObjectProvider<ClientKeys> clientKeys) {
    this.runs = catalog.getIfAvailable();
    ClientKeys keys = clientKeys.getIfAvailable();
    shared = keys == null || !keys.enabled();
    this.properties = properties;
    this.validators = new RunValidators(runs, properties);
  }

  @Bean
  RunValidators runValidators() {
    return validators;
  }

  /** The run catalog, or null in a web slice without it. */
  PublishedRuns catalog() {
    return runs;
  }

  /** Where an answer comes from: one run (and whether the request named it), or the catalog. */
  private record Source(RunRecord record, boolean pinned) {}

  @Override
  public void addInterceptors(InterceptorRegistry registry) {
    if (!properties.enabled() || runs == null) {
      return;
    }
    registry
        .addInterceptor(
            new HandlerInterceptor() {
              @Override
              public boolean preHandle(
                  HttpServletRequest request, HttpServletResponse response, Object handler) {
                if (!"GET".equals(request.getMethod()) && !"HEAD".equals(request.getMethod())) {
                  return true;
                }
                RunValidators.Validators found = validators(request);
                if (found == null) {
                  return true;
                }
                request.setAttribute(ATTRIBUTE, found);
                if (notModified(request, found)) {
                  response.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
                  headers(found, isPinned(request), response::setHeader);
                  return false;
                }
                return true;
              }
            })
        .addPathPatterns("/v1/**", "/edr", "/edr/**")
        .order(Ordered.HIGHEST_PRECEDENCE + 1);
  }

  private RunValidators.Validators validators(HttpServletRequest request) {
    String path = request.getRequestURI();
    String representation = request.getQueryString() + "|" + request.getHeader(HttpHeaders.ACCEPT);
    Instant now = Instant.now();
    Optional<Source> source = Optional.empty();
    String[] parts = path.split("/");
    if (path.equals("/v1/spot") || path.equals("/v1/series")) {
      source =
          source(
              request.getParameter("model"), SpotRequestParser.runId(request.getParameter("run")));
    } else if (path.startsWith("/edr/collections/") && path.endsWith("/position")) {
      // /edr/collections/{model}/position, /edr/collections/{model}/instances/{id}/position
      source =
          source(parts[3], parts.length == 7 && parts[4].equals("instances") ? parts[5] : null);
    } else if (path.equals("/v1/models") || path.equals("/edr") || path.startsWith("/edr/")) {
      return catalog(representation);
    } else {
      return null;
    }
    source.ifPresent(s -> request.setAttribute(RUN_ATTRIBUTE, s.record()));
    return source.map(s -> validators.of(s.record(), s.pinned(), representation, now)).orElse(null);
  }

  private Optional<Source> source(String model, String runId) {
    if (model == null || model.isBlank()) {
      return Optional.empty();
    }
    return runId == null
        ? runs.get(model).map(record -> new Source(record, false))
        : runs.get(model, runId).map(record -> new Source(record, true));
  }

  /** What is loaded: its tag changes with any model's published or servable runs. */
  private RunValidators.Validators catalog(String representation) {
    TreeSet<String> state = new TreeSet<>();
    Instant newest = Instant.EPOCH;
    for (String model : runs.models()) {
      for (RunRecord record : runs.runs(model)) {
        state.add(record.model() + ":" + record.runId());
        if (record.finishedAt() != null && record.finishedAt().isAfter(newest)) {
          newest = record.finishedAt();
        }
      }
      runs.get(model).ifPresent(record -> state.add(record.model() + "=" + record.runId()));
    }
    CRC32C checksum = new CRC32C();
    checksum.update(
        (String.join(",", state) + "|" + representation).getBytes(StandardCharsets.UTF_8));
    return new RunValidators.Validators(
        "\"catalog-" + Long.toHexString(checksum.getValue()) + "\"",
        newest,
        properties.catalogMaxAge());
  }

  private static boolean isPinned(HttpServletRequest request) {
    return request.getRequestURI().contains("/instances/")
            && request.getRequestURI().endsWith("/position")
        || request.getParameter("run") != null
            && !request.getParameter("run").strip().equals("latest");
  }

  private static boolean notModified(HttpServletRequest request, RunValidators.Validators found) {
    String ifNoneMatch = request.getHeader(HttpHeaders.IF_NONE_MATCH);
    if (ifNoneMatch != null) {
      for (String tag : ifNoneMatch.split(",")) {
        String t = tag.strip();
        if (t.equals("*") || t.equals(found.etag()) || t.equals("W/" + found.etag())) {
          return true;
        }
      }
      return false;
    }
    long since;
    try {
      since = request.getDateHeader(HttpHeaders.IF_MODIFIED_SINCE);
    } catch (IllegalArgumentException e) {
      return false;
    }
    return since >= 0
        && !found
            .lastModified()
            .truncatedTo(ChronoUnit.SECONDS)
            .isAfter(Instant.ofEpochMilli(since));
  }

  private interface HeaderSink {
    void set(String name, String value);
  }

  /** The last {@code Last-Modified} written: nearly every answer comes from the same few runs. */
  private record HttpDate(Instant at, String text) {}

  private volatile HttpDate lastDate = new HttpDate(Instant.EPOCH, "");

  private String httpDate(Instant at) {
    HttpDate last = lastDate;
    if (!last.at().equals(at)) {
      last =
          new HttpDate(at, DateTimeFormatter.RFC_1123_DATE_TIME.format(at.atZone(ZoneOffset.UTC)));
      lastDate = last;
    }
    return last.text();
  }

  private void headers(RunValidators.Validators found, boolean pinned, HeaderSink sink) {
    sink.set(HttpHeaders.ETAG, found.etag());
    sink.set(HttpHeaders.LAST_MODIFIED, httpDate(found.lastModified()));
    CacheControl control =
        shared
            ? CacheControl.maxAge(found.maxAge()).cachePublic()
            : CacheControl.maxAge(found.maxAge()).cachePrivate();
    sink.set(
        HttpHeaders.CACHE_CONTROL,
        pinned ? control.getHeaderValue() + ", immutable" : control.getHeaderValue());
    sink.set(HttpHeaders.VARY, HttpHeaders.ACCEPT);
  }

  private static final String PROVISIONAL = HttpCaching.class.getName() + ".provisional";

  /**
   * Marks the answer of the current request as provisional when {@code provisional}, for bodies
   * made from spot answers that do not carry their flag (EDR's CoverageJSON): it is sent with
   * no-store and no validators, so no cache keeps it until the next run. Spot and series answers
   * say it themselves ({@link SpotForecast#provisional()}).
   */
  public static void provisionalIf(boolean provisional) {
    RequestAttributes attributes = RequestContextHolder.getRequestAttributes();
    if (provisional && attributes != null) {
      attributes.setAttribute(PROVISIONAL, Boolean.TRUE, RequestAttributes.SCOPE_REQUEST);
    }
  }

  /**
   * Whether an answer was made without something the run will soon have (its terrain, still being
   * read).
   */
  static boolean provisional(Object body, ServerHttpRequest request) {
    return body instanceof SpotForecast spot && spot.provisional()
        || body instanceof SeriesForecast series && series.provisional()
        || request instanceof ServletServerHttpRequest servlet
            && servlet.getServletRequest().getAttribute(PROVISIONAL) != null;
  }

  /** Puts the validators on successful answers and no-store on problems and provisional answers. */
  @ControllerAdvice
  static class Advice implements ResponseBodyAdvice<Object> {

    private final RunValidators validators;
    private final PublishedRuns runs;
    private final HttpCaching caching;

    Advice(RunValidators validators, HttpCaching caching) {
      this.validators = validators;
      this.runs = caching.catalog();
      this.caching = caching;
    }

    @Override
    public boolean supports(
        MethodParameter returnType, Class<? extends HttpMessageConverter<?>> converterType) {
      return true;
    }

    @Override
    public Object beforeBodyWrite(
        Object body,
        MethodParameter returnType,
        MediaType contentType,
        Class<? extends HttpMessageConverter<?>> converterType,
        ServerHttpRequest request,
        ServerHttpResponse response) {
      if (body instanceof ProblemDetail || provisional(body, request)) {
        response.getHeaders().setCacheControl(CacheControl.noStore());
        return body;
      }
      if (runs == null
          || !(request instanceof ServletServerHttpRequest servlet)
          || !(servlet.getServletRequest().getAttribute(ATTRIBUTE)
              instanceof RunValidators.Validators found)
          || !(response instanceof ServletServerHttpResponse out)
          || out.getServletResponse().getStatus() >= 300) {
        return body;
      }
      HttpServletRequest http = servlet.getServletRequest();
      // The run may have changed between the check and the answer: the answer's own run decides.
      Instant answered =
          body instanceof SpotForecast spot
              ? spot.run()
              : body instanceof SeriesForecast series ? series.run() : null;
      String model =
          body instanceof SpotForecast spot
              ? spot.model()
              : body instanceof SeriesForecast series ? series.model() : null;
      Object checked = servlet.getServletRequest().getAttribute(RUN_ATTRIBUTE);
      if (answered != null
          && checked instanceof RunRecord expected
          && !expected.runTime().equals(answered)) {
        Optional<RunRecord> record =
            runs.runs(model).stream().filter(r -> r.runTime().equals(answered)).findFirst();
        if (record.isEmpty()) {
          return body;
        }
        found =
            validators.of(
                record.get(),
                isPinned(http),
                http.getQueryString() + "|" + http.getHeader(HttpHeaders.ACCEPT),
                Instant.now());
      }
      caching.headers(found, isPinned(http), response.getHeaders()::set);
      return body;
    }
  }
}
