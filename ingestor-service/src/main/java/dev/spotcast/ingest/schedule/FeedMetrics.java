package dev.spotcast.ingest.schedule;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToDoubleFunction;

/**
 * The feeds' meters ({@code /actuator/prometheus}), tagged {@code feed}: from each feed's last
 * poll, the age of the run its model serves, the run being fetched and how far, and, counted by
 * this instance, retried requests and given-up runs. The shipped alert ({@code
 * docker/prometheus/rules/spotcast.yml}) fires on {@code spotcast_feed_late}.
 */
final class FeedMetrics {

  private final MeterRegistry registry;
  private final Map<String, FeedStatus> last = new ConcurrentHashMap<>();

  FeedMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  /** Registers a feed's meters (counters at zero, gauges NaN until its first poll). */
  void register(String feed) {
    gauge(
        feed,
        "spotcast.feed.served.age",
        "seconds",
        "Time since the cycle of the run the feed's model serves",
        s ->
            s.servedRunTime() == null
                ? Double.NaN
                : Duration.between(s.servedRunTime(), Instant.now()).toMillis() / 1000.0);
    gauge(
        feed,
        "spotcast.feed.run",
        "seconds",
        "Cycle (Unix time) of the run the feed works on; 0 when it waits for the next cycle",
        s ->
            s.runTime() == null || s.state() == FeedStatus.State.WAITING_FOR_CYCLE
                ? 0
                : s.runTime().getEpochSecond());
    gauge(
        feed,
        "spotcast.feed.fields.wanted",
        null,
        "Wanted fields of the run worked on, known so far",
        FeedStatus::fieldsWanted);
    gauge(
        feed,
        "spotcast.feed.fields.fetched",
        null,
        "Fields of the run worked on that are fetched and checked",
        FeedStatus::fieldsDone);
    gauge(
        feed,
        "spotcast.feed.fetched",
        "bytes",
        "Bytes of the fetched fields of the run worked on",
        FeedStatus::bytes);
    gauge(
        feed,
        "spotcast.feed.late",
        null,
        "1 when the feed's newest due run missed its deadline and is not published",
        s -> s.late() ? 1 : 0);
    retries(feed);
    failures(feed);
  }

  private void gauge(
      String feed,
      String name,
      String unit,
      String description,
      ToDoubleFunction<FeedStatus> value) {
    Gauge.builder(
            name,
            last,
            statuses -> {
              FeedStatus status = statuses.get(feed);
              return status == null ? Double.NaN : value.applyAsDouble(status);
            })
        .description(description)
        .baseUnit(unit)
        .tag("feed", feed)
        .register(registry);
  }

  void polled(FeedStatus status) {
    last.put(status.feed(), status);
  }

  FeedStatus last(String feed) {
    return last.get(feed);
  }

  Counter retries(String feed) {
    return Counter.builder("spotcast.feed.retries")
        .description("Requests to the publisher retried (5xx, 429, timeouts, short bodies)")
        .tag("feed", feed)
        .register(registry);
  }

  Counter failures(String feed) {
    return Counter.builder("spotcast.feed.failures")
        .description("Runs given up: deadline passed, or files that do not make a run")
        .tag("feed", feed)
        .register(registry);
  }
}
