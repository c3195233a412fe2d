package dev.spotcast.query.search;

import dev.spotcast.model.ForecastRun;
import dev.spotcast.sharding.ShardingStrategy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

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
  private final InFlight<List<DocumentCache.Key>, Map<DocumentCache.Key, List<ForecastHit>>>
      reading = new InFlight<>();

  private final SharedReads<IdsRead, List<ForecastHit>> shared;

  /**
   * @param cache the documents already read, or null to keep none
   * @param shared how reads that miss the cache are sent; with a cache they must read blocks whole
   *     ({@link SearchPlans#ids(NeighbourQuery, GridNeighbours.Nearest, boolean)}), as the cache
   *     keeps whole documents
   */
  DocumentReads(DocumentCache cache, SharedReads<IdsRead, List<ForecastHit>> shared) {
    this.cache = cache;
    this.shared = shared;
  }

  /** The documents of a query at some grid points, each hit with its point's distance. */
  List<ForecastHit> read(NeighbourQuery query, GridNeighbours.Nearest points) {
    long[] fieldMasks =
        cache == null ? null : DocumentCache.fieldMasks(query.run(), query.parameters());
    if (fieldMasks == null) {
      return shared.read(new IdsRead(query, points));
    }
    List<Asked> asked = documentsAsked(query);
    List<DocumentCache.Key> keys = cacheKeys(query, asked, points, fieldMasks);
    Map<DocumentCache.Key, List<ForecastHit>> documents = cache.all(keys);
    if (documents == null) {
      documents =
          reading.get(
              keys,
              () ->
                  whole(
                      query.strategy(), fieldMasks, shared.read(new IdsRead(query, points)), true));
    }
    return asked(query, asked, points, fieldMasks, documents);
  }

  /**
   * Keeps documents read some other way than by a request (a page of a run's documents, each
   * document once, read with every parameter of its axis: {@link RunPreload}); returns how many.
   */
  int keep(ShardingStrategy strategy, long[] fieldMasks, List<ForecastHit> read) {
    return whole(strategy, fieldMasks, read, false).size();
  }

  /**
   * The hits read, by document, each document's at the positions of their steps in it (one for a
   * document of one step); the complete documents are kept in the cache. A block read from
   * Elasticsearch is kept as its numbers ({@link BlockHits}); any other document some of whose
   * steps did not come back is returned as read but not kept.
   *
   * @param asked whether a request read them: the cache's admission decides which it keeps ({@link
   *     DocumentCache#putRead}); otherwise all are kept
   */
  private Map<DocumentCache.Key, List<ForecastHit>> whole(
      ShardingStrategy strategy, long[] fieldMasks, List<ForecastHit> read, boolean asked) {
    ForecastRun run = strategy.run();
    boolean blocks = run.stepsPerDocument() > 1;
    BiConsumer<DocumentCache.Key, List<ForecastHit>> keep = asked ? cache::putRead : cache::put;
    Map<DocumentCache.Key, ForecastHit[]> found = new HashMap<>();
    Map<DocumentCache.Key, List<ForecastHit>> documents = new HashMap<>();
    for (ForecastHit hit : read) {
      int position = blocks ? run.stepPosition(hit.step()) : 0;
      if (position < 0) {
        continue;
      }
      int start = blocks ? run.blockStart(position) : 0;
      DocumentCache.Key key =
          new DocumentCache.Key(
              strategy,
              hit.axisPosition(),
              hit.level(),
              blocks ? run.steps().get(start) : hit.step(),
              hit.point(),
              fieldMasks[hit.axisPosition()]);
      if (documents.containsKey(key)) {
        continue;
      }
      BlockHits block =
          blocks
              ? BlockHits.of(hit, run.steps().subList(start, start + run.blockLength(start)))
              : null;
      if (block != null) {
        // Any step of a block read carries the numbers of all its steps: kept as they are.
        documents.put(key, block);
        keep.accept(key, block);
        continue;
      }
      found
              .computeIfAbsent(key, k -> new ForecastHit[blocks ? run.blockLength(start) : 1])[
              position - start] =
          hit;
    }
    found.forEach(
        (key, hits) -> {
          List<ForecastHit> document = Arrays.asList(hits);
          documents.put(key, document);
          if (!document.contains(null)) {
            keep.accept(key, List.of(hits));
          }
        });
    return documents;
  }

  /**
   * The hits a query asked for among whole documents, each with its point's distance: of a block,
   * only the steps asked for.
   */
  private static List<ForecastHit> asked(
      NeighbourQuery query,
      List<Asked> asked,
      GridNeighbours.Nearest points,
      long[] fieldMasks,
      Map<DocumentCache.Key, List<ForecastHit>> documents) {
    int[] at = points.points();
    List<ForecastHit> hits = new ArrayList<>();
    for (Asked document : asked) {
      DocumentCache.Key first = document.key(query.strategy(), at[0], fieldMasks);
      for (int i = 0; i < at.length; i++) {
        List<ForecastHit> read =
            documents.get(i == 0 ? first : document.key(query.strategy(), at[i], fieldMasks));
        if (read == null) {
          continue;
        }
        double distance = points.distances()[i];
        for (int inBlock : document.positions()) {
          if (read instanceof BlockHits block) {
            hits.add(block.hit(inBlock, distance));
            continue;
          }
          ForecastHit hit = inBlock < read.size() ? read.get(inBlock) : null;
          if (hit != null) {
            hits.add(hit.sortDistance() == distance ? hit : hit.withSortDistance(distance));
          }
        }
      }
    }
    return hits;
  }

  /**
   * The documents a query reads at some points, each once, as keys of the document cache: the steps
   * of a block share their document.
   */
  private static List<DocumentCache.Key> cacheKeys(
      NeighbourQuery query,
      List<Asked> documents,
      GridNeighbours.Nearest points,
      long[] fieldMasks) {
    List<DocumentCache.Key> keys = new ArrayList<>(documents.size() * points.size());
    for (Asked document : documents) {
      for (int point : points.points()) {
        keys.add(document.key(query.strategy(), point, fieldMasks));
      }
    }
    return keys;
  }

  /**
   * A document of a grid point that a query reads (level type, level, the step it is stored under)
   * and the positions in it of the steps asked for (0 for a document of one step).
   */
  private record Asked(int axis, double level, int step, List<Integer> positions) {

    DocumentCache.Key key(ShardingStrategy run, int point, long[] fieldMasks) {
      return new DocumentCache.Key(run, axis, level, step, point, fieldMasks[axis]);
    }
  }

  /** Where a grid point's document is: level type, level, the step it is stored under. */
  private record Stored(int axis, double level, int step) {}

  /** The documents of a grid point that a query reads, each once, in the query's order. */
  private static List<Asked> documentsAsked(NeighbourQuery query) {
    ForecastRun run = query.run();
    Map<Stored, Asked> documents = new LinkedHashMap<>();
    for (List<Combination> combinations : query.byIndex().values()) {
      for (Combination c : combinations) {
        int stepPosition = run.stepsPerDocument() > 1 ? run.stepPosition(c.step()) : -1;
        int start = stepPosition < 0 ? -1 : run.blockStart(stepPosition);
        int documentStep = start < 0 ? c.step() : run.steps().get(start);
        documents
            .computeIfAbsent(
                new Stored(c.axisPosition(), c.level(), documentStep),
                k -> new Asked(c.axisPosition(), c.level(), documentStep, new ArrayList<>()))
            .positions()
            .add(start < 0 ? 0 : stepPosition - start);
      }
    }
    return List.copyOf(documents.values());
  }
}
