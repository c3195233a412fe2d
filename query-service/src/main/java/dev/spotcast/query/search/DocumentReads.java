package dev.spotcast.query.search;

import dev.spotcast.sharding.ShardingStrategy;
import java.util.ArrayList;
import java.util.List;

/**
 * The ids-path reads of single requests: the documents already read (the document cache), reads of
 * the same documents under way (requests that need them at the same time share one search, each
 * taking the hits with its own distances), and reads that queue under load sent together ({@link
 * SharedReads}).
 */
final class DocumentReads {

  /** A single request's read: its query and the grid points whose documents it reads. */
  record IdsRead(NeighbourQuery query, GridNeighbours.Nearest points) {}

  /** The documents already read; null: none kept. */
  private final DocumentCache cache;

  /** The reads under way, by the documents they read (with the cache only). */
  private final InFlight<List<DocumentCache.Key>, List<ForecastHit>> reading = new InFlight<>();

  private final SharedReads<IdsRead, List<ForecastHit>> shared;

  /**
   * @param cache the documents already read, or null to keep none
   * @param shared how reads that miss the cache are sent
   */
  DocumentReads(DocumentCache cache, SharedReads<IdsRead, List<ForecastHit>> shared) {
    this.cache = cache;
    this.shared = shared;
  }

  /** The documents of a query at some grid points, each hit with its point's distance. */
  List<ForecastHit> read(NeighbourQuery query, GridNeighbours.Nearest points) {
    long[] fieldMasks =
        cache == null ? null : DocumentCache.fieldMasks(query.run(), query.parameters());
    List<DocumentCache.Key> keys = fieldMasks == null ? null : cacheKeys(query, points, fieldMasks);
    List<ForecastHit> cached = keys == null ? null : cache.all(keys);
    if (cached != null) {
      return withDistances(cached, points);
    }
    IdsRead ids = new IdsRead(query, points);
    if (keys == null) {
      return shared.read(ids);
    }
    List<ForecastHit> read =
        reading.get(
            keys,
            () -> {
              List<ForecastHit> found = shared.read(ids);
              ShardingStrategy run = query.strategy();
              for (ForecastHit hit : found) {
                cache.put(
                    new DocumentCache.Key(
                        run,
                        hit.axisPosition(),
                        hit.level(),
                        hit.step(),
                        hit.point(),
                        fieldMasks[hit.axisPosition()]),
                    hit);
              }
              return found;
            });
    return withDistances(read, points);
  }

  private static List<ForecastHit> withDistances(
      List<ForecastHit> found, GridNeighbours.Nearest points) {
    List<ForecastHit> hits = new ArrayList<>(found.size());
    found.forEach(hit -> hits.add(hit.withSortDistance(points.distanceOf(hit.point()))));
    return hits;
  }

  /** The documents a query reads at some points, as keys of the document cache. */
  private static List<DocumentCache.Key> cacheKeys(
      NeighbourQuery query, GridNeighbours.Nearest points, long[] fieldMasks) {
    ShardingStrategy run = query.strategy();
    List<DocumentCache.Key> keys = new ArrayList<>();
    for (List<Combination> combinations : query.byIndex().values()) {
      for (Combination c : combinations) {
        for (int point : points.points()) {
          keys.add(
              new DocumentCache.Key(
                  run, c.axisPosition(), c.level(), c.step(), point, fieldMasks[c.axisPosition()]));
        }
      }
    }
    return keys;
  }
}
