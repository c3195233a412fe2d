package dev.spotcast.query.search;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.transport.rest5_client.Rest5ClientTransport;
import co.elastic.clients.transport.rest5_client.low_level.Response;
import co.elastic.clients.transport.rest5_client.low_level.Rest5Client;
import dev.spotcast.index.DocumentIds;
import dev.spotcast.model.IrregularGrid;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.query.config.QueryProperties;
import dev.spotcast.query.interpolation.Bilinear;
import dev.spotcast.query.spot.Combination;
import dev.spotcast.query.spot.Method;
import dev.spotcast.query.spot.SpotPlan;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.sharding.ShardingStrategy;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Finds the documents of the grid points nearest a request, for every (level, step) the plan
 * needs, in one Elasticsearch round trip, by one of two paths:
 *
 * <ul>
 *   <li><b>ids</b> (regular lat/lon grids, {@code spotcast.query.fast-path: true}): the n nearest
 *       points follow from the grid definition ({@link GridNeighbours}), so their documents are
 *       fetched by {@code _id}: an {@code ids} query routed to the tiles of those points, with the
 *       values from {@code docvalue_fields}. Not {@code _mget}: the values live only in doc values
 *       ({@code _source} excludes {@code v}, nothing is stored), which {@code _mget} cannot return;
 *       an {@code ids} search reads them and, unlike the geo path, neither filters by distance nor
 *       sorts, and fetches exactly n documents per (level, step). It costs Elasticsearch a fraction of
 *       the geo sort's CPU per request (docs/benchmarks.md, {@code ./spotcast bench query --phases
 *       raw,raw-ids}).
 *   <li><b>geo</b> (any grid, and the only one for {@link IrregularGrid}): a routed
 *       geo-distance-sorted search.
 * </ul>
 *
 * Either way one search per index, sent as a multi-search when the combinations span several
 * indices.
 */
@Component
public class NeighbourSearch {

  static final String TIMER = "spotcast.elasticsearch.search";

  private final Rest5Client rest;
  private final ElasticsearchGuard guard;
  private final boolean fastPath;
  private final Timer geoSortTimer;
  private final Timer msearchTimer;
  private final Timer idsTimer;
  private final Timer idsMsearchTimer;
  private final Timer batchTimer;
  /** The documents already read, for the ids path of single requests; null: none kept. */
  private DocumentCache cache;
  /** The ids-path searches under way, by the documents they read (with the cache only). */
  private final InFlight<List<DocumentCache.Key>, List<ForecastHit>> reading = new InFlight<>();
  /** The ids-path reads of single requests: sent alone, or together when they queue under load. */
  private final SharedReads<IdsRead, List<ForecastHit>> idsReads;
  private final Timer sharedTimer;

  /** The geo path only, unguarded (benchmarks, tests of it). */
  public NeighbourSearch(ElasticsearchClient client, MeterRegistry registry) {
    this(client, registry, false, ElasticsearchGuard.none());
  }

  @Autowired
  public NeighbourSearch(
      ElasticsearchClient client, MeterRegistry registry, QueryProperties properties, ElasticsearchGuard guard,
      org.springframework.beans.factory.ObjectProvider<DocumentCache> cache) {
    this(client, registry, properties.fastPath(), guard, properties.searchesInFlight(), properties.maxSharedSearch(),
        properties.maxSharedWait());
    this.cache = cache.getIfAvailable();
  }

  public NeighbourSearch(ElasticsearchClient client, MeterRegistry registry, boolean fastPath, ElasticsearchGuard guard) {
    this(client, registry, fastPath, guard, 0, 1, java.time.Duration.ZERO);
  }

  /**
   * @param fastPath whether regular grids take the ids path
   * @param guard the bulkhead, retry, circuit breaker and time limit every call goes through
   * @param searchesInFlight the most ids-path reads of single requests under way at once, more wait
   *     and share the next (0: each reads alone)
   * @param maxSharedSearch the most requests that share one read
   * @param maxSharedWait the longest a request waits for a shared read before it reads alone
   */
  public NeighbourSearch(
      ElasticsearchClient client, MeterRegistry registry, boolean fastPath, ElasticsearchGuard guard,
      int searchesInFlight, int maxSharedSearch, java.time.Duration maxSharedWait) {
    // The client's own low-level REST client (its connection pool, credential, TLS and node failover):
    // the searches go on the wire as bytes (SearchWire); its futures let the time limiter give up on a
    // call without a thread per call.
    this.rest = ((Rest5ClientTransport) client._transport()).restClient();
    this.guard = guard;
    this.fastPath = fastPath;
    this.geoSortTimer = timer(registry, "geo_sort");
    this.msearchTimer = timer(registry, "msearch");
    this.idsTimer = timer(registry, "ids");
    this.idsMsearchTimer = timer(registry, "ids_msearch");
    this.batchTimer = timer(registry, "batch_msearch");
    this.sharedTimer = timer(registry, "ids_shared");
    DistributionSummary readers = DistributionSummary.builder("spotcast.elasticsearch.search.readers")
        .description("Single requests answered by one ids-path read (more than 1: requests that queued under load, sent together)")
        .baseUnit("requests")
        .register(registry);
    this.idsReads = new SharedReads<>(
        searchesInFlight, maxSharedSearch, read -> read.plan().strategy(), this::readIds,
        reads -> {
          List<SpotPlan> plans = new ArrayList<>(reads.size());
          reads.forEach(read -> plans.add(read.plan()));
          return findAll(plans, sharedTimer);
        },
        readers::record, maxSharedWait,
        Counter.builder("spotcast.elasticsearch.search.unshared")
            .description("Requests that waited max-shared-wait for a shared read and then read alone: reads under way were slow")
            .register(registry)::increment);
  }

  /** A single request's ids-path read: its plan and the grid points whose documents it reads. */
  private record IdsRead(SpotPlan plan, GridNeighbours.Nearest nearest) {}

  private List<ForecastHit> readIds(IdsRead read) {
    SearchPlan ids = idsSearchFor(read.plan(), read.nearest());
    return (ids.multi() ? idsMsearchTimer : idsTimer).record(() -> fetch(ids, read.nearest()));
  }

  /**
   * Whether a plan's documents are fetched by id: on the ids path, for the cell of a bilinear
   * request, and for the grid points a cell selection chose.
   */
  private boolean byIds(SpotPlan plan) {
    return byIds(plan, fastPath);
  }

  private static boolean byIds(SpotPlan plan, boolean fastPath) {
    return usesIds(plan, fastPath) || plan.request().method() == Method.BILINEAR || plan.choice() != null;
  }

  /** Whether a plan is answered by the ids path. */
  public boolean usesIds(SpotPlan plan) {
    return usesIds(plan, fastPath);
  }

  /** Whether a plan is answered by the ids path when {@code spotcast.query.fast-path} is {@code fastPath}. */
  public static boolean usesIds(SpotPlan plan, boolean fastPath) {
    return fastPath && plan.run().grid() instanceof RegularLatLonGrid;
  }

  private static Timer timer(MeterRegistry registry, String path) {
    return Timer.builder(TIMER)
        .description("Elasticsearch calls of spot requests")
        .tag("path", path)
        .publishPercentileHistogram()
        .register(registry);
  }

  /**
   * One search of a spot request: what differs between the paths (index, routing, what it selects,
   * size); what they share (doc-value fields only, no stored fields, no total count) is written in
   * one place for both forms, a single search or an item of a multi-search ({@link SearchWire}).
   *
   * @param routing the routing keys of the tiles searched, comma-separated; null when documents are
   *     routed by _id (every shard is asked)
   * @param fields the doc-value fields read
   * @param axis the run axis (level type) of the index, to read its hits
   */
  public record OneSearch(
      String index, String routing, SearchWire.Criteria criteria, int size, List<String> fields, int axis) {}

  /**
   * The Elasticsearch request the service sends for a plan: one routed search when every (level,
   * step) combination lives in one index, otherwise a multi-search with one routed search per index.
   * {@link #find} sends exactly this; benchmarks send it directly to Elasticsearch.
   *
   * @param searches the searches, one per index, in the order of the multi-search's items
   * @param request the HTTP request carrying them
   */
  public record SearchPlan(List<OneSearch> searches, SearchWire.Request request) {

    static SearchPlan of(List<OneSearch> searches) {
      return new SearchPlan(List.copyOf(searches), SearchWire.request(searches));
    }

    public boolean multi() {
      return searches.size() > 1;
    }

    /** The routing of its searches (the same for each); null when documents are routed by _id. */
    public String routing() {
      return searches.getFirst().routing();
    }

    /** The indices searched, in the order of the searches. */
    public List<String> indices() {
      return searches.stream().map(OneSearch::index).toList();
    }

    /** The HTTP method and path, e.g. {@code POST /_msearch}. */
    public String method() {
      return SearchWire.Request.METHOD;
    }

    public String path() {
      return request.path();
    }

    /** The query parameters, not encoded. */
    public Map<String, String> params() {
      return request.params();
    }

    public String contentType() {
      return request.contentType().toString();
    }

    public byte[] body() {
      return request.body();
    }
  }

  /** Builds the search(es) of the geo path for a plan; no I/O. */
  public static SearchPlan searchFor(SpotPlan plan) {
    ShardingStrategy strategy = plan.strategy();
    double lat = plan.request().lat();
    double lon = plan.request().lon();
    double radiusKm = plan.radiusKm();
    // Only the shards holding the tiles the search circle touches are asked.
    String routing = ShardingStrategy.routingParameter(strategy.routingKeysWithin(lat, lon, radiusKm));
    List<String> fields = docValueFields(plan.parameters(), !(plan.run().grid() instanceof RegularLatLonGrid));
    Map<String, List<Combination>> byIndex = plan.combinationsByIndex();
    List<OneSearch> searches = new ArrayList<>(byIndex.size());
    for (Map.Entry<String, List<Combination>> entry : byIndex.entrySet()) {
      List<Combination> combinations = entry.getValue();
      searches.add(new OneSearch(
          entry.getKey(), routing, near(lat, lon, radiusKm, combinations),
          plan.searchNeighbours() * combinations.size(), fields, combinations.getFirst().axisPosition()));
    }
    return SearchPlan.of(searches);
  }

  /**
   * The searches of the ids path for a plan and its grid's nearest points: per index an {@code ids}
   * query for every (level, step) of the index times every point, routed to the points' tiles.
   * No I/O.
   */
  public static SearchPlan idsSearchFor(SpotPlan plan, GridNeighbours.Nearest nearest) {
    String routing = ShardingStrategy.routingParameter(routingKeys(plan, nearest.points()));
    List<String> fields = docValueFields(plan.parameters(), false);
    Map<String, List<Combination>> byIndex = plan.combinationsByIndex();
    List<OneSearch> searches = new ArrayList<>(byIndex.size());
    for (Map.Entry<String, List<Combination>> entry : byIndex.entrySet()) {
      List<Combination> combinations = entry.getValue();
      List<String> ids = ids(combinations, nearest.points());
      searches.add(new OneSearch(
          entry.getKey(), routing, new SearchWire.Ids(ids), ids.size(), fields, combinations.getFirst().axisPosition()));
    }
    return SearchPlan.of(searches);
  }

  /** The routing keys of the tiles of some grid points of a plan's regular grid. */
  private static List<String> routingKeys(SpotPlan plan, int[] points) {
    RegularLatLonGrid grid = (RegularLatLonGrid) plan.run().grid();
    List<String> keys = new ArrayList<>(points.length);
    for (int point : points) {
      keys.add(plan.strategy().routingKey(grid.latitude(point), grid.longitude(point)));
    }
    return keys;
  }

  /** The document ids of every (level, step) combination at every point. */
  private static List<String> ids(List<Combination> combinations, int[] points) {
    List<String> ids = new ArrayList<>(combinations.size() * points.length);
    for (Combination c : combinations) {
      for (int point : points) {
        ids.add(DocumentIds.of(c.level(), c.step(), point));
      }
    }
    return ids;
  }

  /** The grid's nearest points to a plan's request, as the geo path's sort and radius would leave them. */
  public static GridNeighbours.Nearest nearest(SpotPlan plan) {
    if (plan.choice() != null) {
      return new GridNeighbours.Nearest(plan.choice().points(), plan.choice().distances());
    }
    SpotRequest request = plan.request();
    return GridNeighbours.nearest(
        (RegularLatLonGrid) plan.run().grid(), request.lat(), request.lon(), request.neighbours(), radiusMeters(plan));
  }

  /** The distinct corners of the grid cell around a bilinear request. */
  static GridNeighbours.Nearest cell(SpotPlan plan) {
    RegularLatLonGrid grid = (RegularLatLonGrid) plan.run().grid();
    SpotRequest request = plan.request();
    int[] corners = Bilinear.of(grid, request.lat(), request.lon()).points();
    int[] points = java.util.Arrays.stream(corners).distinct().toArray();
    double[] distances = new double[points.length];
    for (int i = 0; i < points.length; i++) {
      distances[i] =
          GridNeighbours.sortDistance(request.lat(), request.lon(), grid.latitude(points[i]), grid.longitude(points[i]));
    }
    return new GridNeighbours.Nearest(points, distances);
  }

  /** The radius exactly as the geo path sends it (km with three decimals). */
  public static double radiusMeters(SpotPlan plan) {
    return Math.round(plan.radiusKm() * 1000);
  }

  /**
   * Hits of every index; on the geo path each index's hits in distance order.
   *
   * @throws SearchUnavailableException when Elasticsearch cannot answer (or the circuit is open)
   * @throws SearchSaturatedException when too many requests already wait for Elasticsearch
   */
  public List<ForecastHit> find(SpotPlan plan) {
    if (byIds(plan)) {
      GridNeighbours.Nearest nearest = idsNearest(plan);
      if (nearest.size() == 0) {
        return List.of();
      }
      long[] fieldMasks = cache == null ? null : DocumentCache.fieldMasks(plan.run(), plan.parameters());
      List<DocumentCache.Key> keys = fieldMasks == null ? null : cacheKeys(plan, nearest, fieldMasks);
      List<ForecastHit> cached = keys == null ? null : cache.all(keys);
      if (cached != null) {
        List<ForecastHit> hits = new ArrayList<>(cached.size());
        cached.forEach(hit -> hits.add(hit.withSortDistance(distanceOf(nearest, hit.point()))));
        return hits;
      }
      IdsRead ids = new IdsRead(plan, nearest);
      if (keys == null) {
        return idsReads.read(ids);
      }
      // Requests that need the same documents at the same time share one search; each takes the
      // hits with its own distances.
      List<ForecastHit> read = reading.get(keys, () -> {
        List<ForecastHit> found = idsReads.read(ids);
        ShardingStrategy run = plan.strategy();
        for (ForecastHit hit : found) {
          cache.put(new DocumentCache.Key(
              run, hit.axisPosition(), hit.level(), hit.step(), hit.point(), fieldMasks[hit.axisPosition()]), hit);
        }
        return found;
      });
      List<ForecastHit> hits = new ArrayList<>(read.size());
      read.forEach(hit -> hits.add(hit.withSortDistance(distanceOf(nearest, hit.point()))));
      return hits;
    }
    SearchPlan searchPlan = searchFor(plan);
    return (searchPlan.multi() ? msearchTimer : geoSortTimer).record(() -> fetch(searchPlan, null));
  }

  /** The grid points whose documents the ids path reads for a plan: a bilinear request's cell, or the nearest. */
  private static GridNeighbours.Nearest idsNearest(SpotPlan plan) {
    return plan.request().method() == Method.BILINEAR ? cell(plan) : nearest(plan);
  }

  /**
   * The request {@link #find} sends for a plan when it reads from Elasticsearch (nothing cached), for
   * benchmarks that replay it; null when no grid point lies near the plan's place.
   *
   * @param fastPath whether regular grids take the ids path, as {@code spotcast.query.fast-path}
   */
  public static SearchPlan requestOf(SpotPlan plan, boolean fastPath) {
    if (!byIds(plan, fastPath)) {
      return searchFor(plan);
    }
    GridNeighbours.Nearest nearest = idsNearest(plan);
    return nearest.size() == 0 ? null : idsSearchFor(plan, nearest);
  }

  /**
   * Sends a plan's request through the guard and reads its hits, every search's in order; with
   * {@code nearest} (the ids path), each hit with its distance from the points the grid gave.
   */
  private List<ForecastHit> fetch(SearchPlan plan, GridNeighbours.Nearest nearest) {
    return guard.read(
        () -> SearchWire.send(rest, plan.request()),
        (Response response) -> {
          List<List<ForecastHit>> perSearch = SearchWire.read(response, plan.searches());
          if (perSearch.size() == 1 && nearest == null) {
            return perSearch.getFirst();
          }
          List<ForecastHit> hits = new ArrayList<>();
          for (List<ForecastHit> found : perSearch) {
            for (ForecastHit hit : found) {
              hits.add(nearest == null ? hit : hit.withSortDistance(distanceOf(nearest, hit.point())));
            }
          }
          return hits;
        });
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
      String index, int axis, double level, int step, List<String> parameters, int size, int afterPoint) {
    List<OneSearch> search = List.of(new OneSearch(
        index, null, new SearchWire.Page(level, step, afterPoint), size, ForecastHit.fields(parameters, false), axis));
    try {
      return SearchWire.read(SearchWire.send(rest, SearchWire.request(search)).get(), search).getFirst();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SearchUnavailableException("interrupted while reading " + index, e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw ElasticsearchGuard.translate(e.getCause());
    }
  }

  /** The documents the ids path reads for a plan, as keys of the document cache. */
  private static List<DocumentCache.Key> cacheKeys(SpotPlan plan, GridNeighbours.Nearest nearest, long[] fieldMasks) {
    ShardingStrategy run = plan.strategy();
    List<DocumentCache.Key> keys = new ArrayList<>();
    for (List<Combination> combinations : plan.combinationsByIndex().values()) {
      for (Combination c : combinations) {
        for (int point : nearest.points()) {
          keys.add(new DocumentCache.Key(run, c.axisPosition(), c.level(), c.step(), point, fieldMasks[c.axisPosition()]));
        }
      }
    }
    return keys;
  }

  /** The most ids one search of {@link #findAll} asks for (below Elasticsearch's max_result_window). */
  static final int MAX_IDS_PER_SEARCH = 5000;

  /**
   * The hits of several plans (a batch of points, the steps of a series) from ONE multi-search
   * through the guard, split back per plan.
   *
   * <ul>
   *   <li>Plans on the ids path (and bilinear ones) are merged: per index one {@code ids} search
   *       (split in chunks of {@value #MAX_IDS_PER_SEARCH}) for the documents of every plan, routed
   *       to all their tiles; a document shared by several plans (same neighbour) is fetched once.
   *       Each plan gets the documents it asked for, with its own distances, as {@link #find} gives
   *       them.
   *   <li>Plans on the geo path keep their own searches ({@link #searchFor}), as items of the same
   *       multi-search.
   * </ul>
   *
   * A plan whose grid has no point near it gets an empty list.
   *
   * @return per plan, in the order given, its hits (the documents {@link #find} would return)
   * @throws SearchUnavailableException when Elasticsearch cannot answer (or the circuit is open)
   * @throws SearchSaturatedException when too many requests already wait for Elasticsearch
   */
  public List<List<ForecastHit>> findAll(List<SpotPlan> plans) {
    return findAll(plans, batchTimer);
  }

  private List<List<ForecastHit>> findAll(List<SpotPlan> plans, Timer timer) {
    List<OneSearch> searches = new ArrayList<>();
    List<Integer> searchPlan = new ArrayList<>(); // the geo plan a search answers, -1 for merged ids searches
    Map<String, IdsSearch> idsByIndex = new LinkedHashMap<>();
    List<List<Wanted>> wanted = new ArrayList<>(plans.size());
    for (int p = 0; p < plans.size(); p++) {
      SpotPlan plan = plans.get(p);
      List<Wanted> planWanted = new ArrayList<>();
      wanted.add(planWanted);
      if (byIds(plan)) {
        addIds(plan, idsNearest(plan), idsByIndex, planWanted);
        continue;
      }
      for (OneSearch search : searchFor(plan).searches()) {
        searches.add(search);
        searchPlan.add(p);
      }
    }
    for (Map.Entry<String, IdsSearch> entry : idsByIndex.entrySet()) {
      IdsSearch ids = entry.getValue();
      String routing = ShardingStrategy.routingParameter(ids.routing);
      List<String> fields = List.copyOf(ids.fields);
      List<String> all = List.copyOf(ids.ids);
      for (int from = 0; from < all.size(); from += MAX_IDS_PER_SEARCH) {
        List<String> chunk = all.subList(from, Math.min(all.size(), from + MAX_IDS_PER_SEARCH));
        searches.add(new OneSearch(entry.getKey(), routing, new SearchWire.Ids(chunk), chunk.size(), fields, ids.axis));
        searchPlan.add(-1);
      }
    }
    if (searches.isEmpty()) {
      List<List<ForecastHit>> none = new ArrayList<>(plans.size());
      plans.forEach(p -> none.add(List.of()));
      return none;
    }
    SearchWire.Request request = SearchWire.request(searches);
    return timer.record(
        () ->
            guard.read(
                () -> SearchWire.send(rest, request),
                (Response response) -> {
                  List<List<ForecastHit>> perSearch = SearchWire.read(response, searches);
                  List<List<ForecastHit>> hits = new ArrayList<>(plans.size());
                  for (int p = 0; p < plans.size(); p++) {
                    hits.add(new ArrayList<>());
                  }
                  Map<DocumentKey, ForecastHit> documents = new HashMap<>();
                  for (int i = 0; i < searches.size(); i++) {
                    if (searchPlan.get(i) >= 0) {
                      hits.get(searchPlan.get(i)).addAll(perSearch.get(i));
                    } else {
                      String index = searches.get(i).index();
                      for (ForecastHit found : perSearch.get(i)) {
                        documents.put(new DocumentKey(index, found.level(), found.step(), found.point()), found);
                      }
                    }
                  }
                  for (int p = 0; p < plans.size(); p++) {
                    for (Wanted w : wanted.get(p)) {
                      ForecastHit found = documents.get(w.key());
                      if (found != null) {
                        hits.get(p).add(found.withSortDistance(w.distance()));
                      }
                    }
                  }
                  return hits;
                }));
  }

  /** The ids of one index that the merged searches of {@link #findAll} ask for. */
  private static final class IdsSearch {
    final int axis;
    final Set<String> ids = new LinkedHashSet<>();
    final Set<String> routing = new LinkedHashSet<>();
    final Set<String> fields = new LinkedHashSet<>();

    IdsSearch(int axis) {
      this.axis = axis;
    }
  }

  /** A document a plan needs, and the distance of its grid point from the plan's request. */
  private record Wanted(DocumentKey key, double distance) {}

  /** A document of an index: level, step, grid point. */
  private record DocumentKey(String index, double level, int step, int point) {}

  private static void addIds(
      SpotPlan plan, GridNeighbours.Nearest nearest, Map<String, IdsSearch> idsByIndex, List<Wanted> wanted) {
    if (nearest.size() == 0) {
      return;
    }
    int[] points = nearest.points();
    List<String> routing = routingKeys(plan, points);
    List<String> fields = docValueFields(plan.parameters(), false);
    for (Map.Entry<String, List<Combination>> entry : plan.combinationsByIndex().entrySet()) {
      IdsSearch ids =
          idsByIndex.computeIfAbsent(entry.getKey(), k -> new IdsSearch(entry.getValue().getFirst().axisPosition()));
      ids.routing.addAll(routing);
      ids.fields.addAll(fields);
      for (Combination c : entry.getValue()) {
        for (int i = 0; i < points.length; i++) {
          ids.ids.add(DocumentIds.of(c.level(), c.step(), points[i]));
          wanted.add(new Wanted(new DocumentKey(entry.getKey(), c.level(), c.step(), points[i]), nearest.distances()[i]));
        }
      }
    }
  }

  private static double distanceOf(GridNeighbours.Nearest nearest, int point) {
    int[] points = nearest.points();
    for (int i = 0; i < points.length; i++) {
      if (points[i] == point) {
        return nearest.distances()[i];
      }
    }
    throw new IllegalStateException("Elasticsearch returned grid point " + point + ", which was not asked for");
  }

  /** What the geo path's search selects for some (level, step) combinations of one index. */
  static SearchWire.Near near(double lat, double lon, double radiusKm, List<Combination> combinations) {
    List<Double> levels = combinations.stream().map(Combination::level).distinct().toList();
    List<Integer> steps = combinations.stream().map(Combination::step).distinct().toList();
    return new SearchWire.Near(lat, lon, radiusKm, levels, steps);
  }

  /**
   * Only what the interpolation reads, from doc values and with no stored fields at all: faster than
   * a filtered {@code _source} (docs/benchmarks.md, "Values from _source or doc values"), and
   * fetching only the needed fields is what the 2016 system found fastest too.
   */
  static List<String> docValueFields(List<Parameter> parameters, boolean withLocation) {
    return ForecastHit.fields(parameters.stream().map(Parameter::name).toList(), withLocation);
  }
}
