package dev.spotcast.ingest.settings;

import dev.spotcast.ingestor.cli.StepList;
import dev.spotcast.ingestor.feed.FeedLayout;
import dev.spotcast.ingestor.feed.FeedSettings;
import dev.spotcast.ingestor.feed.FieldSelection;
import dev.spotcast.ingestor.feed.Publishers;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The publishers' runs the service fetches and loads by itself: {@code spotcast.feeds.<name>.*},
 * one entry per feed. None is configured by default, so nothing is fetched unless an operator says
 * so (docs/operations.md, "Feeds").
 *
 * @param feeds the feeds by name (the name is what {@code /v1/feeds} and the gauges call it)
 */
@ConfigurationProperties("spotcast")
public record FeedProperties(@DefaultValue Map<String, Feed> feeds) {

  public FeedProperties {
    feeds = new TreeMap<>(feeds == null ? Map.of() : feeds);
    feeds.forEach(
        (name, feed) -> {
          if (!name.matches("[a-z0-9][a-z0-9_-]*")) {
            throw new IllegalArgumentException(
                "spotcast.feeds." + name + ": a feed's name is lower-case letters, digits, - or _");
          }
        });
    feeds = Map.copyOf(feeds);
  }

  /**
   * One feed.
   *
   * <p>Defaults: enabled, every level, all members, every cycle, expected 5 h and due 9 h after the
   * cycle, the feed's name as model, 2 runs kept, {@code feeds/<name>}, 4 downloads per host, 5
   * attempts from 2 s up to 60 s apart, 60 s request timeout, {@code spotcast/VERSION}.
   *
   * @param enabled false pauses the feed (its state stays visible)
   * @param publisher gfs, ecmwf (IFS), ecmwf-aifs, ecmwf-ens (IFS ensemble) or icon-eu
   * @param baseUrl a mirror or proxy of the publisher's tree; empty: the publisher's own server
   * @param params parameters as the publisher names them (GFS TMP; ECMWF 2t; ICON t_2m)
   * @param levels levels as {@code spotcast fetch --levels} reads them; empty: every level
   * @param steps steps in hours: {@code 0-24}, {@code 0-48/3} or {@code 0,6,12}
   * @param members ensemble members; empty: all
   * @param cycles the run hours (UTC) to load; empty: every cycle of the publisher
   * @param expectedAfter how long after its cycle a run is expected to be all published: the feed
   *     starts fetching a run then
   * @param deadline how long after its cycle a run must be complete; a run still incomplete then is
   *     given up (FAILED, counted) and the model keeps serving the run it has
   * @param model the model to serve the runs as; empty: the feed's name
   * @param keepRuns fetched run folders kept on disk (the newest); older ones are deleted once a
   *     run is published
   * @param directory where the runs are fetched, one folder per run; relative to the first data
   *     root ({@code spotcast.files.roots}); empty: {@code feeds/<name>}
   * @param parallel downloads in flight per host
   * @param attempts tries per request, with exponential backoff and jitter
   * @param retryWait the wait before the first retry (doubled each time, up to {@code
   *     maxRetryWait})
   * @param requestTimeout the longest a response (or a body without a byte) may take
   * @param minBodyRate the fewest bytes a body must bring per second, on average over each request
   *     timeout: a slower (trickling) transfer is aborted and retried; 0: no floor
   * @param userAgent the User-Agent of the requests; add a way to reach you
   */
  public record Feed(
      Boolean enabled,
      String publisher,
      String baseUrl,
      List<String> params,
      List<String> levels,
      String steps,
      List<Integer> members,
      List<Integer> cycles,
      Duration expectedAfter,
      Duration deadline,
      String model,
      Integer keepRuns,
      Path directory,
      Integer parallel,
      Integer attempts,
      Duration retryWait,
      Duration maxRetryWait,
      Duration requestTimeout,
      DataSize minBodyRate,
      String userAgent) {

    // The defaults are applied here: Spring Boot binds the values of a map without @DefaultValue.
    public Feed {
      enabled = enabled == null || enabled;
      params = params == null ? List.of() : List.copyOf(params);
      levels = levels == null ? List.of() : List.copyOf(levels);
      members = members == null ? List.of() : List.copyOf(members);
      cycles = cycles == null ? List.of() : List.copyOf(cycles);
      expectedAfter = expectedAfter == null ? Duration.ofHours(5) : expectedAfter;
      deadline = deadline == null ? Duration.ofHours(9) : deadline;
      keepRuns = keepRuns == null ? 2 : keepRuns;
      parallel = parallel == null ? 4 : parallel;
      attempts = attempts == null ? 5 : attempts;
      retryWait = retryWait == null ? Duration.ofSeconds(2) : retryWait;
      maxRetryWait = maxRetryWait == null ? Duration.ofSeconds(60) : maxRetryWait;
      requestTimeout = requestTimeout == null ? Duration.ofSeconds(60) : requestTimeout;
      minBodyRate = minBodyRate == null ? DataSize.ofKilobytes(1) : minBodyRate;
      if (publisher == null || publisher.isBlank()) {
        throw new IllegalArgumentException(
            "a feed needs a publisher: one of " + String.join(", ", Publishers.names()));
      }
      Publishers.byName(publisher);
      if (params.isEmpty()) {
        throw new IllegalArgumentException("a feed needs params (as the publisher names them)");
      }
      if (steps == null || steps.isBlank()) {
        throw new IllegalArgumentException("a feed needs steps, e.g. 0-48/3");
      }
      StepList.parse(steps);
      if (expectedAfter.isNegative() || deadline.compareTo(expectedAfter) <= 0) {
        throw new IllegalArgumentException(
            "a feed's deadline ("
                + deadline
                + ") must come after the time its runs are expected ("
                + expectedAfter
                + ")");
      }
      if (keepRuns < 1) {
        throw new IllegalArgumentException("keep-runs must be at least 1");
      }
      List<Integer> known = Publishers.byName(publisher).cycles();
      for (int cycle : cycles) {
        if (!known.contains(cycle)) {
          throw new IllegalArgumentException(
              publisher + " has no run at " + cycle + " UTC; its runs are at " + known);
        }
      }
      // Parallel downloads, attempts and waits in range (the accessors are not set yet here).
      settings(parallel, attempts, retryWait, maxRetryWait, requestTimeout, minBodyRate, userAgent);
    }

    public FeedLayout layout() {
      return Publishers.byName(publisher);
    }

    public FieldSelection selection() {
      return new FieldSelection(
          params,
          levels,
          StepList.parse(steps).stream().distinct().toList(),
          new LinkedHashSet<>(members));
    }

    /** The cycles loaded: the configured ones, or all of the publisher's. */
    public List<Integer> runHours() {
      return cycles.isEmpty() ? layout().cycles() : cycles.stream().sorted().toList();
    }

    public String modelOr(String name) {
      return model == null || model.isBlank() ? name : model;
    }

    /** The fetch's politeness and persistence. */
    public FeedSettings settings() {
      return settings(
          parallel, attempts, retryWait, maxRetryWait, requestTimeout, minBodyRate, userAgent);
    }

    private static FeedSettings settings(
        int parallel,
        int attempts,
        Duration retryWait,
        Duration maxRetryWait,
        Duration requestTimeout,
        DataSize minBodyRate,
        String userAgent) {
      FeedSettings settings =
          FeedSettings.defaults()
              .withParallelPerHost(parallel)
              .withRetries(attempts, retryWait, maxRetryWait)
              .withRequestTimeout(requestTimeout)
              .withMinBodyRate(minBodyRate.toBytes());
      return userAgent == null || userAgent.isBlank()
          ? settings
          : settings.withUserAgent(userAgent);
    }
  }

  /**
   * How often the feeds are looked at, and on what clock.
   *
   * <p>A rehearsal runs the feeds on a clock of their own: it reads {@code rehearsal-start} when
   * the service starts and runs {@code rehearsal-speed} times faster than the wall clock. A mirror
   * that replays a day of cycles at that pace is then fetched, loaded, given up at its deadlines
   * and shown late exactly as the publishers' own would be, in a fraction of the day (the day
   * benchmark, {@code ./spotcast bench day}; an operator trying deadlines on a new mirror). Only
   * the feeds' cycles, deadlines and ages go by it; locks, heartbeats and the jobs keep the wall
   * clock.
   *
   * @param interval the time between two polls of every feed, on the wall clock (a poll that is
   *     still fetching is not started again)
   * @param rehearsalStart the feeds' time when the service starts; unset: the wall clock's
   * @param rehearsalSpeed how many seconds of the feeds' time pass per second of the wall clock
   */
  @ConfigurationProperties("spotcast.feed-poll")
  public record Poll(
      @DefaultValue("1m") Duration interval,
      Instant rehearsalStart,
      @DefaultValue("1") double rehearsalSpeed) {

    public Poll {
      if (!(rehearsalSpeed > 0) || Double.isInfinite(rehearsalSpeed)) {
        throw new IllegalArgumentException(
            "spotcast.feed-poll.rehearsal-speed must be a number above 0, not " + rehearsalSpeed);
      }
      if (rehearsalStart == null && rehearsalSpeed != 1) {
        throw new IllegalArgumentException(
            "spotcast.feed-poll.rehearsal-speed needs rehearsal-start: the feeds' time it starts from");
      }
    }

    /**
     * The feeds' time at wall-clock time {@code now}, for a service started at {@code startedAt}.
     */
    public Instant feedTime(Instant startedAt, Instant now) {
      if (rehearsalStart == null) {
        return now;
      }
      long elapsedNanos = Duration.between(startedAt, now).toNanos();
      return rehearsalStart.plusNanos(Math.round(elapsedNanos * rehearsalSpeed));
    }
  }
}
