package dev.spotcast.query.search;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The documents of recently asked grid points, per published run, in memory: a run never changes
 * once published, so a document read once answers every later request that needs it without
 * Elasticsearch, however many requests concentrate on the same places. Bounded by count
 * ({@code spotcast.query.cache.max-documents}, least recently used out first); the documents of a
 * run the service no longer serves are dropped ({@link #retainRuns}). Metrics: {@code
 * cache_gets_total{cache="spotcast.query.documents",result="hit|miss"}}, {@code cache_size}, {@code
 * cache_evictions_total}.
 */
public final class DocumentCache {

  /**
   * One document as a request reads it: run, level type (axis), level, step, grid point, and the
   * fields read (a request for fewer parameters reads fewer doc values).
   */
  record Key(String run, int axis, double level, int step, int point, String fields) {}

  private final Cache<Key, ForecastHit> documents;

  public DocumentCache(long maxDocuments, MeterRegistry registry) {
    this.documents = Caffeine.newBuilder().maximumSize(maxDocuments).recordStats().build();
    CaffeineCacheMetrics.monitor(registry, documents, "spotcast.query.documents");
  }

  /** The documents of these keys, in their order; null unless every one is held (then Elasticsearch is asked for all). */
  List<ForecastHit> all(List<Key> keys) {
    Map<Key, ForecastHit> found = documents.getAllPresent(keys);
    if (found.size() < keys.size()) {
      // Counted as misses of the ones not held; the held ones were hits.
      return null;
    }
    List<ForecastHit> hits = new ArrayList<>(keys.size());
    for (Key key : keys) {
      hits.add(found.get(key));
    }
    return hits;
  }

  void put(Key key, ForecastHit hit) {
    documents.put(key, hit);
  }

  /** Drops the documents of every run but these (the ones the service can still answer). */
  public void retainRuns(java.util.Collection<dev.spotcast.index.RunRecord> servable) {
    Set<String> runs = new java.util.HashSet<>();
    servable.forEach(record -> runs.add(runKey(record.model(), record.runId())));
    documents.asMap().keySet().removeIf(key -> !runs.contains(key.run()));
  }

  /** Documents held now (an estimate while others write). */
  public long size() {
    documents.cleanUp();
    return documents.estimatedSize();
  }

  static String runKey(String model, String runId) {
    return model + "/" + runId;
  }
}
