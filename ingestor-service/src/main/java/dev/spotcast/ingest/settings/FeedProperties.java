package dev.spotcast.ingest.settings;

import dev.spotcast.ingestor.cli.StepList;
import dev.spotcast.ingestor.feed.FeedLayout;
import dev.spotcast.ingestor.feed.FeedSettings;
import dev.spotcast.ingestor.feed.FieldSelection;
import dev.spotcast.ingestor.feed.Publishers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

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
   * @param userAgent the User-Agent of the requests; add a way to reach you
   */
  public record Feed(
      @DefaultValue("true") boolean enabled,
      String publisher,
      String baseUrl,
      @DefaultValue List<String> params,
      @DefaultValue List<String> levels,
      String steps,
      @DefaultValue List<Integer> members,
      @DefaultValue List<Integer> cycles,
      @DefaultValue("5h") Duration expectedAfter,
      @DefaultValue("9h") Duration deadline,
      String model,
      @DefaultValue("2") int keepRuns,
      Path directory,
      @DefaultValue("4") int parallel,
      @DefaultValue("5") int attempts,
      @DefaultValue("2s") Duration retryWait,
      @DefaultValue("60s") Duration maxRetryWait,
      @DefaultValue("60s") Duration requestTimeout,
      String userAgent) {

    public Feed {
      if (publisher == null || publisher.isBlank()) {
        throw new IllegalArgumentException(
            "a feed needs a publisher: one of " + String.join(", ", Publishers.names()));
      }
      Publishers.byName(publisher);
      if (params == null || params.isEmpty()) {
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
      settings(); // parallel, attempts and waits in range
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
      FeedSettings settings =
          FeedSettings.defaults()
              .withParallelPerHost(parallel)
              .withRetries(attempts, retryWait, maxRetryWait)
              .withRequestTimeout(requestTimeout);
      return userAgent == null || userAgent.isBlank()
          ? settings
          : settings.withUserAgent(userAgent);
    }
  }

  /**
   * How often the feeds are looked at.
   *
   * @param interval the time between two polls of every feed (a poll that is still fetching is not
   *     started again)
   */
  @ConfigurationProperties("spotcast.feed-poll")
  public record Poll(@DefaultValue("1m") Duration interval) {}
}
