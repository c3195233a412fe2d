package dev.spotcast.query.catalog;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch.cat.indices.IndicesRecord;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunRecord;
import dev.spotcast.index.RunStatus;
import dev.spotcast.query.config.QueryProperties;
import dev.spotcast.sharding.ShardingStrategy;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The published run of each model, and every run that may still be served by {@code run=}, held in
 * memory and re-read from the {@link RunCatalog} on a schedule, so that a spot request never asks
 * Elasticsearch which run is current. An alias switch becomes visible here within one refresh
 * interval. A run may be served by {@code run=} when its record says PUBLISHED (it was published at
 * some point: loaded completely and counted) and all of its indices still exist (retention has not
 * deleted them). Runs whose record says ARCHIVED (kept in a snapshot repository, their indices
 * deleted) are known too, so that a request for one is told how to restore it rather than that it
 * does not exist.
 */
@Component
public class PublishedRuns implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(PublishedRuns.class);

  /** Runs read from the catalog per refresh: far more than any retention keeps. */
  private static final int MAX_RUNS = 1000;

  private final RunCatalog catalog;
  private final ElasticsearchClient client;
  private final Duration interval;
  private volatile Map<String, RunRecord> runs = Map.of();

  /** Per model, the servable runs by run id, newest first. */
  private volatile Map<String, Map<String, RunRecord>> servable = Map.of();

  /** Per model, the archived runs by run id. */
  private volatile Map<String, Map<String, RunRecord>> archived = Map.of();

  private volatile boolean loaded;
  private volatile boolean failing;
  private final RunStrategies strategies = new RunStrategies();
  private ScheduledExecutorService scheduler;

  private final List<Consumer<List<RunRecord>>> listeners = new CopyOnWriteArrayList<>();

  private final List<Consumer<RunRecord>> beforeServing = new CopyOnWriteArrayList<>();

  public PublishedRuns(RunCatalog catalog, ElasticsearchClient client, QueryProperties properties) {
    this.catalog = catalog;
    this.client = client;
    this.interval = properties.catalogRefreshInterval();
  }

  /**
   * The sharding strategy of a run this catalog serves, built once when the run entered the catalog
   * (so never per request) and dropped when it leaves.
   */
  public ShardingStrategy strategy(RunRecord record) {
    return strategies.of(record);
  }

  /** The published run of a model, if it has one. */
  public Optional<RunRecord> get(String model) {
    return Optional.ofNullable(runs.get(model));
  }

  /** A run of a model that may be served (PUBLISHED, indices present), by its run id. */
  public Optional<RunRecord> get(String model, String runId) {
    RunRecord published = runs.get(model);
    if (published != null && published.runId().equals(runId)) {
      return Optional.of(published);
    }
    return Optional.ofNullable(servable.getOrDefault(model, Map.of()).get(runId));
  }

  /** Every servable run of a model, newest first (the published one included). */
  public List<RunRecord> runs(String model) {
    Map<String, RunRecord> byId = new TreeMap<>(Comparator.reverseOrder());
    byId.putAll(servable.getOrDefault(model, Map.of()));
    RunRecord published = runs.get(model);
    if (published != null) {
      byId.put(published.runId(), published);
    }
    return List.copyOf(byId.values());
  }

  /** An archived run of a model (in a snapshot repository, not servable until restored). */
  public Optional<RunRecord> archived(String model, String runId) {
    return Optional.ofNullable(archived.getOrDefault(model, Map.of()).get(runId));
  }

  /** Every archived run of a model, newest first. */
  public List<RunRecord> archivedRuns(String model) {
    Map<String, RunRecord> byId = new TreeMap<>(Comparator.reverseOrder());
    byId.putAll(archived.getOrDefault(model, Map.of()));
    return List.copyOf(byId.values());
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
      } else if (current != null) {
        // The alias moved but its record is not readable yet: keep serving what we have.
        log.warn(
            "model {}: run {} is published but has no catalog record; still serving {}",
            model,
            entry.getValue(),
            current.runId());
        next.put(model, current);
      } else {
        log.warn(
            "model {}: run {} is published but has no catalog record", model, entry.getValue());
      }
    }
    // The strategies of the new runs are built (servableRuns) before any request can see those
    // runs: a request that found a run without its strategy would build one of its own, and the
    // document cache, which knows a run by its strategy, would not know that request's documents
    // again.
    Map<String, RunRecord> latest = Map.copyOf(next);
    servable = servableRuns(servable, latest.values());
    // A model's new run is servable by run= from here; its users are moved to it only once those
    // told before serving (the switch's warm-up) have returned.
    for (Map.Entry<String, RunRecord> entry : latest.entrySet()) {
      RunRecord current = previous.get(entry.getKey());
      if (current != null && current != entry.getValue()) {
        for (Consumer<RunRecord> hook : beforeServing) {
          try {
            hook.accept(entry.getValue());
          } catch (RuntimeException e) {
            // A warm-up that fails must not hold the switch back: the users move all the same.
            log.warn(
                "model {}: before serving run {}: {}",
                entry.getKey(),
                entry.getValue().runId(),
                e.toString());
          }
        }
      }
    }
    runs = latest;
    latest.forEach(
        (model, record) -> {
          if (previous.get(model) != record) {
            log.info("model {}: serving run {}", model, record.runId());
          }
        });
    loaded = true;
    if (!listeners.isEmpty()) {
      List<RunRecord> all = new ArrayList<>(next.values());
      servable.values().forEach(byId -> all.addAll(byId.values()));
      listeners.forEach(listener -> listener.accept(all));
    }
  }

  /**
   * Told, on the catalog's refresh thread, of a model's newly published run before the service
   * answers the model's requests from it (a model's first run is served at once); the previous run
   * is served until {@code hook} returns, and the new one may be asked for by {@code run=}
   * meanwhile. For reading the places its users ask into memory before they ask.
   */
  public void beforeServing(Consumer<RunRecord> hook) {
    beforeServing.add(hook);
  }

  /** Told, after every refresh, every run the service can answer (published and servable). */
  public void onRefresh(Consumer<List<RunRecord>> listener) {
    listeners.add(listener);
  }

  /**
   * Every PUBLISHED run record whose indices all exist; records already known are kept as they are.
   * One search of the runs index and one list of forecast index names per refresh. The ARCHIVED
   * records the same search finds are kept aside ({@link #archived}).
   */
  private Map<String, Map<String, RunRecord>> servableRuns(
      Map<String, Map<String, RunRecord>> previous, Collection<RunRecord> latest)
      throws IOException {
    Set<String> indices = new HashSet<>();
    for (IndicesRecord index :
        client
            .cat()
            .indices(c -> c.index(ShardingStrategy.INDEX_PREFIX + "*").h("index"))
            .indices()) {
      indices.add(index.index());
    }
    SearchResponse<RunRecord> response =
        client.search(
            // A cluster where no run was ever loaded has no runs index yet: no runs, not an error
            // (the catalog is read, and the instance ready, with nothing to serve).
            s ->
                s.index(RunCatalog.INDEX)
                    .ignoreUnavailable(true)
                    .size(MAX_RUNS)
                    .query(
                        q ->
                            q.terms(
                                t ->
                                    t.field("status")
                                        .terms(
                                            v ->
                                                v.value(
                                                    List.of(
                                                        FieldValue.of(RunStatus.PUBLISHED.name()),
                                                        FieldValue.of(
                                                            RunStatus.ARCHIVED.name()))))))
                    // The newest first: should there ever be more than MAX_RUNS, the oldest
                    // archived runs are the ones left out.
                    .sort(o -> o.field(f -> f.field("runTime").order(SortOrder.Desc)))
                    .trackTotalHits(t -> t.enabled(false)),
            RunRecord.class);
    // One record object per run: a published run's is the one the published map holds, so that
    // either map gives a request the same run, and the same strategy.
    Map<String, RunRecord> latestById = new HashMap<>();
    latest.forEach(record -> latestById.put(record.id(), record));
    List<RunRecord> candidates = new ArrayList<>();
    Map<String, Map<String, RunRecord>> archivedNow = new HashMap<>();
    for (Hit<RunRecord> hit : response.hits().hits()) {
      RunRecord record = hit.source();
      if (record == null || record.run() == null) {
        continue;
      }
      if (record.status() == RunStatus.ARCHIVED) {
        archivedNow
            .computeIfAbsent(record.model(), m -> new HashMap<>())
            .put(record.runId(), record);
        continue;
      }
      RunRecord known = latestById.get(record.id());
      if (known == null) {
        known = previous.getOrDefault(record.model(), Map.of()).get(record.runId());
      }
      candidates.add(known != null ? known : record);
    }
    List<RunRecord> held = new ArrayList<>(candidates);
    held.addAll(latest);
    strategies.retain(held);
    Map<String, Map<String, RunRecord>> next = new HashMap<>();
    // The runs the aliases publish too: a run's alias may move before the search above sees its
    // record say PUBLISHED, and a new run is asked for by run= before its users are moved to it.
    for (RunRecord kept : held) {
      if (indices.containsAll(strategies.of(kept).allIndices())) {
        next.computeIfAbsent(kept.model(), m -> new HashMap<>()).put(kept.runId(), kept);
      }
    }
    archived = frozen(archivedNow);
    return frozen(next);
  }

  private static Map<String, Map<String, RunRecord>> frozen(
      Map<String, Map<String, RunRecord>> byModel) {
    Map<String, Map<String, RunRecord>> frozen = new HashMap<>();
    byModel.forEach((model, byId) -> frozen.put(model, Map.copyOf(byId)));
    return Map.copyOf(frozen);
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
    scheduler.scheduleWithFixedDelay(
        this::refreshQuietly, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
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
