package dev.spotcast.query.spot;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.DistanceUnit;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch._types.ErrorResponse;
import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.GeoDistanceType;
import co.elastic.clients.elasticsearch._types.GeoLocation;
import co.elastic.clients.elasticsearch._types.ShardStatistics;
import co.elastic.clients.elasticsearch._types.SortOptions;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.elasticsearch.core.MsearchRequest;
import co.elastic.clients.elasticsearch.core.MsearchResponse;
import co.elastic.clients.elasticsearch.core.SearchRequest;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.msearch.MultiSearchResponseItem;
import co.elastic.clients.elasticsearch.core.msearch.RequestItem;
import co.elastic.clients.elasticsearch.core.search.Hit;
import co.elastic.clients.elasticsearch._types.query_dsl.FieldAndFormat;
import co.elastic.clients.json.JsonData;
import dev.spotcast.index.ForecastFields;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.sharding.ShardingStrategy;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Finds the documents of the grid points nearest a request, for every (level, step) the plan
 * needs: one routed geo-distance-sorted search per index, sent as a multi-search when the
 * combinations span several indices.
 */
@Component
public class NeighbourSearch {

  private static final String NO_STORED_FIELDS = "_none_";

  static final String TIMER = "spotcast.elasticsearch.search";

  private final ElasticsearchClient client;
  private final Timer geoSortTimer;
  private final Timer msearchTimer;

  public NeighbourSearch(ElasticsearchClient client, MeterRegistry registry) {
    this.client = client;
    this.geoSortTimer = timer(registry, "geo_sort");
    this.msearchTimer = timer(registry, "msearch");
  }

  private static Timer timer(MeterRegistry registry, String path) {
    return Timer.builder(TIMER)
        .description("Elasticsearch calls of spot requests")
        .tag("path", path)
        .publishPercentileHistogram()
        .register(registry);
  }

  /**
   * The Elasticsearch request(s) the service sends for a plan: one routed search when every (level,
   * step) combination lives in one index, otherwise a multi-search with one routed search per index.
   * {@link #find} sends exactly these; benchmarks send them directly to Elasticsearch.
   *
   * @param search the single search, or null when {@code msearch} is set
   * @param msearch the multi-search, or null when {@code search} is set
   * @param routing the routing keys of the tiles the search circle touches, comma-separated
   * @param indices the indices searched, in the order of the multi-search's items
   * @param axes the run axis (level type) of each of {@code indices}
   */
  public record SearchPlan(
      SearchRequest search, MsearchRequest msearch, String routing, List<String> indices, List<Integer> axes) {

    public boolean multi() {
      return msearch != null;
    }
  }

  /** Builds the search(es) for a plan; no I/O. */
  public static SearchPlan searchFor(SpotPlan plan) {
    ShardingStrategy strategy = new ShardingStrategy(plan.run());
    double lat = plan.request().lat();
    double lon = plan.request().lon();
    double radiusKm = plan.radiusKm();
    // Only the shards holding the tiles the search circle touches are asked.
    String routing = String.join(",", strategy.routingKeysWithin(lat, lon, radiusKm));
    List<SortOptions> sort = sort(lat, lon);
    List<FieldAndFormat> fields =
        docValueFields(plan.parameters(), !(plan.run().grid() instanceof RegularLatLonGrid));
    Map<String, List<Combination>> byIndex = plan.combinationsByIndex(strategy);
    List<String> indices = List.copyOf(byIndex.keySet());
    List<Integer> axes = byIndex.values().stream().map(c -> c.getFirst().axisPosition()).toList();
    if (byIndex.size() == 1) {
      Map.Entry<String, List<Combination>> only = byIndex.entrySet().iterator().next();
      int size = plan.request().neighbours() * only.getValue().size();
      Query query = query(lat, lon, radiusKm, only.getValue());
      SearchRequest search =
          SearchRequest.of(
              s ->
                  s.index(only.getKey())
                      .routing(routing)
                      .query(query)
                      .sort(sort)
                      .size(size)
                      .storedFields(NO_STORED_FIELDS)
                      .docvalueFields(fields)
                      .trackTotalHits(t -> t.enabled(false)));
      return new SearchPlan(search, null, routing, indices, axes);
    }
    List<RequestItem> searches = new ArrayList<>(byIndex.size());
    for (Map.Entry<String, List<Combination>> entry : byIndex.entrySet()) {
      int size = plan.request().neighbours() * entry.getValue().size();
      Query indexQuery = query(lat, lon, radiusKm, entry.getValue());
      searches.add(
          RequestItem.of(
              r ->
                  r.header(h -> h.index(entry.getKey()).routing(routing))
                      .body(
                          b ->
                              b.query(indexQuery)
                                  .sort(sort)
                                  .size(size)
                                  .storedFields(NO_STORED_FIELDS)
                                  .docvalueFields(fields)
                                  .trackTotalHits(t -> t.enabled(false)))));
    }
    return new SearchPlan(null, MsearchRequest.of(m -> m.searches(searches)), routing, indices, axes);
  }

  /** Hits of every index, each index's hits in distance order. */
  public List<ForecastHit> find(SpotPlan plan) {
    SearchPlan searchPlan = searchFor(plan);
    try {
      if (!searchPlan.multi()) {
        return geoSortTimer.recordCallable(() -> search(searchPlan.search(), searchPlan.axes().getFirst()));
      }
      return msearchTimer.recordCallable(() -> msearch(searchPlan.msearch(), searchPlan.axes()));
    } catch (IOException e) {
      throw new SearchUnavailableException("Elasticsearch cannot be reached: " + e.getMessage(), e);
    } catch (ElasticsearchException e) {
      throw unavailableOr(e.status(), e.error().type(), e.getMessage(), e);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private List<ForecastHit> search(SearchRequest request, int axis) throws IOException {
    SearchResponse<JsonData> response = client.search(request, JsonData.class);
    requireAllShards(String.join(",", request.index()), response.shards());
    List<ForecastHit> hits = new ArrayList<>(request.size() == null ? 8 : request.size());
    addHits(response.hits().hits(), axis, hits);
    return hits;
  }

  private List<ForecastHit> msearch(MsearchRequest request, List<Integer> axes) throws IOException {
    MsearchResponse<JsonData> response = client.msearch(request, JsonData.class);
    List<ForecastHit> hits = new ArrayList<>();
    List<MultiSearchResponseItem<JsonData>> items = response.responses();
    for (int i = 0; i < items.size(); i++) {
      MultiSearchResponseItem<JsonData> item = items.get(i);
      if (item.isFailure()) {
        ErrorResponse failure = item.failure();
        throw unavailableOr(failure.status(), failure.error().type(), failure.error().reason(), null);
      }
      requireAllShards("msearch", item.result().shards());
      addHits(item.result().hits().hits(), axes.get(i), hits);
    }
    return hits;
  }

  private static void addHits(List<Hit<JsonData>> from, int axis, List<ForecastHit> to) {
    for (Hit<JsonData> hit : from) {
      to.add(ForecastHit.of(hit.fields(), hit.sort().getFirst().doubleValue(), axis));
    }
  }

  /** A partial answer would silently interpolate over fewer points: refuse it. */
  private static void requireAllShards(String index, ShardStatistics shards) {
    if (shards.failed().intValue() > 0) {
      throw new SearchUnavailableException(
          shards.failed() + " of " + shards.total() + " shards failed searching " + index, null);
    }
  }

  /**
   * Overload, server errors and a missing index (a run deleted after the catalog was read) are
   * transient for the caller; anything else is a bug in the query and stays a server error.
   */
  private static RuntimeException unavailableOr(int status, String type, String reason, Exception cause) {
    if (status == 429 || status >= 500 || "index_not_found_exception".equals(type)) {
      return new SearchUnavailableException("Elasticsearch could not answer: " + reason, cause);
    }
    return new IllegalStateException("Elasticsearch rejected the spot search (" + status + " " + type + "): " + reason, cause);
  }

  static Query query(double lat, double lon, double radiusKm, List<Combination> combinations) {
    List<FieldValue> levels =
        combinations.stream().map(Combination::level).distinct().map(FieldValue::of).toList();
    List<FieldValue> steps =
        combinations.stream().map(Combination::step).distinct().map(FieldValue::of).toList();
    return Query.of(
        q ->
            q.bool(
                b ->
                    b.filter(
                            f ->
                                f.geoDistance(
                                    g ->
                                        g.field(ForecastFields.LOCATION)
                                            .location(location(lat, lon))
                                            .distance(String.format(Locale.ROOT, "%.3fkm", radiusKm))))
                        .filter(f -> f.terms(t -> t.field(ForecastFields.LEVEL).terms(v -> v.value(levels))))
                        .filter(f -> f.terms(t -> t.field(ForecastFields.STEP).terms(v -> v.value(steps))))));
  }

  /**
   * Nearest first; the grid point id breaks ties, so that every (level, step) combination picks the
   * same points when several lie at the same distance.
   */
  static List<SortOptions> sort(double lat, double lon) {
    return List.of(
        SortOptions.of(
            s ->
                s.geoDistance(
                    g ->
                        g.field(ForecastFields.LOCATION)
                            .location(location(lat, lon))
                            .order(SortOrder.Asc)
                            .unit(DistanceUnit.Meters)
                            .distanceType(GeoDistanceType.Arc))),
        SortOptions.of(s -> s.field(f -> f.field(ForecastFields.POINT).order(SortOrder.Asc))));
  }

  /**
   * Only what the interpolation reads, from doc values and with no stored fields at all: measured
   * 1.29x the throughput of a filtered {@code _source} (docs/benchmarks.md; seed 002 found ~3x for
   * fetching only the needed fields).
   */
  static List<FieldAndFormat> docValueFields(List<Parameter> parameters, boolean withLocation) {
    return ForecastHit.fields(parameters.stream().map(Parameter::name).toList(), withLocation).stream()
        .map(f -> FieldAndFormat.of(x -> x.field(f)))
        .toList();
  }

  private static GeoLocation location(double lat, double lon) {
    return GeoLocation.of(l -> l.latlon(ll -> ll.lat(lat).lon(lon)));
  }
}
