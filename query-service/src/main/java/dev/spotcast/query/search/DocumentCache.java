package dev.spotcast.query.search;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.spotcast.index.RunRecord;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.Parameter;
import dev.spotcast.sharding.ShardingStrategy;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The documents of recently asked grid points, per published run, in memory: a run never changes
 * once published, so a document read once answers every later request that needs it without
 * Elasticsearch, however many requests concentrate on the same places. Bounded by steps ({@code
 * spotcast.query.cache.max-documents} counts documents of one step, a document of a block of N
 * steps counts N; Caffeine keeps the most often and recently used); the documents of a run the
 * service no longer serves are dropped ({@link #retainRuns}). Metrics: {@code
 * cache_gets_total{cache="spotcast.query.documents",result="hit|miss"}}, {@code cache_size}, {@code
 * cache_evictions_total}.
 */
public final class DocumentCache {

  /**
   * One document as a request reads it: run, level type (axis), level, step (the first of its
   * block, for a run whose documents carry blocks of steps), grid point, and the fields read (a
   * request for fewer parameters reads fewer doc values). Cheap to hash and compare, as every
   * request builds and looks up a few dozen: the run is its sharding strategy, one object per
   * served run ({@code PublishedRuns.strategy}), compared by identity; the fields are a bit per
   * parameter of the axis ({@link #fieldMasks}).
   */
  record Key(ShardingStrategy run, int axis, double level, int step, int point, long fields) {

    /**
     * Mixes every component with a large odd multiplier. A record's own hash (31 x h + next) made
     * the keys of neighbouring steps and points collide (step + 1 and point - 31 hash alike), so
     * the cache's map compared dozens of keys per lookup.
     */
    @Override
    public int hashCode() {
      long h = point;
      h = h * MIX + step;
      h = h * MIX + Double.doubleToLongBits(level);
      h = h * MIX + axis;
      h = h * MIX + fields;
      h = h * MIX + System.identityHashCode(run);
      h *= MIX;
      return (int) (h ^ (h >>> 32));
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k
          && point == k.point
          && step == k.step
          && run == k.run
          && axis == k.axis
          && fields == k.fields
          && Double.doubleToLongBits(level) == Double.doubleToLongBits(k.level);
    }

    private static final long MIX = 0x9E3779B97F4A7C15L;
  }

  /**
   * Per axis of the run, the parameters of the axis a request reads, a bit per position in the
   * axis's parameter list: a document of the axis holds exactly these values, so two requests for
   * different parameters share the documents of an axis where they read the same ones. Null when an
   * axis has more parameters than a mask holds (such requests are not cached).
   */
  static long[] fieldMasks(ForecastRun run, List<Parameter> requested) {
    List<LevelAxis> axes = run.axes();
    long[] masks = new long[axes.size()];
    for (int a = 0; a < masks.length; a++) {
      List<Parameter> parameters = axes.get(a).parameters();
      if (parameters.size() > Long.SIZE) {
        return null;
      }
      for (int i = 0; i < parameters.size(); i++) {
        String name = parameters.get(i).name();
        for (Parameter wanted : requested) {
          if (wanted.name().equals(name)) {
            masks[a] |= 1L << i;
            break;
          }
        }
      }
    }
    return masks;
  }

  /** Per document, its hits: one, or one per step of its block in step order. */
  private final Cache<Key, List<ForecastHit>> documents;

  /** The runs of the last {@link #retainRuns}, by record id. */
  private volatile Set<String> retained = Set.of();

  public DocumentCache(long maxDocuments, MeterRegistry registry) {
    // Maintenance (eviction, the frequency sketch) runs on the calling thread: handing it to the
    // common pool woke a thread per burst of writes, a context switch that cost more than the work
    // on two cores.
    this.documents =
        Caffeine.newBuilder()
            // A document of a block of steps weighs its steps: the bound holds the memory alike
            // whatever the layout (a whole series of 125 steps is 125 documents of one step).
            .maximumWeight(maxDocuments)
            .<Key, List<ForecastHit>>weigher((key, hits) -> hits.size())
            .executor(Runnable::run)
            .recordStats()
            .build();
    CaffeineCacheMetrics.monitor(registry, documents, "spotcast.query.documents");
  }

  /**
   * The hits of the documents of these keys, by key; null unless every one is held (then
   * Elasticsearch is asked for all).
   */
  Map<Key, List<ForecastHit>> all(List<Key> keys) {
    Map<Key, List<ForecastHit>> found = documents.getAllPresent(keys);
    // Counted as misses of the ones not held; the held ones were hits.
    return found.size() < keys.size() ? null : found;
  }

  /**
   * Keeps a document's hits: the one hit of a document of one step, or one per step of its block in
   * step order (every step, not only those a request asked for).
   */
  void put(Key key, List<ForecastHit> hits) {
    documents.put(key, hits);
  }

  /**
   * Drops the documents of every run but these (the ones the service can still answer). Called
   * after every catalog refresh; the cache is only walked when the set of runs changed since the
   * last call.
   */
  public void retainRuns(Collection<RunRecord> servable) {
    Set<String> runs = new HashSet<>();
    servable.forEach(record -> runs.add(record.id()));
    if (runs.equals(retained)) {
      return;
    }
    documents
        .asMap()
        .keySet()
        .removeIf(
            key ->
                !runs.contains(RunRecord.idOf(key.run().run().model(), key.run().run().runId())));
    retained = runs;
  }

  /** Documents held now (an estimate while others write). */
  public long size() {
    documents.cleanUp();
    return documents.estimatedSize();
  }
}
