package dev.spotcast.query.search;

import dev.spotcast.index.DocumentIds;
import dev.spotcast.index.RunRecord;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.sharding.ShardingStrategy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * At a model's switch to its new run, reads into the document cache the new run's documents of the
 * grid points, levels, steps and parameters the cache holds of the run being left, the most used
 * first: what its users read, so that they find it in memory from their first request on the new
 * run instead of all reading Elasticsearch at once. The places a warm-up asks by HTTP ({@code
 * Warmup}) cover the few thousand places asked most in the last seconds; this covers everything the
 * cache kept over the run's whole life, read by id in batches (no interpolation, no answer
 * written), in a fraction of the time.
 *
 * <p>Documents of the old run are read in the new one only where they mean the same: the same
 * regular grid, the same parameters of the level type in the same order (the cache keys a
 * document's fields by their positions), a level and a step block the new run has. Within half of
 * the cache (the old run's documents stay until the switch), until a deadline.
 */
@Component
public class RunHandoff {

  /**
   * Documents read per multi-search: large enough to cost little per document, small enough to stop
   * near the deadline.
   */
  static final int BATCH = 2_000;

  /** Ids per search of a batch. */
  static final int IDS_PER_SEARCH = 500;

  private final PublishedRuns runs;
  private final NeighbourSearch search;
  private final DocumentCache cache;

  public RunHandoff(
      PublishedRuns runs, NeighbourSearch search, ObjectProvider<DocumentCache> cache) {
    this.runs = runs;
    this.search = search;
    this.cache = cache.getIfAvailable();
  }

  /**
   * What a handoff did.
   *
   * @param held documents of the old run the cache held (up to half of it), the most used first
   * @param read documents of those the new run was asked for before the deadline
   * @param kept documents of the new run read and kept
   * @param whole whether every document held was gone through before the deadline (false when none
   *     was held or the runs' documents do not match): then the new run holds, in the cache, all
   *     that its users read of the old one
   */
  public record Result(int held, int read, int kept, boolean whole) {

    static final Result NONE = new Result(0, 0, 0, false);
  }

  /**
   * Reads into the cache the documents of {@code to} that the cache holds of {@code from}, the most
   * used first, until {@code deadline}; nothing without a cache or when the runs' grids differ.
   *
   * @throws SearchUnavailableException when Elasticsearch cannot answer
   */
  public Result handOver(RunRecord from, RunRecord to, Instant deadline) {
    if (cache == null) {
      return Result.NONE;
    }
    ShardingStrategy old = runs.strategy(from);
    ShardingStrategy next = runs.strategy(to);
    RegularLatLonGrid grid = byIds(old, next);
    if (grid == null) {
      return Result.NONE;
    }
    return read(
        old.run(),
        next,
        grid,
        cache.hottest(held -> held == old, cache.maxBytes() / 2, Integer.MAX_VALUE),
        deadline,
        true);
  }

  /**
   * A document the cache holds, named so that another instance can read it again: by its model and
   * run id, and where it lies in that run.
   *
   * @param model the run's model
   * @param runId the run's id
   * @param axis the position of its level type in the run
   * @param level its level
   * @param step its step (the first of its block)
   * @param point its grid point
   * @param fields the fields read, a bit per parameter of the level type, in the run's order
   */
  public record HeldDocument(
      String model, String runId, int axis, double level, int step, int point, long fields) {}

  /**
   * The documents the cache holds, the most used first, up to half the cache and at most {@code
   * atMost}: for the next instance to read at its start ({@link #restore}). None without a cache.
   */
  public List<HeldDocument> held(int atMost) {
    if (cache == null) {
      return List.of();
    }
    return cache.hottest(run -> true, cache.maxBytes() / 2, atMost).stream()
        .map(
            key ->
                new HeldDocument(
                    key.run().run().model(),
                    key.run().run().runId(),
                    key.axis(),
                    key.level(),
                    key.step(),
                    key.point(),
                    key.fields()))
        .toList();
  }

  /**
   * Reads into the cache, in their order and until {@code deadline}, the documents another instance
   * held ({@link #held}): of the run each model serves now, at the same valid times. Those of a run
   * this instance cannot serve, or of a model it does not serve, are left out.
   *
   * @throws SearchUnavailableException when Elasticsearch cannot answer
   */
  public Result restore(List<HeldDocument> documents, Instant deadline) {
    if (cache == null || documents.isEmpty()) {
      return Result.NONE;
    }
    // The documents of each run, in the order they came; a run read in full before the next.
    Map<List<String>, List<HeldDocument>> byRun = new LinkedHashMap<>();
    for (HeldDocument document : documents) {
      byRun
          .computeIfAbsent(List.of(document.model(), document.runId()), k -> new ArrayList<>())
          .add(document);
    }
    int held = 0;
    int read = 0;
    int kept = 0;
    boolean whole = true;
    for (List<HeldDocument> ofRun : byRun.values()) {
      HeldDocument first = ofRun.getFirst();
      RunRecord from = runs.get(first.model(), first.runId()).orElse(null);
      RunRecord to = runs.get(first.model()).orElse(null);
      if (from == null || to == null || !Instant.now().isBefore(deadline)) {
        whole = false;
        continue;
      }
      ShardingStrategy old = runs.strategy(from);
      ShardingStrategy next = runs.strategy(to);
      RegularLatLonGrid grid = byIds(old, next);
      if (grid == null) {
        whole = false;
        continue;
      }
      List<DocumentCache.Key> keys = new ArrayList<>(ofRun.size());
      for (HeldDocument document : ofRun) {
        keys.add(
            new DocumentCache.Key(
                old,
                document.axis(),
                document.level(),
                document.step(),
                document.point(),
                document.fields()));
      }
      Result result = read(old.run(), next, grid, keys, deadline, false);
      held += result.held();
      read += result.read();
      kept += result.kept();
      whole &= result.whole();
    }
    return new Result(held, read, kept, whole);
  }

  /**
   * The grid both runs share, when the new run's documents are read by id; null when a document of
   * one means nothing in the other, or the new run is not read by id.
   */
  private RegularLatLonGrid byIds(ShardingStrategy old, ShardingStrategy next) {
    return next.run().grid() instanceof RegularLatLonGrid grid
            && grid.equals(old.run().grid())
            && search.usesIds(next.run())
        ? grid
        : null;
  }

  /**
   * Reads into the cache the documents of {@code next} that mean what these documents of {@code
   * old} mean, in batches, in their order, until {@code deadline}; {@code yielding}: a search and a
   * shard at a time, as a switch reads while the users are answered ({@link NeighbourSearch#read}).
   */
  private Result read(
      ForecastRun old,
      ShardingStrategy next,
      RegularLatLonGrid grid,
      List<DocumentCache.Key> held,
      Instant deadline,
      boolean yielding) {
    int read = 0;
    int kept = 0;
    int start = 0;
    for (; start < held.size() && Instant.now().isBefore(deadline); start += BATCH) {
      List<DocumentCache.Key> batch = held.subList(start, Math.min(held.size(), start + BATCH));
      List<Read> reads = reads(old, next, grid, batch);
      if (reads.isEmpty()) {
        continue;
      }
      List<List<ForecastHit>> hits =
          search.read(reads.stream().map(Read::search).toList(), yielding);
      for (int i = 0; i < reads.size(); i++) {
        read += reads.get(i).search().size();
        kept += search.keep(next, reads.get(i).fieldMasks(), hits.get(i));
      }
    }
    return new Result(held.size(), read, kept, !held.isEmpty() && start >= held.size());
  }

  /** A search of the new run and the fields its documents are kept under. */
  private record Read(OneSearch search, long[] fieldMasks) {}

  /** The documents of one level type, level, step block and fields. */
  private record Kind(int axis, double level, int step, long fields) {}

  /**
   * The searches of the new run for some documents held of the old one, grouped by kind, at most
   * {@link #IDS_PER_SEARCH} ids each, under the new run's steps of the same valid times; the
   * documents that mean nothing in the new run are left out.
   */
  private static List<Read> reads(
      ForecastRun old,
      ShardingStrategy next,
      RegularLatLonGrid grid,
      List<DocumentCache.Key> keys) {
    ForecastRun run = next.run();
    boolean[] same = new boolean[run.axes().size()];
    for (int axis = 0; axis < same.length; axis++) {
      same[axis] = sameParameters(old, run, axis);
    }
    Map<Kind, Set<Integer>> points = new LinkedHashMap<>();
    for (DocumentCache.Key key : keys) {
      if (key.axis() >= same.length || !same[key.axis()]) {
        continue;
      }
      int step = documentStep(old, run, key.step());
      if (step >= 0) {
        points
            .computeIfAbsent(
                new Kind(key.axis(), key.level(), step, key.fields()), k -> new LinkedHashSet<>())
            .add(key.point());
      }
    }
    StepBlocksRead blocks = StepBlocksRead.of(run);
    List<Read> reads = new ArrayList<>();
    for (Map.Entry<Kind, Set<Integer>> entry : points.entrySet()) {
      Kind kind = entry.getKey();
      LevelAxis axis = run.axes().get(kind.axis());
      int level = axis.levels().indexOf(kind.level());
      int step = run.stepPosition(kind.step());
      if (level < 0) {
        continue;
      }
      List<String> names = new ArrayList<>();
      for (int p = 0; p < axis.parameters().size(); p++) {
        if ((kind.fields() & 1L << p) != 0) {
          names.add(axis.parameters().get(p).name());
        }
      }
      long[] masks = new long[run.axes().size()];
      masks[kind.axis()] = kind.fields();
      List<Integer> all = List.copyOf(entry.getValue());
      for (int from = 0; from < all.size(); from += IDS_PER_SEARCH) {
        List<Integer> some = all.subList(from, Math.min(all.size(), from + IDS_PER_SEARCH));
        List<String> ids = new ArrayList<>(some.size());
        List<String> routing = new ArrayList<>(some.size());
        for (int point : some) {
          ids.add(DocumentIds.of(kind.level(), kind.step(), point));
          routing.add(next.routingKey(grid.latitude(point), grid.longitude(point)));
        }
        reads.add(
            new Read(
                new OneSearch(
                    next.indexName(kind.axis(), level, step),
                    ShardingStrategy.routingParameter(routing),
                    new SearchWire.Ids(ids),
                    ids.size(),
                    ForecastHit.fields(names, false),
                    kind.axis(),
                    blocks == null ? null : blocks.keeping(Set.of(kind.step()))),
                masks));
      }
    }
    return reads;
  }

  /**
   * The step under which the new run stores the valid times of an old run's document (its first
   * step, of a block): users ask for times, not lead times, so a document of step 6 of the 00 UTC
   * run is step 0 of the 06 UTC run's. For a block, the new run's block that holds the first of its
   * times the new run has. -1 when the new run has none of its times (they are before the new run's
   * first step or after its last).
   */
  static int documentStep(ForecastRun old, ForecastRun run, int step) {
    int position = old.stepPosition(step);
    if (position < 0) {
      return -1;
    }
    Instant first = old.validTime(step);
    Instant last = old.validTime(old.steps().get(position + old.blockLength(position) - 1));
    List<Integer> steps = run.steps();
    if (last.isBefore(run.validTime(steps.getFirst()))
        || first.isAfter(run.validTime(steps.getLast()))) {
      return -1;
    }
    // The last step of the new run at or before the first of the times wanted; its document.
    int wanted = (int) Math.max(steps.getFirst(), Math.floor(run.stepsSince(first) + 1e-9));
    int at = Collections.binarySearch(steps, wanted);
    at = at >= 0 ? at : -at - 2;
    return steps.get(run.blockStart(at));
  }

  /**
   * Whether a level type has the same parameters, in the same order, in both runs: the cache keys a
   * document's fields by their positions.
   */
  private static boolean sameParameters(ForecastRun old, ForecastRun run, int axis) {
    if (axis >= old.axes().size() || axis >= run.axes().size()) {
      return false;
    }
    LevelAxis before = old.axes().get(axis);
    LevelAxis after = run.axes().get(axis);
    return before.type() == after.type()
        && before.parameters().stream()
            .map(Parameter::name)
            .toList()
            .equals(after.parameters().stream().map(Parameter::name).toList());
  }
}
