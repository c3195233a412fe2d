package dev.spotcast.query.search;

import dev.spotcast.index.DocumentIds;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.sharding.ShardingStrategy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the searches of a {@link NeighbourQuery}, by one of two paths; no I/O.
 *
 * <ul>
 *   <li><b>ids</b> (regular lat/lon grids, {@code spotcast.query.fast-path: true}): the n nearest
 *       points follow from the grid definition ({@link GridNeighbours}; the plan works them out and
 *       hands them over in {@link NeighbourQuery#points()}), so their documents are fetched by
 *       {@code _id}: an {@code ids} query routed to the tiles of those points, with the values from
 *       {@code docvalue_fields}. Not {@code _mget}: the values live only in doc values ({@code
 *       _source} excludes {@code v}, nothing is stored), which {@code _mget} cannot return; an
 *       {@code ids} search reads them and, unlike the geo path, neither filters by distance nor
 *       sorts, and fetches exactly n documents per (level, step). The cell of a bilinear request
 *       and the points a cell selection chose are fetched by id on any regular grid.
 *   <li><b>geo</b> (any grid, and the only one for irregular grids): a routed geo-distance-sorted
 *       search.
 * </ul>
 *
 * Either way one search per index, sent as a multi-search when the combinations span several
 * indices.
 */
public final class SearchPlans {

  /**
   * The most ids one search of a {@link Batch} asks for (below Elasticsearch's max_result_window).
   */
  static final int MAX_IDS_PER_SEARCH = 5000;

  private SearchPlans() {}

  /**
   * Whether a query is answered by the ids path when {@code spotcast.query.fast-path} is {@code
   * fastPath}.
   */
  public static boolean usesIds(NeighbourQuery query, boolean fastPath) {
    return usesIds(query.run(), fastPath);
  }

  /**
   * Whether a run's queries are answered by the ids path when {@code spotcast.query.fast-path} is
   * {@code fastPath}.
   */
  static boolean usesIds(ForecastRun run, boolean fastPath) {
    return fastPath && run.grid() instanceof RegularLatLonGrid;
  }

  /**
   * Whether a query's documents are fetched by id: on the ids path, for the cell of a bilinear
   * request, and for the grid points a cell selection chose ({@link NeighbourQuery#byId()}).
   */
  static boolean byIds(NeighbourQuery query, boolean fastPath) {
    return usesIds(query, fastPath) || query.byId();
  }

  /**
   * The request {@link NeighbourSearch#find} sends for a query when it reads from Elasticsearch
   * (nothing cached), for benchmarks that replay it; null when no grid point lies near the place.
   *
   * @param fastPath whether regular grids take the ids path, as {@code spotcast.query.fast-path}
   */
  public static SearchPlan requestOf(NeighbourQuery query, boolean fastPath) {
    if (!byIds(query, fastPath)) {
      return geo(query);
    }
    GridNeighbours.Nearest points = points(query);
    return points.size() == 0 ? null : ids(query, points);
  }

  /** The search(es) of the geo path. */
  public static SearchPlan geo(NeighbourQuery query) {
    double lat = query.lat();
    double lon = query.lon();
    double radiusKm = query.radiusKm();
    // Only the shards holding the tiles the search circle touches are asked.
    String routing =
        ShardingStrategy.routingParameter(query.strategy().routingKeysWithin(lat, lon, radiusKm));
    List<String> fields =
        docValueFields(query.parameters(), !(query.run().grid() instanceof RegularLatLonGrid));
    List<OneSearch> searches = new ArrayList<>(query.byIndex().size());
    for (Map.Entry<String, List<Combination>> entry : query.byIndex().entrySet()) {
      List<Combination> combinations = entry.getValue();
      SearchWire.Near near = near(query.run(), lat, lon, radiusKm, combinations);
      searches.add(
          new OneSearch(
              entry.getKey(),
              routing,
              near,
              // As many documents as the n nearest points have in the levels and steps asked for.
              query.searched() * documentsPerPoint(query.run(), combinations),
              fields,
              combinations.getFirst().axisPosition(),
              reading(query.run(), combinations, false)));
    }
    return SearchPlan.of(searches);
  }

  /**
   * How a run's documents are read; null for one step per document. Not {@code whole}: only the
   * steps asked for are made into hits (a spot reads 2 of a whole series' 125). {@code whole}: a
   * block is made into one hit, of its first step, whose values are a view of every step's numbers
   * ({@link BlockHits} makes the others when asked).
   */
  private static StepBlocksRead reading(
      ForecastRun run, Collection<Combination> combinations, boolean whole) {
    StepBlocksRead blocks = StepBlocksRead.of(run);
    if (blocks == null) {
      return null;
    }
    Set<Integer> steps = new HashSet<>();
    for (Combination c : combinations) {
      steps.add(whole ? StepBlocksRead.documentStep(run, c.step()) : c.step());
    }
    return blocks.keeping(steps);
  }

  /** The documents of one grid point that hold some (level, step) combinations. */
  private static int documentsPerPoint(ForecastRun run, List<Combination> combinations) {
    if (run.stepsPerDocument() == 1) {
      return combinations.size();
    }
    return documents(run, combinations).size();
  }

  /**
   * The searches of the ids path for some grid points: per index an {@code ids} query for every
   * (level, step) of the index times every point, routed to the points' tiles.
   */
  public static SearchPlan ids(NeighbourQuery query, GridNeighbours.Nearest points) {
    return ids(query, points, false);
  }

  /**
   * As {@link #ids(NeighbourQuery, GridNeighbours.Nearest)}; {@code whole}: one hit per block read,
   * a view of all its steps' numbers, rather than a hit per step asked for (what the document cache
   * keeps, {@link BlockHits}).
   */
  static SearchPlan ids(NeighbourQuery query, GridNeighbours.Nearest points, boolean whole) {
    String routing = ShardingStrategy.routingParameter(routingKeys(query, points.points()));
    List<String> fields = docValueFields(query.parameters(), false);
    List<OneSearch> searches = new ArrayList<>(query.byIndex().size());
    for (Map.Entry<String, List<Combination>> entry : query.byIndex().entrySet()) {
      List<Combination> combinations = entry.getValue();
      List<String> ids = ids(query.run(), combinations, points.points());
      searches.add(
          new OneSearch(
              entry.getKey(),
              routing,
              new SearchWire.Ids(ids),
              ids.size(),
              fields,
              combinations.getFirst().axisPosition(),
              reading(query.run(), combinations, whole)));
    }
    return SearchPlan.of(searches);
  }

  /**
   * The grid points whose documents the ids path reads: the ones the plan decided ({@link
   * NeighbourQuery#points()}).
   */
  static GridNeighbours.Nearest points(NeighbourQuery query) {
    return query.points();
  }

  /** The routing keys of the tiles of some grid points of a query's regular grid. */
  private static List<String> routingKeys(NeighbourQuery query, int[] points) {
    RegularLatLonGrid grid = (RegularLatLonGrid) query.run().grid();
    List<String> keys = new ArrayList<>(points.length);
    for (int point : points) {
      keys.add(query.strategy().routingKey(grid.latitude(point), grid.longitude(point)));
    }
    return keys;
  }

  /**
   * The ids of the documents that hold every (level, step) combination at every point, each once
   * (the steps of a block share its document).
   */
  private static List<String> ids(ForecastRun run, List<Combination> combinations, int[] points) {
    List<Document> documents = documents(run, combinations);
    List<String> ids = new ArrayList<>(documents.size() * points.length);
    for (Document document : documents) {
      for (int point : points) {
        ids.add(DocumentIds.of(document.level(), document.step(), point));
      }
    }
    return ids;
  }

  /** A document of a grid point: its level and the (first) step it is stored under. */
  private record Document(double level, int step) {}

  /**
   * The documents of a grid point that hold some (level, step) combinations, each once: the steps
   * of a block share their document (a series' 125 steps are one document per level).
   */
  private static List<Document> documents(ForecastRun run, List<Combination> combinations) {
    Set<Document> documents = new LinkedHashSet<>();
    for (Combination c : combinations) {
      documents.add(new Document(c.level(), StepBlocksRead.documentStep(run, c.step())));
    }
    return List.copyOf(documents);
  }

  /**
   * What the geo path's search selects for some (level, step) combinations of one index: the
   * documents that hold those steps.
   */
  static SearchWire.Near near(
      ForecastRun run, double lat, double lon, double radiusKm, List<Combination> combinations) {
    List<Double> levels = combinations.stream().map(Combination::level).distinct().toList();
    List<Integer> steps =
        combinations.stream()
            .map(c -> StepBlocksRead.documentStep(run, c.step()))
            .distinct()
            .toList();
    return new SearchWire.Near(lat, lon, radiusKm, levels, steps);
  }

  /**
   * Only what the interpolation reads, from doc values and with no stored fields at all: faster
   * than a filtered {@code _source} (docs/benchmarks.md, "Values from _source or doc values"), and
   * fetching only the needed fields is what the 2016 system found fastest too.
   */
  static List<String> docValueFields(List<Parameter> parameters, boolean withLocation) {
    return ForecastHit.fields(parameters.stream().map(Parameter::name).toList(), withLocation);
  }

  /**
   * The searches of several queries (a batch of points, the steps of a series, reads that queued
   * together) as ONE multi-search, and how to split its hits back per query.
   *
   * <ul>
   *   <li>Queries read by id are merged: per index and shard one {@code ids} search (split in
   *       chunks of {@value #MAX_IDS_PER_SEARCH}) for the documents of every query, routed to the
   *       tiles of that shard only; a document shared by several queries (same neighbour) is
   *       fetched once. A search that asks one shard is answered in one round (Elasticsearch
   *       fetches its hits in its query phase) and looks up only the ids that shard holds: 8 % less
   *       of Elasticsearch's CPU per shared read than one search per index over both shards
   *       (docs/benchmarks.md, "Stop 72"). With routing by _id, one search per index over all
   *       shards, as before. Each query gets the documents it asked for, with its own distances, as
   *       a single read gives them.
   *   <li>Queries on the geo path keep their own searches ({@link #geo}), as items of the same
   *       multi-search.
   * </ul>
   *
   * @param searches the multi-search's items; empty when no query has a grid point near it
   */
  record Batch(List<OneSearch> searches, List<Integer> searchQuery, List<List<Wanted>> wanted) {

    static Batch of(List<NeighbourQuery> queries, boolean fastPath) {
      return of(queries, fastPath, false);
    }

    /**
     * As {@link #of(List, boolean)}; {@code whole}: the searches by id read whole blocks, one hit
     * per block (what the document cache keeps).
     */
    static Batch of(List<NeighbourQuery> queries, boolean fastPath, boolean whole) {
      List<OneSearch> searches = new ArrayList<>();
      List<Integer> searchQuery =
          new ArrayList<>(); // the geo query a search answers, -1 for merged ids searches
      Map<ShardOfIndex, IdsSearch> idsByShard = new LinkedHashMap<>();
      List<List<Wanted>> wanted = new ArrayList<>(queries.size());
      for (int q = 0; q < queries.size(); q++) {
        NeighbourQuery query = queries.get(q);
        List<Wanted> queryWanted = new ArrayList<>();
        wanted.add(queryWanted);
        if (byIds(query, fastPath)) {
          addIds(query, points(query), idsByShard, queryWanted, whole);
          continue;
        }
        for (OneSearch search : geo(query).searches()) {
          searches.add(search);
          searchQuery.add(q);
        }
      }
      for (Map.Entry<ShardOfIndex, IdsSearch> entry : idsByShard.entrySet()) {
        IdsSearch ids = entry.getValue();
        String routing = ShardingStrategy.routingParameter(ids.routing);
        List<String> fields = List.copyOf(ids.fields);
        List<String> all = List.copyOf(ids.ids);
        for (int from = 0; from < all.size(); from += MAX_IDS_PER_SEARCH) {
          List<String> chunk = all.subList(from, Math.min(all.size(), from + MAX_IDS_PER_SEARCH));
          searches.add(
              new OneSearch(
                  entry.getKey().index(),
                  routing,
                  new SearchWire.Ids(chunk),
                  chunk.size(),
                  fields,
                  ids.axis,
                  reading(ids.run, ids.combinations, whole)));
          searchQuery.add(-1);
        }
      }
      return new Batch(searches, searchQuery, wanted);
    }

    /** Per query, in the order given, its hits, from the hits of every search in order. */
    List<List<ForecastHit>> split(List<List<ForecastHit>> perSearch) {
      List<List<ForecastHit>> hits = new ArrayList<>(wanted.size());
      for (int q = 0; q < wanted.size(); q++) {
        hits.add(new ArrayList<>());
      }
      Map<DocumentKey, ForecastHit> documents = new HashMap<>();
      for (int i = 0; i < searches.size(); i++) {
        if (searchQuery.get(i) >= 0) {
          hits.get(searchQuery.get(i)).addAll(perSearch.get(i));
        } else {
          String index = searches.get(i).index();
          for (ForecastHit found : perSearch.get(i)) {
            documents.put(
                new DocumentKey(index, found.level(), found.step(), found.point()), found);
          }
        }
      }
      for (int q = 0; q < wanted.size(); q++) {
        for (Wanted w : wanted.get(q)) {
          ForecastHit found = documents.get(w.key());
          if (found != null) {
            hits.get(q).add(found.withSortDistance(w.distance()));
          }
        }
      }
      return hits;
    }

    /** Per query an empty list: no search was needed. */
    List<List<ForecastHit>> none() {
      List<List<ForecastHit>> none = new ArrayList<>(wanted.size());
      wanted.forEach(w -> none.add(List.of()));
      return none;
    }

    private static void addIds(
        NeighbourQuery query,
        GridNeighbours.Nearest nearest,
        Map<ShardOfIndex, IdsSearch> idsByShard,
        List<Wanted> wanted,
        boolean whole) {
      if (nearest.size() == 0) {
        return;
      }
      int[] points = nearest.points();
      List<String> routing = routingKeys(query, points);
      int[] shards = shards(query, points);
      List<String> fields = docValueFields(query.parameters(), false);
      for (Map.Entry<String, List<Combination>> entry : query.byIndex().entrySet()) {
        // The search of each point's shard of this index.
        IdsSearch[] ofPoint = new IdsSearch[points.length];
        for (int i = 0; i < points.length; i++) {
          IdsSearch ids =
              idsByShard.computeIfAbsent(
                  new ShardOfIndex(entry.getKey(), shards[i]),
                  k -> new IdsSearch(entry.getValue().getFirst().axisPosition(), query.run()));
          ofPoint[i] = ids;
          ids.routing.add(routing.get(i));
          if (ids.queries.add(query)) {
            ids.fields.addAll(fields);
            if (query.run().stepsPerDocument() > 1) {
              ids.combinations.addAll(entry.getValue());
            }
          }
        }
        // The ids of each document once (the steps of a block share theirs).
        Map<Document, Boolean> asked = new HashMap<>();
        StepBlocksRead blocks = StepBlocksRead.of(query.run());
        for (Combination c : entry.getValue()) {
          Document document =
              new Document(c.level(), StepBlocksRead.documentStep(query.run(), c.step()));
          boolean first = asked.putIfAbsent(document, Boolean.TRUE) == null;
          if (first) {
            for (int i = 0; i < points.length; i++) {
              ofPoint[i].ids.add(DocumentIds.of(document.level(), document.step(), points[i]));
            }
          }
          if (whole && blocks != null) {
            // The query gets its documents whole: the hit of each one's first step, a view of
            // every step's numbers (what the document cache keeps).
            if (first) {
              for (int i = 0; i < points.length; i++) {
                wanted.add(
                    new Wanted(
                        new DocumentKey(entry.getKey(), c.level(), document.step(), points[i]),
                        nearest.distances()[i]));
              }
            }
            continue;
          }
          for (int i = 0; i < points.length; i++) {
            wanted.add(
                new Wanted(
                    new DocumentKey(entry.getKey(), c.level(), c.step(), points[i]),
                    nearest.distances()[i]));
          }
        }
      }
    }
  }

  /** A shard of an index; shard -1: every shard (documents routed by _id). */
  private record ShardOfIndex(String index, int shard) {}

  /**
   * The shard of its index that each grid point's documents lie on (the shard of its routing tile),
   * or -1 for each when documents are routed by _id (every shard holds some of them).
   */
  private static int[] shards(NeighbourQuery query, int[] points) {
    int[] shards = new int[points.length];
    ShardingStrategy strategy = query.strategy();
    if (!strategy.tileRouted()) {
      Arrays.fill(shards, -1);
      return shards;
    }
    RegularLatLonGrid grid = (RegularLatLonGrid) query.run().grid();
    for (int i = 0; i < points.length; i++) {
      shards[i] =
          strategy.shardOf(strategy.tileOf(grid.latitude(points[i]), grid.longitude(points[i])));
    }
    return shards;
  }

  /** The ids of one shard of an index that the merged searches of a {@link Batch} ask for. */
  private static final class IdsSearch {
    final int axis;
    final ForecastRun run;
    final Set<String> ids = new LinkedHashSet<>();

    /** The queries whose fields and combinations this search reads. */
    final Set<NeighbourQuery> queries = Collections.newSetFromMap(new IdentityHashMap<>());

    final Set<String> routing = new LinkedHashSet<>();
    final Set<String> fields = new LinkedHashSet<>();

    /** The combinations asked for, kept only for runs whose documents carry blocks of steps. */
    final List<Combination> combinations = new ArrayList<>();

    IdsSearch(int axis, ForecastRun run) {
      this.axis = axis;
      this.run = run;
    }
  }

  /** A document a query needs, and the distance of its grid point from the query's place. */
  record Wanted(DocumentKey key, double distance) {}

  /** A document of an index: level, step, grid point. */
  record DocumentKey(String index, double level, int step, int point) {}
}
