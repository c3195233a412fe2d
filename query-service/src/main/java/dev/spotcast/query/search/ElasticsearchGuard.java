package dev.spotcast.query.search;

import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.transport.rest5_client.low_level.ResponseException;
import dev.spotcast.query.config.Timeouts;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.github.resilience4j.bulkhead.BulkheadFullException;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import io.github.resilience4j.retry.RetryRegistry;
import io.github.resilience4j.timelimiter.TimeLimiter;
import io.github.resilience4j.timelimiter.TimeLimiterConfig;
import io.github.resilience4j.timelimiter.TimeLimiterRegistry;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Every Elasticsearch read of a spot request goes through Resilience4j's instances named {@value
 * #NAME}, configured under {@code resilience4j.*.instances.elasticsearch} in application.yml:
 *
 * <ol>
 *   <li>a semaphore <b>bulkhead</b> (outermost): at most so many requests talk to Elasticsearch at
 *       once; beyond that a request waits at most briefly and is then refused ({@link
 *       SearchSaturatedException}, HTTP 429): backpressure instead of a queue that grows until
 *       everything times out. A refused request is never retried;
 *   <li>a <b>retry</b> of the idempotent read, at most once, with exponential backoff and jitter,
 *       only for transient failures ({@link SearchUnavailableException}), never for a call the open
 *       circuit refused;
 *   <li>a <b>circuit breaker</b>: when most recent calls failed, calls are refused at once for a
 *       while (HTTP 503 with Retry-After) rather than each waiting for a dead cluster; then a few
 *       trial calls close it again;
 *   <li>a <b>time limit</b> per call (innermost), on the async client's future: a timer that ends
 *       the HTTP exchange when it fires, removed when the answer comes first. The request thread
 *       waits without a deadline ({@link Timeouts}).
 * </ol>
 *
 * <p>Elasticsearch's own errors are turned into {@link SearchUnavailableException} (transient:
 * unreachable, overloaded, timed out, shards failing, index gone) inside the circuit breaker, so
 * only those count as failures; anything else is a bug in the query and passes through as a server
 * error.
 */
@Component
public class ElasticsearchGuard {

  private static final Logger log = LoggerFactory.getLogger(ElasticsearchGuard.class);

  /** Name of the Resilience4j instances (circuit breaker, bulkhead, retry, time limiter). */
  public static final String NAME = "elasticsearch";

  private final Bulkhead bulkhead;
  private final Retry retry;
  private final CircuitBreaker circuitBreaker;
  private final TimeLimiter timeLimiter;
  private final Duration openRetryAfter;
  private final Timeouts timeouts;

  public ElasticsearchGuard(
      BulkheadRegistry bulkheads,
      RetryRegistry retries,
      CircuitBreakerRegistry circuitBreakers,
      TimeLimiterRegistry timeLimiters,
      Timeouts timeouts) {
    this.bulkhead = bulkheads.bulkhead(NAME);
    this.retry = retries.retry(NAME);
    this.circuitBreaker = circuitBreakers.circuitBreaker(NAME);
    this.timeLimiter = timeLimiters.timeLimiter(NAME);
    this.timeouts = timeouts;
    this.openRetryAfter =
        Duration.ofMillis(
            circuitBreaker.getCircuitBreakerConfig().getWaitIntervalFunctionInOpenState().apply(1));
    circuitBreaker
        .getEventPublisher()
        .onStateTransition(
            e -> log.warn("Elasticsearch circuit breaker: {}", e.getStateTransition()));
    retry
        .getEventPublisher()
        .onRetry(
            e ->
                log.info(
                    "retrying an Elasticsearch read (attempt {}): {}",
                    e.getNumberOfRetryAttempts() + 1,
                    e.getLastThrowable() == null ? "" : e.getLastThrowable().getMessage()));
  }

  /** Unguarded: for tests and benchmarks that call Elasticsearch directly. */
  public static ElasticsearchGuard none() {
    return new ElasticsearchGuard(
        BulkheadRegistry.of(BulkheadConfig.custom().maxConcurrentCalls(Integer.MAX_VALUE).build()),
        RetryRegistry.of(RetryConfig.custom().maxAttempts(1).build()),
        CircuitBreakerRegistry.of(
            CircuitBreakerConfig.custom().ignoreExceptions(Throwable.class).build()),
        TimeLimiterRegistry.of(
            TimeLimiterConfig.custom().timeoutDuration(Duration.ofDays(1)).build()),
        new Timeouts());
  }

  public CircuitBreaker circuitBreaker() {
    return circuitBreaker;
  }

  /** The timers of the waits for Elasticsearch: its time limit, a shared read's longest wait. */
  Timeouts timeouts() {
    return timeouts;
  }

  /**
   * Runs one idempotent read: {@code call} starts the request, {@code read} turns the response into
   * the result (and may throw {@link SearchUnavailableException}, e.g. for failed shards).
   *
   * @throws SearchSaturatedException when too many requests already wait for Elasticsearch
   * @throws SearchUnavailableException when Elasticsearch cannot answer or the circuit is open
   */
  public <R, T> T read(Supplier<CompletableFuture<R>> call, Function<R, T> read) {
    Callable<T> limited =
        () -> {
          R response;
          try {
            // An untimed wait: the time limit is a timer on the timeouts thread, which completes
            // the call's future with a TimeoutException (and so ends its HTTP exchange).
            response =
                timeLimiter
                    .executeCompletionStage(timeouts.scheduler(), call)
                    .toCompletableFuture()
                    .join();
          } catch (CompletionException e) {
            if (e.getCause() instanceof TimeoutException timeout) {
              throw new SearchUnavailableException(
                  "Elasticsearch did not answer within "
                      + timeLimiter.getTimeLimiterConfig().getTimeoutDuration().toMillis()
                      + " ms",
                  timeout);
            }
            throw translate(e);
          } catch (Exception e) {
            throw translate(e);
          }
          return read.apply(response);
        };
    Callable<T> guarded =
        Bulkhead.decorateCallable(
            bulkhead,
            Retry.decorateCallable(
                retry, CircuitBreaker.decorateCallable(circuitBreaker, limited)));
    try {
      return guarded.call();
    } catch (BulkheadFullException e) {
      throw new SearchSaturatedException(
          "too many requests are waiting for Elasticsearch ("
              + bulkhead.getBulkheadConfig().getMaxConcurrentCalls()
              + " at once); retry after the Retry-After delay");
    } catch (CallNotPermittedException e) {
      throw new SearchUnavailableException(
          "Elasticsearch failed repeatedly: requests are paused (circuit open); retry after the Retry-After delay",
          e,
          openRetryAfter);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * What a failed call means for the caller: a 503-class {@link SearchUnavailableException}, or a
   * server error.
   */
  static RuntimeException translate(Throwable e) {
    Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    if (cause instanceof ResponseException refused) {
      return SearchWire.failure(refused);
    }
    if (cause instanceof IOException) {
      return new SearchUnavailableException(
          "Elasticsearch cannot be reached: " + cause.getMessage(), cause);
    }
    if (cause instanceof ElasticsearchException es) {
      return unavailableOr(es.status(), es.error().type(), es.getMessage(), es);
    }
    if (cause instanceof RuntimeException runtime) {
      return runtime;
    }
    return new IllegalStateException(cause);
  }

  /**
   * Overload, server errors, a missing index (a run deleted after the catalog was read) and a
   * request that reached Elasticsearch without its body are transient for the caller; anything else
   * is a bug in the query and stays a server error. The last was seen when a node was killed
   * mid-request: the HTTP client sent the request again to another node, and its body did not
   * follow.
   */
  static RuntimeException unavailableOr(int status, String type, String reason, Exception cause) {
    boolean bodyLost =
        "parse_exception".equals(type)
            && reason != null
            && reason.contains("request body or source parameter is required");
    if (status == 429 || status >= 500 || "index_not_found_exception".equals(type) || bodyLost) {
      return new SearchUnavailableException("Elasticsearch could not answer: " + reason, cause);
    }
    return new IllegalStateException(
        "Elasticsearch rejected the spot search (" + status + " " + type + "): " + reason, cause);
  }
}
