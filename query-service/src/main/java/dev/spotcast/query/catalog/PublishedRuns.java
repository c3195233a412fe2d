package dev.spotcast.query.catalog;

import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunRecord;
import dev.spotcast.query.config.QueryProperties;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The published run of each model, held in memory and re-read from the {@link RunCatalog} on a
 * schedule, so that a spot request never asks Elasticsearch which run is current. An alias switch
 * becomes visible here within one refresh interval.
 */
@Component
public class PublishedRuns implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(PublishedRuns.class);

  private final RunCatalog catalog;
  private final Duration interval;
  private volatile Map<String, RunRecord> runs = Map.of();
  private volatile boolean loaded;
  private volatile boolean failing;
  private ScheduledExecutorService scheduler;

  public PublishedRuns(RunCatalog catalog, QueryProperties properties) {
    this.catalog = catalog;
    this.interval = properties.catalogRefreshInterval();
  }

  /** The published run of a model, if it has one. */
  public Optional<RunRecord> get(String model) {
    return Optional.ofNullable(runs.get(model));
  }

  /** Models that have a published run, sorted. */
  public Set<String> models() {
    return new TreeSet<>(runs.keySet());
  }

  /** Whether the catalog has been read at least once (until then no model is known). */
  public boolean loaded() {
    return loaded;
  }

  /**
   * Re-reads which run each model publishes. A run record is fetched only when a model's run
   * changes; unchanged models keep their record object.
   */
  public void refresh() throws IOException {
    Map<String, String> published = catalog.publishedRunIds();
    Map<String, RunRecord> previous = runs;
    Map<String, RunRecord> next = new HashMap<>();
    for (Map.Entry<String, String> entry : published.entrySet()) {
      String model = entry.getKey();
      RunRecord current = previous.get(model);
      if (current != null && current.runId().equals(entry.getValue())) {
        next.put(model, current);
        continue;
      }
      Optional<RunRecord> record = catalog.get(model, entry.getValue());
      if (record.isPresent() && record.get().run() != null) {
        next.put(model, record.get());
        log.info("model {}: serving run {}", model, entry.getValue());
      } else if (current != null) {
        // The alias moved but its record is not readable yet: keep serving what we have.
        log.warn("model {}: run {} is published but has no catalog record; still serving {}",
            model, entry.getValue(), current.runId());
        next.put(model, current);
      } else {
        log.warn("model {}: run {} is published but has no catalog record", model, entry.getValue());
      }
    }
    runs = Map.copyOf(next);
    loaded = true;
  }

  private void refreshQuietly() {
    try {
      refresh();
      if (failing) {
        log.info("run catalog readable again");
        failing = false;
      }
    } catch (Exception e) {
      // Log once per outage rather than every interval; requests keep the last known runs.
      if (!failing) {
        log.warn("cannot read the run catalog, keeping the last known runs: {}", e.toString());
        failing = true;
      }
    }
  }

  @Override
  public synchronized void start() {
    scheduler =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread thread = new Thread(r, "catalog-refresh");
              thread.setDaemon(true);
              return thread;
            });
    scheduler.scheduleWithFixedDelay(this::refreshQuietly, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public synchronized void stop() {
    if (scheduler != null) {
      scheduler.shutdownNow();
      scheduler = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return scheduler != null;
  }
}
