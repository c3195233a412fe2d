package dev.spotcast.ingestor.feed;

import java.time.Duration;

/**
 * How politely and how persistently a fetch talks to a publisher.
 *
 * @param parallelPerHost requests in flight to one host at most (publishers ask for few; NOAA's
 *     NOMADS blocks clients that open many)
 * @param attempts tries per request, the first included (retries = attempts - 1)
 * @param firstBackoff the wait before the first retry; it doubles per retry, with ±50% jitter
 * @param maxBackoff the longest wait between two tries
 * @param requestTimeout the longest a request may wait for its response headers, and the longest
 *     its body may go without a byte (a stalled transfer is aborted and retried)
 * @param minBodyRate the fewest bytes per second a body must bring, on average over each request
 *     timeout (a trickling transfer is aborted and retried, as curl's {@code --speed-limit} and
 *     {@code --speed-time} do); 0: no floor
 * @param userAgent the User-Agent of every request: who is asking, so a publisher can tell
 */
public record FeedSettings(
    int parallelPerHost,
    int attempts,
    Duration firstBackoff,
    Duration maxBackoff,
    Duration connectTimeout,
    Duration requestTimeout,
    long minBodyRate,
    String userAgent) {

  public FeedSettings {
    if (parallelPerHost < 1 || attempts < 1) {
      throw new IllegalArgumentException("parallel downloads and attempts must be >= 1");
    }
    if (firstBackoff.isNegative() || maxBackoff.compareTo(firstBackoff) < 0) {
      throw new IllegalArgumentException("backoffs must be >= 0 and the maximum >= the first");
    }
    if (minBodyRate < 0) {
      throw new IllegalArgumentException(
          "the floor of a body's rate must be >= 0 bytes per second (0: none)");
    }
  }

  /** 4 per host, 5 attempts from 2 s up to 60 s between them, bodies at 1 KiB/s at least. */
  public static FeedSettings defaults() {
    return new FeedSettings(
        4,
        5,
        Duration.ofSeconds(2),
        Duration.ofSeconds(60),
        Duration.ofSeconds(10),
        Duration.ofSeconds(60),
        1024,
        defaultUserAgent());
  }

  public FeedSettings withParallelPerHost(int parallel) {
    return new FeedSettings(
        parallel,
        attempts,
        firstBackoff,
        maxBackoff,
        connectTimeout,
        requestTimeout,
        minBodyRate,
        userAgent);
  }

  public FeedSettings withRetries(int attempts, Duration first, Duration max) {
    return new FeedSettings(
        parallelPerHost,
        attempts,
        first,
        max,
        connectTimeout,
        requestTimeout,
        minBodyRate,
        userAgent);
  }

  public FeedSettings withRequestTimeout(Duration timeout) {
    return new FeedSettings(
        parallelPerHost,
        attempts,
        firstBackoff,
        maxBackoff,
        connectTimeout,
        timeout,
        minBodyRate,
        userAgent);
  }

  public FeedSettings withMinBodyRate(long bytesPerSecond) {
    return new FeedSettings(
        parallelPerHost,
        attempts,
        firstBackoff,
        maxBackoff,
        connectTimeout,
        requestTimeout,
        bytesPerSecond,
        userAgent);
  }

  public FeedSettings withUserAgent(String agent) {
    return new FeedSettings(
        parallelPerHost,
        attempts,
        firstBackoff,
        maxBackoff,
        connectTimeout,
        requestTimeout,
        minBodyRate,
        agent);
  }

  /**
   * e.g. {@code spotcast/0.1.0 (weather-forecast feed)}. Publishers ask for a way to reach whoever
   * runs a client: an operator adds theirs with {@code --user-agent} (docs/operations.md, "Feeds").
   */
  public static String defaultUserAgent() {
    String version = FeedSettings.class.getPackage().getImplementationVersion();
    return "spotcast/" + (version == null ? "dev" : version) + " (weather-forecast feed)";
  }
}
