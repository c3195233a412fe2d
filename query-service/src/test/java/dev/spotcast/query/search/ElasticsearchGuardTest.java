package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.query.config.Timeouts;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.retry.RetryConfig;
import io.github.resilience4j.retry.RetryRegistry;
import io.github.resilience4j.timelimiter.TimeLimiterConfig;
import io.github.resilience4j.timelimiter.TimeLimiterRegistry;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ElasticsearchGuardTest {

  private final Timeouts timeouts = new Timeouts();

  @AfterEach
  void stopTimers() {
    timeouts.destroy();
  }

  @Test
  void overloadServerErrorsAMissingIndexAndALostBodyAreTransient() {
    assertThat(
            ElasticsearchGuard.unavailableOr(
                429, "es_rejected_execution_exception", "queue full", null))
        .isInstanceOf(SearchUnavailableException.class);
    assertThat(
            ElasticsearchGuard.unavailableOr(
                503, "no_shard_available_action_exception", "no shard", null))
        .isInstanceOf(SearchUnavailableException.class);
    assertThat(
            ElasticsearchGuard.unavailableOr(
                404, "index_not_found_exception", "no such index", null))
        .isInstanceOf(SearchUnavailableException.class);
    // Seen while a node was killed mid-request: the client's second try reached another node
    // without its body.
    assertThat(
            ElasticsearchGuard.unavailableOr(
                400,
                "parse_exception",
                "[es/msearch] failed: [parse_exception] request body or source parameter is required",
                null))
        .isInstanceOf(SearchUnavailableException.class);
  }

  @Test
  void aQueryElasticsearchRejectsIsABugAndStaysAServerError() {
    assertThat(
            ElasticsearchGuard.unavailableOr(400, "parse_exception", "unknown query [foo]", null))
        .isInstanceOf(IllegalStateException.class);
    assertThat(
            ElasticsearchGuard.unavailableOr(400, "illegal_argument_exception", "bad field", null))
        .isInstanceOf(IllegalStateException.class);
  }

  /** A guard that tries once, with a time limit of {@code limit}. */
  private ElasticsearchGuard limitedTo(Duration limit) {
    return new ElasticsearchGuard(
        BulkheadRegistry.of(BulkheadConfig.custom().maxConcurrentCalls(4).build()),
        RetryRegistry.of(RetryConfig.custom().maxAttempts(1).build()),
        CircuitBreakerRegistry.ofDefaults(),
        TimeLimiterRegistry.of(TimeLimiterConfig.custom().timeoutDuration(limit).build()),
        timeouts);
  }

  @Test
  void aCallThatNeverAnswersIsEndedByItsTimeLimit() {
    ElasticsearchGuard guard = limitedTo(Duration.ofMillis(50));
    CompletableFuture<String> hanging = new CompletableFuture<>();
    assertThatThrownBy(() -> guard.read(() -> hanging, answer -> answer))
        .isInstanceOf(SearchUnavailableException.class)
        .hasMessage("Elasticsearch did not answer within 50 ms");
    // What ends its HTTP exchange (SearchWire.send): the call's own future, failed.
    assertThat(hanging).isCompletedExceptionally();
    assertThat(hanging.exceptionNow()).isInstanceOf(TimeoutException.class);
  }

  @Test
  void anAnswerBeforeTheLimitRemovesItsTimer() {
    ElasticsearchGuard guard = limitedTo(Duration.ofHours(1));
    assertThat(guard.read(() -> CompletableFuture.completedFuture("hits"), String::length))
        .isEqualTo(4);
    // No timer is left behind to wake the timeouts thread an hour later.
    assertThat(guard.timeouts().pending()).isZero();
  }

  @Test
  void aFailedCallIsTranslatedAsBefore() {
    ElasticsearchGuard guard = limitedTo(Duration.ofHours(1));
    assertThatThrownBy(
            () ->
                guard.read(
                    () -> CompletableFuture.failedFuture(new IOException("connection refused")),
                    answer -> answer))
        .isInstanceOf(SearchUnavailableException.class)
        .hasMessage("Elasticsearch cannot be reached: connection refused");
  }
}
