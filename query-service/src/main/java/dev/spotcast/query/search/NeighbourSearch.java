package dev.spotcast.query.search;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.query.config.QueryProperties;
import dev.spotcast.sharding.ShardingStrategy;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Finds the documents of the grid points nearest a place, for every (level, step) a query needs, in
 * one Elasticsearch round trip: the searches are built by {@link SearchPlans} (ids or geo path),
 * the ids-path reads of single requests go through {@link DocumentReads} (cache, coalescing, shared
 * reads, each read sent by {@link IdsSender}), and every call through {@link SearchCalls} (the
 * guard and the wire). This class picks the path and times the searches it sends itself; {@link
 * IdsSender} times the ids-path reads.
 */
@Component
public class NeighbourSearch {

  static final String TIMER = "spotcast.elasticsearch.search";

  private final boolean fastPath;
  private final SearchCalls calls;
  private final DocumentReads documents;
  private final Timer geoSortTimer;
  private final Timer msearchTimer;
  private final Timer batchTimer;

  /**
   * @param properties {@code fast-path} (whether regular grids take the ids path), {@code
   *     searches-in-flight} (the most ids-path reads of single requests under way at once, more
   *     wait and share the next; 0: each reads alone), {@code max-shared-search} (the most requests
   *     that share one read), {@code max-shared-wait} (how long a request waits for a shared read
   *     before it starts an extra one) and {@code min-read-interval} (the least time between the
   *     starts of two reads)
   * @param guard the bulkhead, retry, circuit breaker and time limit every call goes through
   * @param cache the document cache, when {@code spotcast.query.cache.enabled}
   */
  @Autowired
  public NeighbourSearch(
      ElasticsearchClient client,
      MeterRegistry registry,
      QueryProperties properties,
      ElasticsearchGuard guard,
      ObjectProvider<DocumentCache> cache) {
    this(
        client,
        registry,
        properties.fastPath(),
        guard,
        cache.getIfAvailable(),
        properties.searchesInFlight(),
        properties.maxSharedSearch(),
        properties.maxSharedWait(),
        properties.minReadInterval());
  }

  /**
   * A search straight to Elasticsearch: no guard, no document cache, no shared reads; for tests and
   * tools that search a run directly.
   *
   * @param fastPath whether regular grids take the ids path
   */
  public static NeighbourSearch unguarded(
      ElasticsearchClient client, MeterRegistry registry, boolean fastPath) {
    return new NeighbourSearch(
        client,
        registry,
        fastPath,
        ElasticsearchGuard.none(),
        null,
        0,
        1,
        Duration.ZERO,
        Duration.ZERO);
  }

  private NeighbourSearch(
      ElasticsearchClient client,
      MeterRegistry registry,
      boolean fastPath,
      ElasticsearchGuard guard,
      DocumentCache cache,
      int searchesInFlight,
      int maxSharedSearch,
      Duration maxSharedWait,
      Duration minReadInterval) {
    this.fastPath = fastPath;
    this.calls = new SearchCalls(client, guard);
    this.geoSortTimer = timer(registry, "geo_sort");
    this.msearchTimer = timer(registry, "msearch");
    this.batchTimer = timer(registry, "batch_msearch");
    DistributionSummary readers =
        DistributionSummary.builder("spotcast.elasticsearch.search.readers")
            .description(
                "Single requests answered by one ids-path read (more than 1: requests that queued under load, sent together)")
            .baseUnit("requests")
            .register(registry);
    Counter extra =
        Counter.builder("spotcast.elasticsearch.search.extra")
            .description(
                "Shared reads sent beyond searches-in-flight for requests that had waited max-shared-wait: the reads under way were slow")
            .register(registry);
    // The document cache keeps whole documents: its reads make every step of a block a hit.
    boolean whole = cache != null;
    IdsSender sender =
        new IdsSender(
            calls,
            fastPath,
            whole,
            timer(registry, "ids"),
            timer(registry, "ids_msearch"),
            timer(registry, "ids_shared"));
    this.documents =
        new DocumentReads(
            cache,
            new SharedReads<>(
                searchesInFlight,
                maxSharedSearch,
                maxSharedWait,
                minReadInterval,
                guard.timeouts(),
                sender,
                readers,
                extra));
  }

  private static Timer timer(MeterRegistry registry, String path) {
    return Timer.builder(TIMER)
        .description("Elasticsearch calls of spot requests")
        .tag("path", path)
        .publishPercentileHistogram()
        .register(registry);
  }

  /** Whether a query is answered by the ids path. */
  public boolean usesIds(NeighbourQuery query) {
    return SearchPlans.usesIds(query, fastPath);
  }

  /**
   * Whether the queries of a run are answered by the ids path: whether a plan hands over its n
   * nearest points ({@code SpotPlan.query(boolean)}) or leaves them to the geo path.
   */
  public boolean usesIds(ForecastRun run) {
    return SearchPlans.usesIds(run, fastPath);
  }

  /**
   * Hits of every index; on the geo path each index's hits in distance order.
   *
   * @throws SearchUnavailableException when Elasticsearch cannot answer (or the circuit is open)
   * @throws SearchSaturatedException when too many requests already wait for Elasticsearch
   */
  public List<ForecastHit> find(NeighbourQuery query) {
    if (SearchPlans.byIds(query, fastPath)) {
      GridNeighbours.Nearest points = SearchPlans.points(query);
      return points.size() == 0 ? List.of() : documents.read(query, points);
    }
    SearchPlan plan = SearchPlans.geo(query);
    return (plan.multi() ? msearchTimer : geoSortTimer).record(() -> calls.hits(plan, null));
  }

  /**
   * The hits of several queries (a batch of points, the steps of a series) from ONE multi-search
   * through the guard, split back per query ({@link SearchPlans.Batch}). A query whose grid has no
   * point near it gets an empty list.
   *
   * @return per query, in the order given, its hits (the documents {@link #find} would return)
   * @throws SearchUnavailableException when Elasticsearch cannot answer (or the circuit is open)
   * @throws SearchSaturatedException when too many requests already wait for Elasticsearch
   */
  public List<List<ForecastHit>> findAll(List<NeighbourQuery> queries) {
    SearchPlans.Batch batch = SearchPlans.Batch.of(queries, fastPath);
    return batch.searches().isEmpty() ? batch.none() : batchTimer.record(() -> calls.hits(batch));
  }

  /**
   * Keeps the documents of a page ({@link #page}) in the document cache, which must exist; returns
   * how many were kept.
   */
  int keep(ShardingStrategy strategy, long[] fieldMasks, List<ForecastHit> page) {
    return documents.keep(strategy, fieldMasks, page);
  }

  /**
   * The hits of searches built elsewhere (a switch's reads of the documents its users read most,
   * {@link RunHandoff}), each search's apart, from one multi-search; not guarded, as {@link #page}.
   *
   * @param yielding whether Elasticsearch reads them a search and a shard at a time, leaving the
   *     rest of its search threads to the users' requests
   * @throws SearchUnavailableException when Elasticsearch cannot answer
   */
  List<List<ForecastHit>> read(List<OneSearch> searches, boolean yielding) {
    return yielding ? calls.yielding(searches) : calls.unguarded(searches);
  }

  /**
   * Every document of one level and step of an index, page after page in grid point order ({@link
   * #page} until a page comes back short), each page handed to {@code each}.
   *
   * @throws SearchUnavailableException when Elasticsearch cannot answer
   */
  public void eachPage(
      ForecastRun run,
      String index,
      int axis,
      double level,
      int step,
      List<String> parameters,
      int size,
      Consumer<List<ForecastHit>> each) {
    int after = -1;
    while (true) {
      List<ForecastHit> hits = page(run, index, axis, level, step, parameters, size, after);
      each.accept(hits);
      if (hits.size() < size) {
        return;
      }
      after = hits.getLast().point();
    }
  }

  /**
   * A page of the documents of one level and step of an index, in grid point order, those after
   * {@code afterPoint} (-1: from the first): reads of a whole field, such as a run's terrain. Not
   * guarded: no request waits on it, and its pages are larger than a spot request's time limit is
   * made for.
   *
   * @throws SearchUnavailableException when Elasticsearch cannot answer
   */
  public List<ForecastHit> page(
      ForecastRun run,
      String index,
      int axis,
      double level,
      int step,
      List<String> parameters,
      int size,
      int afterPoint) {
    return calls.page(run, index, axis, level, step, parameters, size, afterPoint);
  }
}
