package dev.spotcast.query.search;

import dev.spotcast.index.RunRecord;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.Parameter;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.sharding.ShardingStrategy;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Reads whole runs into the document cache, the newest run of each model while their documents
 * together fit in half of it ({@code spotcast.query.cache.preload}, on by default): before the
 * service says it is ready (the warm-up calls {@link #preloadNew}), then each run published later,
 * as soon as the catalog serves it. A run that fits is then answered from memory at every place,
 * the first request as the millionth; Elasticsearch is read for runs too large to hold, for older
 * runs and for requests of some of a run's parameters (the cache keeps documents by the parameters
 * read). A run is read in pages of grid points per level and block of steps, one Elasticsearch
 * search each, its documents weighed as the cache weighs them ({@link DocumentCache#estimate}). A
 * failed read is logged and left: the requests read what they need.
 */
@Component
public class RunPreload {

  private static final Logger log = LoggerFactory.getLogger(RunPreload.class);

  /** The numbers a page of documents carries at most (a page of 5 parameters x 25 steps: 8,000). */
  private static final int PAGE_NUMBERS = 1_000_000;

  private final PublishedRuns runs;
  private final NeighbourSearch search;
  private final DocumentCache cache;
  private final boolean enabled;

  /** Runs read or weighed already (model and run id): each once. */
  private final Set<String> seen = new HashSet<>();

  /** Runs read whole (model and run id), with the heap their documents take as estimated. */
  private final Map<String, Long> held = new ConcurrentHashMap<>();

  /** Whether the warm-up has preloaded: later runs are preloaded as the catalog serves them. */
  private volatile boolean armed;

  private final AtomicBoolean running = new AtomicBoolean();

  public RunPreload(
      PublishedRuns runs,
      NeighbourSearch search,
      ObjectProvider<DocumentCache> cache,
      @Value("${spotcast.query.cache.preload:true}") boolean enabled) {
    this.runs = runs;
    this.search = search;
    this.cache = cache.getIfAvailable();
    this.enabled = enabled && this.cache != null;
    runs.onRefresh(
        records -> {
          if (armed && this.enabled && running.compareAndSet(false, true)) {
            Thread.ofVirtual()
                .name("run-preload")
                .start(
                    () -> {
                      try {
                        preloadNew();
                      } finally {
                        running.set(false);
                      }
                    });
          }
        });
  }

  /**
   * Reads into the cache the newest run of each model not weighed before, while their documents fit
   * in half of the cache (the rest of it for older runs and requests of some parameters); returns
   * the documents kept. Runs the warm-up's part; later calls come from catalog refreshes.
   */
  public synchronized long preloadNew() {
    armed = true;
    if (!enabled) {
      return 0;
    }
    long budget = cache.maxBytes() / 2;
    // What the newest runs already held take of it (a model's older run leaves the cache as it
    // retires or as the cache evicts it).
    long used = 0;
    for (String model : runs.models()) {
      used += runs.get(model).map(record -> held.getOrDefault(key(record), 0L)).orElse(0L);
    }
    long kept = 0;
    for (String model : runs.models()) {
      RunRecord record = runs.get(model).orElse(null);
      if (record == null || !seen.add(key(record))) {
        continue;
      }
      ForecastRun run = record.run();
      long bytes = DocumentCache.estimate(run);
      if (used + bytes > budget) {
        log.info(
            "Not preloading run {} of {}: about {} in memory, and the runs read whole take {}"
                + " of half the document cache ({} of {}; spotcast.query.cache.max-memory); its"
                + " places are read as asked",
            run.runId(),
            model,
            size(bytes),
            size(used),
            size(budget),
            size(cache.maxBytes()));
        continue;
      }
      long read = preload(record, bytes);
      kept += read;
      if (held.containsKey(key(record))) {
        used += bytes;
      }
    }
    return kept;
  }

  /** A size in MiB to a tenth, or in KiB below one MiB. */
  private static String size(long bytes) {
    return bytes < 1 << 20
        ? (bytes + 1023) / 1024 + " KiB"
        : String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
  }

  /** Whether the newest run of a model was read whole into the cache. */
  public boolean holdsNewest(String model) {
    return runs.get(model).map(record -> held.containsKey(key(record))).orElse(false);
  }

  private static String key(RunRecord record) {
    return record.run().model() + "/" + record.run().runId();
  }

  private long preload(RunRecord record, long bytes) {
    ForecastRun run = record.run();
    ShardingStrategy strategy = runs.strategy(record);
    long[] masks = DocumentCache.fieldMasks(run, run.parameters());
    if (masks == null) {
      return 0;
    }
    long began = System.nanoTime();
    AtomicLong kept = new AtomicLong();
    try {
      for (int a = 0; a < run.axes().size(); a++) {
        LevelAxis axis = run.axes().get(a);
        List<String> names = axis.parameters().stream().map(Parameter::name).toList();
        for (int l = 0; l < axis.levels().size(); l++) {
          for (int s = 0; s < run.steps().size(); s += run.blockLength(s)) {
            int page =
                Math.clamp(
                    PAGE_NUMBERS / ((long) run.blockLength(s) * Math.max(1, names.size())),
                    100,
                    10_000);
            search.eachPage(
                run,
                strategy.indexName(a, l, s),
                a,
                axis.levels().get(l),
                run.steps().get(s),
                names,
                page,
                hits -> kept.addAndGet(search.keep(strategy, masks, hits)));
          }
        }
      }
    } catch (RuntimeException e) {
      log.warn(
          "Preloading run {} of {} stopped after {} documents: {}; its places are read as asked",
          run.runId(),
          run.model(),
          kept.get(),
          e.toString());
      return kept.get();
    }
    held.put(key(record), bytes);
    log.info(
        "Preloaded run {} of {} into the document cache: {} documents, about {}, in {} ms",
        run.runId(),
        run.model(),
        kept.get(),
        size(bytes),
        (System.nanoTime() - began) / 1_000_000);
    return kept.get();
  }
}
